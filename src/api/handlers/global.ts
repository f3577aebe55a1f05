/** `/api/global/typhoons`, `/api/global/typhoons/{id}`, `/api/global/history?year=&q=` (web family). */
import { activeGlobalCyclones, globalCyclone, globalHistory } from '../../global/global-view.ts';
import { liveOf } from '../context.ts';
import { notFound } from '../errors.ts';
import type { ResourceHandler } from '../serve.ts';

export const globalTyphoons: ResourceHandler = async (ctx) => ({ payload: await activeGlobalCyclones(liveOf(ctx)) });

export const globalTyphoon: ResourceHandler = async (ctx, { params }) => {
  const typhoon = await globalCyclone(liveOf(ctx), params.id as string);
  if (!typhoon) throw notFound(`No global cyclone ${params.id}; /api/global/history lists every cyclone ingested.`);
  return { payload: { typhoon } };
};

export const globalHistoryList: ResourceHandler = async (ctx, { query }) => {
  const year = query.year as number | null;
  const q = query.q as string | null;
  const typhoons = await globalHistory(liveOf(ctx), { year, q });
  return { payload: { year, q, total: typhoons.length, typhoons } };
};
