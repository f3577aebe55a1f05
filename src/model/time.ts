/**
 * Time helpers. Every time the API emits for the north-western Pacific is ISO 8601 in Beijing time with
 * an explicit `+08:00`; sources are converted at the parser, never later.
 */

const BEIJING_OFFSET_MS = 8 * 3600_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2024-09-06T16:20:00+08:00` for an instant. */
export function toBeijingIso(date: Date): string {
  const d = new Date(date.getTime() + BEIJING_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+08:00`
  );
}

/** The month (1–12) of an instant in Beijing time. */
export const beijingMonth = (date: Date) => new Date(date.getTime() + BEIJING_OFFSET_MS).getUTCMonth() + 1;

/** The year of an instant in Beijing time. */
export const beijingYear = (date: Date) => new Date(date.getTime() + BEIJING_OFFSET_MS).getUTCFullYear();

/**
 * `2024-09-06T08:20:00Z` for an instant (global cyclones are kept in UTC): toISOString without its milliseconds,
 * which it always writes as `.sssZ` (cut, not matched: the parsers call this for every fix of every basin).
 */
export function toUtcIso(date: Date): string {
  return `${date.toISOString().slice(0, -5)}Z`;
}

/** An instant from calendar fields read as UTC; null when the fields do not form a real date. */
export function utcDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return real ? date : null;
}

/** English month abbreviations as bulletins write them (`AUG`), January first. */
export const MONTH_ABBREVIATIONS: readonly string[] = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * The instant with this day of month, hour and minute (UTC) nearest to `anchor`, for time groups that give no
 * month or year (`221500Z`): the anchor's month, the one before and the one after are tried, so a group read
 * early in a month can fall in the previous one. Null when none of the three months has that day.
 */
export function dayTimeNear(day: number, hour: number, minute: number, anchor: Date): Date | null {
  const candidates = [-1, 0, 1]
    .map((offset) => {
      const month = anchor.getUTCMonth() + offset;
      return utcDate(anchor.getUTCFullYear() + Math.floor(month / 12), (((month % 12) + 12) % 12) + 1, day, hour, minute);
    })
    .filter((d): d is Date => d !== null);
  return candidates.sort((a, b) => Math.abs(a.getTime() - anchor.getTime()) - Math.abs(b.getTime() - anchor.getTime()))[0] ?? null;
}

/**
 * The latest instant with this day of month, hour and minute (UTC) at or before `limit`, for a time group that gives
 * no month or year and can only be in the past (`221500Z` of a bulletin, read against when it was fetched): the
 * limit's month and the two before are tried, so a group is never put in the future. Null when none has that day.
 */
export function dayTimeAtOrBefore(day: number, hour: number, minute: number, limit: Date): Date | null {
  for (const offset of [0, -1, -2]) {
    const month = limit.getUTCMonth() + offset;
    const candidate = utcDate(limit.getUTCFullYear() + Math.floor(month / 12), (((month % 12) + 12) % 12) + 1, day, hour, minute);
    if (candidate && candidate.getTime() <= limit.getTime()) return candidate;
  }
  return null;
}

/** An instant from calendar fields read as Beijing time. */
export function beijingDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date | null {
  const asUtc = utcDate(year, month, day, hour, minute, second);
  return asUtc && new Date(asUtc.getTime() - BEIJING_OFFSET_MS);
}

/**
 * Reads a zone-less local timestamp in any of the shapes the Chinese sources use:
 * `2024-09-06T16:20:00`, `2024-09-06 16:20:00`, `1947/8/13 2:00:00` (no zero padding), `2024-09-06 16:20`.
 * The caller says which zone the fields are in. Returns null for anything else.
 */
export function parseLocalTimestamp(text: string, zone: 'beijing' | 'utc'): Date | null {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return (zone === 'beijing' ? beijingDate : utcDate)(year, month, day, hour, minute, second);
}

/** The calendar day `MM-DD` and date `YYYY-MM-DD` of an instant in Beijing time. */
export function beijingCalendarDay(date: Date): { monthDay: string; isoDate: string } {
  const iso = toBeijingIso(date);
  return { monthDay: iso.slice(5, 10), isoDate: iso.slice(0, 10) };
}

/** Seconds until the next midnight in Beijing (at least 1): how long an answer about today may be kept. */
export function secondsUntilBeijingMidnight(now: Date): number {
  const beijingMs = now.getTime() + BEIJING_OFFSET_MS;
  return Math.max(1, Math.ceil((86_400_000 - (beijingMs % 86_400_000)) / 1000));
}
