/**
 * Positions on the Earth: the longitude scale and distances. The API writes longitudes on −180…180, east
 * positive; several sources write 0–360°E instead.
 */

/** Mean Earth radius (IUGG), km: every distance of the API is on this sphere. */
export const EARTH_RADIUS_KM = 6371.0088;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

export interface Position {
  lat: number;
  lng: number;
}

/**
 * A longitude on the −180…180 scale. 180–360 (0–360°E: CMA, the Zhejiang archive and services) and −360…−180
 * (an ATCF west longitude past 180°) are turned by a full circle; the result is rounded to 1e-6°, which removes
 * the floating error of `x − 360` (255.3 → −104.7, not −104.69999999999999) and is far below any source's
 * precision. A value beyond ±360 is on no scale and is left as it is, for the range checks to report.
 */
export function normaliseLongitude(lng: number): number {
  const turned = lng > 180 && lng <= 360 ? lng - 360 : lng < -180 && lng >= -360 ? lng + 360 : null;
  return turned === null ? lng : Math.round(turned * 1e6) / 1e6;
}

/** The signed difference a − b of two longitudes, −180…180, across the antimeridian (179 − (−179) = −2). */
export const lngDelta = (a: number, b: number) => ((((a - b) % 360) + 540) % 360) - 180;

/** Great-circle (haversine) distance in km. */
export function greatCircleKm(a: Position, b: Position): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(lngDelta(b.lng, a.lng)) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Distance in km from a position to a track: to its nearest point, or to the segment between two consecutive
 * points where the perpendicular foot falls inside it (measured in a local equirectangular projection centred
 * on the position: within 1 % of the great-circle distance up to a few hundred km).
 */
export function distanceToTrackKm(p: Position, track: readonly Position[]): number {
  let best = Infinity;
  const scale = Math.cos(rad(p.lat));
  const project = (q: Position) => [rad(lngDelta(q.lng, p.lng)) * scale * EARTH_RADIUS_KM, rad(q.lat - p.lat) * EARTH_RADIUS_KM] as const;
  for (let i = 0; i < track.length; i += 1) {
    const a = track[i] as Position;
    best = Math.min(best, greatCircleKm(p, a));
    const b = track[i + 1];
    if (!b) continue;
    const [ax, ay] = project(a);
    const [bx, by] = project(b);
    const [dx, dy] = [bx - ax, by - ay];
    const length2 = dx * dx + dy * dy;
    if (length2 === 0 || length2 > 2000 ** 2) continue;
    const t = -(ax * dx + ay * dy) / length2;
    if (t > 0 && t < 1) best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

/** Initial great-circle bearing from a to b, degrees clockwise from north (0…360). */
export function initialBearing(a: Position, b: Position): number {
  const φ1 = rad(a.lat);
  const φ2 = rad(b.lat);
  const Δλ = rad(lngDelta(b.lng, a.lng));
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}
