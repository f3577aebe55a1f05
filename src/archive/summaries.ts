/** Summaries and per-year statistics derived from archive records: pure functions of the records. */
import { GRADE_RANK, gradeName } from '../model/grades.ts';
import type { Typhoon, TyphoonSummary, YearStatistic } from '../model/schemas.ts';
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

const SYNOPTIC_HOURS_BJT = new Set(['02', '08', '14', '20']);

/**
 * Accumulated cyclone energy in 10^4 kt²: the sum of squared maximum winds (kt) at 00/06/12/18 UTC points
 * of TS strength or more (≥ 17.2 m/s: with whole m/s and 5-kt winds the same points as ≥ 34 kt), extratropical
 * stage excluded. Computed from the track's winds: CMA's 2-minute winds from 1949, JTWC's 1-minute winds for
 * 1945–1948 (`windPeriod`). JTWC's and NOAA's ACE use 1-minute winds throughout; an ACE from JTWC's track beside
 * this one needs the agency parsers (src/sources/agencies/).
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
    strongest: [...summaries].sort(compareStrength)[0] ?? null,
    firstStart: starts[0] ?? null,
    lastEnd: ends[ends.length - 1] ?? null,
    ace: Math.round(typhoons.reduce((n, t) => n + accumulatedCycloneEnergy(t), 0) * 100) / 100,
  };
}
