/**
 * Intensity grades (Chinese national standard GB/T 19201-2006, 2-minute mean wind) and the
 * Beaufort force scale as extended by GB/T 28591-2012. Every source's class label is mapped to
 * one of these codes, so a client never has to parse Chinese text to colour a track.
 */

export const GRADE_CODES = ['TD', 'TS', 'STS', 'TY', 'STY', 'SuperTY', 'ET'] as const;
export type GradeCode = (typeof GRADE_CODES)[number];

/** Chinese grade name per code; ET is CMA's extratropical stage, not an intensity. */
export const GRADE_NAMES: Record<GradeCode, string> = {
  TD: '热带低压',
  TS: '热带风暴',
  STS: '强热带风暴',
  TY: '台风',
  STY: '强台风',
  SuperTY: '超强台风',
  ET: '温带气旋',
};

/** The Chinese name of a grade (the records' `strong`); null without a grade. */
export const gradeName = (grade: GradeCode | null) => (grade ? GRADE_NAMES[grade] : null);

/** Intensity order used for "peak" and "strongest": ET has no rank. */
export const GRADE_RANK: Record<GradeCode, number> = { TD: 1, TS: 2, STS: 3, TY: 4, STY: 5, SuperTY: 6, ET: 0 };

/** Lower bounds of each intensity grade in m/s (GB/T 19201-2006). */
const GRADE_MIN_WIND: ReadonlyArray<readonly [GradeCode, number]> = [
  ['SuperTY', 51.0],
  ['STY', 41.5],
  ['TY', 32.7],
  ['STS', 24.5],
  ['TS', 17.2],
  ['TD', 10.8],
];

/** The intensity grade of a 2-minute wind in m/s; null below TD or when the wind is unknown. */
export function gradeFromWind(speed: number | null): GradeCode | null {
  if (speed === null) return null;
  for (const [code, min] of GRADE_MIN_WIND) if (speed >= min) return code;
  return null;
}

/** The highest grade of a track; at the extratropical stage the grade comes from the wind (docs/data/formats.md#cma-best-track). */
export function peakGrade(points: readonly { grade: GradeCode | null; speed: number | null }[]): GradeCode | null {
  let peak: GradeCode | null = null;
  for (const p of points) {
    const grade = p.grade === 'ET' ? gradeFromWind(p.speed) : p.grade;
    if (grade && (!peak || GRADE_RANK[grade] > GRADE_RANK[peak])) peak = grade;
  }
  return peak;
}

/** CMA best-track grade digit → code. 0 (below TD or unknown) is null; 9 is the extratropical stage. */
export function gradeFromCmaDigit(digit: number): GradeCode | null {
  const byDigit: Record<number, GradeCode> = { 1: 'TD', 2: 'TS', 3: 'STS', 4: 'TY', 5: 'STY', 6: 'SuperTY', 9: 'ET' };
  return byDigit[digit] ?? null;
}

/**
 * Class labels as the Zhejiang archive (`强热带风暴(STS)`) and live service (`强热带风暴`) write them,
 * and as NMC writes the codes (`SuperTY`, `Super TY`). Unknown or empty labels are null.
 */
export function gradeFromLabel(label: string | null | undefined): GradeCode | null {
  if (!label) return null;
  const text = label.trim();
  const chinese = text.replace(/\s*\(.*\)\s*$/, '');
  for (const code of GRADE_CODES) if (GRADE_NAMES[code] === chinese) return code;
  const latin = text.replace(/[\s()]/g, '').toUpperCase();
  for (const code of GRADE_CODES) if (code.toUpperCase() === latin) return code;
  return null;
}

/**
 * Upper bounds (m/s, inclusive, one decimal) of Beaufort forces 0–16 per GB/T 28591-2012.
 * Winds above 56.0 m/s are force 17; the Chinese services show anything stronger as "17级以上",
 * so force is capped at 17 (the Zhejiang archive agrees on 98% of such points).
 */
const BEAUFORT_MAX = [0.2, 1.5, 3.3, 5.4, 7.9, 10.7, 13.8, 17.1, 20.7, 24.4, 28.4, 32.6, 36.9, 41.4, 46.1, 50.9, 56.0];

/** Beaufort force of a wind in m/s, or null when the wind is unknown. */
export function beaufortForce(speed: number | null): number | null {
  if (speed === null) return null;
  const force = BEAUFORT_MAX.findIndex((max) => speed <= max);
  return force === -1 ? 17 : force;
}
