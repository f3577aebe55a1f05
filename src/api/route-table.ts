/**
 * The one route table. Every endpoint is declared here once; the build's static files, `_redirects`,
 * `_headers`, the local server's function routing, the error classifier, the README's endpoint table and
 * the contract tests all read it. Adding an endpoint is one entry plus its renderer.
 */
import { z } from 'zod';
import {
  announcementSchema,
  knowledgeItemSchema,
  knowledgeSummarySchema,
  newsItemSchema,
  newsSummarySchema,
  pageSchema,
  siteConfigSchema,
  versionAnswerSchema,
  versionsFileSchema,
} from '../model/content-schemas.ts';
import { bboxSchema, featureCollectionSchema, geometrySchema } from '../model/geojson-schemas.ts';
import { historyYearSchema, historyYearsSchema, searchResultSchema, todayEntrySchema, todayInHistorySchema } from '../model/schemas.ts';
import { stormAgenciesSchema } from '../model/agency-comparison-schemas.ts';
import {
  disturbanceBriefSchema,
  disturbanceIdSchema,
  disturbanceSchema,
  investLinkSchema,
  disturbanceFreshnessSchema,
  disturbanceHistorySchema,
  disturbanceListSchema,
} from '../model/disturbance-schemas.ts';
import { aiGeneratedSchema, flashItemSchema, generatorSchema } from '../model/flash-schemas.ts';
import { globalBriefSchema, globalCycloneSchema, globalSummarySchema } from '../model/global-schemas.ts';
import { activeStormSchema, globalListSchema, liveListSchema, liveNearSchema, typhoonAnswerSchema } from '../model/live-schemas.ts';
import { historyNearSchema, similarTracksSchema } from '../model/track-search-schemas.ts';
import type { CachePolicyName } from './cache-policy.ts';
import { AGENCY_COMPARISON_FILES, DATA_FILES, TODAY_FILES } from './data-files.ts';
import type { ErrorName } from './errors.ts';
import type { ParamKind, QueryKind } from './params.ts';
import type { Family } from './envelope.ts';

/**
 * Who answers a route: the build, as files the CDN serves (`static`), or a Netlify function of that name. A
 * function serves every route that names it; the function files are generated from this table (src/api/functions.ts).
 */
export type ServedBy = { kind: 'static' } | { kind: 'function'; fn: string };

export interface Resource {
  id: string;
  summary: string;
  /** Path pattern per family; `:name` is one path segment. */
  paths: Partial<Record<Family, string>>;
  params: Partial<Record<string, ParamKind>>;
  /** Example values for this endpoint's parameters where the kind's general example does not fit. */
  examples?: Record<string, string>;
  query?: readonly QueryKind[];
  /** Which static data file a function pages or reads (content lists). */
  servedBy: ServedBy;
  dataSchema: z.ZodType;
  /** The function that answers paths of this collection that no static file answers (default `api-miss`). */
  missFn?: string;
  /** The web family's body around the payload (the detail is `{typhoon: …}` per the spec). */
  webKey?: string;
  /**
   * A collection: the payload's array field, and whether the route pages it. The v1 answer names that array
   * `list` and its full count `total` (./v1-data.ts); the web answer keeps the spec's names. Single resources have none.
   */
  list?: { key: string; paged?: boolean };
  /** Its v1 answers end with `data.dataset`, which archive the data comes from (the demo one or the real one). */
  dataset?: true;
  /** Why a route with a web path has no v1 twin (every other web route has one: docs/conventions.md, checked by a test). */
  webOnly?: string;
  /** Its cache policy (static files get it from `_headers`, per collection; a handler may answer with another). */
  cache: CachePolicyName;
  /** Generated files under public/ its function (or its miss function) reads: that function's `includedFiles`, checked by a test. */
  reads?: readonly string[];
  /**
   * Content-Type of its answers (default JSON); static files get it from `_headers`, per collection. A resource
   * that does not answer JSON (the feeds) is web-only, and its handler's payload is the body's text.
   */
  mediaType?: string;
  errors: ErrorName[];
  /** What a 40401 says of a well-formed path parameter that names nothing (the one message for this resource). */
  notFound?: (value: string) => string;
}

