/** `/api/seo/news?code=` (web), `/api/v1/flash` (paged) and `/api/v1/flash/{id}`: flash news from the store. */
import { readFlash } from '../../flash/flash-store.ts';
import { liveStore } from '../../live/store.ts';
import { classifyMiss } from '../classify-miss.ts';
import { notFound } from '../errors.ts';
import { PARAMS, parseQuery } from '../params.ts';
import { errorResponse, okResponse } from '../respond.ts';
import { requestParams } from '../route-table.ts';
import { pageOf } from './content-list.ts';

const SEO_NEWS_ITEMS = 20;
const FLASH_CACHE = { cacheControl: 'public, max-age=60', cdnCacheControl: 'public, durable, s-maxage=60, stale-while-revalidate=300' };

export async function handleSeoNews(req: Request): Promise<Response> {
  const { code } = parseQuery(new URL(req.url), ['code']);
  const items = (await readFlash(liveStore())).filter((item) => code === null || item.code === code);
  return okResponse('web', { code, total: items.length, news: items.slice(0, SEO_NEWS_ITEMS) }, { ...FLASH_CACHE, extraHeaders: { 'Netlify-Vary': 'query=code' } });
}

export async function handleFlashList(req: Request): Promise<Response> {
  const { page, size } = parseQuery(new URL(req.url), ['page', 'size']);
  return okResponse('v1', pageOf(await readFlash(liveStore()), page, size), { ...FLASH_CACHE, extraHeaders: { 'Netlify-Vary': 'query=page|size' } });
}

export async function handleFlashItem(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  const raw = requestParams('flash-item', pathname, 'v1');
  if (raw?.id === undefined) return errorResponse('v1', classifyMiss(pathname, 'v1'));
  const id = PARAMS.flashId.parse(raw.id);
  const item = (await readFlash(liveStore())).find((f) => f.id === id);
  if (!item) return errorResponse('v1', notFound(`No flash item ${id}; /api/v1/flash lists them.`));
  return okResponse('v1', item, FLASH_CACHE);
}
