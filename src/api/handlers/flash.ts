/** `/api/seo/news?code=` (web), `/api/v1/flash` (paged) and `/api/v1/flash/{id}`: flash news from the store. */
import { readFlash } from '../../flash/flash-store.ts';
import { liveOf } from '../context.ts';
import { notFound } from '../errors.ts';
import type { ResourceHandler } from '../serve.ts';
import { pageOf } from './content.ts';

const SEO_NEWS_ITEMS = 20;

export const seoNews: ResourceHandler = async (ctx, { query }) => {
  const code = query.code as string | null;
  const items = (await readFlash(liveOf(ctx))).filter((item) => code === null || item.code === code);
  return { payload: { code, total: items.length, news: items.slice(0, SEO_NEWS_ITEMS) } };
};

export const flashList: ResourceHandler = async (ctx, request) => ({ payload: pageOf(await readFlash(liveOf(ctx)), request) });

export const flashItem: ResourceHandler = async (ctx, { params }) => {
  const item = (await readFlash(liveOf(ctx))).find((f) => f.id === params.id);
  if (!item) throw notFound(`No flash item ${params.id}; /api/v1/flash lists them.`);
  return { payload: item };
};
