/**
 * Events, found by comparing the previous live snapshot with the current one (and the global archive's
 * active cyclones): a storm is numbered, its grade rises or falls, it makes a recorded landfall, it enters
 * China's 48-hour warning line, it dissipates; a global cyclone forms. Every event has a key that names it
 * once and for all, so re-running the comparison (a failed refresh, a restart) can never repeat an item.
 */
import { GRADE_RANK, type GradeCode } from '../model/grades.ts';
import type { TrackPoint, Typhoon } from '../model/schemas.ts';
import type { GlobalCyclone } from '../global/global-schemas.ts';

export const EVENT_TYPES = ['numbered', 'upgraded', 'downgraded', 'landfall', 'warning-48h', 'dissipated', 'global-formed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface FlashEvent {
  key: string;
  type: EventType;
  code: string;
  time: string;
  storm: { name: string | null; enname: string | null };
  point: TrackPoint | null;
  from?: GradeCode | null;
  position?: string;
  basin?: string;
}

const latest = (t: Typhoon) => t.points[t.points.length - 1] as TrackPoint;

/** China's 48-hour warning line: 0°N 105°E – 0°N 120°E – 15°N 132°E – 34°N 132°E. West of it is inside. */
export function insideWarningLine48h(lat: number, lng: number): boolean {
  if (lat < 0 || lat > 34 || lng < 105) return false;
  const boundary = lat <= 15 ? 120 + (12 * lat) / 15 : 132;
  return lng <= boundary;
}

const rankOf = (grade: GradeCode | null) => (grade ? GRADE_RANK[grade] : 0);

export function typhoonEvents(previous: readonly Typhoon[] | null, current: readonly Typhoon[]): FlashEvent[] {
  const events: FlashEvent[] = [];
  const before = new Map((previous ?? []).map((t) => [t.code, t]));
  const names = (t: Typhoon) => ({ name: t.name, enname: t.enname });
  for (const storm of current) {
    const now = latest(storm);
    const old = before.get(storm.code);
    events.push({ key: `numbered:${storm.code}`, type: 'numbered', code: storm.code, time: storm.startTime, storm: names(storm), point: storm.points[0] ?? null });
    if (old) {
      const was = latest(old).grade;
      if (now.grade !== 'ET' && was !== 'ET' && rankOf(now.grade) !== rankOf(was) && now.grade) {
        const type = rankOf(now.grade) > rankOf(was) ? 'upgraded' : 'downgraded';
        events.push({ key: `${type}:${storm.code}:${was ?? 'none'}>${now.grade}:${now.time}`, type, code: storm.code, time: now.time, storm: names(storm), point: now, from: was });
      }
      if (!insideWarningLine48h(latest(old).lat, latest(old).lng) && insideWarningLine48h(now.lat, now.lng)) {
        events.push({ key: `warning-48h:${storm.code}`, type: 'warning-48h', code: storm.code, time: now.time, storm: names(storm), point: now });
      }
    }
    for (const land of storm.land) {
      events.push({
        key: `landfall:${storm.code}:${land.time}`, type: 'landfall', code: storm.code, time: land.time, storm: names(storm),
        point: storm.points.find((p) => p.time >= land.time) ?? now, position: land.position,
      });
    }
  }
  const active = new Set(current.map((t) => t.code));
  for (const [code, storm] of before) {
    if (!active.has(code)) events.push({ key: `dissipated:${code}`, type: 'dissipated', code, time: latest(storm).time, storm: names(storm), point: latest(storm) });
  }
  return events;
}

export function globalEvents(active: readonly GlobalCyclone[]): FlashEvent[] {
  return active.map((c) => ({
    key: `global-formed:${c.id}`, type: 'global-formed' as const, code: c.id, time: c.startTime, storm: { name: c.name, enname: c.name },
    point: null, basin: c.seaArea,
  }));
}
