/**
 * Turns parsed NHC and JTWC data into global cyclone records (units converted, UTC times, radii by quadrant)
 * and merges a fresh record into the stored one by time, so no point is ever lost or duplicated.
 */
import { gradeOfStage } from '../model/system-stage.ts';
import { intensityOf } from '../model/track-point.ts';
import { toUtcIso } from '../model/time.ts';
import { trackSummary } from '../model/track-summary.ts';
import type { Quadrants } from '../upstream/atcf.ts';
import { cycloneNames } from './cyclone-names.ts';
import {
  BASINS,
  type Basin,
  type GlobalBrief,
  type GlobalCyclone,
  type GlobalForecast,
  type GlobalPoint,
  type GlobalSummary,
} from '../model/global-schemas.ts';
import { compassFromDegrees } from '../model/compass.ts';
import { knotsToKmh, knotsToMs, mphToKmh, MS_TO_KT, nmToKm } from '../model/units.ts';

export interface Fix {
  time: Date;
  lat: number;
  lng: number;
  windKt: number | null;
  pressure?: number | null;
  type?: string | null;
  radiiNm?: Partial<Record<34 | 50 | 64, Quadrants>>;
  directionDeg?: number | null;
  /** The motion's speed in knots (ATCF, JTWC)… */
  speedKt?: number | null;
  /** …or in statute miles per hour (NHC's CurrentStorms). */
  speedMph?: number | null;
}

function circle(quadrants: Quadrants | undefined) {
  if (!quadrants || quadrants.every((q) => q <= 0)) return null;
  const [ne, se, sw, nw] = quadrants.map((q) => nmToKm(q));
  return { ne: ne ?? null, se: se ?? null, sw: sw ?? null, nw: nw ?? null };
}

export function globalPoint(fix: Fix): GlobalPoint {
  const speed = knotsToMs(fix.windKt);
  // ATCF writes 0/0 for an unknown motion; a direction means something only with a speed.
  const moveSpeed = fix.speedKt != null ? knotsToKmh(fix.speedKt) : fix.speedMph != null ? mphToKmh(fix.speedMph) : null;
  const moving = moveSpeed !== null && moveSpeed > 0;
  // A post-tropical, subtropical or disturbance stage is never given a tropical grade by its wind.
  const grade = gradeOfStage(fix.type, speed);
  return {
    time: toUtcIso(fix.time),
    lat: fix.lat,
    lng: fix.lng,
    ...intensityOf(grade, speed),
    speed,
    pressure: fix.pressure ?? null,
    moveDir: moving ? compassFromDegrees(fix.directionDeg ?? null) : null,
    moveSpeed: moving ? moveSpeed : null,
    radius7: circle(fix.radiiNm?.[34]),
    radius10: circle(fix.radiiNm?.[50]),
    radius12: circle(fix.radiiNm?.[64]),
    classification: fix.type ?? null,
  };
}

export function globalForecast(agency: 'nhc' | 'jtwc', issuedAt: Date, fixes: Fix[]): GlobalForecast {
  return {
    agency,
    issuedAt: toUtcIso(issuedAt),
    points: fixes.map((fix) => {
      const { time, lat, lng, strong, grade, power, speed, pressure, classification } = globalPoint(fix);
      return { time, lat, lng, strong, grade, power, speed, pressure, classification };
    }),
  };
}

export interface CycloneInput {
  source: 'nhc' | 'jtwc';
  atcfId: string;
  /** The name as the agency issues it (English). */
  enname: string | null;
  points: GlobalPoint[];
  forecast: GlobalForecast | null;
  seenAt: Date;
  /** The upstream's own time of this data (`publishedAt`): NHC's `lastUpdate`, JTWC's warning issue time, else the latest fix's. */
  publishedAt: Date;
  /** The agency's advisory (warning) number of this data; null or absent when not given. */
  advisoryNumber?: number | null;
}

/** Summary fields recomputed from the points. */
function withSummary(
  c: Omit<GlobalCyclone, 'startTime' | 'endTime' | 'peakGrade' | 'maxSpeed' | 'maxWindKt' | 'minPressure'>,
): GlobalCyclone {
  const summary = trackSummary(c.points);
  return { ...c, ...summary, maxWindKt: summary.maxSpeed === null ? null : Math.round(summary.maxSpeed * MS_TO_KT) };
}

/**
 * Merges a fresh fetch into the stored record: points are united by time (the fresh value wins for a time
 * both have: agencies revise recent fixes), the forecast and name are the fresh ones, firstSeenAt is kept.
 * The names take the typhoon records' shape (src/global/cyclone-names.ts).
 */
