/** `/api/global/typhoons`, `/api/global/typhoons/{id}`, `/api/global/history?year=&q=` (web family). */
import { activeGlobalCyclones, globalCyclone, globalHistory } from '../../global/global-view.ts';
import { liveStore } from '../../live/store.ts';
import { notFound } from '../errors.ts';
import { classifyMiss } from '../classify-miss.ts';
import { PARAMS, parseQuery } from '../params.ts';
import { errorResponse, okResponse } from '../respond.ts';
import { requestParams } from '../route-table.ts';

const LIVE_CACHE = { cacheControl: 'public, max-age=60', cdnCacheControl: 'public, durable, s-maxage=60, stale-while-revalidate=300' };

export async function handleGlobalTyphoons(_req: Request): Promise<Response> {
  return okResponse('web', await activeGlobalCyclones(liveStore()), LIVE_CACHE);
}

export async function handleGlobalTyphoon(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  const raw = requestParams('global-typhoon', pathname, 'web');
  if (raw?.id === undefined) return errorResponse('web', classifyMiss(pathname, 'web'));
  const id = PARAMS.globalId.parse(raw.id);
  const typhoon = await globalCyclone(liveStore(), id);
  if (!typhoon) return errorResponse('web', notFound(`No global cyclone ${id}; /api/global/history lists every cyclone ingested.`));
  return okResponse('web', { typhoon }, LIVE_CACHE);
}

export async function handleGlobalHistory(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const { year, q } = parseQuery(url, ['year', 'q']);
  const typhoons = await globalHistory(liveStore(), { year, q });
  return okResponse('web', { year, q, total: typhoons.length, typhoons }, { ...LIVE_CACHE, extraHeaders: { 'Netlify-Vary': 'query=year|q' } });
}
