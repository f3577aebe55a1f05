/**
 * Times in an agency's own offset (HKT and PHT +08:00, JST +09:00): the warnings keep every time as the agency
 * gives it, in its own offset, as `YYYY-MM-DDTHH:MM:SS±HH:MM`.
 */
import { utcDate } from './time.ts';

const pad = (n: number) => String(n).padStart(2, '0');

const offsetMinutes = (offset: string) => {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!m) throw new Error(`not an offset: ${offset}`);
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
};

/** An instant written in the offset: `2025-09-07T21:20:00+08:00`. */
export function toOffsetIso(date: Date, offset: string): string {
  const d = new Date(date.getTime() + offsetMinutes(offset) * 60_000);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${offset}`
  );
}

/** The instant of calendar fields read in the offset; null when they are not a real date. */
export function dateInOffset(offset: string, year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date | null {
  const asUtc = utcDate(year, month, day, hour, minute, second);
  return asUtc && new Date(asUtc.getTime() - offsetMinutes(offset) * 60_000);
}

/**
 * An ISO 8601 time with an explicit offset (`2025-09-07T21:20:00+08:00`, seconds optional) that is a real date,
 * written back in `offset` (the agency's own); null for anything else, a time without an offset included.
 */
export function readOffsetTime(text: unknown, offset: string): string | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?([+-]\d{2}:\d{2}|Z)$/.exec(text.trim());
  if (!m) return null;
  const date = dateInOffset(
    m[7] === 'Z' ? '+00:00' : (m[7] as string),
    Number(m[1]),
    Number(m[2]),
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6] ?? 0),
  );
  return date && toOffsetIso(date, offset);
}

/** Milliseconds since the epoch of a time with an offset. */
export const instantOf = (time: string) => Date.parse(time);

/** The later of two times with offsets (null counts as nothing). */
export const laterTime = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : instantOf(b) > instantOf(a) ? b : a);
