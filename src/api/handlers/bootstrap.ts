/**
 * `/api/v1/bootstrap`: everything a client needs at start-up in one request. Each section is one provider;
 * adding a section (or making one live) is one line in SECTIONS.
 */
import type { Announcement, SiteConfig, VersionsFile } from '../../model/content-schemas.ts';
import type { TodayInHistory } from '../../model/schemas.ts';
import { beijingCalendarDay } from '../../model/time.ts';
import { latestPoint } from '../../live/briefing.ts';
import { currentBriefing } from '../../flash/summary-store.ts';
import { readLiveView, type LiveView } from '../../live/snapshot.ts';
import { liveStore } from '../../live/store.ts';
import { DATA_FILES, todayFile } from '../data-files.ts';
import { okResponse } from '../respond.ts';
import { readPublicJson } from '../site-data.ts';

const TODAY_IN_HISTORY_ITEMS = 5;

async function required<T>(file: string): Promise<T> {
  const value = await readPublicJson<T>(file);
  if (value === null) throw new Error(`${file} is missing: run the build first`);
  return value;
}

/** Announcements whose window [from, until] contains today's Beijing date. */
async function currentAnnouncements(now: Date): Promise<Announcement[]> {
  const { isoDate } = beijingCalendarDay(now);
  const all = await required<Announcement[]>(DATA_FILES.announcements);
  return all.filter((a) => a.from <= isoDate && (a.until === null || isoDate <= a.until));
}

async function todayInHistory(now: Date) {
  const day = await required<TodayInHistory>(todayFile(beijingCalendarDay(now).monthDay));
  return day.typhoons.slice(0, TODAY_IN_HISTORY_ITEMS);
}

/** The active storms in brief: where each is now and how strong. */
function activeSummary(view: LiveView) {
  const list = view.typhoons.map((t) => {
    const p = latestPoint(t);
    return { code: t.code, name: t.name, enname: t.enname, time: p.time, lat: p.lat, lng: p.lng, grade: p.grade, strong: p.strong, speed: p.speed, pressure: p.pressure, moveDir: p.moveDir, moveSpeed: p.moveSpeed };
  });
  return { list, total: list.length, fetchedAt: view.fetchedAt, stale: view.stale, staleReason: view.staleReason, upstream: view.upstream };
}

const SECTIONS = {
  site: () => required<SiteConfig>(DATA_FILES.site),
  announcements: (now: Date) => currentAnnouncements(now),
  typhoons: (_now: Date, live: LiveView) => Promise.resolve(activeSummary(live)),
  // The same text as /api/llm/summary: stored by the scheduled run, never a model call here.
  briefing: (_now: Date, live: LiveView) => currentBriefing(liveStore(), live),
  todayInHistory: (now: Date) => todayInHistory(now),
  versions: () => required<VersionsFile>(DATA_FILES.versions),
} satisfies Record<string, (now: Date, live: LiveView) => Promise<unknown>>;

export async function handleBootstrap(_req: Request, now = new Date()): Promise<Response> {
  const live = await readLiveView(liveStore(), now);
  const entries = await Promise.all(Object.entries(SECTIONS).map(async ([name, provide]) => [name, await provide(now, live)] as const));
  return okResponse('v1', Object.fromEntries(entries), { cacheControl: 'public, max-age=60', cdnCacheControl: 'public, durable, s-maxage=60, stale-while-revalidate=300' });
}
