/** GeoJSON per RFC 7946: structure, [lng, lat] order and ranges, lines cut at the antimeridian, every field kept. */
import { describe, expect, it } from 'vitest';
import { cutAtAntimeridian, typhoonGeoJson } from '../src/archive/geojson.ts';
import type { Typhoon } from '../src/model/schemas.ts';

type Geometry = { type: string; coordinates: unknown };

/** RFC 7946 checks: §3.1.1 positions, §3.1.4 LineString ≥ 2 positions, §3.1.9 no segment spans > 180° of longitude. */
function checkGeometry(geometry: Geometry) {
  const position = (p: unknown) => {
    expect(Array.isArray(p) && p.length === 2).toBe(true);
    const [lng, lat] = p as [number, number];
    expect(lng).toBeGreaterThanOrEqual(-180);
    expect(lng).toBeLessThanOrEqual(180);
    expect(lat).toBeGreaterThanOrEqual(-90);
    expect(lat).toBeLessThanOrEqual(90);
  };
  const lineString = (positions: unknown) => {
    const list = positions as [number, number][];
    expect(list.length).toBeGreaterThanOrEqual(2);
    list.forEach(position);
    for (let i = 1; i < list.length; i += 1) expect(Math.abs((list[i] as [number, number])[0] - (list[i - 1] as [number, number])[0])).toBeLessThanOrEqual(180);
  };
  if (geometry.type === 'Point') position(geometry.coordinates);
  else if (geometry.type === 'LineString') lineString(geometry.coordinates);
  else if (geometry.type === 'MultiLineString') (geometry.coordinates as unknown[]).forEach(lineString);
  else throw new Error(`unexpected geometry ${geometry.type}`);
}

const point = (time: string, lat: number, lng: number) => ({
  time, lat, lng, strong: '台风', grade: 'TY' as const, power: 12, speed: 35, pressure: 970, moveDir: 'E', moveSpeed: 20,
  radius7: { ne: 300, se: 250, sw: 200, nw: 250 }, radius10: null, radius12: null,
});

const storm: Typhoon = {
  code: '202399', name: null, enname: 'CROSSER', year: 2023, isActive: false, startTime: '2023-08-01T08:00:00+08:00', endTime: '2023-08-01T20:00:00+08:00',
  peakGrade: 'TY', maxSpeed: 35, minPressure: 970,
  points: [point('2023-08-01T08:00:00+08:00', 20, 178), point('2023-08-01T14:00:00+08:00', 21, 179.5), point('2023-08-01T20:00:00+08:00', 22, -178.5)],
  forecasts: {
    cma: { agency: 'cma', nameZh: '中国气象局', nameEn: 'CMA', issuedAt: '2023-08-01T20:00:00+08:00', origin: { time: '2023-08-01T20:00:00+08:00', lat: 22, lng: -178.5 }, points: [{ time: '2023-08-02T08:00:00+08:00', lat: 23, lng: -176, strong: null, grade: null, power: null, speed: null, pressure: null }] },
  },
  land: [], cma: null, zjId: null, provenance: { track: 'cma', nameZh: null, nameEn: 'cma', landfall: null, windCircles: null, motion: null }, retiredName: false, live: null,
};

describe('typhoonGeoJson', () => {
  const doc = typhoonGeoJson(storm);

  it('is a valid RFC 7946 FeatureCollection', () => {
    expect(doc.type).toBe('FeatureCollection');
    for (const feature of doc.features) {
      expect(feature.type).toBe('Feature');
      expect(typeof feature.properties).toBe('object');
      checkGeometry(feature.geometry as Geometry);
    }
  });

  it('cuts the track at the antimeridian into a MultiLineString', () => {
    const track = doc.features.find((f) => f.properties.kind === 'track');
    expect(track?.geometry.type).toBe('MultiLineString');
    const parts = track?.geometry.coordinates as [number, number][][];
    expect(parts[0]?.at(-1)?.[0]).toBe(180);
    expect(parts[1]?.[0]?.[0]).toBe(-180);
    expect(parts[0]?.at(-1)?.[1]).toBe(parts[1]?.[0]?.[1]);
    expect(cutAtAntimeridian([[170, 10], [175, 11]])).toEqual([[[170, 10], [175, 11]]]);
  });

  it('keeps every track-point field as properties, and each forecast as its own features', () => {
    const first = doc.features.find((f) => f.properties.kind === 'track-point');
    expect(first?.properties).toMatchObject({ code: '202399', time: '2023-08-01T08:00:00+08:00', speed: 35, pressure: 970, radius7: { ne: 300, se: 250, sw: 200, nw: 250 } });
    expect(first?.geometry.coordinates).toEqual([178, 20]);
    expect(doc.features.filter((f) => f.properties.kind === 'forecast-track').map((f) => f.properties.agency)).toEqual(['cma']);
    expect(doc.features.filter((f) => f.properties.kind === 'track-point')).toHaveLength(3);
  });
});
