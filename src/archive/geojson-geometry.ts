/**
 * GeoJSON (RFC 7946) geometry shared by the storm documents: positions `[longitude, latitude]` in WGS 84,
 * coordinates rounded to 4 decimals (about 11 m, far below any source's precision), lines cut at the
 * antimeridian (§3.1.9), and bounding boxes that cross it written west > east (§5.2).
 */
export type Position = [number, number];
export type BBox = [west: number, south: number, east: number, north: number];
export type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

export interface Feature {
  type: 'Feature';
  bbox?: BBox;
  geometry: Geometry;
  properties: Record<string, unknown>;
}

const round = (value: number) => Math.round(value * 1e4) / 1e4;
export const roundPosition = ([lng, lat]: Position): Position => [round(lng), round(lat)];

/** Splits a line where a step crosses ±180°, adding the crossing point on both sides. */
export function cutAtAntimeridian(positions: readonly Position[]): Position[][] {
  const parts: Position[][] = [[]];
  positions.forEach((position, i) => {
    const previous = positions[i - 1];
    if (previous && Math.abs(position[0] - previous[0]) > 180) {
      const east = previous[0] > 0 ? 180 : -180;
      const span = 360 - Math.abs(position[0] - previous[0]);
      const fraction = (180 - Math.abs(previous[0])) / span;
      const lat = round(previous[1] + (position[1] - previous[1]) * fraction);
      parts[parts.length - 1]?.push([east, lat]);
      parts.push([[-east, lat]]);
    }
    parts[parts.length - 1]?.push(position);
  });
  return parts.filter((part) => part.length >= 2);
}

/** A LineString, or a MultiLineString when the line crosses the antimeridian; null with fewer than 2 positions. */
export function lineGeometry(positions: readonly Position[]): Geometry | null {
  const parts = cutAtAntimeridian(positions);
  if (parts.length === 0) return null;
  return parts.length === 1 ? { type: 'LineString', coordinates: parts[0] as Position[] } : { type: 'MultiLineString', coordinates: parts };
}

export function positionsOf(geometry: Geometry): Position[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
  }
}

/**
 * The smallest box holding every position. Longitudes are a circle: the box leaves out the widest gap between
 * them, so positions on both sides of ±180 (a track cut there, e.g. 178 … 180 and −180 … −177) give
 * west 178, east −177 (§5.2), not a box around the whole globe.
 */
export function bboxOf(positions: readonly Position[]): BBox {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of positions) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  // Within 180° of each other, the gap around the back of the globe is the widest: the plain box.
  if (east - west <= 180) return [west, south, east, north];
  const lngs = [...new Set(positions.map(([lng]) => lng))].sort((a, b) => a - b);
  let widestGap = west + 360 - east;
  for (let i = 1; i < lngs.length; i += 1) {
    const gap = (lngs[i] as number) - (lngs[i - 1] as number);
    if (gap > widestGap) [west, east, widestGap] = [lngs[i] as number, lngs[i - 1] as number, gap];
  }
  return [west, south, east, north];
}
