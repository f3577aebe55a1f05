/**
 * Renders every static answer of the API from the archive: one pure function from records to files.
 * Both families come from the same payload, so they cannot drift apart.
 */
import { ARCHIVE_ATTRIBUTION } from '../archive/attribution.ts';
import type { ArchiveIndex } from '../archive/archive-index.ts';
import { typhoonGeoJson } from '../archive/geojson.ts';
import { searchEntry } from '../archive/search.ts';
import { summarizeTyphoon, yearStatistic } from '../archive/summaries.ts';
import { renderTodayInHistory } from '../archive/today-in-history.ts';
import type { SiteContent } from '../content/load-content.ts';
import type { NamesTable } from '../sources/names-table.ts';
import { DATA_FILES } from './data-files.ts';
import { renderOpenApi } from './openapi.ts';
import { envelope } from './respond.ts';
import { ENDPOINTS, fillPath, RESOURCES, type Resource } from './route-table.ts';

export interface StaticInstance {
  params: Record<string, string>;
  payload: unknown;
}


/** The payloads of each static resource, by resource id. */
export function renderPayloads(archive: ArchiveIndex, content: SiteContent, activeCodes: ReadonlySet<string> = new Set()): Record<string, StaticInstance[]> {
  const today = renderTodayInHistory(archive);
  return {
    'history-years': [
      {
        params: {},
        payload: {
          years: archive.years.map((year) => yearStatistic(year, archive.byYear.get(year) ?? [])),
          attribution: ARCHIVE_ATTRIBUTION,
        },
      },
    ],
    'history-year': archive.years.map((year) => {
      const typhoons = (archive.byYear.get(year) ?? []).map(summarizeTyphoon);
      return { params: { year: String(year) }, payload: { year, total: typhoons.length, typhoons, attribution: ARCHIVE_ATTRIBUTION } };
    }),
    // A storm active at build time gets no static file: the live lookup answers for it.
    'typhoon-detail': archive.typhoons.filter((t) => !activeCodes.has(t.code)).map((t) => ({ params: { code: t.code }, payload: t })),
    'history-today-date': [...today].map(([date, payload]) => ({ params: { date }, payload })),
    'typhoon-geojson': archive.typhoons.filter((t) => !activeCodes.has(t.code)).map((t) => ({ params: { code: t.code }, payload: typhoonGeoJson(t) })),
    'news-detail': content.news.map((item) => ({ params: { slug: item.slug }, payload: item })),
    'knowledge-detail': content.knowledge.map((item) => ({ params: { slug: item.slug }, payload: item })),
    openapi: [{ params: {}, payload: renderOpenApi() }],
  };
}

export interface RenderedFile {
  /** Path under public/, e.g. `api/v1/history/2024.json`. */
  file: string;
  /** The pretty URL path that serves it, e.g. `/api/v1/history/2024`; null for data files. */
  route: string | null;
  body: string;
}

const webBody = (resource: Resource, payload: unknown) => (resource.webKey ? { [resource.webKey]: payload } : payload);

/**
 * Every generated file: both families of every static resource, and the data files functions read.
 * `ts` is the envelope timestamp of static v1 answers (the build time).
 */
export function renderStaticFiles(
  payloads: Record<string, StaticInstance[]>,
  archive: ArchiveIndex,
  names: NamesTable,
  content: SiteContent,
  ts: number,
): RenderedFile[] {
  const files: RenderedFile[] = [];
  for (const endpoint of ENDPOINTS) {
    const { resource, family } = endpoint;
    if (resource.servedBy.kind !== 'static') continue;
    const instances = payloads[resource.id];
    if (!instances) throw new Error(`no renderer for static resource ${resource.id}`);
    for (const { params, payload } of instances) {
      const route = fillPath(endpoint.path, params);
      const body = JSON.stringify(family === 'v1' ? envelope(payload, ts) : webBody(resource, payload));
      // A route that already names a .json file is served by the file itself and needs no rule.
      files.push(route.endsWith('.json') ? { file: route.slice(1), route: null, body } : { file: `${route.slice(1)}.json`, route, body });
    }
  }
  const withoutBody = <T extends { body: string }>({ body: _body, ...rest }: T) => rest;
  const data: [string, unknown][] = [
    [DATA_FILES.searchIndex, archive.typhoons.map((t) => searchEntry(t, names))],
    [DATA_FILES.newsList, content.news.map(withoutBody)],
    [DATA_FILES.knowledgeList, content.knowledge.map(withoutBody)],
    [DATA_FILES.versions, content.versions],
    [DATA_FILES.site, content.site],
    [DATA_FILES.announcements, content.announcements],
  ];
  for (const [file, value] of data) files.push({ file, route: null, body: JSON.stringify(value) });
  return files;
}

/** Validates every payload against its resource's schema; returns every problem, not just the first. */
export function validatePayloads(payloads: Record<string, StaticInstance[]>): string[] {
  const problems: string[] = [];
  for (const resource of RESOURCES) {
    for (const { params, payload } of payloads[resource.id] ?? []) {
      const result = resource.dataSchema.safeParse(payload);
      if (result.success) continue;
      const where = `${resource.id} ${JSON.stringify(params)}`;
      for (const issue of result.error.issues.slice(0, 5)) problems.push(`${where}: ${issue.path.join('.')}: ${issue.message}`);
    }
  }
  return problems;
}
