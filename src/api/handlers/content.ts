/**
 * News, knowledge and the version check. Lists are paged by a function over the lists the build wrote (`page`
 * from 1 and `size` 1–50, defaults 1 and 20; out-of-range values are 40001, never clamped; a page past the end
 * is an empty list with the total); an item is a static answer rendered from the content in memory.
 */
import semver from 'semver';
import type { VersionsFile } from '../../model/content-schemas.ts';
import { parseLocalTimestamp } from '../../model/time.ts';
import type { HandlerContext } from '../context.ts';
import { DATA_FILES } from '../data-files.ts';
import { notFound } from '../errors.ts';
import type { ApiRequest, ResourceHandler } from '../serve.ts';

/** The shape of `pageSchema` in content-schemas.ts. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

export function pageOf<T>(items: readonly T[], { query }: ApiRequest): Page<T> {
  const page = query.page as number;
  const size = query.size as number;
  return { list: items.slice((page - 1) * size, page * size), total: items.length, page, size, pages: Math.ceil(items.length / size) };
}

const pagedFile = (file: string): ResourceHandler => async (ctx, request) => ({ payload: pageOf(await ctx.data<unknown[]>(file), request) });

export const newsList = pagedFile(DATA_FILES.newsList);
export const knowledgeList = pagedFile(DATA_FILES.knowledgeList);

/** Midnight Beijing time of a `YYYY-MM-DD` content date, as ms since the epoch (content dates are validated). */
const contentTime = (date: string) => (parseLocalTimestamp(date, 'beijing') as Date).getTime();

const contentOf = (ctx: HandlerContext) => {
  if (!ctx.site) throw new Error('this answer is rendered by the build');
  return ctx.site.content;
};

export const newsDetail: ResourceHandler = async (ctx, { params }) => {
  const item = contentOf(ctx).news.find((n) => n.slug === params.slug);
  if (!item) throw notFound(`No news item ${params.slug}; /api/v1/news lists them.`);
  return { payload: item, releasedAt: contentTime(item.date) };
};

export const knowledgeDetail: ResourceHandler = async (ctx, { params }) => {
  const item = contentOf(ctx).knowledge.find((k) => k.slug === params.slug);
  if (!item) throw notFound(`No article ${params.slug}; /api/v1/knowledge lists them.`);
  return { payload: item, releasedAt: contentTime(item.updated) };
};

/**
 * `/api/v1/version?platform=android[&current=1.3.0]`: the platform's `latest`, `min`, `url`, `notes`; with
 * `current`, whether an update is available and whether it is forced (current below `min`), compared as semver.
 */
export const version: ResourceHandler = async (ctx, { query }) => {
  const platform = query.platform as keyof VersionsFile;
  const current = query.current as string | null;
  const info = (await ctx.data<VersionsFile>(DATA_FILES.versions))[platform];
  return {
    payload: {
      platform,
      ...info,
      current,
      updateAvailable: current === null ? null : semver.lt(current, info.latest),
      forceUpdate: current === null ? null : semver.lt(current, info.min),
    },
  };
};
