/** Summaries and per-year statistics derived from archive records: pure functions of the records. */
import { accumulatedCycloneEnergy } from '../model/ace.ts';
import { GRADE_RANK, gradeName } from '../model/grades.ts';
import type { StormAgencies } from '../model/agency-comparison-schemas.ts';
import type { Typhoon, TyphoonSummary, YearStatistic } from '../model/typhoon-schemas.ts';
import { MS_TO_KT } from '../model/units.ts';

export function summarizeTyphoon(t: Typhoon): TyphoonSummary {
  return {
    code: t.code,
    name: t.name,
    enname: t.enname,
    year: t.year,
    startTime: t.startTime,
    endTime: t.endTime,
    peakGrade: t.peakGrade,
    peakStrong: gradeName(t.peakGrade),
    maxSpeed: t.maxSpeed,
    minPressure: t.minPressure,
    windPeriod: t.windPeriod,
    landRecorded: t.landRecorded,
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

/** Newer storms first (later start), then the higher code: the tie-break of lists ranked by a measure. */
export const newerFirst = (a: TyphoonSummary, b: TyphoonSummary) => b.startTime.localeCompare(a.startTime) || b.code.localeCompare(a.code);

/** Storms counted by peak grade; a peak below TD or unknown counts as `below`. */
export function countByPeakGrade(summaries: readonly TyphoonSummary[]): YearStatistic['byGrade'] {
  const byGrade = { below: 0, TD: 0, TS: 0, STS: 0, TY: 0, STY: 0, SuperTY: 0 };
  for (const s of summaries) byGrade[s.peakGrade && s.peakGrade !== 'ET' ? s.peakGrade : 'below'] += 1;
  return byGrade;
}

/**
 * ACE of a record (src/model/ace.ts) from the track's winds: CMA's 2-minute winds from 1949, JTWC's 1-minute
 * winds for 1945–1948 (`windPeriod`). On CMA's whole m/s and JTWC's converted 5-kt winds, ≥ 34 kt picks the
 * same fixes as ≥ 17.2 m/s.
 */
export const recordAce = (t: Typhoon): number =>
  accumulatedCycloneEnergy(
    t.points.map((p) => ({ time: p.time, windKt: p.speed === null ? null : p.speed * MS_TO_KT, extratropical: p.grade === 'ET' })),
  );

/** The strongest storm of a list: lowest central pressure, highest wind breaking ties. */
export const strongestStorm = (typhoons: readonly Typhoon[]): TyphoonSummary | null =>
  typhoons.map(summarizeTyphoon).sort(compareStrength)[0] ?? null;

/**
 * ACE from JTWC's 1-minute winds (the ACE NOAA and JTWC publish): the JTWC tracks' ACE summed over the storms
 * (a track two entries of ours share counted once), when every storm that reached TS has JTWC's track beside
 * it (`agencies`: src/archive/agency-comparison.ts); null when one lacks it.
 */
export function jtwcAce(typhoons: readonly Typhoon[], agencies: ReadonlyMap<string, StormAgencies>): number | null {
  const tracks = new Map<string, number>();
  for (const t of typhoons) {
    const jtwc = agencies.get(t.code)?.agencies.find((a) => a.agency === 'jtwc');
    if (jtwc) tracks.set(jtwc.id ?? t.code, jtwc.ace);
    else if (t.peakGrade && t.peakGrade !== 'ET' && GRADE_RANK[t.peakGrade] >= GRADE_RANK.TS) return null;
  }
  return Math.round([...tracks.values()].reduce((n, ace) => n + ace, 0) * 100) / 100;
}

export function yearStatistic(year: number, typhoons: readonly Typhoon[], agencies: ReadonlyMap<string, StormAgencies>): YearStatistic {
  const summaries = typhoons.map(summarizeTyphoon);
  const reached = (min: number) => summaries.filter((s) => s.peakGrade && GRADE_RANK[s.peakGrade] >= min).length;
  const starts = summaries.map((s) => s.startTime).sort();
  const ends = summaries.map((s) => s.endTime).sort();
  return {
    year,
    total: summaries.length,
    named: reached(GRADE_RANK.TS),
    typhoons: reached(GRADE_RANK.TY),
    byGrade: countByPeakGrade(summaries),
    landRecordedStorms: summaries.filter((s) => s.landRecorded).length,
    landfallStorms: summaries.filter((s) => s.landfalls > 0).length,
    landfalls: summaries.reduce((n, s) => n + s.landfalls, 0),
    strongest: strongestStorm(typhoons),
    firstStart: starts[0] ?? null,
    lastEnd: ends[ends.length - 1] ?? null,
    ace: Math.round(typhoons.reduce((n, t) => n + recordAce(t), 0) * 100) / 100,
    aceJtwc: jtwcAce(typhoons, agencies),
  };
}
