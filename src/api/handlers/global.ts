/** `/api/global/typhoons`, `/api/global/typhoons/{id}`, `/api/global/history?year=&q=` (web family). */
import { activeGlobalCyclones, globalCyclone, globalHistory } from '../../global/global-view.ts';
import { liveOf } from '../context.ts';
import { dataUnavailable, notFound } from '../errors.ts';
import type { ResourceHandler } from '../serve.ts';

export const globalTyphoons: ResourceHandler = async (ctx) => ({ payload: await activeGlobalCyclones(liveOf(ctx)) });

/** A cyclone whose stored record cannot be read is unavailable (503), never "not found": the next refresh restores it. */
export const globalTyphoon: ResourceHandler = async (ctx, { params }) => {
  const answer = await globalCyclone(liveOf(ctx), params.id as string);
  if (answer.state === 'unreadable') throw dataUnavailable(`Global cyclone ${params.id}: data unavailable, try again after the next refresh (its stored record cannot be read; the refresh, every 15 minutes, restores it).`);
  if (answer.state === 'missing') throw notFound(`No global cyclone ${params.id}; /api/global/history lists every cyclone ingested.`);
  return { payload: { typhoon: answer.typhoon } };
};

export const globalHistoryList: ResourceHandler = async (ctx, { query }) => {
  const year = query.year as number | null;
  const q = query.q as string | null;
  const typhoons = await globalHistory(liveOf(ctx), { year, q });
  return { payload: { year, q, total: typhoons.length, typhoons } };
};
