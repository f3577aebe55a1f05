/**
 * GeoJSON (RFC 7946) of the warnings in force that come with the agency's own geometry (docs/api/warnings.md, "GeoJSON"):
 * JMA's storm area and storm-warning areas, each circle a Polygon of 64 points on the WGS 84 ellipsoid
 * (src/model/warning-rules.ts warningFeatures), with a `bbox` per feature and for the collection (none when empty).
 * Hong Kong's and PAGASA's areas are not drawn: HKO's warnings are for the whole SAR, and PAGASA's circles are this
 * project's approximation, not PAGASA's geometry.
 */
import { bboxOf, positionsOf, type BBox, type Feature } from '../archive/geojson-geometry.ts';
import type { WarningInForce } from '../model/warning-answer-schemas.ts';
import { warningFeatures } from '../model/warning-rules.ts';

export function warningsGeoJson(warnings: readonly WarningInForce[]): { type: 'FeatureCollection'; bbox?: BBox; features: Feature[] } {
  const features: Feature[] = warnings.flatMap((w) =>
    warningFeatures([w]).map((f) => ({
      type: 'Feature' as const,
      bbox: bboxOf(positionsOf(f.geometry)),
      geometry: f.geometry,
      properties: { ...f.properties, linkedStorm: w.linkedStorm },
    })),
  );
  if (features.length === 0) return { type: 'FeatureCollection', features };
  return { type: 'FeatureCollection', bbox: bboxOf(features.flatMap((f) => positionsOf(f.geometry))), features };
}
