/**
 * Archive proximity: for a place and a radius, every storm whose track comes within the radius, with its closest
 * approach. Distances are great-circle distances on the sphere to the track itself, the great-circle arcs between
 * consecutive fixes (sphere.ts), not only to the fixes: a storm that passes between two 6-hourly fixes is found.
 * The grid (proximity-index.ts) gives the arcs near the place; each of them is measured exactly.
 */
import { EARTH_RADIUS_KM, type Position } from '../model/geo.ts';
import { ARC_STRIDE, nearestOnArc, pointOnArc, unitVector, type ArcNearest } from '../model/sphere.ts';
import type { Tracks } from './archive-tracks.ts';
import { cellsOfBox, type Box, type Grid } from './proximity-index.ts';

/** A storm's closest approach: the arc (named by its first fix) and the fraction of its length where it is nearest. */
export interface Approach {
  storm: number;
  km: number;
  arc: number;
  fraction: number;
}

const deg = (radians: number) => (radians * 180) / Math.PI;

/** The box (degrees) holding every point within `angle` radians of a place: the bounds of a spherical cap. */
export function capBox(place: Position, angle: number): Box {
  const [latMin, latMax] = [place.lat - deg(angle), place.lat + deg(angle)];
  if (latMin <= -90 || latMax >= 90) return { latMin, latMax, lngMin: -180, lngMax: 180 };
  const halfWidth = deg(Math.asin(Math.min(1, Math.sin(angle) / Math.cos((place.lat * Math.PI) / 180))));
  return { latMin, latMax, lngMin: place.lng - halfWidth, lngMax: place.lng + halfWidth };
}

/**
 * Working arrays of one set of tracks, reused by every query: a query is synchronous, so no two share them. An
 * entry counts for a query only when its stamp is that query's number, so nothing is cleared between queries
 * and a request makes no garbage of this size (an arc stamp per fix of the archive).
 */
interface Scratch {
  query: number;
  /** Arc → the last query that measured it (an arc crosses several cells: measure it once). */
  arcStamp: Int32Array;
  /** Storm → the last query that found it; its best angle (radians), arc and fraction so far. */
  stormStamp: Int32Array;
  angle: Float64Array;
  arc: Int32Array;
  fraction: Float64Array;
}

const scratches = new WeakMap<Tracks, Scratch>();

function scratchOf(tracks: Tracks): Scratch {
  let scratch = scratches.get(tracks);
  if (!scratch) {
    const { fixes, storms } = tracks;
    scratch = {
      query: 0,
      arcStamp: new Int32Array(fixes),
      stormStamp: new Int32Array(storms),
      angle: new Float64Array(storms),
      arc: new Int32Array(storms),
      fraction: new Float64Array(storms),
    };
    scratches.set(tracks, scratch);
  }
  scratch.query = (scratch.query % 2_000_000_000) + 1;
  return scratch;
}

/** Closest approaches within `radiusKm` of a place, of the storms `allowed` admits, in no particular order. */
export function closestApproaches(
  tracks: Tracks,
  grid: Grid,
  place: Position,
  radiusKm: number,
  allowed: (storm: number) => boolean,
): Approach[] {
  const limit = radiusKm / EARTH_RADIUS_KM;
  const p = unitVector(place);
  const nearest: ArcNearest = { angle: 0, fraction: 0 };
  const s = scratchOf(tracks);
  const q = s.query;
  const found: number[] = [];
  for (const cell of cellsOfBox(capBox(place, limit))) {
    const arcs = grid[cell];
    for (let k = 0; arcs && k < arcs.length; k += 1) {
      const arc = arcs[k] as number;
      if (s.arcStamp[arc] === q) continue;
      s.arcStamp[arc] = q;
      const storm = tracks.stormOf[arc] as number;
      if (!allowed(storm)) continue;
      nearestOnArc(p, 0, tracks.vectors, arc * 3, (tracks.arcEnd[arc] as number) * 3, tracks.arcs, arc * ARC_STRIDE, nearest);
      if (nearest.angle > limit) continue;
      if (s.stormStamp[storm] !== q) {
        s.stormStamp[storm] = q;
        s.angle[storm] = Infinity;
        found.push(storm);
      }
      const best = s.angle[storm] as number;
      // Equal distances (the place nearest to a fix that ends one arc and starts the next): the earlier arc.
      if (nearest.angle < best || (nearest.angle === best && arc < (s.arc[storm] as number))) {
        s.angle[storm] = nearest.angle;
        s.arc[storm] = arc;
        s.fraction[storm] = nearest.fraction;
      }
    }
  }
  return found.map((storm) => ({
    storm,
    km: (s.angle[storm] as number) * EARTH_RADIUS_KM,
    arc: s.arc[storm] as number,
    fraction: s.fraction[storm] as number,
  }));
}

/**
 * When a closest approach was: the time, linear in the fraction of the arc between its fixes' times (hours since
 * the storm's first fix), and the fix nearer in time, whose intensity is reported (intensity is not interpolated).
 */
export function approachTime(tracks: Tracks, approach: Approach): { hours: number; fix: number } {
  const { arc, fraction } = approach;
  const end = tracks.arcEnd[arc] as number;
  const [h0, h1] = [tracks.file.hours[arc] as number, tracks.file.hours[end] as number];
  return { hours: h0 + fraction * (h1 - h0), fix: fraction > 0.5 ? end : arc };
}

/** Where a closest approach was: the nearest point of the track, on the great-circle arc between the fixes. */
export const approachPosition = (tracks: Tracks, { arc, fraction }: Approach): Position =>
  pointOnArc(tracks.vectors, arc * 3, (tracks.arcEnd[arc] as number) * 3, fraction);
