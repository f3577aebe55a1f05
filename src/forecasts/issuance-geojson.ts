/**
 * One issuance as GeoJSON (RFC 7946), ready for a map: its cone when the agency's measured radii are given (a
 * Polygon or MultiPolygon, first so a renderer paints it under the lines), the forecast track from the analysis
 * position through the forecast positions (a LineString, cut at the antimeridian), and a Point per position with
 * its lead, valid time, wind (in the issuance's unit and period) and pressure. Built from the archive's GeoJSON
 * pieces (src/archive/geojson-geometry.ts, forecast-cone.ts), as the storms' GeoJSON is. A storm's issuances are one
 * collection of theirs, each with its agency's cone for the storm's basin when one was measured.
 */
import { coneOf } from '../archive/forecast-cone.ts';
import { bboxOf, lineGeometry, positionsOf, type BBox, type Feature, type Geometry, type Position } from '../archive/geojson-geometry.ts';
import type { Issuance } from '../model/forecast-schemas.ts';
import { radiusAt, type ConeRadii } from './error-cones.ts';

const feature = (geometry: Geometry, properties: Record<string, unknown>): Feature => ({
  type: 'Feature',
  ...(geometry.type === 'Point' ? {} : { bbox: bboxOf(positionsOf(geometry)) }),
  geometry,
  properties,
});

export function issuanceGeoJson(
  issuance: Issuance,
  radii: ConeRadii | null = null,
): { type: 'FeatureCollection'; bbox: BBox; features: Feature[] } {
  const about = {
    key: issuance.key,
    agency: issuance.agency,
    storm: issuance.storm.id,
    initialTime: issuance.initialTime,
    issuedAt: issuance.issuedAt,
    revision: issuance.revision,
    special: issuance.special,
  };
  const positions = [...(issuance.initial ? [issuance.initial] : []), ...issuance.points];
  const cone =
    radii &&
    coneOf(
      positions.map((p) => ({ time: p.validTime, lat: p.lat, lng: p.lng, leadHours: p.leadHours })),
      (lead) => radiusAt(radii, lead),
    );
  const track = lineGeometry(positions.map((p): Position => [p.lng, p.lat]));
  const features = [
    ...(cone
      ? [
          feature(cone.geometry, {
            kind: 'forecast-cone',
            ...about,
            share: radii?.share,
            radiiFrom: radii && { ...radii.sample, agency: radii.agency, basin: radii.basin },
            circles: cone.circles,
          }),
        ]
      : []),
    ...(track ? [feature(track, { kind: 'forecast-track', ...about })] : []),
    ...positions.map((p) =>
      feature(
        { type: 'Point', coordinates: [p.lng, p.lat] },
        { kind: 'forecast-point', ...about, ...p, windUnit: issuance.wind.unit, windPeriod: issuance.wind.period },
      ),
    ),
  ];
  return { type: 'FeatureCollection', bbox: bboxOf(features.flatMap((f) => positionsOf(f.geometry))), features };
}

/** Issuances as one collection, in their order, each drawn with its agency's cone in its basin when `cones` has one. */
export function issuancesGeoJson(
  issuances: readonly Issuance[],
  cones: readonly ConeRadii[],
): { type: 'FeatureCollection'; bbox?: BBox; features: Feature[] } {
  const coneOf = (i: Issuance) => cones.find((c) => c.agency === i.agency && c.basin === i.basin) ?? null;
  const features = issuances.flatMap((i) => issuanceGeoJson(i, coneOf(i)).features);
  const positions = features.flatMap((f) => positionsOf(f.geometry));
  return { type: 'FeatureCollection', ...(positions.length ? { bbox: bboxOf(positions) } : {}), features };
}
