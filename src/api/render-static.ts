/**
 * Renders every static answer of the API from the archive: one pure function from records to files.
 * Both families come from the same payload, so they cannot drift apart.
 */
import { archiveAttribution } from '../archive/attribution.ts';
import { releaseTime } from '../archive/release-time.ts';
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
  /**
   * The v1 envelope's `ts` of a static answer: when its data was last released (ms since the epoch), not when
   * it was built, so the same data always gives the same bytes and a deploy uploads only what changed.
   */
  ts?: number;
}

/** Midnight Beijing time of a `YYYY-MM-DD` content date, as ms since the epoch. */
const contentTime = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
const latest = (times: number[]) => times.reduce((a, b) => Math.max(a, b), 0);


/**
 * The payloads of each static resource, by resource id. The archive holds finished storms only (CMA releases
 * a year in spring; the Zhejiang archive fetch skips active storms), so no static file ever hides a live one.
 */
export function renderPayloads(archive: ArchiveIndex, content: SiteContent, options: { demo?: boolean } = {}): Record<string, StaticInstance[]> {
  const today = renderTodayInHistory(archive);
  const attribution = archiveAttribution(options.demo ?? false);
  return {
    'history-years': [
      {
        params: {},
        payload: { years: archive.years.map((year) => yearStatistic(year, archive.byYear.get(year) ?? [])), attribution },
        ts: latest(archive.typhoons.map(releaseTime)),
      },
    ],
    'history-year': archive.years.map((year) => {
      const storms = archive.byYear.get(year) ?? [];
      const typhoons = storms.map(summarizeTyphoon);
      return { params: { year: String(year) }, payload: { year, total: typhoons.length, typhoons, attribution }, ts: latest(storms.map(releaseTime)) };
    }),
    'typhoon-detail': archive.typhoons.map((t) => ({ params: { code: t.code }, payload: t, ts: releaseTime(t) })),
    'history-today-date': [...today].map(([date, payload]) => ({ params: { date }, payload })),
    'typhoon-geojson': archive.typhoons.map((t) => ({ params: { code: t.code }, payload: typhoonGeoJson(t) })),
    'news-detail': content.news.map((item) => ({ params: { slug: item.slug }, payload: item, ts: contentTime(item.date) })),
    'knowledge-detail': content.knowledge.map((item) => ({ params: { slug: item.slug }, payload: item, ts: contentTime(item.updated) })),
    openapi: [{ params: {}, payload: renderOpenApi() }],
  };
}

/** A generated file: a static answer lives at exactly its URL path (`api/v1/history/2024`, no extension). */
export interface RenderedFile {
  /** Path under public/, e.g. `api/v1/history/2024`. */
  file: string;
  body: string;
}

const webBody = (resource: Resource, payload: unknown) => (resource.webKey ? { [resource.webKey]: payload } : payload);

/** Every generated file: both families of every static resource, and the data files functions read. */
export function renderStaticFiles(
  payloads: Record<string, StaticInstance[]>,
  archive: ArchiveIndex,
  names: NamesTable,
  content: SiteContent,
): RenderedFile[] {
  const files: RenderedFile[] = [];
  for (const endpoint of ENDPOINTS) {
    const { resource, family } = endpoint;
    if (resource.servedBy.kind !== 'static') continue;
    const instances = payloads[resource.id];
    if (!instances) throw new Error(`no renderer for static resource ${resource.id}`);
    for (const { params, payload, ts } of instances) {
      const route = fillPath(endpoint.path, params);
      if (family === 'v1' && ts === undefined) throw new Error(`static v1 resource ${resource.id} has no release time for ts`);
      const body = JSON.stringify(family === 'v1' ? envelope(payload, ts as number) : webBody(resource, payload));
      // A route that already names a .json file is served by the file itself and needs no rule.
      // The URL is the file: Netlify serves an existing file before any rule, so no rule is needed per answer.
      files.push({ file: route.slice(1), body });
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
  for (const [file, value] of data) files.push({ file, body: JSON.stringify(value) });
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
