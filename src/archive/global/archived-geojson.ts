/**
 * GeoJSON (RFC 7946) of an archived storm of any basin (`/api/geojson/global/{id}`), drawn as the north-western
 * Pacific's storms are (../geojson.ts): areas first, then the track (a MultiLineString where it crosses the
 * antimeridian, a Point for a storm of one fix), a Point per entry with every field, and the landfalls. The areas
 * are the record's 34/50/64-kt wind radii per quadrant (HURDAT2's, from 2004), drawn with the same quadrant arcs as
 * the wind circles (../wind-circles.ts): all 34-kt areas first, then 50, then 64, so the smaller ones are on top.
 */
import type { ArchivedPoint, ArchivedStorm } from '../../model/global-archive-schemas.ts';
import { line, point, withBbox } from '../geojson.ts';
import { bboxOf, positionsOf, type BBox, type Feature, type Position } from '../geojson-geometry.ts';
import { polygonGeometry } from '../geojson-polygons.ts';
import { windCircleRing } from '../wind-circles.ts';

const THRESHOLDS = [
  [34, 'radius34'],
  [50, 'radius50'],
  [64, 'radius64'],
] as const satisfies readonly (readonly [number, keyof ArchivedPoint])[];

function windRadiiFeatures(s: ArchivedStorm): Feature[] {
  return THRESHOLDS.flatMap(([thresholdKt, key]) =>
    s.points.flatMap((p): Feature[] => {
      const radii = p[key];
      const ring = radii && windCircleRing(p, radii);
      const geometry = ring && polygonGeometry([[ring]]);
      return geometry ? [withBbox(geometry, { kind: 'wind-radii', code: s.id, time: p.time, thresholdKt, radii })] : [];
    }),
  );
}

/** The record's track alone (also the offline dump's global-tracks.geojson): a line, or a Point for a storm of one fix. */
export function archivedTrackFeature(s: ArchivedStorm): Feature {
  const { points, land, ...storm } = s;
  const positions = points.map((p): Position => [p.lng, p.lat]);
  // `code` is the id here (the record's own code, a north-western Pacific storm's, is its sourceId).
  const properties = { kind: 'track', ...storm, code: s.id, landfalls: land.length };
  return line(positions, properties) ?? withBbox({ type: 'Point', coordinates: positions[0] as Position }, properties);
}

export function archivedStormGeoJson(s: ArchivedStorm): { type: 'FeatureCollection'; bbox: BBox; features: Feature[] } {
  const features = [
    ...windRadiiFeatures(s),
    archivedTrackFeature(s),
    ...s.points.map((p) => point(p, { kind: 'track-point', code: s.id, ...p })),
    ...s.land.map((l) => point(l, { kind: 'landfall', code: s.id, ...l })),
  ];
  return { type: 'FeatureCollection', bbox: bboxOf(features.flatMap((f) => positionsOf(f.geometry))), features };
}
