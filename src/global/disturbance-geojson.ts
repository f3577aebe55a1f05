/**
 * GeoJSON (RFC 7946) of the active disturbances, ready for a map (docs/api/disturbances.md): per disturbance, the
 * formation alert's box as a Polygon (areas first, so a renderer that paints in order draws them under the rest),
 * the invest's b-deck track as a LineString (cut at the antimeridian, §3.1.9; left out with one point), and its
 * latest position as a Point. Every feature's properties carry `id` and `kind`; the point carries the rest of the
 * record in brief. Positions are [longitude, latitude] in WGS 84; features and the collection have a `bbox` (§5),
 * the collection none when it is empty.
 */
import { bboxOf, lineGeometry, positionsOf, type BBox, type Feature, type Geometry, type Position } from '../archive/geojson-geometry.ts';
import { polygonGeometry } from '../archive/geojson-polygons.ts';
import type { Disturbance } from '../model/disturbance-schemas.ts';

const feature = (geometry: Geometry, properties: Record<string, unknown>): Feature => ({
  type: 'Feature',
  bbox: bboxOf(positionsOf(geometry)),
  geometry,
  properties,
});

/** The box's corners in unrolled longitudes (each within 180° of the first), as polygonGeometry takes them. */
function boxGeometry(box: NonNullable<NonNullable<Disturbance['alert']>['box']>): Geometry | null {
  const first = box[0]?.lng ?? 0;
  const ring = box.map((c): Position => [c.lng - first > 180 ? c.lng - 360 : first - c.lng > 180 ? c.lng + 360 : c.lng, c.lat]);
  return polygonGeometry([[ring]]);
}

function disturbanceFeatures(d: Disturbance): Feature[] {
  const features: Feature[] = [];
  const box = d.alert?.box ? boxGeometry(d.alert.box) : null;
  if (box && d.alert)
    features.push(feature(box, { id: d.id, kind: 'alert-box', issuedAt: d.alert.issuedAt, expiresAt: d.alert.expiresAt }));
  const track = d.track && lineGeometry(d.track.points.map((p): Position => [p.lng, p.lat]));
  if (track && d.track) features.push(feature(track, { id: d.id, kind: 'track', source: d.track.source, points: d.track.points.length }));
  if (d.position) {
    features.push(
      feature(
        { type: 'Point', coordinates: [d.position.lng, d.position.lat] },
        {
          id: d.id,
          kind: 'position',
          designator: d.designator,
          basin: d.basin,
          time: d.position.time,
          source: d.position.source,
          potential: d.potential?.words ?? null,
          windKt: d.wind?.kt ?? null,
          pressureHpa: d.pressureHpa,
          alertInForce: d.alert !== null,
          stale: d.stale,
        },
      ),
    );
  }
  return features;
}

export function disturbancesGeoJson(records: readonly Disturbance[]): { type: 'FeatureCollection'; bbox?: BBox; features: Feature[] } {
  const features = records.filter((r) => r.isActive).flatMap(disturbanceFeatures);
  // Areas first, then lines, then points.
  const order = { 'alert-box': 0, track: 1, position: 2 } as Record<string, number>;
  features.sort((a, b) => (order[a.properties.kind as string] ?? 0) - (order[b.properties.kind as string] ?? 0));
  if (features.length === 0) return { type: 'FeatureCollection', features };
  return { type: 'FeatureCollection', bbox: bboxOf(features.flatMap((f) => positionsOf(f.geometry))), features };
}
