/**
 * The one route table. Every endpoint is declared here once, with every fact about it; the build's static files,
 * `_redirects`, `_headers`, the generated functions, the local server's function routing, the error classifier,
 * the OpenAPI document, the docs' tables and the contract tests all read it. Adding an endpoint is one entry plus
 * its handler, and its schema in src/model when it answers a new shape (docs/maintainers/architecture.md).
 */
import type { z } from 'zod';
import { stormAgenciesSchema } from '../model/agency-comparison-schemas.ts';
import { bootstrapSchema } from '../model/bootstrap-schemas.ts';
import {
  knowledgeItemSchema,
  knowledgeSummarySchema,
  newsItemSchema,
  newsSummarySchema,
  pageSchema,
  versionAnswerSchema,
} from '../model/content-schemas.ts';
import {
  disturbanceAnswerSchema,
  disturbanceHistorySchema,
  disturbanceListSchema,
  disturbancesGeoJsonSchema,
} from '../model/disturbance-answer-schemas.ts';
import { atomFeedSchema, flashItemSchema, liveSummarySchema, rssFeedSchema, seoNewsSchema } from '../model/flash-schemas.ts';
import {
  archivedStormVerificationSchema,
  stormForecastsAnswerSchema,
  stormForecastsGeoJsonSchema,
  stormVerificationSchema,
  verificationSummaryAnswerSchema,
} from '../model/forecast-answer-schemas.ts';
import { featureCollectionSchema } from '../model/geojson-schemas.ts';
import {
  archivedStormAnswerSchema,
  globalHistoryYearsSchema,
  globalNearSchema,
  globalSimilarSchema,
} from '../model/global-archive-answer-schemas.ts';
import {
  globalCycloneAnswerSchema,
  globalHistorySchema,
  globalListSchema,
  liveListSchema,
  liveNearSchema,
  typhoonAnswerSchema,
} from '../model/live-schemas.ts';
import { openApiDocumentSchema } from '../model/openapi-schemas.ts';
import {
  agencyWarningsSchema,
  warningHistorySchema,
  warningsAnswerSchema,
  warningsGeoJsonSchema,
} from '../model/warning-answer-schemas.ts';
import { historyNearSchema, similarTracksSchema } from '../model/track-search-schemas.ts';
import { historyYearSchema, historyYearsSchema, searchResultSchema, todayInHistorySchema } from '../model/typhoon-schemas.ts';
import type { CachePolicyName, CacheTag } from './cache-policy.ts';
import { DATA_FILES, type DataFileRef } from './data-files.ts';
import type { ErrorName } from './errors.ts';
import type { ParamKind, QueryKind } from './params.ts';
import type { Family } from './envelope.ts';

/** The docs page's areas, in its order. */
export const DOCS_AREAS = ['live', 'history', 'global', 'news', 'client', 'feeds-maps'] as const;
export type DocsArea = (typeof DOCS_AREAS)[number];

/**
 * Who answers a route: the build, as files the CDN serves (`static`), or a Netlify function of that name. A
 * function serves every route that names it; the function files are generated from this table (src/api/functions.ts).
 */
export type ServedBy = { kind: 'static' } | { kind: 'function'; fn: string };

