/**
 * GeoJSON (RFC 7946) of a storm, ready for a map: the force-7/10/12 wind circles of every track point as polygons,
 * for active storms each agency's forecast cone, then the track as a LineString (a MultiLineString when it crosses
 * the antimeridian, cut there as §3.1.9 asks; a Point for a storm of one fix, as a LineString needs two positions,
 * §3.1.4), a Point feature per track point carrying every field, the
 * landfalls, and each agency's forecast as a LineString from its origin plus its points. Areas come first, so a
 * renderer that paints in order draws them under the lines and points. Positions are [longitude, latitude] in
 * WGS 84; the collection and every line and area have a `bbox` (§5).
 */
import type { AgencyForecast, TrackPoint, Typhoon } from '../model/typhoon-schemas.ts';
import { CONE_SOURCE, forecastCone } from './forecast-cone.ts';
import { bboxOf, lineGeometry, positionsOf, type BBox, type Feature, type Geometry, type Position } from './geojson-geometry.ts';
import { windCircleFeatures } from './wind-circles.ts';

/** A feature with its bounding box (lines and areas: §5). */
export const withBbox = (geometry: Geometry, properties: Record<string, unknown>): Feature => ({
  type: 'Feature',
  bbox: bboxOf(positionsOf(geometry)),
  geometry,
  properties,
});

/** A line through the positions, cut at the antimeridian; null for fewer than two positions. */
export function line(positions: Position[], properties: Record<string, unknown>): Feature | null {
  const geometry = lineGeometry(positions);
  return geometry && withBbox(geometry, properties);
}

export const point = (p: { lng: number; lat: number }, properties: Record<string, unknown>): Feature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
  properties,
});

const agencyOf = (f: AgencyForecast) => ({ agency: f.agency, nameZh: f.nameZh, nameEn: f.nameEn, issuedAt: f.issuedAt });

/** The storm's track alone (also the offline dump's tracks.geojson): a line, or a Point for a storm of one fix. */
export function trackFeature(t: Typhoon): Feature {
  const { points, forecasts: _forecasts, land, ...storm } = t;
  const positions = points.map((p: TrackPoint): Position => [p.lng, p.lat]);
  const properties = { kind: 'track', ...storm, landfalls: land.length };
  return line(positions, properties) ?? withBbox({ type: 'Point', coordinates: positions[0] as Position }, properties);
}

function coneFeature(code: string, f: AgencyForecast): Feature | null {
  const cone = forecastCone(f);
  return cone && withBbox(cone.geometry, { kind: 'forecast-cone', code, ...agencyOf(f), radiiFrom: CONE_SOURCE, circles: cone.circles });
}

function forecastFeatures(code: string, f: AgencyForecast): Feature[] {
  const start = f.origin ? [[f.origin.lng, f.origin.lat] as Position] : [];
  const track = line([...start, ...f.points.map((p) => [p.lng, p.lat] as Position)], { kind: 'forecast-track', code, ...agencyOf(f) });
  return [...(track ? [track] : []), ...f.points.map((p) => point(p, { kind: 'forecast-point', code, agency: f.agency, ...p }))];
}

export function typhoonGeoJson(t: Typhoon): { type: 'FeatureCollection'; bbox: BBox; features: Feature[] } {
  const forecasts = Object.values(t.forecasts);
  const features = [
    ...windCircleFeatures(t),
    ...forecasts.flatMap((f) => coneFeature(t.code, f) ?? []),
    trackFeature(t),
    ...t.points.map((p) => point(p, { kind: 'track-point', code: t.code, ...p })),
    ...t.land.map((l) => point(l, { kind: 'landfall', code: t.code, ...l })),
    ...forecasts.flatMap((f) => forecastFeatures(t.code, f)),
  ];
  return { type: 'FeatureCollection', bbox: bboxOf(features.flatMap((f) => positionsOf(f.geometry))), features };
}
