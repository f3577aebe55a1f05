/** `/api/history/search/{keyword}` and `/api/v1/history/search/{kw}`. */
import { searchArchive } from '../../archive/search.ts';
import type { SearchEntry } from '../../model/schemas.ts';
import { classifyMiss } from '../classify-miss.ts';
import { DATA_FILES } from '../data-files.ts';
import { PARAMS } from '../params.ts';
import { errorResponse, familyOfPath, okResponse } from '../respond.ts';
import { requestParams } from '../route-table.ts';
import { readPublicJson } from '../site-data.ts';

/** The index changes only with a deploy, and a deploy purges Netlify's CDN. */
const CDN_CACHE = 'public, durable, s-maxage=86400, stale-while-revalidate=604800';

export async function handleHistorySearch(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  const family = familyOfPath(pathname);
  const raw = requestParams('history-search', pathname, family);
  if (raw?.keyword === undefined) return errorResponse(family, classifyMiss(pathname, family));
  const keyword = PARAMS.keyword.parse(raw.keyword);
  const index = await readPublicJson<SearchEntry[]>(DATA_FILES.searchIndex);
  if (!index) throw new Error(`${DATA_FILES.searchIndex} is missing: run the build first`);
  const typhoons = searchArchive(index, keyword);
  return okResponse(family, { keyword, total: typhoons.length, typhoons }, { cacheControl: 'public, max-age=300', cdnCacheControl: CDN_CACHE });
}
