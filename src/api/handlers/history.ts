/**
 * The archive's history answers. Years, a year, a calendar day: static, rendered by the build from the archive
 * in memory. Search and today: functions over the files the build generated.
 */
import { releaseTime } from '../../archive/release-time.ts';
import { searchArchive } from '../../archive/search.ts';
import { summarizeTyphoon, yearStatistic } from '../../archive/summaries.ts';
import type { SearchEntry, TodayInHistory } from '../../model/schemas.ts';
import { beijingCalendarDay } from '../../model/time.ts';
import type { HandlerContext, SiteData } from '../context.ts';
import { DATA_FILES, todayFile } from '../data-files.ts';
import { notFound } from '../errors.ts';
import type { ResourceHandler } from '../serve.ts';

const latest = (times: number[]) => times.reduce((a, b) => Math.max(a, b), 0);

function siteOf(ctx: HandlerContext): SiteData {
  if (!ctx.site) throw new Error('this answer is rendered by the build');
  return ctx.site;
}

export const historyYears: ResourceHandler = async (ctx) => {
  const { archive, agencies, attribution } = siteOf(ctx);
  const years = archive.years.map((year) => yearStatistic(year, archive.byYear.get(year) ?? [], agencies));
  return { payload: { years, attribution }, releasedAt: latest(archive.typhoons.map(releaseTime)) };
};

export const historyYear: ResourceHandler = async (ctx, { params }) => {
  const { archive, attribution } = siteOf(ctx);
  const year = Number(params.year);
  const storms = archive.byYear.get(year);
  if (!storms) throw notFound(`No archived storms for year ${year}; /api/history/years lists the years the archive covers.`);
  const typhoons = storms.map(summarizeTyphoon);
  return { payload: { year, total: typhoons.length, typhoons, attribution }, releasedAt: latest(storms.map(releaseTime)) };
};

export const historyTodayDate: ResourceHandler = async (ctx, { params }) => {
  const day = siteOf(ctx).today.get(params.date as string);
  if (!day) throw notFound(`No entry for ${params.date}.`);
  return { payload: day };
};

/** Today in Asia/Shanghai: the static file of the day, with today's date filled in. */
export const historyToday: ResourceHandler = async (ctx) => {
  const { monthDay, isoDate } = beijingCalendarDay(ctx.now());
  const day = await ctx.data<TodayInHistory>(todayFile(monthDay));
  return { payload: { ...day, today: isoDate } };
};

export const historySearch: ResourceHandler = async (ctx, { params }) => {
  const keyword = params.keyword as string;
  const typhoons = searchArchive(await ctx.data<SearchEntry[]>(DATA_FILES.searchIndex), keyword);
  return { payload: { keyword, total: typhoons.length, typhoons } };
};
