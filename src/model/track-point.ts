/**
 * The one constructor of a track point, for every source: the grade name (`strong`) and the Beaufort force
 * (`power`) follow from the grade and the wind by one rule each (./grades.ts), and what a source does not give
 * is null, never left out. Keys come in one order, so the same point gives the same bytes whoever built it.
 */
import { beaufortForce, gradeName, type GradeCode } from './grades.ts';
import type { TrackPoint, WindCircle } from './typhoon-schemas.ts';

/** A grade and a wind, as the answers carry them: the Chinese grade name, the code, the Beaufort force. */
export const intensityOf = (grade: GradeCode | null, speed: number | null) => ({
  strong: gradeName(grade),
  grade,
  power: beaufortForce(speed),
});

export interface TrackPointFields {
  time: string;
  lat: number;
  lng: number;
  grade: GradeCode | null;
  /** Maximum sustained wind, m/s. */
  speed: number | null;
  /** Central pressure, hPa. */
  pressure: number | null;
  moveDir?: string | null;
  /** km/h. */
  moveSpeed?: number | null;
  radius7?: WindCircle | null;
  radius10?: WindCircle | null;
  radius12?: WindCircle | null;
}

export function trackPoint(p: TrackPointFields): TrackPoint {
  return {
    time: p.time,
    lat: p.lat,
    lng: p.lng,
    ...intensityOf(p.grade, p.speed),
    speed: p.speed,
    pressure: p.pressure,
    moveDir: p.moveDir ?? null,
    moveSpeed: p.moveSpeed ?? null,
    radius7: p.radius7 ?? null,
    radius10: p.radius10 ?? null,
    radius12: p.radius12 ?? null,
  };
}

/** The time of a track's latest point (its points' times carry offsets); "" for a track without points. */
export const latestTime = (points: readonly { time: string }[]): string =>
  points.reduce((latest, p) => (latest === '' || Date.parse(p.time) > Date.parse(latest) ? p.time : latest), '');

/** The newest of some `publishedAt` times, compared as instants whatever their offsets, as written; null for none. */
export const newestPublished = (items: readonly { publishedAt: string | null }[]): string | null =>
  latestTime(items.flatMap((i) => (i.publishedAt === null ? [] : [{ time: i.publishedAt }]))) || null;
