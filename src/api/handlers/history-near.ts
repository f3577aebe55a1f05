/**
 * `/api/history/near` (both families): archived storms whose tracks came within a radius of a place, paged, with
 * the whole match counted (src/archive/past-storms-near.ts). Answered by a function over the generated files.
 */
import { searchNear, nearStorm, type NearData } from '../../archive/past-storms-near.ts';
import type { NearQuery } from '../../model/track-search-schemas.ts';
import { DATA_FILES } from '../data-files.ts';
import { answerRequests, type QueryOf } from '../bind.ts';
import { archiveRelease } from '../data-time.ts';
import { pageOf } from '../paging.ts';
import { ROUTES } from '../route-table.ts';

/** The query as parsed and checked (src/api/params.ts: each value, and `from` not after `to`). */
function nearQuery(q: QueryOf<(typeof ROUTES)['history-near']>): NearQuery {
  return {
    lat: q.lat,
    lng: q.lng,
    radius: q.radius,
    from: q.from,
    to: q.to,
    months: q.months,
    minGrade: q.minGrade,
    landfall: q.landfall,
  };
}

export const historyNear = answerRequests(ROUTES['history-near'], async (ctx, request) => {
  const query = nearQuery(request.query);
  const [summaries, tracks, index, release] = await Promise.all([
    ctx.data(DATA_FILES.archiveSummaries),
    ctx.data(DATA_FILES.archiveTracks),
    ctx.data(DATA_FILES.proximityIndex),
    archiveRelease(ctx),
  ]);
  const data: NearData = { summaries, tracks, index };
  const { matches, counts } = searchNear(data, query);
  const page = pageOf(matches, request.query);
  return { payload: { ...page, list: page.list.map((match) => nearStorm(data, match)), query, counts }, ...release };
});