export function mergeCyclone(stored: GlobalCyclone | null, input: CycloneInput): GlobalCyclone {
  const byTime = new Map((stored?.points ?? []).map((p) => [p.time, p]));
  for (const p of input.points) {
    const stored = byTime.get(p.time);
    byTime.set(p.time, stored ? ({ ...stored, ...withoutNulls(p) } as GlobalPoint) : p);
  }
  const points = [...byTime.values()].sort((a, b) => a.time.localeCompare(b.time));
  const basin = input.atcfId.slice(0, 2).toUpperCase() as Basin;
  const id = `${input.source}-${input.atcfId}`;
  return withSummary({
    id,
    code: id,
    atcfId: input.atcfId,
    ...cycloneNames(input.enname ?? stored?.enname ?? null, basin),
    basin,
    seaArea: BASINS[basin].zh,
    seaAreaEn: BASINS[basin].en,
    source: input.source,
    windPeriod: '1min',
    radiusThresholdsKt: [34, 50, 64],
    isActive: true,
    stale: false,
    staleReason: null,
    points,
    forecasts: input.forecast ? { [input.forecast.agency]: input.forecast } : (stored?.forecasts ?? {}),
    land: [],
    // A restored record does not know when it was first seen (null): that stays unknown.
    firstSeenAt: stored ? stored.firstSeenAt : toUtcIso(input.seenAt),
    lastSeenAt: toUtcIso(input.seenAt),
    publishedAt: toUtcIso(input.publishedAt),
    advisoryNumber: input.advisoryNumber ?? stored?.advisoryNumber ?? null,
  });
}

export interface RestoreInput {
  /** The best track from the upstream's archive (no forecast), when it could be fetched. */
  archived: CycloneInput | null;
  /** The feed's data, while a feed still lists the cyclone. */
  listed: CycloneInput | null;
  /** What the index says of it, when it has an entry. */
  known: GlobalSummary | null;
  isActive: boolean;
}

/**
 * A cyclone whose stored record cannot be read, rebuilt: the archived best track, the feed's data over it (fresh
 * values win, as in mergeCyclone), the name from the feed, else the deck, else the index. What only the lost
 * record held stays unknown: when ingestion first saw it (null), and for an ended cyclone when a feed last listed
 * it (null) and its last forecast (none). Null when there is nothing to rebuild from.
 */
export function restoredCyclone({ archived, listed, known, isActive }: RestoreInput): GlobalCyclone | null {
  const named = (input: CycloneInput): CycloneInput => ({ ...input, enname: input.enname ?? known?.enname ?? null });
  const base = archived ? mergeCyclone(null, named(archived)) : null;
  const merged = listed ? mergeCyclone(base, base ? listed : named(listed)) : base;
  if (!merged) return null;
  return { ...merged, isActive, firstSeenAt: null, lastSeenAt: listed ? merged.lastSeenAt : null };
}

/** A fresh point never erases a value the stored point has (a history line carries no pressure or radii). */
function withoutNulls(p: GlobalPoint): Partial<GlobalPoint> {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== null)) as Partial<GlobalPoint>;
}

export function summarizeCyclone(c: GlobalCyclone): GlobalSummary {
  const {
    id,
    code,
    atcfId,
    name,
    enname,
    nameSource,
    basin,
    seaArea,
    seaAreaEn,
    source,
    isActive,
    startTime,
    endTime,
    peakGrade: peak,
    maxSpeed,
    maxWindKt,
    minPressure,
  } = c;
  return {
    id,
    code,
    atcfId,
    name,
    enname,
    nameSource,
    basin,
    seaArea,
    seaAreaEn,
    source,
    isActive,
    startTime,
    endTime,
    peakGrade: peak,
    maxSpeed,
    maxWindKt,
    minPressure,
  };
}

/** An active cyclone in brief: its names, where it is now and how strong. */
export function globalBrief(c: GlobalCyclone): GlobalBrief {
  const p = c.points[c.points.length - 1];
  const { id, code, name, enname, nameSource, basin, seaArea, stale, staleReason, publishedAt } = c;
  return {
    id,
    code,
    name,
    enname,
    nameSource,
    basin,
    seaArea,
    stale,
    staleReason,
    publishedAt,
    time: p?.time ?? null,
    lat: p?.lat ?? null,
    lng: p?.lng ?? null,
    speed: p?.speed ?? null,
    pressure: p?.pressure ?? null,
  };
}
