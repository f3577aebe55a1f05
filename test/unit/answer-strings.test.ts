/**
 * Every string an answer carries, by where it comes from (docs/data/upstream-text.md, "Every string an answer carries"):
 * derived from the route table's schemas, so that a new string field fails here until it is placed. A string
 * whose schema pattern admits no space (an id, a time, a code) is a format by its schema; every other one is in
 * ORIGINS: upstream text and the check it passes (a kind of src/model/upstream-text.ts, or `format`: kept only in a
 * fixed format by its parser), or written by the project (`generated`, `time`), hand-written content
 * (`content`) or the request's own words echoed (`request`). docs/data/upstream-text.md lists every upstream field.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RESOURCES } from '../../src/api/route-table.ts';
import { TEXT_KINDS, type TextKind } from '../../src/model/upstream-text.ts';

type Origin = TextKind | 'format' | 'generated' | 'time' | 'content' | 'request';

/** Every string of every answer that its schema does not confine to a format, and where it comes from. */
const ORIGINS: Record<string, Origin> = {
  'ActiveStorm.enname': 'storm-name',
  'ActiveStorm.name': 'storm-name',
  'CmaEntry.name': 'storm-name',
  'Disturbance.sameAs.name': 'storm-name',
  'NearStorm.enname': 'storm-name',
  'NearStorm.name': 'storm-name',
  'SearchHit.enname': 'storm-name',
  'SearchHit.name': 'storm-name',
  'SimilarStorm.enname': 'storm-name',
  'SimilarStorm.name': 'storm-name',
  'StormAgencies.enname': 'storm-name',
  'StormAgencies.name': 'storm-name',
  'StormNear.enname': 'storm-name',
  'StormNear.name': 'storm-name',
  'TodayEntry.enname': 'storm-name',
  'TodayEntry.name': 'storm-name',
  'Typhoon.enname': 'storm-name',
  'Typhoon.name': 'storm-name',
  'TyphoonSummary.enname': 'storm-name',
  'TyphoonSummary.name': 'storm-name',
  // The north-western Pacific's Chinese names, as the archive's (the cma records').
  '(global-storm).nameZh': 'storm-name',
  'ArchivedListEntry.nameZh': 'storm-name',
  'ArchivedSummary.nameZh': 'storm-name',
  'GlobalNearStorm.nameZh': 'storm-name',
  'GlobalSimilarStorm.nameZh': 'storm-name',
  '(global-typhoon).enname': 'cyclone-name',
  '(global-typhoon).name': 'cyclone-name',
  'Disturbance.becameStorm.name': 'cyclone-name',
  'GlobalBrief.enname': 'cyclone-name',
  'GlobalBrief.name': 'cyclone-name',
  'GlobalCyclone.enname': 'cyclone-name',
  'GlobalCyclone.name': 'cyclone-name',
  'GlobalSummary.enname': 'cyclone-name',
  'GlobalSummary.name': 'cyclone-name',
  'StormAgencyTrack.name': 'cyclone-name',
  // A storm's name in its issuances: the ATCF STORMNAME and JTWC's warning checked as a cyclone name, the Zhejiang
  // service's and NMC's English name as the storm's (storm-name, the stricter check).
  'IssuanceStorm.name': 'cyclone-name',
  'ForecastStorm.name': 'cyclone-name',
  // An archived storm's name: HURDAT2's and IBTrACS's pass the cyclone-name check, the cma records' the storm-name check.
  '(global-storm).name': 'cyclone-name',
  'ArchivedListEntry.name': 'cyclone-name',
  'ArchivedSummary.name': 'cyclone-name',
  'GlobalNearStorm.name': 'cyclone-name',
  'GlobalSimilarStorm.name': 'cyclone-name',
  'Landfall.position': 'place',
  'AgencyTrackPoint.category': 'code',
  'GlobalForecastPoint.classification': 'code',
  'ForecastPosition.stage': 'code',
  'GlobalTrackPoint.classification': 'code',
  'Forecast.nameEn': 'agency',
  'Forecast.nameZh': 'agency',
  'StormNear.forecasts[].agency': 'agency',
  'FormationOutlook.areas[].title': 'outlook-title',
  '(global-typhoon).atcfId': 'format',
  '(seo-news).code': 'format',
  'CmaEntry.chineseNumbers[]': 'format',
  'CmaEntry.internationalNumber': 'format',
  'CmaEntry.releaseDate': 'format',
  'ForecastStorm.atcfId': 'format',
  'ForecastStorm.code': 'format',
  'ForecastStorm.id': 'format',
  'ForecastVerification.stormId': 'format',
  'Issuance.advisory': 'format',
  'IssuanceSource.tech': 'format',
  'IssuanceStorm.atcfId': 'format',
  'IssuanceStorm.code': 'format',
  'IssuanceStorm.id': 'format',
  'StormForecastsGeoJson.features[].properties.storm': 'format',
  'Disturbance.lastAlert.heading': 'format',
  'DisturbanceAlert.heading': 'format',
  'DisturbanceBrief.designator': 'format',
  'DisturbanceNear.designator': 'format',
  'FlashItem.code': 'format',
  'FormationOutlook.heading': 'format',
  'GeoFeatureProperties.code': 'format',
  'GlobalCyclone.atcfId': 'format',
  'GlobalSummary.atcfId': 'format',
  'InvestLink.designator': 'format',
  'StormAgencyTrack.id': 'format',
  'StormNear.code': 'format',
  'Typhoon.zjId': 'format',
  // Archived storms: codes and ids as their records write them; status and record identifiers of the records' fixed lists.
  '(global-storm).code': 'format',
  '(global-storm).sourceId': 'format',
  'ArchiveLinks.cma': 'format',
  'ArchivedLandfall.status': 'format',
  'ArchivedListEntry.code': 'format',
  'ArchivedSummary.code': 'format',
  'ArchivedTrackPoint.record': 'format',
  'ArchivedTrackPoint.status': 'format',
  'GlobalNearStorm.code': 'format',
  'GlobalSimilarStorm.code': 'format',
  '(bootstrap).briefing.text': 'generated',
  '(bootstrap).briefing.textEn': 'generated',
  '(bootstrap).disturbances.staleReason': 'generated',
  '(bootstrap).typhoons.staleReason': 'generated',
  '(disturbance).staleReason': 'generated',
  '(disturbances-geojson).freshness.staleReason': 'generated',
  '(flash-atom)': 'generated',
  '(flash-rss)': 'generated',
  '(global-typhoon).seaArea': 'generated',
  '(global-typhoon).seaAreaEn': 'generated',
  '(global-typhoon).staleReason': 'generated',
  '(llm-summary).summary': 'generated',
  '(llm-summary).summaryEn': 'generated',
  'AgencyVerification.agency': 'generated',
  'AgencyVerification.basin': 'generated',
  'BaselineSkill.baseline': 'generated',
  'ForecastStorm.archivedId': 'generated',
  'ForecastStorm.basin': 'generated',
  'ForecastVerification.against.source': 'generated',
  'ForecastVerification.agency': 'generated',
  'ForecastVerification.basin': 'generated',
  'ForecastVerification.key': 'generated',
  'HomogeneousComparison.agencies[]': 'generated',
  'HomogeneousComparison.basin': 'generated',
  'HomogeneousComparison.leads[].agency': 'generated',
  'Issuance.agency': 'generated',
  'Issuance.amends': 'generated',
  'Issuance.key': 'generated',
  'StormForecastsGeoJson.features[].properties.agency': 'generated',
  'StormForecastsGeoJson.features[].properties.key': 'generated',
  'IssuanceSource.file': 'generated',
  'VerifiedAgainst.source': 'generated',
  'ActiveStorm.moveDir': 'generated',
  'ActiveStorm.staleReason': 'generated',
  'ActiveStorm.strong': 'generated',
  'ClosestPoint.strong': 'generated',
  'Disturbance.becameStorm.globalId': 'generated',
  'DisturbanceList.staleReason': 'generated',
  'Disturbance.staleReason': 'generated',
  'DisturbanceNear.bearing.compass': 'generated',
  'FlashItem.content': 'generated',
  'FlashItem.contentEn': 'generated',
  'FlashItem.title': 'generated',
  'FlashItem.titleEn': 'generated',
  'ForecastPoint.strong': 'generated',
  'FormationOutlook.staleReason': 'generated',
  'GeoFeatureCollection.freshness.staleReason': 'generated',
  'StormForecastsGeoJson.freshness.staleReason': 'generated',
  'GlobalBrief.seaArea': 'generated',
  'GlobalBrief.staleReason': 'generated',
  'GlobalCyclone.seaArea': 'generated',
  'GlobalCyclone.seaAreaEn': 'generated',
  'GlobalCyclone.staleReason': 'generated',
  'GlobalForecastPoint.strong': 'generated',
  'GlobalSummary.seaArea': 'generated',
  'GlobalSummary.seaAreaEn': 'generated',
  'GlobalTrackPoint.moveDir': 'generated',
  'GlobalTrackPoint.strong': 'generated',
  'Landfall.positionEn': 'generated',
  'Landfall.strong': 'generated',
  'LiveList.staleReason': 'generated',
  'LiveNear.disturbances.staleReason': 'generated',
  'NearStorm.peakStrong': 'generated',
  'SearchHit.peakStrong': 'generated',
  'SimilarStorm.peakStrong': 'generated',
  'SimilarTracks.method': 'generated',
  'SourceState.staleReason': 'generated',
  'StormAgencies.matchRule': 'generated',
  'StormNear.bearing.compass': 'generated',
  'StormNear.forecasts[].closestApproach.grade': 'generated',
  'StormNear.grade': 'generated',
  'StormNear.staleReason': 'generated',
  'TodayEntry.peakStrong': 'generated',
  'TodayInHistory.today': 'generated',
  'TrackPoint.moveDir': 'generated',
  'TrackPoint.strong': 'generated',
  'Typhoon.live.staleReason': 'generated',
  'TyphoonSummary.peakStrong': 'generated',
  // Archived storms: the agencies side by side, whose winds, the English place of a CMA landfall (its table), basin names.
  '(global-storm).agencies[]': 'generated',
  '(global-storm).windAgency': 'generated',
  'ArchiveLinks.global': 'generated',
  'ArchivedLandfall.place': 'generated',
  'ArchivedListEntry.agencies[]': 'generated',
  'ArchivedSummary.agencies[]': 'generated',
  'BasinCoverage.name': 'generated',
  'GlobalNearStorm.agencies[]': 'generated',
  'GlobalSimilar.method': 'generated',
  'GlobalSimilarStorm.agencies[]': 'generated',
  '(bootstrap).briefing.generatedAt': 'time',
  '(bootstrap).briefing.publishedAt': 'time',
  '(bootstrap).typhoons.fetchedAt': 'time',
  '(bootstrap).typhoons.publishedAt': 'time',
  '(llm-summary).fetchedAt': 'time',
  '(llm-summary).publishedAt': 'time',
  'FlashItem.createdAt': 'time',
  'FlashItem.time': 'time',
  'GeoFeatureCollection.freshness.fetchedAt': 'time',
  'GeoFeatureCollection.freshness.publishedAt': 'time',
  'StormForecastsGeoJson.freshness.fetchedAt': 'time',
  'StormForecastsGeoJson.freshness.publishedAt': 'time',
  'LiveList.fetchedAt': 'time',
  'LiveList.publishedAt': 'time',
  'LiveNear.fetchedAt': 'time',
  'LiveNear.publishedAt': 'time',
  'SourceState.fetchedAt': 'time',
  'SourceState.publishedAt': 'time',
  'StormNear.forecasts[].closestApproach.time': 'time',
  'StormNear.forecasts[].windArrival.radius10': 'time',
  'StormNear.forecasts[].windArrival.radius12': 'time',
  'StormNear.forecasts[].windArrival.radius7': 'time',
  'StormNear.publishedAt': 'time',
  'StormNear.time': 'time',
  'Announcement.body': 'content',
  'Announcement.title': 'content',
  'Announcement.until': 'content',
  'Attribution[].cite[]': 'content',
  'Attribution[].credit': 'content',
  'Attribution[].source': 'content',
  'Attribution[].url': 'content',
  'ContentSource.publisher': 'content',
  'ContentSource.title': 'content',
  'ContentSource.url': 'content',
  'KnowledgeItem.body': 'content',
  'KnowledgeItem.summary': 'content',
  'KnowledgeItem.tags[]': 'content',
  'KnowledgeItem.title': 'content',
  'KnowledgeSummary.summary': 'content',
  'KnowledgeSummary.tags[]': 'content',
  'KnowledgeSummary.title': 'content',
  'NewsItem.body': 'content',
  'NewsItem.summary': 'content',
  'NewsItem.tags[]': 'content',
  'NewsItem.title': 'content',
  'NewsItem.typhoon': 'content',
  'NewsSummary.summary': 'content',
  'NewsSummary.tags[]': 'content',
  'NewsSummary.title': 'content',
  'NewsSummary.typhoon': 'content',
  'PlatformVersion.notes': 'content',
  'PlatformVersion.url': 'content',
  'SiteConfig.contact': 'content',
  'SiteConfig.creditRequest': 'content',
  'SiteConfig.dataNotice': 'content',
  'SiteConfig.disclaimer': 'content',
  'SiteConfig.homepage': 'content',
  'SiteConfig.name': 'content',
  'SiteConfig.nameEn': 'content',
  'VersionAnswer.notes': 'content',
  'VersionAnswer.url': 'content',
  '(warnings).fetchedAt': 'time',
  '(warnings-geojson).freshness.fetchedAt': 'time',
  'AgencyWarnings.fetchedAt': 'time',
  'WarningHistoryEntry.recordedAt': 'time',
  'WarningsBrief.agencies[].fetchedAt': 'time',
  'WarningsNear.agencies[].fetchedAt': 'time',
  '(warnings-geojson).freshness.staleReason': 'generated',
  'AgencyWarnings.staleReason': 'generated',
  'AgencyWarnings.stateReason': 'generated',
  'WarningsBrief.agencies[].staleReason': 'generated',
  'WarningsBrief.agencies[].stateReason': 'generated',
  'WarningsNear.agencies[].staleReason': 'generated',
  '(warnings-history).storm': 'request',
  'WarningStormLink.name': 'storm-name',
  'WarningStormLink.enname': 'storm-name',
  'WarningStormRef.name': 'cyclone-name',
  'WarningStormRef.localName': 'cyclone-name',
  'WarningArea.name': 'place',
  'WarningArea.nameEn': 'place',
  'WarningArea.part': 'place',
  'WarningArea.localities[]': 'place',
  'WarningsBrief.agencies[].signals[].area': 'place',
  'WarningArea.code': 'format',
  'WarningInForce.action': 'format',
  'WarningInForce.code': 'format',
  'WarningInForce.slot': 'format',
  'WarningHistoryEntry.slot': 'format',
  '(warnings-geojson).features[].properties.slot': 'format',
  'WarningLevel.code': 'format',
  'WarningSource.id': 'format',
  'WarningSource.type': 'format',
  'WarningStormLink.code': 'format',
  'WarningStormRef.number': 'format',
  'WarningWords.en': 'format',
  'WarningWords.ja': 'format',
  'WarningWords.zh': 'format',
  'WarningsBrief.agencies[].signals[].code': 'format',
  '(global-history).q': 'request',
  'SearchResult.keyword': 'request',
  'VerificationSummary.agency': 'request',
  'VerificationSummary.basin': 'request',
};

