/**
 * `/api/v1/bootstrap`: everything a client needs at start-up in one request. Each section is one provider;
 * adding a section (or making one live) is one line in SECTIONS.
 */
import type { Announcement, SiteConfig, VersionsFile } from '../../model/content-schemas.ts';
import type { TodayInHistory } from '../../model/schemas.ts';
import { beijingCalendarDay } from '../../model/time.ts';
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

/** The live sections stay empty but valid until the live snapshot exists. */
const SECTIONS = {
  site: () => required<SiteConfig>(DATA_FILES.site),
  announcements: currentAnnouncements,
  typhoons: async () => ({ list: [], total: 0, fetchedAt: null, stale: false }),
  briefing: async () => null,
  todayInHistory,
  versions: () => required<VersionsFile>(DATA_FILES.versions),
} satisfies Record<string, (now: Date) => Promise<unknown>>;

export async function handleBootstrap(_req: Request, now = new Date()): Promise<Response> {
  const entries = await Promise.all(Object.entries(SECTIONS).map(async ([name, provide]) => [name, await provide(now)] as const));
  return okResponse('v1', Object.fromEntries(entries), { cacheControl: 'public, max-age=60', cdnCacheControl: 'public, durable, s-maxage=60, stale-while-revalidate=300' });
}
