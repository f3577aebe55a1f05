/**
 * News, knowledge and the version check. Lists are paged by a function over the lists the build wrote (../paging.ts); an item is a static answer rendered from the content in memory.
 */
import semver from 'semver';
import type { KnowledgeItem, VersionsFile } from '../../model/content-schemas.ts';
import { parseLocalTimestamp } from '../../model/time.ts';
import { answerRequests, answerStatically, notFoundIn } from '../bind.ts';
import { DATA_FILES } from '../data-files.ts';
import { pageOf } from '../paging.ts';
import { ROUTES } from '../route-table.ts';

export const newsList = answerRequests(ROUTES['news-list'], async (ctx, { query }) => ({
  payload: pageOf(await ctx.data<unknown[]>(DATA_FILES.newsList), query),
}));
export const knowledgeList = answerRequests(ROUTES['knowledge-list'], async (ctx, { query }) => {
  const articles = await ctx.data<Omit<KnowledgeItem, 'body'>[]>(DATA_FILES.knowledgeList);
  return { payload: pageOf(query.category === null ? articles : articles.filter((a) => a.category === query.category), query) };
});

/** Midnight Beijing time of a `YYYY-MM-DD` content date, as ms since the epoch (content dates are validated). */
const contentTime = (date: string) => (parseLocalTimestamp(date, 'beijing') as Date).getTime();

export const newsDetail = answerStatically(ROUTES['news-detail'], {
  instances: (site) => site.content.news.map((n) => ({ slug: n.slug })),
  render: async ({ site }, { params }) => {
    const item = site.content.news.find((n) => n.slug === params.slug);
    if (!item) throw notFoundIn(ROUTES['news-detail'], params.slug);
    return { payload: item, releasedAt: contentTime(item.date) };
  },
});

export const knowledgeDetail = answerStatically(ROUTES['knowledge-detail'], {
  instances: (site) => site.content.knowledge.map((k) => ({ slug: k.slug })),
  render: async ({ site }, { params }) => {
    const item = site.content.knowledge.find((k) => k.slug === params.slug);
    if (!item) throw notFoundIn(ROUTES['knowledge-detail'], params.slug);
    return { payload: item, releasedAt: contentTime(item.updated) };
  },
});

export const version = answerRequests(ROUTES.version, async (ctx, { query: { platform, current } }) => {
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
});