export const JSON_MEDIA_TYPE = 'application/json; charset=utf-8';
export const mediaTypeOf = (resource: Resource) => resource.mediaType ?? JSON_MEDIA_TYPE;
/** JSON and its `+json` kinds (GeoJSON); anything else (the feeds) is text the handler wrote. */
export const answersJson = (resource: Resource) => /^application\/([\w.-]+\+)?json(;|$)/.test(mediaTypeOf(resource));

/**
 * The table: each route under its id, its declaration kept literal so that a handler bound to it (src/api/bind.ts)
 * gets its path parameters and query values typed.
 */
function defineRoutes<const T extends Record<string, Omit<Resource, 'id'>>>(
  routes: T,
): { readonly [K in keyof T]: T[K] & { readonly id: K & string } } {
  return Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, { ...route, id }])) as never;
}

export const ROUTES = defineRoutes({
  'live-typhoons': {
    summary: 'Active storms with complete tracks, wind circles and every agency forecast; stale-marked when the upstreams fail',
    paths: { web: '/api/typhoons', v1: '/api/v1/typhoons' },
    params: {},
    list: { key: 'typhoons' },
    servedBy: { kind: 'function', fn: 'live-typhoons' },
    cache: 'live',
    dataSchema: liveListSchema,
    errors: [],
  },
  'live-near': {
    summary:
      'Every active storm (north-western Pacific and global) relative to a place: distance, bearing, approaching, and per agency forecast the closest approach and when the wind circles arrive',
    paths: { web: '/api/near', v1: '/api/v1/near' },
    params: {},
    list: { key: 'storms' },
    query: ['lat', 'lng'],
    servedBy: { kind: 'function', fn: 'live-near' },
    cache: 'live',
    dataSchema: liveNearSchema,
    errors: ['badParameter'],
  },
  'global-typhoons': {
    summary:
      'Active cyclones outside the north-western Pacific (NHC: Atlantic, East and Central Pacific; JTWC: North Indian Ocean, Southern Hemisphere)',
    paths: { web: '/api/global/typhoons', v1: '/api/v1/global/typhoons' },
    params: {},
    list: { key: 'typhoons' },
    servedBy: { kind: 'function', fn: 'global-typhoons' },
    cache: 'live',
    dataSchema: globalListSchema,
    errors: [],
  },
  'global-typhoon': {
    summary: 'One global cyclone, active or ended, with its whole ingested track and the official forecast',
    paths: { web: '/api/global/typhoons/:id', v1: '/api/v1/global/typhoons/:id' },
    params: { id: 'globalId' },
    servedBy: { kind: 'function', fn: 'global-typhoon' },
    cache: 'live',
    dataSchema: globalCycloneSchema
      .extend({
        formedFrom: investLinkSchema
          .nullable()
          .describe('The invest it formed from, when a JTWC advisory said so (/api/v1/disturbances/{id}); null otherwise'),
      })
      .describe('The cyclone'),
    // The web body is `{typhoon: …}` per the spec; v1's data is the cyclone itself, as a storm's detail is.
    webKey: 'typhoon',
    // 503: a cyclone whose stored record cannot be read until the next refresh restores it.
    notFound: (id) => `No global cyclone ${id}; /api/global/history lists every cyclone ingested.`,
    errors: ['badParameter', 'notFound', 'dataUnavailable'],
  },
  'global-history': {
    summary: 'The global archive: every cyclone ingested since the service began, by year or keyword',
    paths: { web: '/api/global/history', v1: '/api/v1/global/history' },
    params: {},
    list: { key: 'typhoons' },
    query: ['year', 'q'],
    servedBy: { kind: 'function', fn: 'global-history' },
    cache: 'live',
    dataSchema: z.object({
      year: z.number().int().nullable().describe('The year asked for'),
      q: z.string().nullable().describe('The keyword asked for; null without one'),
      total: z.number().int().describe('Number of cyclones listed'),
      typhoons: z.array(globalSummarySchema).describe('The cyclones, in brief'),
    }),
    errors: ['badParameter'],
  },
  disturbances: {
    summary:
      "Active tropical disturbances (invests) in every basin from JTWC's advisories and formation alerts: position, winds, pressure, development potential, the alert box, the invest track",
    paths: { web: '/api/disturbances', v1: '/api/v1/disturbances' },
    params: {},
    list: { key: 'list' },
    servedBy: { kind: 'function', fn: 'disturbances' },
    cache: 'live',
    dataSchema: disturbanceListSchema,
    // 503: the stored disturbances cannot be read.
    errors: ['dataUnavailable'],
  },
  'disturbances-geojson': {
    summary:
      'GeoJSON (RFC 7946) of the active disturbances, for a map: the formation alert box as a Polygon, the invest track as a LineString, the latest position as a Point',
    paths: { web: '/api/geojson/disturbances' },
    params: {},
    servedBy: { kind: 'function', fn: 'disturbances' },
    cache: 'live',
    mediaType: 'application/geo+json; charset=utf-8',
    webOnly: 'GeoJSON is read by map libraries and GDAL from its URL as-is: an envelope would make it something else',
    dataSchema: z
      .object({
        type: z.literal('FeatureCollection').describe('Always FeatureCollection'),
        bbox: bboxSchema
          .optional()
          .describe('Bounding box of every feature (RFC 7946 §5); west > east when it crosses the antimeridian; absent when there is none'),
        features: z
          .array(
            z.object({
              type: z.literal('Feature').describe('Always Feature'),
              bbox: bboxSchema.optional(),
              geometry: geometrySchema,
              properties: z
                .object({
                  id: disturbanceIdSchema,
                  kind: z
                    .enum(['alert-box', 'track', 'position'])
                    .describe(
                      'alert-box: the formation alert box as a Polygon (issuedAt, expiresAt); track: the invest b-deck as a LineString (source, points); position: the latest position as a Point',
                    ),
                })
                .catchall(z.unknown().describe('The fields of what the feature is (see kind)'))
                .describe("The feature's fields: `id` and `kind`, then the fields of what it is"),
            }),
          )
          .describe('The features: alert boxes, then tracks, then positions'),
      })
      .describe('A GeoJSON FeatureCollection (RFC 7946) of the active disturbances: alert boxes, then tracks, then positions'),
    errors: ['dataUnavailable'],
  },
  // Before the detail: /disturbances/history is this route, not a disturbance named "history".
  'disturbance-history': {
    summary: 'Every disturbance ingested since the service began (nothing is dropped), with what became of it, by year',
    paths: { web: '/api/disturbances/history', v1: '/api/v1/disturbances/history' },
    params: {},
    query: ['year'],
    list: { key: 'list' },
    servedBy: { kind: 'function', fn: 'disturbances' },
    cache: 'live',
    dataSchema: disturbanceHistorySchema,
    errors: ['badParameter', 'dataUnavailable'],
  },
  disturbance: {
    summary: 'One disturbance, active or ended, while a bulletin named it within the last 7 days',
    paths: { web: '/api/disturbances/:id', v1: '/api/v1/disturbances/:id' },
    params: { id: 'disturbanceId' },
    servedBy: { kind: 'function', fn: 'disturbances' },
    cache: 'live',
    dataSchema: disturbanceFreshnessSchema.extend({
      publishedAt: disturbanceFreshnessSchema.shape.publishedAt.describe(
        'When JTWC issued what is served of it: the newest issue time of the advisory that last listed it and of its formation alert; null when neither gives one',
      ),
      disturbance: disturbanceSchema.describe('The disturbance'),
    }),
    notFound: (id) => `No active or recently ended disturbance ${id}; /api/v1/disturbances/history lists every disturbance ingested.`,
    errors: ['badParameter', 'notFound', 'dataUnavailable'],
  },
  'seo-news': {
    summary: 'Latest flash news (AI-generated), newest first; ?code= filters by typhoon code or global id',
    paths: { web: '/api/seo/news' },
    params: {},
    webOnly: '/api/v1/flash is its v1 counterpart: the same items, paged, every one (and ?code= is a filter over them)',
    query: ['code'],
    servedBy: { kind: 'function', fn: 'seo-news' },
    cache: 'live',
    dataSchema: z.object({
      code: z.string().nullable().describe('The code asked for (?code=); null without one'),
      total: z.number().int().describe('Items matching'),
      news: z.array(flashItemSchema).describe('The items, newest first'),
    }),
    errors: ['badParameter'],
  },
  'flash-list': {
    summary: 'Flash news (AI-generated), newest first, paged',
    paths: { v1: '/api/v1/flash' },
    params: {},
    list: { key: 'list', paged: true },
    query: ['page', 'size'],
    servedBy: { kind: 'function', fn: 'flash-list' },
    cache: 'live',
    dataSchema: pageSchema(flashItemSchema),
    errors: ['badParameter'],
  },
  'flash-item': {
    summary: 'One flash news item',
    paths: { v1: '/api/v1/flash/:id' },
    params: { id: 'flashId' },
    servedBy: { kind: 'function', fn: 'flash-item' },
    cache: 'live',
    dataSchema: flashItemSchema,
    notFound: (id) => `No flash item ${id}; /api/v1/flash lists them.`,
    errors: ['badParameter', 'notFound'],
  },
  'flash-rss': {
    summary: 'Flash news (AI-generated) as an RSS 2.0 feed: the latest 20, newest first, Chinese with English beside; ?code= filters',
    // Not under /api/: a feed is not JSON. Errors are still the web family's JSON.
    paths: { web: '/feeds/flash.xml' },
    params: {},
    webOnly: 'a feed is an RSS document for feed readers, not JSON: it has no envelope to be in',
    query: ['code'],
    servedBy: { kind: 'function', fn: 'flash-feed' },
    cache: 'live',
    reads: [DATA_FILES.site],
    mediaType: 'application/rss+xml; charset=utf-8',
    dataSchema: z
      .string()
      .describe(
        'An RSS 2.0 document: an <item> per flash item, <guid isPermaLink="false"> its API URL, <category>ai-generated</category> on each',
      ),
    errors: ['badParameter'],
  },
  'flash-atom': {
    summary: 'Flash news (AI-generated) as an Atom 1.0 feed: the latest 20, newest first, Chinese with English beside; ?code= filters',
    paths: { web: '/feeds/flash.atom' },
    params: {},
    webOnly: 'a feed is an Atom document for feed readers, not JSON: it has no envelope to be in',
    query: ['code'],
    servedBy: { kind: 'function', fn: 'flash-feed' },
    cache: 'live',
    reads: [DATA_FILES.site],
    mediaType: 'application/atom+xml; charset=utf-8',
    dataSchema: z
      .string()
      .describe('An Atom 1.0 document: an <entry> per flash item, <id> its API URL, <category term="ai-generated"/> on each'),
    errors: ['badParameter'],
  },
  'llm-summary': {
    summary: 'Live summary: natural language (AI-generated) plus structured north-western Pacific and global data',
    paths: { web: '/api/llm/summary', v1: '/api/v1/summary' },
    params: {},
    servedBy: { kind: 'function', fn: 'llm-summary' },
    cache: 'live',
    dataSchema: z.object({
      summary: z
        .string()
        .describe(
          "Chinese text about the north-western Pacific, written by the scheduled run (the same text as bootstrap's briefing); before one is stored for the current data, the template text of the current live view",
        ),
      summaryEn: z.string().describe('English beside it'),
      typhoons: z.array(activeStormSchema).describe('The active north-western Pacific storms, in brief'),
      global: z.array(globalBriefSchema).describe('The active cyclones of the other basins, in brief'),
      fetchedAt: z
        .string()
        .nullable()
        .describe('When the north-western Pacific snapshot was fetched (+08:00); null before the first fetch'),
      publishedAt: liveListSchema.shape.publishedAt,
      stale: z.boolean().describe('true when the north-western Pacific snapshot is the last good data of a failed refresh'),
      aiGenerated: aiGeneratedSchema,
      generator: generatorSchema,
    }),
    errors: [],
  },
  'history-years': {
    summary: 'Statistics per archived year (1945 on): counts by peak grade, strongest storm, landfalls, ACE',
    paths: { web: '/api/history/years', v1: '/api/v1/history/years' },
    params: {},
    list: { key: 'years' },
    dataset: true,
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: historyYearsSchema,
    errors: [],
  },
  'history-year': {
    summary: "Summary list of one year's storms, in order of formation",
    paths: { web: '/api/history/:year', v1: '/api/v1/history/:year' },
    params: { year: 'year' },
    list: { key: 'typhoons' },
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: historyYearSchema,
    notFound: (year) => `No archived storms for year ${year}; /api/history/years lists the years the archive covers.`,
    errors: ['badParameter', 'notFound'],
  },
  'typhoon-detail': {
    summary: 'One storm: active snapshot, else the archive, else the upstream service (track, wind circles, landfalls, forecasts, sources)',
    paths: { web: '/api/typhoons/:code', v1: '/api/v1/typhoons/:code' },
    params: { code: 'code' },
    servedBy: { kind: 'static' },
    cache: 'archive',
    missFn: 'typhoon-lookup',
    // The archive's seasons: a code of one the archive holds is 40401 without asking the upstream.
    reads: [DATA_FILES.archiveReport],
    dataSchema: typhoonAnswerSchema,
    webKey: 'typhoon',
    dataset: true,
    // 503: a code no tier answers is asked of the upstream service, which may not answer (typhoon-lookup).
    notFound: (code) => `No storm with code ${code}; /api/history/search/{keyword} finds codes by name.`,
    errors: ['badParameter', 'notFound', 'upstreamUnavailable'],
  },
  'typhoon-geojson': {
    summary:
      'GeoJSON (RFC 7946) of a storm: wind circles as polygons, the track as a LineString (a Point for a storm of one fix), a Point per track point with every field, landfalls; active storms add every agency forecast and its cone',
    // Not under /api/typhoons/{code}/: a static answer is a file at its URL, and a file and a folder cannot share a name.
    paths: { web: '/api/geojson/:code' },
    params: { code: 'code' },
    webOnly:
      'a GeoJSON document is loaded by map libraries from its URL as it is; in the envelope it would no longer be GeoJSON (and every storm would need a second file)',
    servedBy: { kind: 'static' },
    cache: 'archive',
    missFn: 'typhoon-lookup',
    mediaType: 'application/geo+json; charset=utf-8',
    dataSchema: featureCollectionSchema,
    notFound: (code) => `No active or archived storm with code ${code}; /api/history/search/{keyword} finds codes by name.`,
    errors: ['badParameter', 'notFound'],
  },
  'history-search': {
    summary: 'Storms matching a Chinese or English name, a code or a code prefix; at most 50, best match first',
    paths: { web: '/api/history/search/:keyword', v1: '/api/v1/history/search/:keyword' },
    params: { keyword: 'keyword' },
    list: { key: 'typhoons' },
    dataset: true,
    servedBy: { kind: 'function', fn: 'history-search' },
    cache: 'deployData',
    reads: [DATA_FILES.searchIndex, DATA_FILES.archiveReport],
    dataSchema: searchResultSchema,
    errors: ['badParameter'],
  },
  'history-near': {
    summary:
      'Archived storms whose tracks came within a radius of a place, nearest first, with the closest approach and counts by decade, month and peak grade',
    paths: { web: '/api/history/near', v1: '/api/v1/history/near' },
    params: {},
    query: ['lat', 'lng', 'radius', 'from', 'to', 'months', 'minGrade', 'landfall', 'page', 'size'],
    list: { key: 'list', paged: true },
    dataset: true,
    servedBy: { kind: 'function', fn: 'history-near' },
    cache: 'deployData',
    reads: [DATA_FILES.archiveSummaries, DATA_FILES.archiveTracks, DATA_FILES.proximityIndex, DATA_FILES.archiveReport],
    dataSchema: historyNearSchema,
    errors: ['badParameter'],
  },
  'typhoon-similar': {
    summary:
      'The archived storms with the most similar tracks (mean distance between resampled tracks); an active storm is compared over its hours so far',
    // Under /api/typhoons/{code}, a static file: a function with config.path runs before files, so no folder is needed.
    paths: { web: '/api/typhoons/:code/similar', v1: '/api/v1/typhoons/:code/similar' },
    params: { code: 'code' },
    query: ['similarSize'],
    list: { key: 'list' },
    servedBy: { kind: 'function', fn: 'typhoon-similar' },
    cache: 'deployData',
    reads: [DATA_FILES.archiveSummaries, DATA_FILES.similarTracks, DATA_FILES.archiveTracks, DATA_FILES.archiveReport],
    dataSchema: similarTracksSchema,
    notFound: (code) => `No archived or active storm with code ${code}; /api/history/search/{keyword} finds codes by name.`,
    errors: ['badParameter', 'notFound'],
  },
  'typhoon-agencies': {
    summary:
      "Every agency's track of an archived storm side by side (CMA, JMA, JTWC, HKO): each with its own winds and their averaging period, its categories, peak figures and ACE, and how it was linked",
    paths: { web: '/api/typhoons/:code/agencies', v1: '/api/v1/typhoons/:code/agencies' },
    params: { code: 'code' },
    servedBy: { kind: 'function', fn: 'typhoon-agencies' },
    cache: 'deployData',
    reads: [DATA_FILES.archiveSummaries, AGENCY_COMPARISON_FILES, DATA_FILES.archiveReport],
    dataSchema: stormAgenciesSchema,
    notFound: (code) =>
      `No archived storm with code ${code}: the agencies' tracks are those of archived storms (an active storm has its live forecasts by agency in /api/v1/typhoons/{code}).`,
    errors: ['badParameter', 'notFound'],
  },
  'history-today': {
    summary: 'Well-known storms active on this calendar day in past years (today in Asia/Shanghai)',
    paths: { web: '/api/history/today', v1: '/api/v1/history/today' },
    params: {},
    list: { key: 'typhoons' },
    servedBy: { kind: 'function', fn: 'history-today' },
    cache: 'calendarDay',
    reads: [TODAY_FILES, DATA_FILES.archiveReport],
    dataSchema: todayInHistorySchema,
    errors: [],
  },
  'history-today-date': {
    summary: 'The same for a given calendar day MM-DD',
    paths: { web: '/api/history/today/:date', v1: '/api/v1/history/today/:date' },
    params: { date: 'date' },
    list: { key: 'typhoons' },
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: todayInHistorySchema,
    notFound: (date) => `No entry for ${date}.`,
    errors: ['badParameter'],
  },
  'news-list': {
    summary: 'Daily typhoon news, newest first, paged',
    paths: { v1: '/api/v1/news' },
    params: {},
    list: { key: 'list', paged: true },
    query: ['page', 'size'],
    servedBy: { kind: 'function', fn: 'content-list' },
    cache: 'deployData',
    reads: [DATA_FILES.newsList],
    dataSchema: pageSchema(newsSummarySchema),
    errors: ['badParameter'],
  },
  'news-detail': {
    summary: 'One news item with its Markdown body and its list of sources',
    paths: { v1: '/api/v1/news/:slug' },
    params: { slug: 'slug' },
    examples: { slug: '2024-09-06-yagi-landfall-wenchang' },
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: newsItemSchema,
    notFound: (slug) => `No news item ${slug}; /api/v1/news lists them.`,
    errors: ['badParameter', 'notFound'],
  },
  'knowledge-list': {
    summary: 'Knowledge (wiki) articles by category, paged',
    paths: { v1: '/api/v1/knowledge' },
    params: {},
    list: { key: 'list', paged: true },
    query: ['page', 'size', 'category'],
    servedBy: { kind: 'function', fn: 'content-list' },
    cache: 'deployData',
    reads: [DATA_FILES.knowledgeList],
    dataSchema: pageSchema(knowledgeSummarySchema),
    errors: ['badParameter'],
  },
  'knowledge-detail': {
    summary: 'One article with its Markdown body and sources',
    paths: { v1: '/api/v1/knowledge/:slug' },
    params: { slug: 'slug' },
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: knowledgeItemSchema,
    notFound: (slug) => `No article ${slug}; /api/v1/knowledge lists them.`,
    errors: ['badParameter', 'notFound'],
  },
  version: {
    summary: 'Version check and forced update for one client platform',
    paths: { v1: '/api/v1/version' },
    params: {},
    query: ['platform', 'current'],
    servedBy: { kind: 'function', fn: 'version' },
    cache: 'versions',
    reads: [DATA_FILES.versions, DATA_FILES.archiveReport],
    dataSchema: versionAnswerSchema,
    errors: ['badParameter'],
  },
  bootstrap: {
    summary: 'Start-up bundle: site configuration, announcements, active typhoons and disturbances, briefing, versions',
    paths: { v1: '/api/v1/bootstrap' },
    params: {},
    servedBy: { kind: 'function', fn: 'bootstrap' },
    cache: 'live',
    reads: [DATA_FILES.site, DATA_FILES.announcements, DATA_FILES.versions, TODAY_FILES, DATA_FILES.archiveReport],
    dataset: true,
    dataSchema: z.object({
      site: siteConfigSchema.describe("The service's name, links and notices"),
      announcements: z
        .object({
          list: z.array(announcementSchema).describe('The announcements in effect today'),
          total: z.number().int().describe('Announcements in effect'),
        })
        .describe('Announcements to show'),
      typhoons: z
        .object({
          list: z.array(activeStormSchema).describe('The active storms, in brief'),
          total: z.number().int().describe('Number of active storms'),
          fetchedAt: z.string().nullable().describe('When the live data was fetched; null before the first fetch'),
          publishedAt: liveListSchema.shape.publishedAt,
          stale: liveListSchema.shape.stale,
          staleReason: liveListSchema.shape.staleReason,
          upstream: liveListSchema.shape.upstream,
        })
        .describe('The active north-western Pacific storms in brief, with their freshness (as /api/v1/typhoons)'),
      disturbances: disturbanceFreshnessSchema
        .extend({
          list: z
            .array(disturbanceBriefSchema)
            .describe('Active tropical disturbances with a position (/api/v1/disturbances has them whole)'),
          total: z.number().int().describe('Number listed'),
        })
        .describe('Active tropical disturbances (invests) in brief'),
      briefing: z
        .object({
          text: z.string().describe("Chinese: the same text as /api/llm/summary's summary"),
          textEn: z.string().describe("English: the same text as /api/llm/summary's summaryEn"),
          generatedAt: z.string().describe('When the live data it describes was fetched'),
          publishedAt: liveListSchema.shape.publishedAt,
          aiGenerated: aiGeneratedSchema,
          generator: generatorSchema,
        })
        .nullable()
        .describe('null before the first refresh'),
      todayInHistory: z
        .object({
          date: todayInHistorySchema.shape.date,
          list: z.array(todayEntrySchema).describe('The first 5 of /api/v1/history/today'),
          total: todayInHistorySchema.shape.total,
        })
        .describe('Well-known storms of this calendar day in past years'),
      versions: versionsFileSchema.describe('The current version of each client platform'),
    }),
    errors: [],
  },
  openapi: {
    summary: 'This API described in OpenAPI 3.1',
    paths: { web: '/api/openapi.json' },
    params: {},
    webOnly: 'the document describes both families and is read by OpenAPI tools as it is; in the envelope they could not read it',
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: z
      .object({ openapi: z.literal('3.1.0').describe('The OpenAPI version of the document') })
      .catchall(z.unknown().describe('The rest of the OpenAPI document (info, paths, components, …)')),
    errors: [],
  },
});

/** Every route, in the table's order. */
export const RESOURCES: readonly Resource[] = Object.values(ROUTES);

export interface Endpoint {
  resource: Resource;
  family: Family;
  path: string;
}

export const ENDPOINTS: readonly Endpoint[] = RESOURCES.flatMap((resource) =>
  (Object.entries(resource.paths) as [Family, string][]).map(([family, path]) => ({ resource, family, path })),
);

/** Fills a pattern's `:name` segments; values must already be URL-safe. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing parameter ${name} for ${pattern}`);
    return value;
  });
}

/** Matches a pathname against a pattern; returns the raw (still encoded) segment values or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(':')) params[w.slice(1)] = g;
    else if (w !== g) return null;
  }
  return params;
}

/** The collection prefix of a pattern (`/api/v1/history/:year` → `/api/v1/history/`), for per-collection rules. */
export const collectionOf = (pattern: string) => pattern.slice(0, pattern.indexOf(':'));
