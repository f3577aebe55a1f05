/** `/api/global/typhoons`, `/api/global/typhoons/{id}`, `/api/global/history?year=&q=` (web family). */
import { investOfStorm } from '../../global/disturbance-view.ts';
import { activeGlobalCyclones, globalCyclone, globalHistory } from '../../global/global-view.ts';
import { answerRequests, notFoundIn } from '../bind.ts';
import { dataUnavailable } from '../errors.ts';
import { ROUTES } from '../route-table.ts';

export const globalTyphoons = answerRequests(ROUTES['global-typhoons'], async (ctx) => ({
  payload: await activeGlobalCyclones(ctx.store),
}));

/** A cyclone whose stored record cannot be read is unavailable (503), never "not found": the next refresh restores it. */
export const globalTyphoon = answerRequests(ROUTES['global-typhoon'], async (ctx, { params }) => {
  const answer = await globalCyclone(ctx.store, params.id);
  if (answer.state === 'unreadable')
    throw dataUnavailable(
      `Global cyclone ${params.id}: data unavailable, try again after the next refresh (its stored record cannot be read; the refresh, every 15 minutes, restores it).`,
    );
  if (answer.state === 'missing') throw notFoundIn(ROUTES['global-typhoon'], params.id);
  const formedFrom = await investOfStorm(ctx.store, answer.typhoon.atcfId, ctx.now());
  return { payload: { typhoon: answer.typhoon, formedFrom } };
});

export const globalHistoryList = answerRequests(ROUTES['global-history'], async (ctx, { query: { year, q } }) => {
  const typhoons = await globalHistory(ctx.store, { year, q });
  return { payload: { year, q, total: typhoons.length, typhoons } };
});
