/**
 * The position at a distance and bearing from a centre, on the WGS 84 ellipsoid (GeographicLib's direct geodesic
 * problem, Karney 2013; within 0.5 % of the sphere of ./geo.ts at these distances). Longitudes come back
 * unrolled: they go on past ±180 from the centre's longitude (3° east of 179 is 182, not −178), so a ring
 * drawn around a centre near the antimeridian stays continuous until it is cut there (src/archive/geojson-polygons.ts).
 */
import geographiclib from 'geographiclib-geodesic';
import type { Position } from './geo.ts';

const { Geodesic } = geographiclib;
const LAT_LNG_UNROLLED = Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.LONG_UNROLL;

/** The point `km` from `center` along the initial bearing `bearingDeg` (degrees clockwise from north). */
export function destination(center: Position, bearingDeg: number, km: number): Position {
  if (km === 0) return { lat: center.lat, lng: center.lng };
  const { lat2, lon2 } = Geodesic.WGS84.Direct(center.lat, center.lng, bearingDeg, km * 1000, LAT_LNG_UNROLLED);
  return { lat: lat2 as number, lng: lon2 as number };
}

/** The azimuths (degrees clockwise from north) of the geodesic from a to b: its start at a and its arrival at b. */
export function geodesicAzimuths(a: Position, b: Position): { start: number; arrival: number } {
  const { azi1, azi2 } = Geodesic.WGS84.Inverse(a.lat, a.lng, b.lat, b.lng);
  return { start: azi1 as number, arrival: azi2 as number };
}
