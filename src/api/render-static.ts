/**
 * Renders every static answer by calling its route's handler in-process over the archive in memory, and writing
 * the body a function would answer (as hono's static generation and nitro's prerender do): a static answer and
 * a function answer for the same resource are one code path. Also writes the data files functions read.
 */
import { gzipSync } from 'node:zlib';
import { searchEntry } from '../archive/search-index.ts';
import { buildTrackSearchData } from '../archive/track-search-data.ts';
import type { Typhoon } from '../model/typhoon-schemas.ts';
import type { NamesTable } from '../sources/names-table.ts';
import type { StaticBinding } from './bind.ts';
import type { SiteData } from './context.ts';
import { agencyComparisonFile, DATA_FILES } from './data-files.ts';
import { ENDPOINTS, fillPath } from './route-table.ts';
import { answerBody, parseRequest } from './serve.ts';

/** A generated file: a static answer lives at exactly its URL path (`api/v1/history/2024`, no extension). */
export interface RenderedFile {
  /** Path under public/, e.g. `api/v1/history/2024`. */
  file: string;
  /** Text, or bytes (the gzipped data files). */
  body: string | Buffer;
}

/**
 * Every static answer of both families. Payloads are checked against their route's schema (once per resource
 * and parameters); every problem is returned, not just the first.
 */
export async function renderStaticAnswers(
  site: SiteData,
  bindings: readonly StaticBinding[],
): Promise<{ files: RenderedFile[]; problems: string[] }> {
  const files: RenderedFile[] = [];
  const problems: string[] = [];
  const checked = new Set<string>();
  for (const endpoint of ENDPOINTS.filter((e) => e.resource.servedBy.kind === 'static')) {
    const { resource, family } = endpoint;
    const binding = bindings.find((b) => b.route.id === resource.id);
    if (!binding) throw new Error(`no static binding for ${resource.id} (a handler file binds it with answerStatically)`);
    for (const params of binding.instances(site)) {
      const url = new URL(fillPath(endpoint.path, params), 'http://build');
      const answer = await binding.render({ site }, parseRequest(endpoint, params, url));
      const where = `${resource.id} ${JSON.stringify(params)}`;
      if (!checked.has(where)) {
        checked.add(where);
        const result = resource.dataSchema.safeParse(answer.payload);
        if (!result.success)
          problems.push(...result.error.issues.slice(0, 5).map((issue) => `${where}: ${issue.path.join('.')}: ${issue.message}`));
      }
      // A static v1 `ts` is the data's release time, not the build's: the same data gives the same bytes.
      if (family === 'v1' && answer.dataTime === null) throw new Error(`static v1 answer ${where} has no release time for ts`);
      files.push({ file: url.pathname.slice(1), body: answerBody(resource, family, answer, answer.dataTime ?? 0) });
    }
  }
  return { files, problems };
}

/** The track searches' files (src/archive/track-search-data.ts): storm i is the same storm in each, so they go together. */
export function trackSearchFiles(typhoons: readonly Typhoon[]): [string, unknown][] {
  const data = buildTrackSearchData(typhoons);
  return [
    [DATA_FILES.archiveSummaries, data.summaries],
    [DATA_FILES.archiveTracks, data.tracks],
    [DATA_FILES.proximityIndex, data.proximity],
    [DATA_FILES.similarTracks, data.similar],
  ];
}

/** The generated files functions read (each lists its own in `includedFiles`). */
export function renderDataFiles(site: SiteData, names: NamesTable): RenderedFile[] {
  const withoutBody = <T extends { body: string }>({ body: _body, ...rest }: T) => rest;
  const data: [string, unknown][] = [
    [DATA_FILES.searchIndex, site.archive.typhoons.map((t) => searchEntry(t, names))],
    [DATA_FILES.newsList, site.content.news.map(withoutBody)],
    [DATA_FILES.knowledgeList, site.content.knowledge.map(withoutBody)],
    [DATA_FILES.versions, site.content.versions],
    [DATA_FILES.site, site.content.site],
    [DATA_FILES.announcements, site.content.announcements],
    ...trackSearchFiles(site.archive.typhoons),
    ...site.archive.years.map((year): [string, unknown] => [
      agencyComparisonFile(year),
      Object.fromEntries((site.archive.byYear.get(year) ?? []).map((t) => [t.code, site.agencies.get(t.code)])),
    ]),
  ];
  // gzip's header carries no time here (Node writes mtime 0), so the same data gives the same bytes.
  return data.map(([file, value]) => ({
    file,
    body: file.endsWith('.gz') ? gzipSync(JSON.stringify(value), { level: 9 }) : JSON.stringify(value),
  }));
}
