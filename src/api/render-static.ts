/**
 * Renders every static answer by calling its route's handler in-process over the archive in memory, and writing
 * the body a function would answer (as hono's static generation and nitro's prerender do): a static answer and
 * a function answer for the same resource are one code path. Also writes the data files functions read.
 */
import { buildTrackSearchData } from '../archive/track-search-data.ts';
import type { SearchEntry, Typhoon } from '../model/typhoon-schemas.ts';
import type { StaticBinding } from './bind.ts';
import type { SiteData } from './context.ts';
import { DATA_FILES, type RenderedFile } from './data-files.ts';
import { ENDPOINTS, fillPath, RESOURCES, type Endpoint } from './route-table.ts';
import { parseRequest } from './request.ts';
import { answerBodies } from './serve.ts';

/** Where rendered files go as they are made (the build writes them into its new folder; tests collect them). */
export type EmitFile = (file: RenderedFile) => Promise<void>;

/**
 * Every static answer of both families, handed to `emit` as it is rendered. Each instance is rendered once and
 * written in each family (a static handler's answer does not depend on the family; only its errors' wording does),
 * and its payload checked against its route's schema once; every problem is returned, not just the first.
 */
export async function renderStaticAnswers(site: SiteData, bindings: readonly StaticBinding[], emit: EmitFile): Promise<string[]> {
  const problems: string[] = [];
  for (const resource of RESOURCES.filter((r) => r.servedBy.kind === 'static')) {
    const endpoints = ENDPOINTS.filter((e) => e.resource === resource);
    const binding = bindings.find((b) => b.route.id === resource.id);
    if (!binding) throw new Error(`no static binding for ${resource.id} (a handler file binds it with answerStatically)`);
    for (const params of binding.instances(site)) {
      const urls = endpoints.map((endpoint) => new URL(fillPath(endpoint.path, params), 'http://build'));
      const answer = await binding.render({ site }, parseRequest(endpoints[0] as Endpoint, params, urls[0] as URL));
      const where = `${resource.id} ${JSON.stringify(params)}`;
      const result = resource.dataSchema.safeParse(answer.payload);
      if (!result.success)
        problems.push(...result.error.issues.slice(0, 5).map((issue) => `${where}: ${issue.path.join('.')}: ${issue.message}`));
      // A static v1 `ts` is the data's release time, not the build's: the same data gives the same bytes.
      if (endpoints.some((e) => e.family === 'v1') && answer.dataTime === null)
        throw new Error(`static v1 answer ${where} has no release time for ts`);
      const bodies = answerBodies(
        resource,
        endpoints.map((e) => e.family),
        answer,
        answer.dataTime ?? 0,
      );
      for (const [i, url] of urls.entries()) await emit({ file: url.pathname.slice(1), body: bodies[i] as string });
    }
  }
  return problems;
}

/** The track searches' files (src/archive/track-search-data.ts): storm i is the same storm in each, so they go together. */
export function trackSearchFiles(typhoons: readonly Typhoon[]): Promise<RenderedFile[]> {
  const data = buildTrackSearchData(typhoons);
  return Promise.all([
    DATA_FILES.archiveSummaries.render(data.summaries),
    DATA_FILES.archiveTracks.render(data.tracks),
    DATA_FILES.proximityIndex.render(data.proximity),
    DATA_FILES.similarTracks.render(data.similar),
  ]);
}

/**
 * The generated files functions read (each lists its own in `includedFiles`); `searchIndex`: the archive's entries
 * (search-index.ts). Each is serialised at once; the gzipped ones are done when the promise is.
 */
export async function renderDataFiles(site: SiteData, searchIndex: readonly SearchEntry[]): Promise<RenderedFile[]> {
  const withoutBody = <T extends { body: string }>({ body: _body, ...rest }: T) => rest;
  /** A year's storms that have the agencies' tracks, by code. */
  const agenciesOf = (year: number) =>
    Object.fromEntries(
      (site.archive.byYear.get(year) ?? []).flatMap((t) => {
        const agencies = site.agencies.get(t.code);
        return agencies ? [[t.code, agencies] as const] : [];
      }),
    );
  const files = [
    DATA_FILES.searchIndex.render([...searchIndex]),
    DATA_FILES.newsList.render(site.content.news.map(withoutBody)),
    DATA_FILES.knowledgeList.render(site.content.knowledge.map(withoutBody)),
    DATA_FILES.versions.render(site.content.versions),
    DATA_FILES.site.render(site.content.site),
    DATA_FILES.announcements.render(site.content.announcements),
    trackSearchFiles(site.archive.typhoons),
    ...site.archive.years.map((year) => DATA_FILES.agencyComparison.of(year).render(agenciesOf(year))),
    DATA_FILES.forecastArchive.render(site.forecasts.file),
    ...globalDataFiles(site.global),
  ];
  return (await Promise.all(files)).flat();
}

/** The archive of every basin's files: its report, its search keys and its track-search files (storm i is summary i in each). */
function globalDataFiles({ history, report }: SiteData['global']): Promise<RenderedFile>[] {
  return [
    DATA_FILES.globalReport.render(report),
    DATA_FILES.globalSummaries.render(history.archive.summaries),
    DATA_FILES.globalSearchKeys.render(history.search.map(({ names, ids }) => ({ names, ids }))),
    DATA_FILES.globalTracks.render(history.trackSearch.tracks),
    DATA_FILES.globalProximity.render(history.trackSearch.proximity),
    DATA_FILES.globalSimilar.render(history.trackSearch.similar),
  ];
}

/**
 * The data files routes declare they read (by id: a path, or a family's glob) that none of these written paths is:
 * a function would find its file missing in production, so the build stops instead.
 */
export function unwrittenDataFiles(written: readonly string[]): string[] {
  const declared = new Set(RESOURCES.flatMap((r) => r.reads ?? []).map((file) => file.id));
  const matches = (id: string) => {
    const pattern = new RegExp(`^${id.replace(/[.]/g, '\\.').replace('*', '[^/]+')}$`);
    return written.some((file) => pattern.test(file));
  };
  return [...declared].filter((id) => !matches(id)).sort();
}
