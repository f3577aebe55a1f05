/** `/api/history/today`: the static file of today's calendar day in Asia/Shanghai, with today's date filled in. */
import type { TodayInHistory } from '../../model/schemas.ts';
import { beijingCalendarDay } from '../../model/time.ts';
import { todayFile } from '../data-files.ts';
import { okResponse } from '../respond.ts';
import { readPublicJson } from '../site-data.ts';

/** Seconds until the next midnight in Beijing: the answer must not outlive its day in any cache. */
export function secondsUntilBeijingMidnight(now: Date): number {
  const beijingMs = now.getTime() + 8 * 3600_000;
  return Math.max(1, Math.ceil((86_400_000 - (beijingMs % 86_400_000)) / 1000));
}

export async function handleHistoryToday(_req: Request, now = new Date()): Promise<Response> {
  const { monthDay, isoDate } = beijingCalendarDay(now);
  const day = await readPublicJson<TodayInHistory>(todayFile(monthDay));
  if (!day) throw new Error(`${todayFile(monthDay)} is missing: run the build first`);
  const ttl = secondsUntilBeijingMidnight(now);
  return okResponse('web', { ...day, today: isoDate }, {
    cacheControl: `public, max-age=${Math.min(300, ttl)}`,
    cdnCacheControl: `public, durable, s-maxage=${ttl}`,
  });
}
