/**
 * When a storm's record was last released by its source, as ms since the epoch: the static answers' `ts`.
 * CMA dates every entry (the header's release date, e.g. 20250301, taken as midnight Beijing time); a storm
 * CMA does not cover (the 1945–1948 zj tracks) takes the time of its last point, the newest fact it holds.
 */
import type { Typhoon } from '../model/schemas.ts';

export function releaseTime(t: Typhoon): number {
  const date = /^(\d{4})(\d{2})(\d{2})$/.exec(t.cma?.releaseDate ?? '');
  return date ? Date.parse(`${date[1]}-${date[2]}-${date[3]}T00:00:00+08:00`) : Date.parse(t.endTime);
}
