/** `/api/seo/news?code=` (web), `/api/v1/flash` (paged) and `/api/v1/flash/{id}`: flash news from the store (feeds: ./flash-feed.ts). */
import { readFlash } from '../../flash/flash-store.ts';
import type { FlashItem } from '../../model/flash-schemas.ts';
import { liveOf, type HandlerContext } from '../context.ts';
import { notFound } from '../errors.ts';
import type { ResourceHandler } from '../serve.ts';
import { pageOf } from './content.ts';

/** How many items the web list and the feeds give: the newest. */
export const LATEST_FLASH_ITEMS = 20;

/** Every stored item, newest first, of one storm when `code` is given. */
export async function flashOf(ctx: HandlerContext, code: string | null): Promise<FlashItem[]> {
  return (await readFlash(liveOf(ctx))).filter((item) => code === null || item.code === code);
}

export const seoNews: ResourceHandler = async (ctx, { query }) => {
  const code = query.code as string | null;
  const items = await flashOf(ctx, code);
  return { payload: { code, total: items.length, news: items.slice(0, LATEST_FLASH_ITEMS) } };
};

export const flashList: ResourceHandler = async (ctx, request) => ({ payload: pageOf(await readFlash(liveOf(ctx)), request) });

export const flashItem: ResourceHandler = async (ctx, { params }) => {
  const item = (await readFlash(liveOf(ctx))).find((f) => f.id === params.id);
  if (!item) throw notFound(`No flash item ${params.id}; /api/v1/flash lists them.`);
  return { payload: item };
};
