/**
 * Numbers as the sources write them: a number, numeric text, or a placeholder for "unknown" (null, `""`,
 * `"-"`). Each parser picks the variant its source's convention for "unknown" needs.
 */

/** A finite number from a number or numeric text; null for null, undefined, `""` and anything else (`"-"`, `"N/A"`). */
export function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** numberOrNull, with 0 as unknown too (the Chinese sources and JTWC write 0 for an unknown wind, pressure, motion or radius). */
export function nonZeroOrNull(value: unknown): number | null {
  const n = numberOrNull(value);
  return n === 0 ? null : n;
}

/** numberOrNull, with 0 and negatives as unknown (CMA, ATCF and NHC winds and pressures). */
export function positiveOrNull(value: unknown): number | null {
  const n = numberOrNull(value);
  return n !== null && n > 0 ? n : null;
}
