/**
 * GeoJSON (RFC 7946) of a storm: its track as a LineString (a MultiLineString when it crosses the antimeridian,
 * cut there as §3.1.9 asks), a Point feature per track point carrying every field, and each agency's forecast
 * as a LineString from its origin plus its points. Positions are [longitude, latitude] in WGS 84.
 */
import type { AgencyForecast, TrackPoint, Typhoon } from '../model/schemas.ts';

type Position = [number, number];
interface Feature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: Position } | { type: 'LineString'; coordinates: Position[] } | { type: 'MultiLineString'; coordinates: Position[][] };
  properties: Record<string, unknown>;
}

/** Splits a line where a step crosses ±180°, adding the crossing point on both sides. */
export function cutAtAntimeridian(positions: readonly Position[]): Position[][] {
  const parts: Position[][] = [[]];
  positions.forEach((position, i) => {
    const previous = positions[i - 1];
    if (previous && Math.abs(position[0] - previous[0]) > 180) {
      const east = previous[0] > 0 ? 180 : -180;
      const span = 360 - Math.abs(position[0] - previous[0]);
      const fraction = (180 - Math.abs(previous[0])) / span;
      const lat = Math.round((previous[1] + (position[1] - previous[1]) * fraction) * 1e4) / 1e4;
      parts[parts.length - 1]?.push([east, lat]);
      parts.push([[-east, lat]]);
    }
    parts[parts.length - 1]?.push(position);
  });
  return parts.filter((part) => part.length >= 2);
}

function line(positions: Position[], properties: Record<string, unknown>): Feature | null {
  const parts = cutAtAntimeridian(positions);
  if (parts.length === 0) return null;
  const geometry = parts.length === 1 ? { type: 'LineString' as const, coordinates: parts[0] as Position[] } : { type: 'MultiLineString' as const, coordinates: parts };
  return { type: 'Feature', geometry, properties };
}

const point = (p: { lng: number; lat: number }, properties: Record<string, unknown>): Feature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
  properties,
});

function forecastFeatures(code: string, f: AgencyForecast): Feature[] {
  const start = f.origin ? [[f.origin.lng, f.origin.lat] as Position] : [];
  const track = line([...start, ...f.points.map((p) => [p.lng, p.lat] as Position)], { kind: 'forecast-track', code, agency: f.agency, nameZh: f.nameZh, nameEn: f.nameEn, issuedAt: f.issuedAt });
  return [...(track ? [track] : []), ...f.points.map((p) => point(p, { kind: 'forecast-point', code, agency: f.agency, ...p }))];
}

export function typhoonGeoJson(t: Typhoon): { type: 'FeatureCollection'; features: Feature[] } {
  const { points, forecasts, land, ...storm } = t;
  const track = line(points.map((p: TrackPoint) => [p.lng, p.lat]), { kind: 'track', ...storm, landfalls: land.length });
  return {
    type: 'FeatureCollection',
    features: [
      ...(track ? [track] : []),
      ...points.map((p) => point(p, { kind: 'track-point', code: t.code, ...p })),
      ...land.map((l) => point(l, { kind: 'landfall', code: t.code, ...l })),
      ...Object.values(forecasts).flatMap((f) => forecastFeatures(t.code, f)),
    ],
  };
}