/** A schema pattern that admits no space, no wildcard and no negated class holds no words of a sentence. */
const confines = (pattern: RegExp) => !/ |\\s|(^|[^\\])\.|\[\^/.test(pattern.source);

/**
 * A schema's OpenAPI id, its own or that of the schema it is a copy of: `.describe()` and `.meta()` return a copy
 * (`_zod.parent`) that the registry knows only by its new description, and the OpenAPI document refers to the id.
 */
function idOf(schema: z.ZodType): string | undefined {
  for (let s: z.ZodType | undefined = schema; s; s = (s as unknown as { _zod: { parent?: z.ZodType } })._zod.parent) {
    const id = z.globalRegistry.get(s)?.id;
    if (id) return id;
  }
  return undefined;
}

/**
 * The string leaves of a schema, each named by the nearest schema with an OpenAPI id (`Typhoon.name`,
 * `FormationOutlook.areas[].title`), or by the route (`(llm-summary).summary`) where there is none.
 */
function stringLeaves(schema: z.ZodType, owner: string, out: Set<string>, at = '', seen = new Set<unknown>()): Set<string> {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const id = idOf(schema);
  let name = owner;
  let where = at;
  if (id) {
    if (seen.has(schema)) return out;
    seen = new Set([...seen, schema]);
    name = id;
    where = '';
  }
  const walk = (inner: unknown, more = '') => stringLeaves(inner as z.ZodType, name, out, `${where}${more}`, seen);
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) walk(value, `.${key}`);
      break;
    case 'array':
      walk(def.element, '[]');
      break;
    case 'record':
      walk(def.valueType, '{}');
      break;
    case 'nullable':
    case 'optional':
    case 'default':
    case 'readonly':
    case 'catch':
    case 'prefault':
    case 'nonoptional':
      walk(def.innerType);
      break;
    case 'union':
      for (const option of def.options as unknown[]) walk(option);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((item, i) => walk(item, `[${i}]`));
      break;
    case 'pipe':
      walk(def.in);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)());
      break;
    case 'string': {
      const patterns = ((def.checks ?? []) as { _zod: { def: { pattern?: RegExp } } }[]).flatMap((c) => c._zod.def.pattern ?? []);
      if (!(patterns.length && patterns.every(confines))) out.add(`${name}${where}`);
      break;
    }
  }
  return out;
}

const leaves = new Set<string>();
for (const resource of RESOURCES) stringLeaves(resource.dataSchema, `(${resource.id})`, leaves);

describe('every string an answer carries', () => {
  it('has its origin: a new string field fails here until it is placed', () => {
    expect([...leaves].filter((leaf) => !(leaf in ORIGINS)).sort()).toEqual([]);
    expect(Object.keys(ORIGINS).filter((key) => !leaves.has(key))).toEqual([]);
  });

  it('upstream text passes a check of its kind, and docs/data/upstream-text.md lists each field with it', () => {
    const docs = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'docs', 'data', 'upstream-text.md'), 'utf8');
    const upstream = Object.entries(ORIGINS).filter(
      ([, origin]) => (TEXT_KINDS as readonly string[]).includes(origin) || origin === 'format',
    );
    expect(upstream.length).toBeGreaterThan(50);
    for (const [field, origin] of upstream)
      expect(docs, field).toMatch(new RegExp(`\\| \`${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\` .*\\| \`${origin}\` \\|`));
    for (const kind of TEXT_KINDS) expect(Object.values(ORIGINS), kind).toContain(kind);
  });
});
