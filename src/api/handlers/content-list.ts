/**
 * `/api/v1/news` and `/api/v1/knowledge` (and later `/api/v1/flash`): pages a stored list.
 * `page` from 1 and `size` 1–50 (defaults 1 and 20); out-of-range values are 40001, never clamped;
 * a page past the end is an empty list with the total. The CDN keeps one copy per page and size.
 */
import { DATA_FILES } from '../data-files.ts';
import { classifyMiss } from '../classify-miss.ts';
import { parseQuery } from '../params.ts';
import { errorResponse, okResponse } from '../respond.ts';
import { readPublicJson } from '../site-data.ts';

const LISTS: Record<string, string> = {
  '/api/v1/news': DATA_FILES.newsList,
  '/api/v1/knowledge': DATA_FILES.knowledgeList,
};

/** The shape of `pageSchema` in content-schemas.ts. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

export function pageOf<T>(items: readonly T[], page: number, size: number): Page<T> {
  return { list: items.slice((page - 1) * size, page * size), total: items.length, page, size, pages: Math.ceil(items.length / size) };
}

/** CDN caching for a paged list that changes only with a deploy: one cached copy per page/size pair. */
export const PAGED_CACHE = {
  cacheControl: 'public, max-age=300',
  cdnCacheControl: 'public, durable, s-maxage=86400, stale-while-revalidate=604800',
  extraHeaders: { 'Netlify-Vary': 'query=page|size' },
};

export async function handleContentList(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const file = LISTS[url.pathname.replace(/\/$/, '')];
  if (!file) return errorResponse('v1', classifyMiss(url.pathname, 'v1'));
  const { page, size } = parseQuery(url, ['page', 'size']);
  const items = await readPublicJson<unknown[]>(file);
  if (!items) throw new Error(`${file} is missing: run the build first`);
  return okResponse('v1', pageOf(items, page, size), PAGED_CACHE);
}
