/**
 * "Today in history": for each calendar day (Beijing time, 02-29 included) the well-known storms that were
 * active on that day in any year. Well-known means at least one of: its name was retired because of it,
 * it made a recorded landfall, it reached super typhoon, or it was the strongest storm of its year.
 * Ranking: retired names first, then landfalls, then super typhoons, then strongest-of-year; within a tier
 * the lower central pressure (then the higher wind, then the later year) comes first. At most 20 per day.
 */
import type { TodayEntry, TodayInHistory, Typhoon } from '../model/typhoon-schemas.ts';
import type { ArchiveIndex } from './archive-index.ts';
import { compareStrength, summarizeTyphoon, strongestStorm } from './summaries.ts';

export const MAX_TODAY_ENTRIES = 20;

const REASON_WEIGHT: Record<TodayEntry['reasons'][number], number> = {
  retired: 8,
  landfall: 4,
  'super-typhoon': 2,
  'strongest-of-year': 1,
};

/** Every MM-DD of a leap year. */
export function calendarDays(): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(2000, 0, 1); t < Date.UTC(2001, 0, 1); t += 86_400_000) days.push(new Date(t).toISOString().slice(5, 10));
  return days;
}

/** Calendar days a storm was active on, from its first to its last point (Beijing dates). */
function activeDays(t: Typhoon): Set<string> {
  const days = new Set<string>();
  const start = Date.parse(t.startTime.slice(0, 10) + 'T00:00:00Z');
  const end = Date.parse(t.endTime.slice(0, 10) + 'T00:00:00Z');
  for (let day = start; day <= end; day += 86_400_000) days.add(new Date(day).toISOString().slice(5, 10));
  return days;
}

export function renderTodayInHistory(archive: ArchiveIndex): Map<string, TodayInHistory> {
  const strongestOfYear = new Set(archive.years.map((year) => strongestStorm(archive.byYear.get(year) ?? [])?.code));
  const byDay = new Map<string, TodayEntry[]>(calendarDays().map((day) => [day, []]));
  for (const t of archive.typhoons) {
    const reasons: TodayEntry['reasons'] = [];
    if (t.retiredName) reasons.push('retired');
    if (t.land.length > 0) reasons.push('landfall');
    if (t.peakGrade === 'SuperTY') reasons.push('super-typhoon');
    if (strongestOfYear.has(t.code)) reasons.push('strongest-of-year');
    if (reasons.length === 0) continue;
    const entry = { ...summarizeTyphoon(t), reasons };
    for (const day of activeDays(t)) byDay.get(day)?.push(entry);
  }
  const weight = (e: TodayEntry) => e.reasons.reduce((n, r) => n + REASON_WEIGHT[r], 0);
  const result = new Map<string, TodayInHistory>();
  for (const [date, entries] of byDay) {
    const ranked = entries.sort((a, b) => weight(b) - weight(a) || compareStrength(a, b) || b.year - a.year);
    result.set(date, { date, today: null, total: ranked.length, typhoons: ranked.slice(0, MAX_TODAY_ENTRIES) });
  }
  return result;
}
