/**
 * Accumulated cyclone energy, one rule for every agency's track: the sum of the squared maximum winds in kt at
 * the 6-hourly synoptic fixes (00/06/12/18 UTC) of at least tropical-storm strength (34 kt), extratropical
 * stages left out, in units of 10⁴ kt². The value depends on the wind's averaging period: NOAA and JTWC publish
 * it from 1-minute winds; CMA's 2-minute and JMA's or HKO's 10-minute winds give lower values.
 */
export const ACE_MIN_KT = 34;

export interface AceFix {
  /** An ISO 8601 time with its offset. */
  time: string;
  windKt: number | null;
  extratropical: boolean;
}

/** ACE of a track, 10⁴ kt², to two decimals. */
export function accumulatedCycloneEnergy(fixes: Iterable<AceFix>): number {
  let sum = 0;
  for (const fix of fixes) {
    if (fix.windKt === null || fix.windKt < ACE_MIN_KT || fix.extratropical) continue;
    const instant = new Date(fix.time);
    if (instant.getUTCHours() % 6 !== 0 || instant.getUTCMinutes() !== 0 || instant.getUTCSeconds() !== 0) continue;
    sum += fix.windKt ** 2;
  }
  return Math.round((sum / 1e4) * 100) / 100;
}
