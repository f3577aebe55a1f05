/**
 * `/api/v1/bootstrap`: everything a client needs at start-up in one request. Each section is one provider;
 * adding a section (or making one live) is one line in SECTIONS.
 */
import { beijingCalendarDay } from '../../model/time.ts';
import { stormBrief } from '../../flash/briefing.ts';
import { currentBriefing } from '../../flash/summary-store.ts';
import { disturbanceBriefs, disturbanceCollection, readDisturbanceRecords } from '../../global/disturbance-view.ts';
import { readLiveView, type LiveView } from '../../live/snapshot.ts';
import { WARNING_AREA_FILES } from '../../config/paths.ts';
import { agenciesOf, readWarnings } from '../../warnings/warning-view.ts';
import { answerRequests } from '../bind.ts';
import type { ReadsOf, RequestContext } from '../context.ts';
import { DATA_FILES } from '../data-files.ts';
import { archiveRelease, timeOf } from '../data-time.ts';
import { ROUTES } from '../route-table.ts';

const TODAY_IN_HISTORY_ITEMS = 5;

/** Announcements whose window [from, until] contains today's Beijing date (a v1 collection: list and total). */
/** What bootstrap's sections may read: the files its route declares. */
type BootstrapContext = RequestContext<ReadsOf<typeof ROUTES.bootstrap>>;

async function currentAnnouncements(ctx: BootstrapContext) {
  const { isoDate } = beijingCalendarDay(ctx.now());
  const all = await ctx.data(DATA_FILES.announcements);
  const list = all.filter((a) => a.from <= isoDate && (a.until === null || isoDate <= a.until));
  return { list, total: list.length };
}

/** The first well-known storms of today in past years; `total` counts them all, as /api/v1/history/today does. */
async function todayInHistory(ctx: BootstrapContext) {
  const day = await ctx.data(DATA_FILES.todayInHistory.of(beijingCalendarDay(ctx.now()).monthDay));
  return { date: day.date, list: day.typhoons.slice(0, TODAY_IN_HISTORY_ITEMS), total: day.total };
}

function activeSummary(view: LiveView) {
  const list = view.typhoons.map(stormBrief);
  return {
    list,
    total: list.length,
    fetchedAt: view.fetchedAt,
    publishedAt: view.publishedAt,
    stale: view.stale,
    staleReason: view.staleReason,
    upstream: view.upstream,
  };
}

/** Every agency's warnings in force, in brief (/api/v1/warnings has them whole, with the storm each is for). */
async function warningSummary(ctx: RequestContext) {
  const list = agenciesOf(await readWarnings(ctx.store, ctx.now(), [], ctx.config.liveOff));
  return {
    total: list.reduce((n, a) => n + a.total, 0),
    agencies: list.map(({ agency, state, stateReason, total, fetchedAt, publishedAt, stale, staleReason, upstream, warnings }) => ({
      agency,
      state,
      stateReason,
      total,
      fetchedAt,
      publishedAt,
      stale,
      staleReason,
      upstream,
      signals: warnings.map((w) => ({
        code: w.code,
        level: w.level,
        name: w.name,
        words: w.words,
        kind: w.kind,
        area: w.area?.name ?? null,
      })),
    })),
  };
}

/** Active disturbances in brief. */
const disturbanceSummary = async (ctx: RequestContext) =>
  disturbanceCollection(await readDisturbanceRecords(ctx.store, ctx.now(), ctx.config.liveOff), disturbanceBriefs);

const SECTIONS = {
  site: (ctx) => ctx.data(DATA_FILES.site),
  announcements: currentAnnouncements,
  typhoons: async (_ctx, live) => activeSummary(live),
  disturbances: disturbanceSummary,
  warnings: warningSummary,
  // The same text as /api/llm/summary: stored by the scheduled run, never a model call here.
  briefing: (ctx, live) => currentBriefing(ctx.store, live),
  todayInHistory,
  versions: (ctx) => ctx.data(DATA_FILES.versions),
} satisfies Record<string, (ctx: BootstrapContext, live: LiveView) => Promise<unknown>>;

export const bootstrap = answerRequests(
  ROUTES.bootstrap,
  async (ctx) => {
    const live = await readLiveView(ctx.store, ctx.now(), ctx.config.liveOff);
    const entries = await Promise.all(Object.entries(SECTIONS).map(async ([name, provide]) => [name, await provide(ctx, live)] as const));
    // Its data time is the live part's, what a client calls it for at start-up.
    return { payload: Object.fromEntries(entries), dataTime: timeOf(live.fetchedAt), dataset: (await archiveRelease(ctx)).dataset };
  },
  WARNING_AREA_FILES,
);
