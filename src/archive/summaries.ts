/** Summaries and per-year statistics derived from archive records: pure functions of the records. */
import { GRADE_NAMES, GRADE_RANK, gradeFromWind, type GradeCode } from '../model/grades.ts';
import type { TrackPoint, Typhoon, TyphoonSummary, YearStatistic } from '../model/schemas.ts';
import { MS_TO_KT } from '../model/units.ts';

/** Peak intensity; at the extratropical stage the intensity comes from the wind (DATA.md §3.1). */
export function peakGrade(points: readonly Pick<TrackPoint, 'grade' | 'speed'>[]): GradeCode | null {
  let peak: GradeCode | null = null;
  for (const p of points) {
    const grade = p.grade === 'ET' ? gradeFromWind(p.speed) : p.grade;
    if (grade && (!peak || GRADE_RANK[grade] > GRADE_RANK[peak])) peak = grade;
  }
  return peak;
}


/** What a storm record says about its whole track, derived from the points (in time order) in one place. */
export interface TrackSummary {
  startTime: string;
  endTime: string;
  peakGrade: GradeCode | null;
  /** Highest maximum wind, m/s; null when no point has one. */
  maxSpeed: number | null;
  /** Lowest central pressure, hPa; null when no point has one. */
  minPressure: number | null;
}

export function trackSummary(points: readonly Pick<TrackPoint, 'time' | 'grade' | 'speed' | 'pressure'>[]): TrackSummary {
  const speeds = points.map((p) => p.speed).filter((v): v is number => v !== null);
  const pressures = points.map((p) => p.pressure).filter((v): v is number => v !== null);
  return {
    startTime: points[0]?.time as string,
    endTime: points[points.length - 1]?.time as string,
    peakGrade: peakGrade(points),
    maxSpeed: speeds.length ? Math.max(...speeds) : null,
    minPressure: pressures.length ? Math.min(...pressures) : null,
  };
}

export function summarizeTyphoon(t: Typhoon): TyphoonSummary {
  return {
    code: t.code,
    name: t.name,
    enname: t.enname,
    year: t.year,
    startTime: t.startTime,
    endTime: t.endTime,
    peakGrade: t.peakGrade,
    peakStrong: t.peakGrade ? GRADE_NAMES[t.peakGrade] : null,
    maxSpeed: t.maxSpeed,
    minPressure: t.minPressure,
    landfalls: t.land.length,
    retiredName: t.retiredName,
  };
}

/** Lowest pressure first; a storm without a pressure ranks below one with; the higher wind breaks ties. */
export function compareStrength(a: TyphoonSummary, b: TyphoonSummary): number {
  const pa = a.minPressure ?? Infinity;
  const pb = b.minPressure ?? Infinity;
  return pa - pb || (b.maxSpeed ?? -1) - (a.maxSpeed ?? -1) || a.code.localeCompare(b.code);
}

const SYNOPTIC_HOURS_BJT = new Set(['02', '08', '14', '20']);

/**
 * Accumulated cyclone energy in 10^4 kt²: the sum of squared maximum winds (kt) at 00/06/12/18 UTC points
 * of TS strength or more, extratropical stage excluded. Computed from CMA's 2-minute winds.
 */
export function accumulatedCycloneEnergy(t: Typhoon): number {
  let sum = 0;
  for (const p of t.points) {
    if (p.speed === null || p.speed < 17.2 || p.grade === 'ET') continue;
    if (!SYNOPTIC_HOURS_BJT.has(p.time.slice(11, 13)) || p.time.slice(14, 19) !== '00:00') continue;
    sum += (p.speed * MS_TO_KT) ** 2;
  }
  return Math.round(sum / 1e4 * 100) / 100;
}

export function yearStatistic(year: number, typhoons: readonly Typhoon[]): YearStatistic {
  const summaries = typhoons.map(summarizeTyphoon);
  const byGrade = { below: 0, TD: 0, TS: 0, STS: 0, TY: 0, STY: 0, SuperTY: 0 };
  for (const s of summaries) byGrade[s.peakGrade && s.peakGrade !== 'ET' ? s.peakGrade : 'below'] += 1;
  const reached = (min: number) => summaries.filter((s) => s.peakGrade && GRADE_RANK[s.peakGrade] >= min).length;
  const starts = summaries.map((s) => s.startTime).sort();
  const ends = summaries.map((s) => s.endTime).sort();
  return {
    year,
    total: summaries.length,
    named: reached(GRADE_RANK.TS),
    typhoons: reached(GRADE_RANK.TY),
    byGrade,
    landfallStorms: summaries.filter((s) => s.landfalls > 0).length,
    landfalls: summaries.reduce((n, s) => n + s.landfalls, 0),
    strongest: [...summaries].sort(compareStrength)[0] ?? null,
    firstStart: starts[0] ?? null,
    lastEnd: ends[ends.length - 1] ?? null,
    ace: Math.round(typhoons.reduce((n, t) => n + accumulatedCycloneEnergy(t), 0) * 100) / 100,
  };
}
