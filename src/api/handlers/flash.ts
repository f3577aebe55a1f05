/** `/api/seo/news?code=` (web), `/api/v1/flash` (paged) and `/api/v1/flash/{id}`: flash news from the store (feeds: ./flash-feed.ts). */
import { readFlash } from '../../flash/flash-store.ts';
import type { FlashItem } from '../../model/flash-schemas.ts';
import { answerRequests, notFoundIn } from '../bind.ts';
import type { RequestContext } from '../context.ts';
import { latestOf, timeOf } from '../data-time.ts';
import { pageOf } from '../paging.ts';
import { ROUTES } from '../route-table.ts';

/** How many items the web list and the feeds give: the newest. */
export const LATEST_FLASH_ITEMS = 20;

/** Every stored item, newest first, of one storm when `code` is given. */
export async function flashOf(ctx: RequestContext, code: string | null): Promise<FlashItem[]> {
  return (await readFlash(ctx.store)).filter((item) => code === null || item.code === code);
}

export const seoNews = answerRequests(ROUTES['seo-news'], async (ctx, { query: { code } }) => {
  const items = await flashOf(ctx, code);
  return { payload: { code, total: items.length, news: items.slice(0, LATEST_FLASH_ITEMS) }, dataTime: newestOf(items) };
});

/** Flash data's time: when the newest item was written (null when there is none). */
const newestOf = (items: readonly FlashItem[]) => latestOf(items.map((item) => timeOf(item.createdAt)));

export const flashList = answerRequests(ROUTES['flash-list'], async (ctx, { query }) => {
  const items = await readFlash(ctx.store);
  return { payload: pageOf(items, query), dataTime: newestOf(items) };
});

export const flashItem = answerRequests(ROUTES['flash-item'], async (ctx, { family, params }) => {
  const item = (await readFlash(ctx.store)).find((f) => f.id === params.id);
  if (!item) throw notFoundIn(ROUTES['flash-item'], params.id, family);
  return { payload: item, dataTime: timeOf(item.createdAt) };
});
