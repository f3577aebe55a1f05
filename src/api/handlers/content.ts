/**
 * News, knowledge and the version check. Lists are paged by a function over the lists the build wrote (../paging.ts); an item is a static answer rendered from the content in memory.
 */
import semver from 'semver';
import { parseLocalTimestamp } from '../../model/time.ts';
import { answerRequests, answerStatically, notFoundIn } from '../bind.ts';
import { DATA_FILES } from '../data-files.ts';
import { archiveRelease, latestOf } from '../data-time.ts';
import { pageOf } from '../paging.ts';
import { ROUTES } from '../route-table.ts';

/** Midnight Beijing time of a `YYYY-MM-DD` content date, as ms since the epoch (content dates are validated). */
const contentTime = (date: string) => (parseLocalTimestamp(date, 'beijing') as Date).getTime();

/** A content list's data time: its newest item's date (null for an empty list). */
const newestDate = (items: readonly { date?: string; updated?: string }[]) =>
  latestOf(items.map((item) => contentTime((item.date ?? item.updated) as string)));

export const newsList = answerRequests(ROUTES['news-list'], async (ctx, { query }) => {
  const items = await ctx.data(DATA_FILES.newsList);
  return { payload: pageOf(items, query), dataTime: newestDate(items) };
});
export const knowledgeList = answerRequests(ROUTES['knowledge-list'], async (ctx, { query }) => {
  const items = await ctx.data(DATA_FILES.knowledgeList);
  const chosen = query.category === null ? items : items.filter((a) => a.category === query.category);
  return { payload: pageOf(chosen, query), dataTime: newestDate(items) };
});

export const newsDetail = answerStatically(ROUTES['news-detail'], {
  instances: (site) => site.content.news.map((n) => ({ slug: n.slug })),
  render: async ({ site }, { family, params }) => {
    const item = site.content.news.find((n) => n.slug === params.slug);
    if (!item) throw notFoundIn(ROUTES['news-detail'], params.slug, family);
    return { payload: item, dataTime: contentTime(item.date) };
  },
});

export const knowledgeDetail = answerStatically(ROUTES['knowledge-detail'], {
  instances: (site) => site.content.knowledge.map((k) => ({ slug: k.slug })),
  render: async ({ site }, { family, params }) => {
    const item = site.content.knowledge.find((k) => k.slug === params.slug);
    if (!item) throw notFoundIn(ROUTES['knowledge-detail'], params.slug, family);
    return { payload: item, dataTime: contentTime(item.updated) };
  },
});

export const version = answerRequests(ROUTES.version, async (ctx, { query: { platform, current } }) => {
  const [versions, { dataTime }] = await Promise.all([ctx.data(DATA_FILES.versions), archiveRelease(ctx)]);
  const info = versions[platform];
  return {
    payload: {
      platform,
      ...info,
      current,
      updateAvailable: current === null ? null : semver.lt(current, info.latest),
      forceUpdate: current === null ? null : semver.lt(current, info.min),
    },
    // The versions file is published with the archive: the same release.
    dataTime,
  };
});
