/**
 * The docs page's basemap: Natural Earth land clipped to the north-western Pacific, and the rest of the world's
 * coarser land without that area, small enough to fetch.
 */
import { describe, expect, it } from 'vitest';
import { BASEMAP_AREA, BASEMAP_FILE, renderBasemap, renderWorldBasemap, WORLD_BASEMAP_FILE } from '../../build/basemap.ts';

type Ring = [number, number][];

/** Even-odd ray casting over every ring: holes (lakes) count as water. */
const onLand = (polygons: Ring[][], [lng, lat]: [number, number]) =>
  polygons.flat().reduce((inside, ring) => {
    let crossings = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [[x1, y1], [x2, y2]] = [ring[i]!, ring[j]!];
      if (y1 > lat !== y2 > lat && lng < ((x2 - x1) * (lat - y1)) / (y2 - y1) + x1) crossings++;
    }
    return crossings % 2 === 1 ? !inside : inside;
  }, false);

describe('basemap', () => {
  const { file, body } = renderBasemap();
  const land = JSON.parse(body);
  const polygons: Ring[][] = land.geometry.coordinates;

  it('is one small GeoJSON MultiPolygon inside the area, rounded to 0.01°', () => {
    expect(file).toBe(BASEMAP_FILE);
    expect(body.length).toBeLessThan(120_000);
    expect(land).toMatchObject({ type: 'Feature', bbox: [...BASEMAP_AREA], geometry: { type: 'MultiPolygon' } });
    const [west, south, east, north] = BASEMAP_AREA;
    const positions = polygons.flat(2);
    expect(positions.length).toBeGreaterThan(3000);
    for (const [lng, lat] of positions) {
      expect(lng).toBeGreaterThanOrEqual(west);
      expect(lng).toBeLessThanOrEqual(east);
      expect(lat).toBeGreaterThanOrEqual(south);
      expect(lat).toBeLessThanOrEqual(north);
      expect(Math.round(lng * 100) / 100).toBe(lng);
    }
    for (const ring of polygons.flat()) expect(ring[0]).toEqual(ring[ring.length - 1]);
  });

  it('has the coasts YAGI passed: Hainan, Luzon, Taiwan and the Guangdong coast are land, the seas between are not', () => {
    for (const place of [
      [109.8, 19.2],
      [121.0, 16.5],
      [121.0, 23.5],
      [113.3, 23.1],
    ] as const)
      expect(onLand(polygons, [...place]), String(place)).toBe(true);
    for (const place of [
      [114.2, 19.5],
      [117.0, 15.0],
      [125.0, 20.0],
    ] as const)
      expect(onLand(polygons, [...place]), String(place)).toBe(false);
  });
});

describe('world basemap', () => {
  const { file, body } = renderWorldBasemap();
  const land = JSON.parse(body);
  const polygons: Ring[][] = land.geometry.coordinates;

  it('is one small GeoJSON MultiPolygon of the land outside the area, rounded to 0.01°', () => {
    expect(file).toBe(WORLD_BASEMAP_FILE);
    expect(body.length).toBeLessThan(100_000);
    expect(land).toMatchObject({ type: 'Feature', geometry: { type: 'MultiPolygon' } });
    const [west, south, east, north] = BASEMAP_AREA;
    for (const [lng, lat] of polygons.flat(2)) {
      expect(lng > west && lng < east && lat > south && lat < north, `${lng},${lat} inside the area`).toBe(false);
      expect(Math.round(lat * 100) / 100).toBe(lat);
    }
    for (const ring of polygons.flat()) expect(ring[0]).toEqual(ring[ring.length - 1]);
  });

  it("has the other basins' coasts: Africa, India, Brazil and Australia are land, the oceans are not", () => {
    for (const place of [
      [20.0, 10.0],
      [78.0, 20.0],
      [-50.0, -10.0],
      [135.0, -25.0],
    ] as const)
      expect(onLand(polygons, [...place]), String(place)).toBe(true);
    for (const place of [
      [-30.0, 20.0],
      [-140.0, 15.0],
      [75.0, -10.0],
    ] as const)
      expect(onLand(polygons, [...place]), String(place)).toBe(false);
  });
});
