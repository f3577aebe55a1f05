/**
 * The winds of the 1945–1948 storms. CMA's best track starts in 1949; for the years before, the Zhejiang archive
 * copies JTWC's best track (docs/data/formats.md#zhejiang-archive-json): positions at UTC times and JTWC's 1-minute winds,
 * which it turned from knots into m/s by cutting off the decimals of kt × 0.514. All 2,025 points of the real archive
 * fit that rule against JTWC.csv (25 kt → 12, 35 kt → 17, 105 kt → 53), and JTWC's winds are multiples of 5 kt, so
 * each value gives its knots back exactly.
 *
 * The cut costs up to 1 m/s and puts 35 kt (18.0 m/s) below the 17.2 m/s of a tropical storm: five storms that
 * JTWC has at 35 kt (194507, 194701, 194704, 194705, 194710) peaked as TD. So the knots are converted again
 * (one decimal, as for the global cyclones' JTWC winds), and grade and force follow the converted wind.
 */
import { gradeFromLabel, peakGrade } from '../model/grades.ts';
import type { TrackPoint } from '../model/typhoon-schemas.ts';
import { knotsToMs } from '../model/units.ts';
import type { ZjStorm } from '../sources/zj-archive.ts';
import { zjFile, type DataQualityProblem } from './data-quality.ts';

/** The last year whose storms come from JTWC's best track (through the Zhejiang archive) instead of CMA's. */
export const LAST_JTWC_YEAR = 1948;

/** The factor the Zhejiang archive used (then cutting the decimals). */
const ZJ_KT_FACTOR = 0.514;
const KNOT_STEP = 5;
const MAX_KNOTS = 200;

/** zj m/s value → JTWC knots, for every 5-kt value up to 200 kt. */
const KNOTS_BY_ZJ_SPEED = new Map(
  Array.from({ length: MAX_KNOTS / KNOT_STEP }, (_, i) => (i + 1) * KNOT_STEP).map((kt) => [Math.trunc(kt * ZJ_KT_FACTOR), kt]),
);

/** JTWC's wind in knots behind a 1945–1948 zj wind, or null when the value is no such conversion. */
export const jtwcKnots = (zjSpeed: number | null): number | null => (zjSpeed === null ? null : (KNOTS_BY_ZJ_SPEED.get(zjSpeed) ?? null));

/** The wind in m/s (1-minute, one decimal) a 1945–1948 zj value stands for; a value no conversion gives stays as it is. */
export function jtwcWindMs(zjSpeed: number | null): number | null {
  const kt = jtwcKnots(zjSpeed);
  return kt === null ? zjSpeed : knotsToMs(kt);
}

/** The report entry for a storm whose winds were converted again: how many, and what became of its peak. */
export function windReconversionProblem(zj: ZjStorm, points: readonly Pick<TrackPoint, 'speed' | 'grade'>[]): DataQualityProblem | null {
  const changed = zj.points.filter((p, i) => p.speed !== points[i]?.speed).length;
  if (changed === 0) return null;
  const highest = (speeds: (number | null)[]) => Math.max(...speeds.map((s) => s ?? 0));
  const [before, after] = [highest(zj.points.map((p) => p.speed)), highest(points.map((p) => p.speed))];
  const gradeBefore = peakGrade(zj.points.map((p) => ({ grade: gradeFromLabel(p.label), speed: p.speed })));
  const gradeAfter = peakGrade(points);
  return {
    code: 'wind-reconverted',
    file: zjFile(zj.tfbh),
    field: 'points[].speed',
    value: before,
    rule: `1945–1948 winds are JTWC's 1-minute winds in knots, which the Zhejiang archive turned into m/s by cutting the decimals of kt × ${ZJ_KT_FACTOR} (35 kt → 17 m/s, below the 17.2 m/s of a tropical storm)`,
    action:
      `${changed} of ${zj.points.length} speeds converted again from the knots (one decimal), grade and force from them: peak ${before} → ${after} m/s (${jtwcKnots(before)} kt)` +
      (gradeBefore === gradeAfter ? '' : `, peak grade ${gradeBefore ?? 'none'} → ${gradeAfter ?? 'none'}`),
  };
}
