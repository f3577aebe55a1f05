/**
 * When a storm's record was last released by its source, as ms since the epoch.
 * CMA dates every entry (the header's release date, e.g. 20250301, taken as midnight Beijing time); a storm
 * CMA does not cover (the 1945–1948 zj tracks) takes the time of its last point, the newest fact it holds.
 */
import type { Typhoon } from '../model/typhoon-schemas.ts';
import { beijingDate } from '../model/time.ts';

export function releaseTime(t: Typhoon): number {
  const date = /^(\d{4})(\d{2})(\d{2})$/.exec(t.cma?.releaseDate ?? '');
  const released = date && beijingDate(Number(date[1]), Number(date[2]), Number(date[3]));
  return released ? released.getTime() : Date.parse(t.endTime);
}

/** The archive's release time: its newest storm record's (the v1 `ts` of every archive answer, the dump's version). */
export const archiveReleaseTime = (typhoons: readonly Typhoon[]): number =>
  typhoons.reduce((latest, t) => Math.max(latest, releaseTime(t)), 0);
