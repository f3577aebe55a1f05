/** `/api/global/typhoons`, `/api/global/typhoons/{id}`, `/api/global/history?year=&q=&basin=` (both families). */
import { investLinks } from '../../global/disturbance-view.ts';
import { activeGlobalCyclones, globalCyclone, globalHistory } from '../../global/global-view.ts';
import { readGlobalStatus } from '../../global/global-store.ts';
import { joinSearchKeys, searchGlobalArchive, type GlobalMatch, type GlobalSearchKeys } from '../../archive/global/global-search.ts';
import { ARCHIVE_BASINS_OF_ATCF, type ArchiveBasin, type ArchivedSummary } from '../../model/global-archive-schemas.ts';
import { answerRequests, notFoundIn } from '../bind.ts';
import { DATA_FILES } from '../data-files.ts';
import { pageOf } from '../paging.ts';
import { latestOf, timeOf } from '../data-time.ts';
import { dataUnavailable } from '../errors.ts';
import { ROUTES } from '../route-table.ts';

/** The global answers' data time: the latest successful fetch of either source. */
const fetchedAt = (sources: { nhc: { fetchedAt: string | null } | null; jtwc: { fetchedAt: string | null } | null }) =>
  latestOf([sources.nhc?.fetchedAt, sources.jtwc?.fetchedAt].map(timeOf));

export const globalTyphoons = answerRequests(ROUTES['global-typhoons'], async (ctx) => {
  const payload = await activeGlobalCyclones(ctx.store, ctx.now(), ctx.config.liveOff);
  return { payload, dataTime: fetchedAt(payload.sources) };
});

/** A cyclone whose stored record cannot be read is unavailable (503), never "not found": the next refresh restores it. */
export const globalTyphoon = answerRequests(ROUTES['global-typhoon'], async (ctx, { family, params }) => {
  const answer = await globalCyclone(ctx.store, params.id, ctx.now(), ctx.config.liveOff);
  if (answer.state === 'unreadable')
    throw dataUnavailable(
      `Global cyclone ${params.id}: data unavailable, try again after the next refresh (its stored record cannot be read; the refresh, every 15 minutes, restores it).`,
    );
  if (answer.state === 'missing') throw notFoundIn(ROUTES['global-typhoon'], params.id, family);
  const formedFrom = (await investLinks(ctx.store, ctx.now())).ofCyclone(answer.typhoon.atcfId);
  // Its record was written when a feed last listed it.
  return { payload: { ...answer.typhoon, formedFrom }, dataTime: timeOf(answer.typhoon.lastSeenAt) };
});

/**
 * The archive of every basin that matches (src/archive/global/global-search.ts): with q the best matches, best first;
 * without, every storm of the year and basin in order of formation.
 */
function archiveMatches(
  summaries: readonly ArchivedSummary[],
  keys: readonly GlobalSearchKeys[],
  { year, q, basin }: { year: number | null; q: string | null; basin: ArchiveBasin | null },
): (ArchivedSummary & { matchedBy: GlobalMatch | null })[] {
  if (q !== null)
    return searchGlobalArchive(joinSearchKeys(summaries, keys), { q, year, basin }).map((hit) => ({
      ...hit.summary,
      matchedBy: hit.matchedBy,
    }));
  return summaries
    .filter((s) => (year === null || s.year === year) && (basin === null || s.basins.includes(basin)))
    .map((s) => ({ ...s, matchedBy: null }));
}

/**
 * The cyclones ingested live (the spec's list, as it always was), and the archive of every basin that matches,
 * paged. A cyclone's ATCF basin stands for the basins of the archive it may be in (ARCHIVE_BASINS_OF_ATCF).
 */
export const globalHistoryList = answerRequests(ROUTES['global-history'], async (ctx, { query: { year, q, basin, page, size } }) => {
  const [live, status, summaries, keys, report] = await Promise.all([
    globalHistory(ctx.store, { year, q }),
    readGlobalStatus(ctx.store),
    ctx.data(DATA_FILES.globalSummaries),
    ctx.data(DATA_FILES.globalSearchKeys),
    ctx.data(DATA_FILES.globalReport),
  ]);
  const typhoons = basin === null ? live : live.filter((s) => ARCHIVE_BASINS_OF_ATCF[s.basin].includes(basin));
  const archive = {
    ...pageOf(archiveMatches(summaries, keys, { year, q, basin }), { page, size }),
    otherBasins: report.coverage.otherBasins,
  };
  const sources = { nhc: { fetchedAt: status.nhc?.lastSuccessAt ?? null }, jtwc: { fetchedAt: status.jtwc?.lastSuccessAt ?? null } };
  return {
    payload: { year, q, basin, total: typhoons.length, typhoons, archive },
    dataTime: latestOf([fetchedAt(sources), report.releasedAt]),
    dataset: report.dataset,
  };
});