export interface Resource {
  id: string;
  /** Its name for people, a few words: its card's heading on the docs page (the OpenAPI operation's `x-title`). */
  title: string;
  /** One line: the OpenAPI operation's summary. */
  summary: string;
  /** What it answers, in a few words: its line in the docs' endpoint tables (README.md, docs/api/endpoints.md). */
  returns: string;
  /** Where the docs describe it: a page of docs/ and its section (`api/endpoints-live.md#active-storms`). */
  docs: string;
  /** Its area on the docs page (static/index.html), which reads it from the OpenAPI operation's `x-area`. */
  area: DocsArea;
  /** Path pattern per family; `:name` is one path segment. */
  paths: Partial<Record<Family, string>>;
  params: Partial<Record<string, ParamKind>>;
  /** Example values for this endpoint's parameters where the kind's general example does not fit. */
  examples?: Record<string, string>;
  query?: readonly QueryKind[];
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
  /**
   * Its answers say which archive the data comes from (the demo one or the real one): v1's end with `data.dataset`,
   * the web family's with `dataset` beside the payload (a foreign member of a GeoJSON document).
   */
  dataset?: true;
  /** Why a route with a web path has no v1 twin (every other web route has one: docs/api/conventions.md, checked by a test). */
  webOnly?: string;
  /** Its cache policy (static files get it from `_headers`, per collection; a handler may answer with another). */
  cache: CachePolicyName;
  /**
   * What its answers are made of, when a scheduled run changes it (src/api/cache-policy.ts, CACHE_TAG_DATA): its
   * function answers carry them in `Netlify-Cache-Tag`, and a run that changes their data purges them.
   */
  tags?: readonly CacheTag[];
  /**
   * The generated files under public/ its function (or its miss function) reads (./data-files.ts): that function's
   * `includedFiles`, the only files its handler can read (`ctx.data`), and files the build must have written.
   */
  reads?: readonly DataFileRef[];
  /**
   * Content-Type of its answers (default JSON); static files get it from `_headers`, per collection. A resource
   * that does not answer JSON (the feeds) is web-only, and its handler's payload is the body's text.
   */
  mediaType?: string;
  errors: ErrorName[];
  /**
   * The values of a path parameter kind this route finds by name, and its parameter (of the path or the query) that
   * takes the name: a 40001 for a name where such a value belongs (`/api/v1/typhoons/yagi`) names this route with
   * the name filled in (src/api/request.ts). Every route with a parameter of that kind gets the hint.
   */
  finds?: { kind: ParamKind; by: string };
  /**
   * What a 40401 says of a well-formed path parameter that names nothing (the one message for this resource). It
   * names other endpoints through `path` (by route id), which gives their path in the family of the answer, so a
   * client of one family is sent to its own family's paths.
   */
  notFound?: (value: string, path: PathNamer) => string;
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
    title: 'Active storms',
    summary: 'Active storms with complete tracks, wind circles and every agency forecast; stale-marked when the upstreams fail',
    returns:
      "active north-western Pacific storms with complete tracks, wind circles, landfalls, every agency's forecast, and how fresh the data is",
    docs: 'api/endpoints-live.md#active-storms',
    area: 'live',
    paths: { web: '/api/typhoons', v1: '/api/v1/typhoons' },
    params: {},
    list: { key: 'typhoons' },
    servedBy: { kind: 'function', fn: 'live-typhoons' },
    cache: 'live',
    tags: ['live', 'warnings'],
    dataSchema: liveListSchema,
    errors: [],
  },
  'live-near': {
    title: 'Active storms near a place',
    summary:
      'Every active storm (north-western Pacific and global) relative to a place: distance, bearing, approaching, and per agency forecast the closest approach and when the wind circles arrive; and the warnings in force at the place',
    returns: 'every active storm relative to `lat`, `lng`: distance, bearing, closest approach, wind arrival; the warnings in force there',
    docs: 'api/endpoints-live.md#storms-near-a-place-now',
    area: 'live',
    paths: { web: '/api/near', v1: '/api/v1/near' },
    params: {},
    list: { key: 'storms' },
    query: ['lat', 'lng'],
    servedBy: { kind: 'function', fn: 'live-near' },
    cache: 'live',
    tags: ['live', 'global', 'disturbances', 'warnings'],
    dataSchema: liveNearSchema,
    errors: ['badParameter'],
  },
  'global-typhoons': {
    title: 'Active cyclones in other basins',
    summary:
      'Active cyclones outside the north-western Pacific (NHC: Atlantic, East and Central Pacific; JTWC: North Indian Ocean, Southern Hemisphere)',
    returns: 'active cyclones outside the north-western Pacific (NHC, JTWC)',
    docs: 'api/endpoints-global.md#global-cyclones',
    area: 'global',
    paths: { web: '/api/global/typhoons', v1: '/api/v1/global/typhoons' },
    params: {},
    list: { key: 'typhoons' },
    servedBy: { kind: 'function', fn: 'global-typhoons' },
    cache: 'live',
    tags: ['global'],
    dataSchema: globalListSchema,
    errors: [],
  },
  'global-typhoon': {
    title: 'One global cyclone',
    summary: 'One global cyclone, active or ended, with its whole ingested track and the official forecast',
    returns: 'one global cyclone, active or ended (`nhc-al132025`)',
    docs: 'api/endpoints-global.md#one-global-cyclone',
    area: 'global',
    paths: { web: '/api/global/typhoons/:id', v1: '/api/v1/global/typhoons/:id' },
    params: { id: 'globalId' },
    servedBy: { kind: 'function', fn: 'global-typhoon' },
    cache: 'live',
    tags: ['global'],
    dataSchema: globalCycloneAnswerSchema,
    // The web body is `{typhoon: …}` per the spec; v1's data is the cyclone itself, as a storm's detail is.
    webKey: 'typhoon',
    // 503: a cyclone whose stored record cannot be read until the next refresh restores it.
    notFound: (id, path) => `No global cyclone ${id}; ${path('global-history')} lists every cyclone ingested.`,
    errors: ['badParameter', 'notFound', 'dataUnavailable'],
  },
  'global-history': {
    title: 'Every global cyclone',
    summary:
      'The global history: every cyclone ingested since the service began, and the archive of every basin from its first year (HURDAT2, IBTrACS, the CMA archive), by year, keyword or basin, the archive paged',
    returns: 'every global cyclone ingested, and the archive of every basin, by `year`, keyword `q` or `basin`',
    docs: 'api/endpoints-global.md#the-global-archive',
    area: 'global',
    paths: { web: '/api/global/history', v1: '/api/v1/global/history' },
    params: {},
    list: { key: 'typhoons' },
    query: ['year', 'q', 'basin', 'page', 'size'],
    servedBy: { kind: 'function', fn: 'global-history' },
    cache: 'live',
    tags: ['global'],
    reads: [DATA_FILES.globalSummaries, DATA_FILES.globalSearchKeys, DATA_FILES.globalReport],
    dataset: true,
    dataSchema: globalHistorySchema,
    finds: { kind: 'globalId', by: 'q' },
    errors: ['badParameter'],
  },
  // The archive of every basin (docs/api/endpoints-global-archive.md), after the global history it extends.
  'global-storm': {
    title: 'One storm of any basin',
    summary:
      "One archived storm of any basin, as its basin's record has it: the whole track (wind in kt and m/s with its averaging period, pressure, stage, 34/50/64-kt radii), landfalls where the record marks them, links to its other ids",
    returns: 'one archived storm of any basin, whole (`nhc-al092005`, `ibtracs-2019246N12125`, `cma-201330`)',
    docs: 'api/endpoints-global-archive.md#one-storm-of-any-basin',
    area: 'global',
    paths: { web: '/api/global/storms/:id', v1: '/api/v1/global/storms/:id' },
    params: { id: 'archivedId' },
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: archivedStormAnswerSchema,
    dataset: true,
    notFound: (id, path) =>
      `No archived storm ${id}; ${path('global-history')} finds storms by name, year and basin, and ${path('global-history-years')} says which basins this deployment holds.`,
    errors: ['badParameter', 'notFound'],
  },
  'global-storm-geojson': {
    title: 'A storm of any basin as GeoJSON',
    summary:
      'GeoJSON (RFC 7946) of an archived storm of any basin: its 34/50/64-kt wind radii as polygons, the track as a LineString (a Point for one fix), a Point per entry with every field, the landfalls',
    returns: 'an archived storm of any basin as GeoJSON: wind radii, track, points, landfalls',
    docs: 'api/endpoints-global-archive.md#geojson',
    area: 'feeds-maps',
    paths: { web: '/api/geojson/global/:id' },
    params: { id: 'archivedId' },
    webOnly:
      'a GeoJSON document is loaded by map libraries from its URL as it is; in the envelope it would no longer be GeoJSON (and every storm would need a second file)',
    servedBy: { kind: 'static' },
    cache: 'archive',
    mediaType: 'application/geo+json; charset=utf-8',
    dataSchema: featureCollectionSchema,
    dataset: true,
    notFound: (id, path) => `No archived storm ${id}; ${path('global-history', 'v1')} finds storms by name, year and basin.`,
    errors: ['badParameter', 'notFound'],
  },
  'global-history-years': {
    title: 'Every basin year by year',
    summary:
      'Each basin year by year: storms, storms that reached 34, 64 and 96 kt on their record’s own winds, ACE; and which basins this deployment holds',
    returns: 'counts, hurricane/typhoon counts and ACE per basin and year, and which basins are loaded',
    docs: 'api/endpoints-global-archive.md#every-basin-year-by-year',
    area: 'global',
    paths: { web: '/api/global/history/years', v1: '/api/v1/global/history/years' },
    params: {},
    list: { key: 'years' },
    dataset: true,
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: globalHistoryYearsSchema,
    errors: [],
  },
  'global-near': {
    title: 'Storms of any basin near a place',
    summary:
      'Archived storms of every basin whose tracks came within a radius of a place, nearest first, with the closest approach and counts by basin and decade; paged',
    returns: 'archived storms of every basin that passed within `radius` km of `lat`, `lng`, by `basin` and years; paged',
    docs: 'api/endpoints-global-archive.md#storms-near-a-place',
    area: 'global',
    paths: { web: '/api/global/history/near', v1: '/api/v1/global/history/near' },
    params: {},
    query: ['lat', 'lng', 'radius', 'basin', 'from', 'to', 'page', 'size'],
    list: { key: 'list', paged: true },
    dataset: true,
    servedBy: { kind: 'function', fn: 'global-near' },
    cache: 'deployData',
    reads: [DATA_FILES.globalSummaries, DATA_FILES.globalTracks, DATA_FILES.globalProximity, DATA_FILES.globalReport],
    dataSchema: globalNearSchema,
    errors: ['badParameter'],
  },
  'global-similar': {
    title: 'Similar tracks in any basin',
    summary:
      'The archived storms of every basin (or of one) whose whole tracks are most like this storm’s (mean distance between resampled tracks)',
    returns: 'the archived storms of every basin, or of `basin`, with the most similar tracks',
    docs: 'api/endpoints-global-archive.md#similar-tracks',
    area: 'global',
    paths: { web: '/api/global/storms/:id/similar', v1: '/api/v1/global/storms/:id/similar' },
    params: { id: 'archivedId' },
    query: ['basin', 'similarSize'],
    list: { key: 'list' },
    dataset: true,
    servedBy: { kind: 'function', fn: 'global-similar' },
    cache: 'deployData',
    reads: [DATA_FILES.globalSummaries, DATA_FILES.globalSimilar, DATA_FILES.globalReport],
    dataSchema: globalSimilarSchema,
    notFound: (id, path) =>
      `No archived storm ${id}; ${path('global-history')} finds storms by name, year and basin, and ${path('global-history-years')} says which basins this deployment holds.`,
    errors: ['badParameter', 'notFound'],
  },
  disturbances: {
    title: 'Tropical disturbances',
    summary:
      "Active tropical disturbances (invests) in every basin from JTWC's advisories and formation alerts: position, winds, pressure, development potential, the alert box, the invest track",
    returns: 'active tropical disturbances (invests) in every basin: position, winds, pressure, potential, formation alert box, track',
    docs: 'api/disturbances.md#endpoints',
    area: 'live',
    paths: { web: '/api/disturbances', v1: '/api/v1/disturbances' },
    params: {},
    list: { key: 'list' },
    servedBy: { kind: 'function', fn: 'disturbances' },
    cache: 'live',
    tags: ['disturbances'],
    dataSchema: disturbanceListSchema,
    // 503: the stored disturbances cannot be read.
    errors: ['dataUnavailable'],
  },
  'disturbances-geojson': {
    title: 'Tropical disturbances as GeoJSON',
    summary:
      'GeoJSON (RFC 7946) of the active disturbances, for a map: the formation alert box as a Polygon, the invest track as a LineString, the latest position as a Point',
    returns: 'the active disturbances as GeoJSON: alert boxes, tracks, positions',
    docs: 'api/disturbances.md#geojson',
    area: 'feeds-maps',
    paths: { web: '/api/geojson/disturbances' },
    params: {},
    servedBy: { kind: 'function', fn: 'disturbances' },
    cache: 'live',
    tags: ['disturbances'],
    mediaType: 'application/geo+json; charset=utf-8',
    webOnly: 'GeoJSON is read by map libraries and GDAL from its URL as-is: an envelope would make it something else',
    dataSchema: disturbancesGeoJsonSchema,
    errors: ['dataUnavailable'],
  },
  // Before the detail: /disturbances/history is this route, not a disturbance named "history".
  'disturbance-history': {
    title: 'Every tropical disturbance',
    summary: 'Every disturbance ingested since the service began (nothing is dropped), with what became of it, by year',
    returns: 'every disturbance ingested, with what became of it, by `year`',
    docs: 'api/disturbances.md#endpoints',
    area: 'live',
    paths: { web: '/api/disturbances/history', v1: '/api/v1/disturbances/history' },
    params: {},
    query: ['year'],
    list: { key: 'list' },
    servedBy: { kind: 'function', fn: 'disturbances' },
    cache: 'live',
    tags: ['disturbances'],
    dataSchema: disturbanceHistorySchema,
    errors: ['badParameter', 'dataUnavailable'],
  },
  disturbance: {
    title: 'One tropical disturbance',
    summary: 'One disturbance, active or ended, while a bulletin named it within the last 7 days',
    returns: 'one disturbance, active or last named by a bulletin within 7 days (`jtwc-wp942026`)',
    docs: 'api/disturbances.md#endpoints',
    area: 'live',
    paths: { web: '/api/disturbances/:id', v1: '/api/v1/disturbances/:id' },
    params: { id: 'disturbanceId' },
    servedBy: { kind: 'function', fn: 'disturbances' },
    cache: 'live',
    tags: ['disturbances'],
    dataSchema: disturbanceAnswerSchema,
    notFound: (id, path) =>
      `No active or recently ended disturbance ${id}; ${path('disturbance-history', 'v1')} lists every disturbance ingested.`,
    errors: ['badParameter', 'notFound', 'dataUnavailable'],
  },
  // The warnings (issue 29, docs/api/warnings.md): kept together.
  warnings: {
    title: 'Warnings in force',
    summary:
      "Every warning in force from the Hong Kong Observatory, JMA and PAGASA, grouped by agency: area, kind, signal code with the agency's own words, issued/updated/expires times, the storm it is for, and each agency's freshness",
    returns: "every warning in force (HKO, JMA, PAGASA), grouped by agency: area, signal, the agency's words, times, storm, freshness",
    docs: 'api/warnings.md#endpoints',
    area: 'live',
    paths: { web: '/api/warnings', v1: '/api/v1/warnings' },
    params: {},
    servedBy: { kind: 'function', fn: 'warnings' },
    cache: 'live',
    tags: ['warnings', 'live'],
    dataSchema: warningsAnswerSchema,
    errors: [],
  },
  // Before the agency's route: /warnings/history is this route, not an agency named "history".
  'warnings-history': {
    title: 'Warnings raised and lowered',
    summary:
      'Every warning raised, changed, lowered and cancelled, in order, of one storm (?storm=) or one year (?year=; default this year)',
    returns: 'every warning raised, changed, lowered and cancelled, in order, of a `storm` or a `year`',
    docs: 'api/warnings.md#endpoints',
    area: 'live',
    paths: { web: '/api/warnings/history', v1: '/api/v1/warnings/history' },
    params: {},
    query: ['storm', 'year'],
    list: { key: 'list' },
    servedBy: { kind: 'function', fn: 'warnings' },
    cache: 'live',
    tags: ['warnings'],
    dataSchema: warningHistorySchema,
    // 503: the stored history of a year asked cannot be read.
    errors: ['badParameter', 'dataUnavailable'],
  },
  'warnings-agency': {
    title: "One agency's warnings",
    summary: "The warnings in force of one agency (hko, jma, pagasa), with the agency's freshness",
    returns: 'the warnings in force of one `agency` (hko, jma, pagasa) and how current they are',
    docs: 'api/warnings.md#endpoints',
    area: 'live',
    paths: { web: '/api/warnings/:agency', v1: '/api/v1/warnings/:agency' },
    params: { agency: 'agency' },
    servedBy: { kind: 'function', fn: 'warnings' },
    cache: 'live',
    tags: ['warnings', 'live'],
    dataSchema: agencyWarningsSchema,
    errors: ['badParameter'],
  },
  'warnings-geojson': {
    title: 'Warning areas as GeoJSON',
    summary:
      "GeoJSON (RFC 7946) of the warnings in force that come with the agency's own geometry: JMA's storm area and storm-warning areas as circles",
    returns: "the warnings in force with the agency's own geometry (JMA's storm areas) as GeoJSON polygons",
    docs: 'api/warnings.md#geojson',
    area: 'feeds-maps',
    paths: { web: '/api/geojson/warnings' },
    params: {},
    servedBy: { kind: 'function', fn: 'warnings' },
    cache: 'live',
    tags: ['warnings'],
    mediaType: 'application/geo+json; charset=utf-8',
    webOnly: 'GeoJSON is read by map libraries and GDAL from its URL as-is: an envelope would make it something else',
    dataSchema: warningsGeoJsonSchema,
    errors: [],
  },
  'seo-news': {
    title: 'Latest flash news',
    summary: 'Latest flash news (AI-generated), newest first; ?code= filters by typhoon code or global id',
    returns: 'flash news (AI-generated), newest first: the latest 20, of one storm with `code` (v1: `/api/v1/flash`)',
    docs: 'api/endpoints-flash.md#flash-news',
    area: 'news',
    paths: { web: '/api/seo/news' },
    params: {},
    webOnly: '/api/v1/flash is its v1 counterpart: the same items, paged, every one (and ?code= is a filter over them)',
    query: ['code'],
    servedBy: { kind: 'function', fn: 'seo-news' },
    cache: 'live',
    tags: ['flash'],
    dataSchema: seoNewsSchema,
    errors: ['badParameter'],
  },
  'flash-list': {
    title: 'Flash news',
    summary: 'Flash news (AI-generated), newest first, paged',
    returns: 'flash news (AI-generated), newest first, paged',
    docs: 'api/endpoints-flash.md#flash-news',
    area: 'news',
    paths: { v1: '/api/v1/flash' },
    params: {},
    list: { key: 'list', paged: true },
    query: ['page', 'size'],
    servedBy: { kind: 'function', fn: 'flash-list' },
    cache: 'live',
    tags: ['flash'],
    dataSchema: pageSchema(flashItemSchema),
    errors: ['badParameter'],
  },
  'flash-item': {
    title: 'One flash news item',
    summary: 'One flash news item',
    returns: 'one flash item',
    docs: 'api/endpoints-flash.md#one-flash-item',
    area: 'news',
    paths: { v1: '/api/v1/flash/:id' },
    params: { id: 'flashId' },
    servedBy: { kind: 'function', fn: 'flash-item' },
    cache: 'live',
    tags: ['flash'],
    dataSchema: flashItemSchema,
    notFound: (id, path) => `No flash item ${id}; ${path('flash-list')} lists them.`,
    errors: ['badParameter', 'notFound'],
  },
  'flash-rss': {
    title: 'Flash news as RSS',
    summary: 'Flash news (AI-generated) as an RSS 2.0 feed: the latest 20, newest first, Chinese with English beside; ?code= filters',
    // Not under /api/: a feed is not JSON. Errors are still the web family's JSON.
    returns: 'flash news as RSS 2.0, of one storm with `code`',
    docs: 'api/endpoints-flash.md#feeds',
    area: 'feeds-maps',
    paths: { web: '/feeds/flash.xml' },
    params: {},
    webOnly: 'a feed is an RSS document for feed readers, not JSON: it has no envelope to be in',
    query: ['code'],
    servedBy: { kind: 'function', fn: 'flash-feed' },
    cache: 'live',
    tags: ['flash'],
    reads: [DATA_FILES.site],
    mediaType: 'application/rss+xml; charset=utf-8',
    dataSchema: rssFeedSchema,
    errors: ['badParameter'],
  },
  'flash-atom': {
    title: 'Flash news as Atom',
    summary: 'Flash news (AI-generated) as an Atom 1.0 feed: the latest 20, newest first, Chinese with English beside; ?code= filters',
    returns: 'flash news as Atom 1.0, of one storm with `code`',
    docs: 'api/endpoints-flash.md#feeds',
    area: 'feeds-maps',
    paths: { web: '/feeds/flash.atom' },
    params: {},
    webOnly: 'a feed is an Atom document for feed readers, not JSON: it has no envelope to be in',
    query: ['code'],
    servedBy: { kind: 'function', fn: 'flash-feed' },
    cache: 'live',
    tags: ['flash'],
    reads: [DATA_FILES.site],
    mediaType: 'application/atom+xml; charset=utf-8',
    dataSchema: atomFeedSchema,
    errors: ['badParameter'],
  },
  'llm-summary': {
    title: 'Live summary',
    summary: 'Live summary: natural language (AI-generated) plus structured north-western Pacific and global data',
    returns: 'a live summary in Chinese and English (AI-generated) with the data it describes',
    docs: 'api/endpoints-flash.md#live-summary',
    area: 'live',
    paths: { web: '/api/llm/summary', v1: '/api/v1/summary' },
    params: {},
    servedBy: { kind: 'function', fn: 'llm-summary' },
    cache: 'live',
    tags: ['summary', 'live', 'global'],
    dataSchema: liveSummarySchema,
    errors: [],
  },
  'history-years': {
    title: 'Statistics per year',
    summary: 'Statistics per archived year (1945 on): counts by peak grade, strongest storm, landfalls, ACE',
    returns: 'statistics per year from 1945: counts by grade, landfalls, strongest storm, ACE',
    docs: 'api/endpoints-archive.md#years',
    area: 'history',
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
    title: "One year's storms",
    summary: "Summary list of one year's storms, in order of formation",
    returns: "one year's storms in order of formation",
    docs: 'api/endpoints-archive.md#one-year',
    area: 'history',
    paths: { web: '/api/history/:year', v1: '/api/v1/history/:year' },
    params: { year: 'year' },
    list: { key: 'typhoons' },
    dataset: true,
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: historyYearSchema,
    notFound: (year, path) => `No archived storms for year ${year}; ${path('history-years')} lists the years the archive covers.`,
    errors: ['badParameter', 'notFound'],
  },
  'typhoon-detail': {
    title: 'One storm',
    summary: 'One storm: active snapshot, else the archive, else the upstream service (track, wind circles, landfalls, forecasts, sources)',
    returns: 'one storm: the live snapshot, else the archive, else the Zhejiang service',
    docs: 'api/endpoints-live.md#one-storm',
    area: 'history',
    paths: { web: '/api/typhoons/:code', v1: '/api/v1/typhoons/:code' },
    params: { code: 'code' },
    servedBy: { kind: 'static' },
    cache: 'archive',
    // Its function answers are for codes no static file has: a storm of the live snapshot, or of the upstream.
    tags: ['live', 'warnings'],
    missFn: 'typhoon-lookup',
    // The archive's seasons: a code of one the archive holds is 40401 without asking the upstream.
    reads: [DATA_FILES.archiveReport],
    dataSchema: typhoonAnswerSchema,
    webKey: 'typhoon',
    dataset: true,
    // 503: a code no tier answers is asked of the upstream service, which may not answer (typhoon-lookup).
    notFound: (code, path) => `No storm with code ${code}; ${path('history-search')} finds codes by name.`,
    errors: ['badParameter', 'notFound', 'upstreamUnavailable'],
  },
  'typhoon-geojson': {
    title: 'One storm as GeoJSON',
    summary:
      'GeoJSON (RFC 7946) of a storm: wind circles as polygons, the track as a LineString (a Point for a storm of one fix), a Point per track point with every field, landfalls; active storms add every agency forecast and its cone',
    // Not under /api/typhoons/{code}/: a static answer is a file at its URL, and a file and a folder cannot share a name.
    returns: 'a storm as GeoJSON: wind circles, track, points, landfalls, forecasts and cones',
    docs: 'api/endpoints-archive.md#geojson',
    area: 'feeds-maps',
    paths: { web: '/api/geojson/:code' },
    params: { code: 'code' },
    webOnly:
      'a GeoJSON document is loaded by map libraries from its URL as it is; in the envelope it would no longer be GeoJSON (and every storm would need a second file)',
    servedBy: { kind: 'static' },
    cache: 'archive',
    // Its function answers are for codes no static file has: an active storm of the live snapshot.
    tags: ['live'],
    missFn: 'typhoon-lookup',
    mediaType: 'application/geo+json; charset=utf-8',
    dataSchema: featureCollectionSchema,
    dataset: true,
    notFound: (code, path) => `No active or archived storm with code ${code}; ${path('history-search')} finds codes by name.`,
    errors: ['badParameter', 'notFound'],
  },
  'history-search': {
    title: 'Search storms',
    summary: 'Storms matching a Chinese or English name, a code or a code prefix; at most 50, best match first',
    returns: "storms by code, name, pinyin, another agency's id or a misspelt name, best first",
    docs: 'api/endpoints-archive.md#search',
    area: 'history',
    paths: { web: '/api/history/search/:keyword', v1: '/api/v1/history/search/:keyword' },
    params: { keyword: 'keyword' },
    list: { key: 'typhoons' },
    dataset: true,
    servedBy: { kind: 'function', fn: 'history-search' },
    cache: 'deployData',
    reads: [DATA_FILES.searchIndex, DATA_FILES.archiveReport],
    dataSchema: searchResultSchema,
    finds: { kind: 'code', by: 'keyword' },
    errors: ['badParameter'],
  },
  'history-near': {
    title: 'Archived storms near a place',
    summary:
      'Archived storms whose tracks came within a radius of a place, nearest first, with the closest approach and counts by decade, month and peak grade',
    returns: 'archived storms that passed within `radius` km of `lat`, `lng`, with counts; filters; paged',
    docs: 'api/endpoints-archive.md#storms-that-passed-near-a-place',
    area: 'history',
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
    title: 'Storms with similar tracks',
    summary:
      'The archived storms with the most similar tracks (mean distance between resampled tracks); an active storm is compared over its hours so far',
    // Under /api/typhoons/{code}, a static file: a function with config.path runs before files, so no folder is needed.
    returns: 'the archived storms with the most similar tracks',
    docs: 'api/endpoints-archive.md#similar-tracks',
    area: 'history',
    paths: { web: '/api/typhoons/:code/similar', v1: '/api/v1/typhoons/:code/similar' },
    params: { code: 'code' },
    query: ['similarSize'],
    list: { key: 'list' },
    dataset: true,
    servedBy: { kind: 'function', fn: 'typhoon-similar' },
    cache: 'deployData',
    reads: [DATA_FILES.archiveSummaries, DATA_FILES.similarTracks, DATA_FILES.archiveTracks, DATA_FILES.archiveReport],
    dataSchema: similarTracksSchema,
    notFound: (code, path) => `No archived or active storm with code ${code}; ${path('history-search')} finds codes by name.`,
    errors: ['badParameter', 'notFound'],
  },
  'typhoon-agencies': {
    title: "One storm's tracks by agency",
    summary:
      "Every agency's track of an archived storm side by side (CMA, JMA, JTWC, HKO): each with its own winds and their averaging period, its categories, peak figures and ACE, and how it was linked",
    returns: "CMA's, JMA's, JTWC's and HKO's tracks of an archived storm side by side",
    docs: 'api/endpoints-archive.md#every-agencys-track',
    area: 'history',
    paths: { web: '/api/typhoons/:code/agencies', v1: '/api/v1/typhoons/:code/agencies' },
    params: { code: 'code' },
    servedBy: { kind: 'function', fn: 'typhoon-agencies' },
    cache: 'deployData',
    reads: [DATA_FILES.archiveSummaries, DATA_FILES.agencyComparison, DATA_FILES.archiveReport],
    dataSchema: stormAgenciesSchema,
    dataset: true,
    notFound: (code, path) =>
      `No archived storm with code ${code}: the agencies' tracks are those of archived storms (an active storm has its live forecasts by agency in ${path('typhoon-detail', 'v1')}).`,
    errors: ['badParameter', 'notFound'],
  },
  'typhoon-forecasts': {
    title: "One storm's official forecasts",
    summary:
      'Every official forecast the service kept of a north-western Pacific storm, one per issuance (agency, initial and issue time, positions, wind with its averaging period, pressure, stage), newest first, paged',
    returns: 'every official forecast issuance kept of a storm, newest first, paged',
    docs: 'api/endpoints-forecasts.md#a-storms-forecasts',
    area: 'live',
    paths: { web: '/api/typhoons/:code/forecasts', v1: '/api/v1/typhoons/:code/forecasts' },
    params: { code: 'code' },
    list: { key: 'list', paged: true },
    query: ['page', 'size'],
    servedBy: { kind: 'function', fn: 'storm-forecasts' },
    cache: 'live',
    tags: ['forecasts'],
    reads: [DATA_FILES.forecastArchive, DATA_FILES.archiveSummaries],
    dataSchema: stormForecastsAnswerSchema,
    // 503: the storm's stored forecasts cannot be read until the next refresh rebuilds them.
    notFound: (code, path) =>
      `No storm ${code} with forecasts: neither kept by the service nor in the archive (${path('history-search')} finds archived storms).`,
    errors: ['badParameter', 'notFound', 'dataUnavailable'],
  },
  'global-typhoon-forecasts': {
    title: "A global cyclone's official forecasts",
    summary:
      "Every official forecast the service kept of a cyclone of another basin (NHC's forecast track, JTWC's warnings), one per issuance, newest first, paged",
    returns: 'every official forecast issuance kept of a global cyclone, newest first, paged',
    docs: 'api/endpoints-forecasts.md#a-storms-forecasts',
    area: 'global',
    paths: { web: '/api/global/typhoons/:id/forecasts', v1: '/api/v1/global/typhoons/:id/forecasts' },
    params: { id: 'globalId' },
    list: { key: 'list', paged: true },
    query: ['page', 'size'],
    servedBy: { kind: 'function', fn: 'storm-forecasts' },
    cache: 'live',
    tags: ['forecasts', 'global'],
    reads: [DATA_FILES.forecastArchive],
    dataSchema: stormForecastsAnswerSchema,
    notFound: (id, path) => `No global cyclone ${id} with forecasts; ${path('global-history')} lists every cyclone ingested.`,
    errors: ['badParameter', 'notFound', 'dataUnavailable'],
  },
  // The forecasts' paths under /api/geojson/, as every GeoJSON answer's (docs/api/endpoints-forecasts.md#each-issuance-on-a-map).
  'typhoon-forecasts-geojson': {
    title: "One storm's official forecasts as GeoJSON",
    summary:
      "GeoJSON (RFC 7946) of every official forecast kept of a north-western Pacific storm, newest first: each issuance's cone from its agency's measured errors (with the sample it came from), its track as a LineString, a Point per position; how current the storm is while active",
    returns: 'every official forecast issuance kept of a storm as GeoJSON: cones, tracks, points',
    docs: 'api/endpoints-forecasts.md#each-issuance-on-a-map',
    area: 'feeds-maps',
    paths: { web: '/api/geojson/typhoons/:code/forecasts' },
    params: { code: 'code' },
    webOnly: 'GeoJSON is read by map libraries and GDAL from its URL as-is: an envelope would make it something else',
    servedBy: { kind: 'function', fn: 'storm-forecasts' },
    cache: 'live',
    tags: ['forecasts', 'live'],
    reads: [DATA_FILES.forecastArchive, DATA_FILES.archiveSummaries],
    mediaType: 'application/geo+json; charset=utf-8',
    dataSchema: stormForecastsGeoJsonSchema,
    notFound: (code, path) =>
      `No storm ${code} with forecasts: neither kept by the service nor in the archive (${path('history-search')} finds archived storms).`,
    errors: ['badParameter', 'notFound', 'dataUnavailable'],
  },
  'global-typhoon-forecasts-geojson': {
    title: "A global cyclone's official forecasts as GeoJSON",
    summary:
      'The same for a cyclone of another basin (and JTWC’s warnings of a north-western Pacific storm): every kept issuance as GeoJSON, newest first, with its agency’s measured cone',
    returns: 'every official forecast issuance kept of a global cyclone as GeoJSON: cones, tracks, points',
    docs: 'api/endpoints-forecasts.md#each-issuance-on-a-map',
    area: 'feeds-maps',
    paths: { web: '/api/geojson/global/typhoons/:id/forecasts' },
    params: { id: 'globalId' },
    webOnly: 'GeoJSON is read by map libraries and GDAL from its URL as-is: an envelope would make it something else',
    servedBy: { kind: 'function', fn: 'storm-forecasts' },
    cache: 'live',
    tags: ['forecasts', 'global'],
    reads: [DATA_FILES.forecastArchive],
    mediaType: 'application/geo+json; charset=utf-8',
    dataSchema: stormForecastsGeoJsonSchema,
    notFound: (id, path) => `No global cyclone ${id} with forecasts; ${path('global-history', 'v1')} lists every cyclone ingested.`,
    errors: ['badParameter', 'notFound', 'dataUnavailable'],
  },
  'typhoon-verification': {
    title: "One storm's forecasts verified",
    summary:
      "The kept forecasts of a north-western Pacific storm verified by NHC's rules, per forecast and per agency: track, along- and cross-track and intensity errors at 12–120 h, skill against the baseline, agencies compared on the same cases; provisional until the best track is final",
    returns: "a storm's kept forecasts verified per forecast and per agency, provisional until its best track is final",
    docs: 'api/endpoints-forecasts.md#a-storms-verification',
    area: 'live',
    paths: { web: '/api/typhoons/:code/verification', v1: '/api/v1/typhoons/:code/verification' },
    params: { code: 'code' },
    servedBy: { kind: 'function', fn: 'storm-verification' },
    cache: 'live',
    tags: ['forecasts'],
    reads: [DATA_FILES.forecastArchive, DATA_FILES.archiveSummaries],
    dataSchema: stormVerificationSchema,
    notFound: (code, path) =>
      `No storm ${code} with forecasts: neither kept by the service nor in the archive (${path('history-search')} finds archived storms).`,
    errors: ['badParameter', 'notFound', 'dataUnavailable'],
  },
  'global-typhoon-verification': {
    title: "A global cyclone's forecasts verified",
    summary: 'The same for a cyclone of another basin: its kept forecasts verified per forecast and per agency',
    returns: "a global cyclone's kept forecasts verified per forecast and per agency",
    docs: 'api/endpoints-forecasts.md#a-storms-verification',
    area: 'global',
    paths: { web: '/api/global/typhoons/:id/verification', v1: '/api/v1/global/typhoons/:id/verification' },
    params: { id: 'globalId' },
    servedBy: { kind: 'function', fn: 'storm-verification' },
    cache: 'live',
    tags: ['forecasts', 'global'],
    reads: [DATA_FILES.forecastArchive],
    dataSchema: stormVerificationSchema,
    notFound: (id, path) => `No global cyclone ${id} with forecasts; ${path('global-history')} lists every cyclone ingested.`,
    errors: ['badParameter', 'notFound', 'dataUnavailable'],
  },
  'archived-verification': {
    title: "An archived storm's official forecasts verified",
    summary:
      "An archived storm's official forecasts from the ATCF a-decks (NHC's archive, JTWC's) verified against its best track, with every issuance: per forecast, per agency, skill against the baseline",
    returns: "an archived storm's official forecasts (ATCF a-decks) and their verification against its best track",
    docs: 'api/endpoints-forecasts.md#an-archived-storms-verification',
    area: 'history',
    paths: { web: '/api/verification/storms/:id', v1: '/api/v1/verification/storms/:id' },
    params: { id: 'archivedId' },
    // A storm whose a-deck the build verified (the demo's ANDREW; the tests' builds hold it too).
    examples: { id: 'nhc-al041992' },
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: archivedStormVerificationSchema,
    notFound: (id, path) =>
      `No archived official forecasts of ${id}: only storms whose a-deck the build read and whose best track the archive holds (${path('verification')} lists a season's).`,
    errors: ['badParameter'],
  },
  verification: {
    title: "A season's forecasts verified",
    summary:
      "One season's official forecasts verified per agency, basin and source (archived a-decks, kept live): mean errors and biases at 12–120 h, sample counts, skill against the basin's baseline, agencies compared on the same cases",
    returns: "a season's official forecasts verified per agency and basin, `year` required, `basin` and `agency` optional",
    docs: 'api/endpoints-forecasts.md#a-seasons-verification',
    area: 'history',
    paths: { web: '/api/verification', v1: '/api/v1/verification' },
    params: {},
    list: { key: 'list' },
    query: ['season', 'forecastBasin', 'agency'],
    servedBy: { kind: 'function', fn: 'season-verification' },
    cache: 'live',
    tags: ['forecasts'],
    reads: [DATA_FILES.forecastArchive],
    dataSchema: verificationSummaryAnswerSchema,
    errors: ['badParameter', 'dataUnavailable'],
  },
  'history-today': {
    title: 'Today in history',
    summary: 'Well-known storms active on this calendar day in past years (today in Asia/Shanghai)',
    returns: "well-known storms active on today's date (Beijing) in past years",
    docs: 'api/endpoints-archive.md#today-in-history',
    area: 'history',
    paths: { web: '/api/history/today', v1: '/api/v1/history/today' },
    params: {},
    list: { key: 'typhoons' },
    dataset: true,
    servedBy: { kind: 'function', fn: 'history-today' },
    cache: 'calendarDay',
    reads: [DATA_FILES.todayInHistory, DATA_FILES.archiveReport],
    dataSchema: todayInHistorySchema,
    errors: [],
  },
  'history-today-date': {
    title: 'A day in history',
    summary: 'The same for a given calendar day MM-DD',
    returns: 'the same for a calendar day `MM-DD`',
    docs: 'api/endpoints-archive.md#today-in-history',
    area: 'history',
    paths: { web: '/api/history/today/:date', v1: '/api/v1/history/today/:date' },
    params: { date: 'date' },
    list: { key: 'typhoons' },
    dataset: true,
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: todayInHistorySchema,
    notFound: (date) => `No entry for ${date}.`,
    errors: ['badParameter'],
  },
  'news-list': {
    title: 'Daily news',
    summary: 'Daily typhoon news, newest first, paged',
    returns: 'typhoon news, newest first, paged',
    docs: 'api/endpoints-apps.md#news-and-knowledge',
    area: 'news',
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
    title: 'One news item',
    summary: 'One news item with its Markdown body and its list of sources',
    returns: 'one news item',
    docs: 'api/endpoints-apps.md#news-and-knowledge',
    area: 'news',
    paths: { v1: '/api/v1/news/:slug' },
    params: { slug: 'slug' },
    examples: { slug: '2024-09-06-yagi-landfall-wenchang' },
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: newsItemSchema,
    notFound: (slug, path) => `No news item ${slug}; ${path('news-list')} lists them.`,
    errors: ['badParameter', 'notFound'],
  },
  'knowledge-list': {
    title: 'Knowledge articles',
    summary: 'Knowledge (wiki) articles by category, paged',
    returns: 'knowledge articles, paged, of one `category` when asked',
    docs: 'api/endpoints-apps.md#news-and-knowledge',
    area: 'news',
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
    title: 'One knowledge article',
    summary: 'One article with its Markdown body and sources',
    returns: 'one knowledge article',
    docs: 'api/endpoints-apps.md#news-and-knowledge',
    area: 'news',
    paths: { v1: '/api/v1/knowledge/:slug' },
    params: { slug: 'slug' },
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: knowledgeItemSchema,
    notFound: (slug, path) => `No article ${slug}; ${path('knowledge-list')} lists them.`,
    errors: ['badParameter', 'notFound'],
  },
  version: {
    title: 'Version check',
    summary: 'Version check and forced update for one client platform',
    returns: 'the latest and minimum app version of a `platform` (android, ios, harmony), and whether `current` must update',
    docs: 'api/endpoints-apps.md#version-check',
    area: 'client',
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
    title: 'Start-up bundle',
    summary: 'Start-up bundle: site configuration, announcements, active typhoons and disturbances, warnings in force, briefing, versions',
    returns:
      "an app's start-up bundle: site, announcements, active storms and disturbances, warnings in force, briefing, today in history, versions",
    docs: 'api/endpoints-apps.md#bootstrap',
    area: 'client',
    paths: { v1: '/api/v1/bootstrap' },
    params: {},
    servedBy: { kind: 'function', fn: 'bootstrap' },
    cache: 'live',
    tags: ['live', 'summary', 'disturbances', 'warnings'],
    reads: [DATA_FILES.site, DATA_FILES.announcements, DATA_FILES.versions, DATA_FILES.todayInHistory, DATA_FILES.archiveReport],
    dataset: true,
    dataSchema: bootstrapSchema,
    errors: [],
  },
  openapi: {
    title: 'OpenAPI document',
    summary: 'This API described in OpenAPI 3.1',
    returns: 'this API in OpenAPI 3.1, both families',
    docs: 'api/endpoints-other.md#openapi',
    area: 'client',
    paths: { web: '/api/openapi.json' },
    params: {},
    webOnly: 'the document describes both families and is read by OpenAPI tools as it is; in the envelope they could not read it',
    servedBy: { kind: 'static' },
    cache: 'archive',
    dataSchema: openApiDocumentSchema,
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

/**
 * Whether a route reads the query of a request. A function does, and refuses a parameter the route does not declare
 * (40001, naming the ones it takes: src/api/request.ts). A static route does not, in any of its answers (its files,
 * and the misses its function answers): Netlify's CDN serves a file whatever the query says, before any rule or
 * function could look at it (docs/api/conventions.md#query-parameters).
 */
export const readsQuery = (resource: Resource): boolean => resource.servedBy.kind === 'function';

/** The errors a route can answer: those it declares, and 40001 where it reads the query (an unknown parameter). */
export const errorsOf = (resource: Resource): readonly ErrorName[] =>
  readsQuery(resource) && !resource.errors.includes('badParameter') ? ['badParameter', ...resource.errors] : resource.errors;

export const ENDPOINTS: readonly Endpoint[] = RESOURCES.flatMap((resource) =>
  (Object.entries(resource.paths) as [Family, string][]).map(([family, path]) => ({ resource, family, path })),
);

/**
 * The first segment of every endpoint's paths (`/api`, `/feeds`): everything under one is the API's, so what no
 * endpoint answers there is a JSON miss (the catch-all rules, src/api/netlify-rules.ts) and OPTIONS the preflight.
 */
export const API_ROOTS: readonly `/${string}`[] = [...new Set(ENDPOINTS.map((e) => `/${e.path.split('/')[1]}` as const))];

/** Whether a path is under an API root, in any case: `/API/v1/typhoons` is the API's miss, not the site's 404 page. */
export const isApiPath = (pathname: string): boolean => {
  const lower = pathname.toLowerCase();
  return API_ROOTS.some((root) => lower === root || lower.startsWith(`${root}/`));
};

/** A path as people read it: `/api/v1/history/{year}` for `/api/v1/history/:year`. */
export const shownPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');

/**
 * How a text names another endpoint (by route id): its path in `family`, by default the family of the answer the
 * text is in, else its only path (a v1-only list named in a web answer).
 */
export type PathNamer = (routeId: string, family?: Family) => string;

export const pathNamer =
  (answering: Family): PathNamer =>
  (routeId, family = answering) => {
    const resource = RESOURCES.find((r) => r.id === routeId);
    if (!resource) throw new Error(`no route ${routeId} to name in a message`);
    const path = resource.paths[family] ?? resource.paths.web ?? resource.paths.v1;
    if (path === undefined) throw new Error(`route ${routeId} has no path`);
    return shownPath(path);
  };

/** Fills a pattern's `:name` segments; values must already be URL-safe. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing parameter ${name} for ${pattern}`);
    return value;
  });
}

/**
 * Matches a pathname against a pattern; returns the raw (still encoded) segment values or null. Paths are
 * case-sensitive; `fold` compares the fixed segments in any case, for the hint of a miss (`/API/v1/typhoons`).
 */
export function matchPath(pattern: string, pathname: string, fold = false): Record<string, string> | null {
  return matchSegments(pattern.split('/'), pathname.split('/'), fold);
}

/** matchPath on a pattern and a path split at their slashes (a miss's hints split each pattern once: ./classify-miss.ts). */
export function matchSegments(want: readonly string[], got: readonly string[], fold = false): Record<string, string> | null {
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(':')) params[w.slice(1)] = g;
    else if (fold ? w.toLowerCase() !== g.toLowerCase() : w !== g) return null;
  }
  return params;
}

/**
 * The endpoints of a family one segment below a path or pattern (`/api/v1/history` → years, {year}, near, today;
 * `/api/v1/typhoons` → {code}), in the table's order; `fold` as for matchPath.
 */
export function endpointsBelow(path: string, family: Family, fold = false): Endpoint[] {
  const depth = path.split('/').length;
  return ENDPOINTS.filter((e) => {
    const segments = e.path.split('/');
    return e.family === family && segments.length === depth + 1 && matchPath(segments.slice(0, depth).join('/'), path, fold) !== null;
  });
}

/** The collection prefix of a pattern (`/api/v1/history/:year` → `/api/v1/history/`), for per-collection rules. */
export const collectionOf = (pattern: string) => pattern.slice(0, pattern.indexOf(':'));
