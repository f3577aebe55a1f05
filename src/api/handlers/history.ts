/**
 * The archive's history answers. Years, a year, a calendar day: static, rendered by the build from the archive
 * in memory. Search and today: functions over the files the build generated.
 */
import { searchArchive } from '../../archive/search.ts';
import { summarizeTyphoon, yearStatistic } from '../../archive/summaries.ts';
import { beijingCalendarDay } from '../../model/time.ts';
import { answerRequests, answerStatically, notFoundIn } from '../bind.ts';
import { DATA_FILES } from '../data-files.ts';
import { archiveRelease } from '../data-time.ts';
import { ROUTES } from '../route-table.ts';

export const historyYears = answerStatically(ROUTES['history-years'], {
  instances: () => [{}],
  render: async ({ site: { archive, agencies, attribution, releasedAt, dataset } }) => {
    const years = archive.years.map((year) => yearStatistic(year, archive.byYear.get(year) ?? [], agencies));
    return { payload: { years, attribution }, dataTime: releasedAt, dataset };
  },
});

export const historyYear = answerStatically(ROUTES['history-year'], {
  instances: (site) => site.archive.years.map((year) => ({ year: String(year) })),
  render: async ({ site: { archive, attribution, releasedAt, dataset } }, { family, params }) => {
    const storms = archive.byYear.get(Number(params.year));
    if (!storms) throw notFoundIn(ROUTES['history-year'], params.year, family);
    const typhoons = storms.map(summarizeTyphoon);
    return {
      payload: { year: Number(params.year), total: typhoons.length, typhoons, attribution },
      dataTime: releasedAt,
      dataset,
    };
  },
});

export const historyTodayDate = answerStatically(ROUTES['history-today-date'], {
  instances: (site) => [...site.today.keys()].map((date) => ({ date })),
  render: async ({ site }, { family, params }) => {
    const day = site.today.get(params.date);
    if (!day) throw notFoundIn(ROUTES['history-today-date'], params.date, family);
    return { payload: day, dataTime: site.releasedAt, dataset: site.dataset };
  },
});

/** Today in Asia/Shanghai: the static file of the day, with today's date filled in. */
export const historyToday = answerRequests(ROUTES['history-today'], async (ctx) => {
  const { monthDay, isoDate } = beijingCalendarDay(ctx.now());
  const [day, release] = await Promise.all([ctx.data(DATA_FILES.todayInHistory.of(monthDay)), archiveRelease(ctx)]);
  return { payload: { ...day, today: isoDate }, ...release };
});

export const historySearch = answerRequests(ROUTES['history-search'], async (ctx, { params: { keyword } }) => {
  const [index, release] = await Promise.all([ctx.data(DATA_FILES.searchIndex), archiveRelease(ctx)]);
  const typhoons = searchArchive(index, keyword);
  return { payload: { keyword, total: typhoons.length, typhoons }, ...release };
});
