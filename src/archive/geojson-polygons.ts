/**
 * Polygons as RFC 7946 wants them (§3.1.6, §3.1.9), from rings drawn in unrolled longitudes (src/model/geodesic.ts:
 * a ring around a centre at 179° runs on to 182°): made simple, cut at the antimeridian into the parts on each
 * side and moved onto −180…180, rounded, closed, the exterior ring counter-clockwise and holes clockwise. The
 * boolean operations are polygon-clipping's; edges are straight lines in longitude/latitude, as GeoJSON draws them.
 */
import polygonClipping from 'polygon-clipping';
import { roundPosition, type Geometry, type Position } from './geojson-geometry.ts';

/** A polygon: its exterior ring, then its holes. */
type Rings = Position[][];

const samePosition = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/** The ring without consecutive repeats and without its closing position. */
function openRing(ring: readonly Position[]): Position[] {
  const open = ring.filter((p, i) => i === 0 || !samePosition(p, ring[i - 1] as Position));
  while (open.length > 1 && samePosition(open[0] as Position, open[open.length - 1] as Position)) open.pop();
  return open;
}

/** Twice the signed area (shoelace): positive for a counter-clockwise ring. */
const signedArea = (open: readonly Position[]) =>
  open.reduce((sum, [x1, y1], i) => {
    const [x2, y2] = open[(i + 1) % open.length] as Position;
    return sum + x1 * y2 - x2 * y1;
  }, 0);

/** A ring passing one vertex twice (a quadrant of radius 0 between two drawn ones touches the centre twice) is not simple. */
function touchesItself(ring: readonly Position[]): boolean {
  const sorted = openRing(ring).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return sorted.some((p, i) => i > 0 && samePosition(p, sorted[i - 1] as Position));
}

/** Polygons whose longitudes pass ±180 cut into the parts on each side, each moved onto −180…180. */
function cutPolygonsAtAntimeridian(polygons: Rings[]): Rings[] {
  let [min, max] = [Infinity, -Infinity];
  for (const ring of polygons.flat()) {
    for (const [lng] of ring) {
      min = Math.min(min, lng);
      max = Math.max(max, lng);
    }
  }
  if (min >= -180 && max <= 180) return polygons;
  const parts: Rings[] = [];
  // Each window [turn − 180, turn + 180] is the globe once; what falls in it is moved back by `turn`.
  for (let turn = Math.floor((min + 180) / 360) * 360; turn - 180 < max; turn += 360) {
    const window: Rings = [
      [
        [turn - 180, -90],
        [turn + 180, -90],
        [turn + 180, 90],
        [turn - 180, 90],
        [turn - 180, -90],
      ],
    ];
    for (const part of polygonClipping.intersection(polygons, window))
      parts.push(part.map((ring) => ring.map(([lng, lat]) => [lng - turn, lat] as Position)));
  }
  return parts;
}

/** Rounded and closed, exterior counter-clockwise and holes clockwise; null when nothing with an area is left. */
function finishPolygon(polygon: Rings): Rings | null {
  const hasArea = (ring: Position[]) => ring.length >= 3 && signedArea(ring) !== 0;
  const [outer, ...holes] = polygon.map((ring) => openRing(ring.map(roundPosition)));
  if (!outer || !hasArea(outer)) return null;
  const oriented = (ring: Position[], sign: 1 | -1) => (Math.sign(signedArea(ring)) === sign ? ring : [...ring].reverse());
  return [oriented(outer, 1), ...holes.filter(hasArea).map((hole) => oriented(hole, -1))].map((ring) => [...ring, ring[0] as Position]);
}

/**
 * A Polygon, or a MultiPolygon when the shape is cut at the antimeridian or falls apart, from polygons in unrolled
 * longitudes (each an exterior ring then holes, open or closed). Several polygons are joined into their union.
 */
export function polygonGeometry(polygons: Rings[]): Geometry | null {
  const [first, ...rest] = polygons;
  if (!first) return null;
  const simple = rest.length > 0 || polygons.some((p) => p.some(touchesItself)) ? polygonClipping.union(first, ...rest) : polygons;
  const finished = cutPolygonsAtAntimeridian(simple)
    .map(finishPolygon)
    .filter((p): p is Rings => p !== null);
  if (finished.length === 0) return null;
  return finished.length === 1 ? { type: 'Polygon', coordinates: finished[0] as Rings } : { type: 'MultiPolygon', coordinates: finished };
}

/** The convex hull (Andrew's monotone chain), an open ring counter-clockwise; fewer than 3 positions when degenerate. */
export function convexHull(points: readonly Position[]): Position[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const turn = (o: Position, a: Position, b: Position) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const chain = (list: Position[]) => {
    const out: Position[] = [];
    for (const p of list) {
      while (out.length >= 2 && turn(out[out.length - 2] as Position, out[out.length - 1] as Position, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop(); // each chain ends where the other begins
    return out;
  };
  return [...chain(sorted), ...chain([...sorted].reverse())];
}
