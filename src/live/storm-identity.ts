/**
 * Which live storm records are the same storm, which of two is newer, and how a stored storm and a fresh one
 * are put together. Used when a refresh assembles the new snapshot (src/live/refresh-typhoons.ts) and when events are
 * derived (src/flash/events.ts).
 */
import { lngDelta } from '../model/geo.ts';
import type { Landfall, TrackPoint, Typhoon } from '../model/typhoon-schemas.ts';
import { trackSummary } from '../model/track-summary.ts';

/** Two positions at the same instant this close (degrees of latitude and of longitude) are the same centre. */
export const SAME_CENTRE_DEGREES = 0.3;

export interface Position {
  time: string;
  lat: number;
  lng: number;
}

const instant = (time: string) => Date.parse(time);

/** The time of a storm's last point, in ms. */
export const lastPointMs = (storm: Pick<Typhoon, 'points'>) => instant((storm.points[storm.points.length - 1] as TrackPoint).time);

/**
 * Two tracks are one storm when they share instants and their centres agree there: at least one shared
 * instant, and at least half of the shared instants within SAME_CENTRE_DEGREES in latitude and longitude.
 * Two different storms are never at the same place at the same time, while a re-analysis can move an old
 * position a little, hence "half" rather than "all". This is how an unnumbered system (the Zhejiang
 * service's 8-digit id, `20260099`) is recognised under the China number it gets later (`202631`): the
 * numbered track begins with the depression's points. Two agencies' fixes of one system differ more: `degrees`
 * widens the tolerance for them (a JTWC invest and a Zhejiang depression, src/api/handlers/disturbances.ts).
 */
export function sameStorm(a: readonly Position[], b: readonly Position[], degrees = SAME_CENTRE_DEGREES): boolean {
  const byTime = new Map(b.map((p) => [instant(p.time), p]));
  let shared = 0;
  let close = 0;
  for (const p of a) {
    const q = byTime.get(instant(p.time));
    if (!q) continue;
    shared += 1;
    if (Math.abs(p.lat - q.lat) <= degrees && Math.abs(lngDelta(p.lng, q.lng)) <= degrees) close += 1;
  }
  return close > 0 && close * 2 >= shared;
}

function unionByTime<T extends { time: string }>(stored: readonly T[], fresh: readonly T[]): T[] {
  const merged = new Map(stored.map((p) => [instant(p.time), p]));
  for (const p of fresh) merged.set(instant(p.time), p); // the fresh value wins for an instant both have
  return [...merged.entries()].sort(([a], [b]) => a - b).map(([, p]) => p);
}

/**
 * The fresh record of a storm, newer than or as new as the stored one (same code), with every point of the
 * stored one kept: points are merged by instant (the fresh value wins where both have one), so a failover to
 * a source with fewer points never shortens a track. Landfall records are merged the same way (NMC gives none).
 */
export function mergeStorm(stored: Typhoon, fresh: Typhoon): Typhoon {
  const points = unionByTime<TrackPoint>(stored.points, fresh.points);
  const land = unionByTime<Landfall>(stored.land, fresh.land);
  if (points.length === fresh.points.length && land.length === fresh.land.length) return fresh;
  return {
    ...fresh,
    ...trackSummary(points),
    points,
    land,
    provenance: { ...fresh.provenance, landfall: fresh.provenance.landfall ?? (land.length ? stored.provenance.landfall : null) },
  };
}

/**
 * A fresh record without what its source could not have issued yet: points and landfalls later than the fetch (by
 * more than `toleranceMs`), and forecasts issued later. Such times are bad source data (a wrong clock, a wrong
 * month): they are left out, never served as the storm's present, and named in `dropped` for the data-quality
 * document. Null when no point is left: the source gave nothing of this storm that can be true.
 */
