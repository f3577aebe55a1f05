/**
 * A forecast cone per agency, built the way NHC builds its track forecast cone: a circle around each forecast
 * position whose radius grows with lead time, and the area the circles sweep (here the union of the convex hulls
 * of consecutive circles, hulls drawn in longitude/latitude).
 *
 * The radii are NHC's 2024 Atlantic cone (two thirds of NHC's official track errors of 2019–2023, "Definition of
 * the NHC Track Forecast Cone"), for every agency alike: none of the upstreams gives an agency's own
 * uncertainty, and the repository's documents give no CMA radii. So a cone here is a common yardstick of how
 * far a forecast position can typically be off, not the agency's own probability circle (JMA's 70 % circles,
 * for one, are drawn otherwise). NHC's cone covers 120 h, and so does this one: later positions are left out.
 */
import type { Position as LatLng } from '../model/geo.ts';
import { lngDelta } from '../model/geo.ts';
import { destination } from '../model/geodesic.ts';
import type { AgencyForecast } from '../model/typhoon-schemas.ts';
import { NM_TO_KM } from '../model/units.ts';
import type { Geometry, Position } from './geojson-geometry.ts';
import { convexHull, polygonGeometry } from './geojson-polygons.ts';

/** [lead time in hours, radius in nautical miles]: NHC 2024, Atlantic basin; 0 at the analysis position, where NHC's cone starts as a point. */
const CONE_RADII_NM: readonly (readonly [number, number])[] = [
  [0, 0],
  [12, 26],
  [24, 41],
  [36, 55],
  [48, 70],
  [60, 88],
  [72, 102],
  [96, 151],
  [120, 220],
];
export const CONE_SOURCE = 'NHC 2024 Atlantic track forecast cone (2/3 of official track errors 2019–2023)';
const CIRCLE_SEGMENTS = 36;
const HOUR_MS = 3_600_000;

/** The cone radius in km at a lead time, interpolated linearly between the table's hours; null outside 0–120 h. */
export function coneRadiusKm(leadHours: number): number | null {
  const upper = CONE_RADII_NM.findIndex(([hours]) => hours >= leadHours);
  if (leadHours < 0 || upper < 0) return null;
  const [h1, r1] = CONE_RADII_NM[upper] as readonly [number, number];
  const [h0, r0] = CONE_RADII_NM[Math.max(0, upper - 1)] as readonly [number, number];
  const nm = h1 === h0 ? r1 : r0 + ((r1 - r0) * (leadHours - h0)) / (h1 - h0);
  return Math.round(nm * NM_TO_KM * 10) / 10;
}

export interface ConeCircle {
  time: string;
  leadHours: number;
  radiusKm: number;
}

const circleRing = (center: LatLng, radiusKm: number): Position[] =>
  Array.from({ length: radiusKm > 0 ? CIRCLE_SEGMENTS : 1 }, (_, k) => {
    const { lng, lat } = destination(center, (360 * k) / CIRCLE_SEGMENTS, radiusKm);
    return [lng, lat] as Position;
  });

/** A forecast position with its lead time, the centre of one of a cone's circles. */
export interface ConeCentre extends LatLng {
  time: string;
  leadHours: number;
}

/**
 * The cone swept by circles around forecast positions whose radius a function gives by lead time (null: no circle,
 * the position is left out): the union of the convex hulls of consecutive circles. Null when no circle is left.
 */
export function coneOf(
  centres: readonly ConeCentre[],
  radiusKmAt: (leadHours: number) => number | null,
): { geometry: Geometry; circles: ConeCircle[] } | null {
  const circles = centres.flatMap((p) => {
    const radiusKm = radiusKmAt(p.leadHours);
    return radiusKm === null ? [] : [{ center: p, circle: { time: p.time, leadHours: p.leadHours, radiusKm } }];
  });
  if (circles.length === 0) return null;
  // Longitudes unrolled from the first centre, so a cone across ±180 stays continuous until it is cut there.
  let lng = (circles[0] as (typeof circles)[number]).center.lng;
  const rings = circles.map(({ center, circle: { radiusKm } }) => {
    lng += lngDelta(center.lng, lng);
    return circleRing({ lat: center.lat, lng }, radiusKm);
  });
  const hulls = rings.length === 1 ? rings : rings.slice(1).map((ring, i) => convexHull([...(rings[i] as Position[]), ...ring]));
  const geometry = polygonGeometry(hulls.filter((hull) => hull.length >= 3).map((hull) => [hull]));
  return geometry && { geometry, circles: circles.map((c) => c.circle) };
}

/**
 * The cone of one agency's forecast, from its analysis position (`origin`, radius 0) through each forecast
 * position of lead time ≤ 120 h after `issuedAt`; null when the lead times are unknown or no position is left.
 */
export function forecastCone(f: AgencyForecast): { geometry: Geometry; circles: ConeCircle[] } | null {
  const issued = f.issuedAt ?? f.origin?.time;
  if (!issued) return null;
  const positions = [...(f.origin ? [f.origin] : []), ...f.points];
  return coneOf(
    positions.map((p) => ({ time: p.time, lat: p.lat, lng: p.lng, leadHours: (Date.parse(p.time) - Date.parse(issued)) / HOUR_MS })),
    coneRadiusKm,
  );
}
