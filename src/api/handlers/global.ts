/** `/api/global/typhoons`, `/api/global/typhoons/{id}`, `/api/global/history?year=&q=` (web family). */
import { investLinks } from '../../global/disturbance-view.ts';
import { activeGlobalCyclones, globalCyclone, globalHistory } from '../../global/global-view.ts';
import { readGlobalStatus } from '../../global/global-store.ts';
import { answerRequests, notFoundIn } from '../bind.ts';
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

export const globalHistoryList = answerRequests(ROUTES['global-history'], async (ctx, { query: { year, q } }) => {
  const [typhoons, status] = await Promise.all([globalHistory(ctx.store, { year, q }), readGlobalStatus(ctx.store)]);
  const sources = { nhc: { fetchedAt: status.nhc?.lastSuccessAt ?? null }, jtwc: { fetchedAt: status.jtwc?.lastSuccessAt ?? null } };
  return { payload: { year, q, total: typhoons.length, typhoons }, dataTime: fetchedAt(sources) };
});