export function withoutFutureTimes(storm: Typhoon, now: Date, toleranceMs: number): { storm: Typhoon | null; dropped: string[] } {
  const limit = now.getTime() + toleranceMs;
  const past = <T extends { time: string }>(items: readonly T[]) => items.filter((i) => instant(i.time) <= limit);
  const points = past(storm.points);
  const land = past(storm.land);
  const forecasts = Object.fromEntries(
    Object.entries(storm.forecasts).filter(([, f]) => f.issuedAt === null || instant(f.issuedAt) <= limit),
  );
  const dropped = [
    ...storm.points.filter((p) => !points.includes(p)).map((p) => `point ${p.time}`),
    ...storm.land.filter((l) => !land.includes(l)).map((l) => `landfall ${l.time}`),
    ...Object.entries(storm.forecasts)
      .filter(([agency]) => !(agency in forecasts))
      .map(([agency, f]) => `${agency} forecast issued ${f.issuedAt}`),
  ];
  if (dropped.length === 0) return { storm, dropped };
  if (points.length === 0) return { storm: null, dropped };
  const latest = points[points.length - 1] as TrackPoint;
  return {
    storm: { ...storm, ...trackSummary(points), points, land, forecasts, live: storm.live && { ...storm.live, publishedAt: latest.time } },
    dropped,
  };
}

/** One record per code from several lists: the one with the latest last point (the earlier list on a tie). */
export function newestRecords(...lists: (readonly Typhoon[])[]): Typhoon[] {
  const newest = new Map<string, Typhoon>();
  for (const list of lists) {
    for (const storm of list) {
      const known = newest.get(storm.code);
      if (!known || lastPointMs(storm) > lastPointMs(known)) newest.set(storm.code, storm);
    }
  }
  return [...newest.values()];
}

export interface AssembledStorms {
  typhoons: Typhoon[];
  /** Codes for which the stored record was kept because the source's data for it is older. */
  keptStored: string[];
}

/**
 * The storms of a new snapshot, from a source's fresh list and the stored snapshot. A source whose data is
 * older than the snapshot (a lagging failover) must not move it backwards:
 *
 * - a fresh storm whose last point is earlier than the stored record's last point (same code) is replaced by
 *   the stored record, untouched (its `live.fetchedAt` still says when it was fetched);
 * - otherwise the fresh record is used, with every point the stored one has (mergeStorm);
 * - an unnumbered fresh storm (8 digits) that the stored snapshot already holds under its China number (a
 *   6-digit code the fresh list lacks, same storm by sameStorm) keeps that number: when its last point is no
 *   later, the stored numbered record stays; when it is later, its data is taken under the China number (and
 *   the stored names where it has none), with every stored point. A lagging source never un-numbers a storm.
 *
 * A storm the fresh list does not hold is not carried over: the snapshot is what the source lists as active
 * (flash news decides separately, and patiently, when a storm has really ended: src/flash/events.ts).
 */
export function assembleStorms(fresh: readonly Typhoon[], stored: readonly Typhoon[] | null): AssembledStorms {
  const before = new Map((stored ?? []).map((t) => [t.code, t]));
  const freshCodes = new Set(fresh.map((t) => t.code));
  const typhoons: Typhoon[] = [];
  const keptStored: string[] = [];
  const used = new Set<string>();
  for (const storm of fresh) {
    // An unnumbered storm the stored storms already hold under a China number (checked first: the stored
    // storms may hold its old unnumbered record too).
    const numbered = /^\d{8}$/.test(storm.code)
      ? (stored ?? []).find(
          (t) => /^\d{6}$/.test(t.code) && !freshCodes.has(t.code) && !used.has(t.code) && sameStorm(t.points, storm.points),
        )
      : undefined;
    if (numbered) {
      used.add(numbered.code);
      if (lastPointMs(storm) <= lastPointMs(numbered)) {
        typhoons.push(numbered);
        keptStored.push(storm.code);
      } else {
        // Newer data from a source that has not caught up with the numbering: the storm keeps its number.
        const renamed = {
          ...storm,
          code: numbered.code,
          year: numbered.year,
          name: storm.name ?? numbered.name,
          enname: storm.enname ?? numbered.enname,
        };
        typhoons.push(mergeStorm(numbered, renamed));
      }
      continue;
    }
    const same = before.get(storm.code);
    if (!same) typhoons.push(storm);
    else if (lastPointMs(storm) < lastPointMs(same)) {
      typhoons.push(same);
      keptStored.push(storm.code);
    } else typhoons.push(mergeStorm(same, storm));
  }
  return { typhoons, keptStored };
}
