/**
 * Wind circles as polygons: a track point's force-7/10/12 radii (km in the NE, SE, SW and NW quadrants) drawn as
 * four quadrant arcs around the centre on the WGS 84 ellipsoid, joined by radial steps where neighbouring
 * quadrants differ. An unknown quadrant (null) is drawn as radius 0, like a quadrant of 0 km.
 */
import type { Position as LatLng } from '../model/geo.ts';
import { destination } from '../model/geodesic.ts';
import type { TrackPoint, Typhoon, WindCircle } from '../model/typhoon-schemas.ts';
import { bboxOf, positionsOf, type Feature, type Position } from './geojson-geometry.ts';
import { polygonGeometry } from './geojson-polygons.ts';

/**
 * Chords per quadrant arc: 6 (every 15°) keep every vertex within 0.9 % of the radius of the true arc (9 km on
 * the largest force-7 radius of the archive, 1,150 km) at 25 positions a circle; 9 would add a third to the files.
 */
const ARC_SEGMENTS = 6;
const QUADRANTS = [
  ['ne', 0],
  ['se', 90],
  ['sw', 180],
  ['nw', 270],
] as const;
const WIND_FORCES = [
  [7, 'radius7'],
  [10, 'radius10'],
  [12, 'radius12'],
] as const satisfies readonly (readonly [number, keyof TrackPoint])[];

const toPosition = ({ lng, lat }: LatLng): Position => [lng, lat];

/** The closed ring of one wind circle, bearings clockwise from north, longitudes unrolled; null when no quadrant has a radius. */
export function windCircleRing(center: LatLng, radii: WindCircle): Position[] | null {
  if (!QUADRANTS.some(([quadrant]) => (radii[quadrant] ?? 0) > 0)) return null;
  const ring = QUADRANTS.flatMap(([quadrant, from]) =>
    Array.from({ length: ARC_SEGMENTS + 1 }, (_, k) =>
      toPosition(destination(center, from + (90 * k) / ARC_SEGMENTS, radii[quadrant] ?? 0)),
    ),
  );
  return [...ring, ring[0] as Position];
}

/**
 * A Polygon feature (a MultiPolygon where it is cut at ±180°) per circle of every track point that has one, all
 * force-7 circles first, then force 10, then force 12, so a renderer painting in order puts the smaller circles
 * on top. `latest` marks the circles of the newest point that has any (an active storm's current circles).
 */
export function windCircleFeatures(t: Typhoon): Feature[] {
  const latest = t.points.findLast((p) => WIND_FORCES.some(([, key]) => p[key] !== null));
  return WIND_FORCES.flatMap(([force, key]) =>
    t.points.flatMap((p): Feature[] => {
      const radii = p[key];
      const ring = radii && windCircleRing(p, radii);
      const geometry = ring && polygonGeometry([[ring]]);
      if (!geometry) return [];
      return [
        {
          type: 'Feature',
          bbox: bboxOf(positionsOf(geometry)),
          geometry,
          properties: { kind: 'wind-circle', code: t.code, time: p.time, force, radii, latest: p === latest },
        },
      ];
    }),
  );
}
