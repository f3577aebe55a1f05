/**
 * How far two agencies' tracks of what may be one storm agree: at the instants both analysed (the same UTC time),
 * how many of their centres lie within MATCH_DISTANCE_KM of each other. Agencies place one storm's centre tens of
 * kilometres apart (a weak or old storm up to about 100 km); two storms that exist at once are hundreds apart,
 * except for a few fixes while one absorbs the other.
 */
import { greatCircleKm, type Position } from '../model/geo.ts';

/** Two centres at one instant closer than this are taken to be the same storm's. */
export const MATCH_DISTANCE_KM = 150;

export interface Fix extends Position {
  /** ms since the epoch (UTC). */
  instant: number;
}

export interface Agreement {
  /** Instants both tracks have a fix at. */
  shared: number;
  /** Shared instants whose centres lie within MATCH_DISTANCE_KM. */
  agreeing: number;
  /** Median distance between the centres at the agreeing instants, km (to 0.1); null when none agree. */
  medianKm: number | null;
}

/** The fixes of many tracks by instant, to measure one track against all of them at once. */
export class FixIndex {
  private readonly byInstant = new Map<number, { track: number; fix: Fix }[]>();

  constructor(tracks: readonly (readonly Fix[])[]) {
    tracks.forEach((fixes, track) => {
      for (const fix of fixes) {
        const list = this.byInstant.get(fix.instant);
        if (list) list.push({ track, fix });
        else this.byInstant.set(fix.instant, [{ track, fix }]);
      }
    });
  }

  /** Each indexed track that shares an instant with `fixes`, and how far they agree. */
  agreements(fixes: readonly Fix[]): Map<number, Agreement> {
    const distances = new Map<number, { shared: number; km: number[] }>();
    for (const fix of fixes) {
      for (const other of this.byInstant.get(fix.instant) ?? []) {
        let seen = distances.get(other.track);
        if (!seen) distances.set(other.track, (seen = { shared: 0, km: [] }));
        seen.shared += 1;
        const km = greatCircleKm(fix, other.fix);
        if (km <= MATCH_DISTANCE_KM) seen.km.push(km);
      }
    }
    const result = new Map<number, Agreement>();
    for (const [track, { shared, km }] of distances) result.set(track, { shared, agreeing: km.length, medianKm: median(km) });
    return result;
  }
}

/** How far `track` agrees with `other`: every instant both have counts, nothing shared is zero figures. */
export function agreementOf(track: readonly Fix[], other: readonly Fix[]): Agreement {
  return new FixIndex([other]).agreements(track).get(0) ?? { shared: 0, agreeing: 0, medianKm: null };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const value = sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return Math.round(value * 10) / 10;
}
