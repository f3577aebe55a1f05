/**
 * GeoJSON per RFC 7946: structure, [lng, lat] order and ranges, lines cut and polygons split at the antimeridian,
 * rings closed and counter-clockwise, bounding boxes (crossing ±180 written west > east), every field kept; the
 * wind circles' radii and the forecast cone's growth.
 */
import { describe, expect, it } from 'vitest';
import { coneRadiusKm, forecastCone } from '../../src/archive/forecast-cone.ts';
import {
  bboxOf,
  cutAtAntimeridian,
  positionsOf,
  type BBox,
  type Feature,
  type Geometry,
  type Position,
} from '../../src/archive/geojson-geometry.ts';
import { trackFeature, typhoonGeoJson } from '../../src/archive/geojson.ts';
import { windCircleRing } from '../../src/archive/wind-circles.ts';
import { greatCircleKm } from '../../src/model/geo.ts';
import type { AgencyForecast, Typhoon } from '../../src/model/typhoon-schemas.ts';
import { unlinkedIds } from '../../src/model/storm-ids.ts';

/** Twice the signed area of a closed ring (shoelace): positive when counter-clockwise. */
const signedArea = (ring: Position[]) =>
  ring.slice(1).reduce((sum, [x2, y2], i) => sum + (ring[i] as Position)[0] * y2 - x2 * (ring[i] as Position)[1], 0);

/** RFC 7946 checks: §3.1.1 positions, §3.1.4 LineString ≥ 2 positions, §3.1.6 rings, §3.1.9 no edge spans > 180° of longitude. */
function checkGeometry(geometry: Geometry) {
  const position = (p: unknown) => {
    expect(Array.isArray(p) && p.length === 2).toBe(true);
    const [lng, lat] = p as Position;
    expect(lng).toBeGreaterThanOrEqual(-180);
    expect(lng).toBeLessThanOrEqual(180);
    expect(lat).toBeGreaterThanOrEqual(-90);
    expect(lat).toBeLessThanOrEqual(90);
    expect([lng, lat].every((x) => Math.round(x * 1e4) / 1e4 === x)).toBe(true);
  };
  const lineString = (list: Position[]) => {
    expect(list.length).toBeGreaterThanOrEqual(2);
    list.forEach(position);
    for (let i = 1; i < list.length; i += 1)
      expect(Math.abs((list[i] as Position)[0] - (list[i - 1] as Position)[0])).toBeLessThanOrEqual(180);
  };
  const polygon = (rings: Position[][]) => {
    rings.forEach((ring, i) => {
      lineString(ring);
      expect(ring.length).toBeGreaterThanOrEqual(4);
      expect(ring.at(-1)).toEqual(ring[0]);
      // Exterior counter-clockwise, holes clockwise (the right-hand rule).
      expect(Math.sign(signedArea(ring))).toBe(i === 0 ? 1 : -1);
    });
  };
  if (geometry.type === 'Point') position(geometry.coordinates);
  else if (geometry.type === 'LineString') lineString(geometry.coordinates);
  else if (geometry.type === 'MultiLineString') geometry.coordinates.forEach(lineString);
  else if (geometry.type === 'Polygon') polygon(geometry.coordinates);
  else geometry.coordinates.forEach(polygon);
}

/** Every position lies in the box, read across ±180 when west > east (§5.2). */
function expectInside(bbox: BBox, positions: Position[]) {
  const [west, south, east, north] = bbox;
  for (const [lng, lat] of positions) {
    expect(west <= east ? lng >= west && lng <= east : lng >= west || lng <= east, `${lng} in ${bbox}`).toBe(true);
    expect(lat >= south && lat <= north).toBe(true);
  }
}

const point = (time: string, lat: number, lng: number) => ({
  time,
  lat,
  lng,
  strong: '台风',
  grade: 'TY' as const,
  power: 12,
  speed: 35,
  pressure: 970,
  moveDir: 'E',
  moveSpeed: 20,
  radius7: { ne: 300, se: 250, sw: 200, nw: 250 },
  radius10: null,
  radius12: null,
});

const forecast = (issuedAt: string, origin: [number, number], points: [string, number, number][]): AgencyForecast => ({
  agency: 'cma',
  nameZh: '中国气象局',
  nameEn: 'CMA',
  issuedAt,
  origin: { time: issuedAt, lat: origin[0], lng: origin[1] },
  points: points.map(([time, lat, lng]) => ({ time, lat, lng, strong: null, grade: null, power: null, speed: null, pressure: null })),
});

const storm: Typhoon = {
  code: '202399',
  name: null,
  enname: 'CROSSER',
  year: 2023,
  isActive: false,
  startTime: '2023-08-01T08:00:00+08:00',
  endTime: '2023-08-01T20:00:00+08:00',
  peakGrade: 'TY',
  maxSpeed: 35,
  minPressure: 970,
  windPeriod: '2min',
  landRecorded: false,
  points: [
    point('2023-08-01T08:00:00+08:00', 20, 178),
    { ...point('2023-08-01T14:00:00+08:00', 21, 179.5), radius10: { ne: 100, se: 100, sw: 80, nw: 80 } },
    { ...point('2023-08-01T20:00:00+08:00', 22, -178.5), radius7: null },
  ],
  forecasts: { cma: forecast('2023-08-01T20:00:00+08:00', [22, -178.5], [['2023-08-02T08:00:00+08:00', 23, -176]]) },
  land: [],
  cma: null,
  ids: unlinkedIds('202399'),
  zjId: null,
  provenance: {
    track: 'cma',
    nameZh: null,
    nameEn: 'cma',
    landfall: null,
    windCircles: null,
    motion: null,
    peakGrade: 'cma',
    maxSpeed: 'cma',
    minPressure: 'cma',
  },
  retiredName: false,
  live: null,
};

const ofKind = (features: Feature[], kind: string) => features.filter((f) => f.properties.kind === kind);

describe('typhoonGeoJson', () => {
  const doc = typhoonGeoJson(storm);

  it('is a valid RFC 7946 FeatureCollection: positions, lines, closed counter-clockwise rings', () => {
    expect(doc.type).toBe('FeatureCollection');
    for (const feature of doc.features) {
      expect(feature.type).toBe('Feature');
      expect(typeof feature.properties).toBe('object');
      checkGeometry(feature.geometry);
    }
  });

  it('cuts the track at the antimeridian into a MultiLineString', () => {
    const track = ofKind(doc.features, 'track')[0];
    expect(track?.geometry.type).toBe('MultiLineString');
    const parts = track?.geometry.coordinates as Position[][];
    expect(parts[0]?.at(-1)?.[0]).toBe(180);
    expect(parts[1]?.[0]?.[0]).toBe(-180);
    expect(parts[0]?.at(-1)?.[1]).toBe(parts[1]?.[0]?.[1]);
    expect(
      cutAtAntimeridian([
        [170, 10],
        [175, 11],
      ]),
    ).toEqual([
      [
        [170, 10],
        [175, 11],
      ],
    ]);
  });

  it('keeps every track-point field as properties, and each forecast as its own features', () => {
    const first = ofKind(doc.features, 'track-point')[0];
    expect(first?.properties).toMatchObject({
      code: '202399',
      time: '2023-08-01T08:00:00+08:00',
      speed: 35,
      pressure: 970,
      radius7: { ne: 300, se: 250, sw: 200, nw: 250 },
    });
    expect(first?.geometry.coordinates).toEqual([178, 20]);
    expect(ofKind(doc.features, 'forecast-track').map((f) => f.properties.agency)).toEqual(['cma']);
    expect(ofKind(doc.features, 'track-point')).toHaveLength(3);
  });

  it("draws each wind circle as a polygon saying which point and force, the newest point's marked latest", () => {
    const circles = ofKind(doc.features, 'wind-circle');
    expect(circles.map((f) => [f.properties.time, f.properties.force, f.properties.latest])).toEqual([
      ['2023-08-01T08:00:00+08:00', 7, false],
      ['2023-08-01T14:00:00+08:00', 7, true],
      ['2023-08-01T14:00:00+08:00', 10, true],
    ]);
    expect(circles[0]?.properties.radii).toEqual({ ne: 300, se: 250, sw: 200, nw: 250 });
    // Areas come first, so a renderer painting in order puts them under the track.
    expect(doc.features.findIndex((f) => f.properties.kind === 'track')).toBeGreaterThan(doc.features.indexOf(circles.at(-1) as Feature));
  });

  it('splits a circle that crosses ±180 into the parts on each side, meeting on the antimeridian', () => {
    const crossing = ofKind(doc.features, 'wind-circle').find(
      (f) => f.properties.time === '2023-08-01T14:00:00+08:00' && f.properties.force === 7,
    );
    expect(crossing?.geometry.type).toBe('MultiPolygon');
    const parts = crossing?.geometry.coordinates as Position[][][];
    expect(parts).toHaveLength(2);
    const sides = parts.map((rings) =>
      rings[0]
        ?.slice(0, -1)
        .filter(([lng]) => Math.abs(lng) === 180)
        .map(([lng, lat]) => [Math.sign(lng), lat]),
    );
    expect(sides.map((side) => side?.every(([sign]) => sign === side[0]?.[0]))).toEqual([true, true]);
    expect(new Set(sides.map((side) => side?.[0]?.[0])).size).toBe(2);
    expect(sides[0]?.map(([, lat]) => lat).sort()).toEqual(sides[1]?.map(([, lat]) => lat).sort());
    // The 300 km north-east arc reaches past 180° onto the western side.
    expect(
      Math.max(
        ...parts
          .flat(2)
          .map(([lng]) => lng)
          .filter((lng) => lng < 0),
      ),
    ).toBeGreaterThan(-178);
  });

  it('puts each quadrant arc at its radius from the centre (WGS 84, within 1 % of the sphere)', () => {
    const center = { lat: 30, lng: 125 };
    const radii = { ne: 400, se: 300, sw: 200, nw: 100 };
    const ring = windCircleRing(center, radii) as Position[];
    // Four arcs of 7 vertices each (15° apart), clockwise from north, then the closing position.
    expect(ring).toHaveLength(4 * 7 + 1);
    [radii.ne, radii.se, radii.sw, radii.nw].forEach((radius, q) => {
      for (const [lng, lat] of ring.slice(q * 7, q * 7 + 7))
        expect(Math.abs(greatCircleKm(center, { lng, lat }) - radius) / radius).toBeLessThan(0.01);
    });
    expect(ring[7]?.[0]).toBeGreaterThan(center.lng); // the south-east arc starts due east
    expect(ring[14]?.[1]).toBeLessThan(center.lat); // the south-west arc starts due south
    expect(windCircleRing(center, { ne: 0, se: null, sw: 0, nw: 0 })).toBeNull();
  });

  it('keeps a circle with radius-0 quadrants simple: two opposite quadrants become two polygons touching at the centre', () => {
    const t = {
      ...storm,
      forecasts: {},
      points: [{ ...point('2023-08-01T08:00:00+08:00', 20, 130), radius7: { ne: 100, se: 0, sw: 100, nw: 0 } }],
    };
    const circle = ofKind(typhoonGeoJson(t).features, 'wind-circle')[0] as Feature;
    checkGeometry(circle.geometry);
    expect(circle.geometry.type).toBe('MultiPolygon');
    for (const rings of circle.geometry.coordinates as Position[][][]) {
      const ring = (rings[0] as Position[]).slice(0, -1).map(String);
      expect(new Set(ring).size).toBe(ring.length);
    }
  });

  it('has a bbox on the collection and on every line and area, across ±180 written west > east', () => {
    expect(doc.bbox[0]).toBeGreaterThan(doc.bbox[2]);
    expectInside(
      doc.bbox,
      doc.features.flatMap((f) => positionsOf(f.geometry)),
    );
    for (const feature of doc.features.filter((f) => f.geometry.type !== 'Point')) {
      expect(feature.bbox, String(feature.properties.kind)).toBeDefined();
      expectInside(feature.bbox as BBox, positionsOf(feature.geometry));
    }
    expect(
      bboxOf([
        [170, 0],
        [175, 1],
      ]),
    ).toEqual([170, 0, 175, 1]);
    expect(
      bboxOf([
        [179, 0],
        [180, 0],
        [-180, 0],
        [-179, 1],
      ]),
    ).toEqual([179, 0, -179, 1]);
    expect(
      bboxOf([
        [-10, 5],
        [10, -5],
      ]),
    ).toEqual([-10, -5, 10, 5]);
  });

  it('draws the track of a storm of one fix as a Point (a LineString needs two positions, §3.1.4), so no storm is left without one', () => {
    const first = storm.points[0] as Typhoon['points'][number];
    const oneFix: Typhoon = { ...storm, endTime: storm.startTime, points: [first], forecasts: {} };
    const doc = typhoonGeoJson(oneFix);
    const tracks = ofKind(doc.features, 'track');
    expect(tracks).toHaveLength(1);
    expect(tracks[0]).toMatchObject({
      bbox: [178, 20, 178, 20],
      geometry: { type: 'Point', coordinates: [178, 20] },
      properties: { code: '202399', landfalls: 0 },
    });
    for (const feature of doc.features) checkGeometry(feature.geometry);
    // The offline dump's tracks.geojson holds this same feature.
    expect(trackFeature(oneFix)).toEqual(tracks[0]);
  });
});

describe('forecast cone', () => {
  it('grows with lead time by the NHC 2024 Atlantic radii, interpolated, and stops at 120 h', () => {
    expect(coneRadiusKm(0)).toBe(0);
    expect(coneRadiusKm(12)).toBe(48.2); // 26 n mi
    expect(coneRadiusKm(18)).toBe(62.0); // halfway to 41 n mi
    expect(coneRadiusKm(120)).toBe(407.4); // 220 n mi
    expect(coneRadiusKm(121)).toBeNull();
    expect(coneRadiusKm(-1)).toBeNull();
  });

  it('is one counter-clockwise polygon from the analysis position through the forecast positions, their circles listed', () => {
    const f = forecast(
      '2024-09-05T08:00:00+08:00',
      [19.4, 113.1],
      [
        ['2024-09-05T20:00:00+08:00', 20.0, 111.0],
        ['2024-09-06T08:00:00+08:00', 20.5, 109.0],
        ['2024-09-11T08:00:00+08:00', 25, 100],
      ],
    );
    const cone = forecastCone(f);
    expect(cone?.geometry.type).toBe('Polygon');
    checkGeometry(cone?.geometry as Geometry);
    // The 144 h position is past NHC's 120 h cone and is left out.
    expect(cone?.circles).toEqual([
      { time: '2024-09-05T08:00:00+08:00', leadHours: 0, radiusKm: 0 },
      { time: '2024-09-05T20:00:00+08:00', leadHours: 12, radiusKm: 48.2 },
      { time: '2024-09-06T08:00:00+08:00', leadHours: 24, radiusKm: 75.9 },
    ]);
    const [west, south, east, north] = bboxOf(positionsOf(cone?.geometry as Geometry));
    // 75.9 km around the 24 h position at 20.5° N: about 0.73° of longitude and 0.69° of latitude.
    expect(west).toBeCloseTo(109 - 0.73, 1);
    expect(south).toBeCloseTo(19.4, 4); // the analysis position
    expect(east).toBeCloseTo(113.1, 4);
    expect(north).toBeCloseTo(20.5 + 0.69, 1);
    expect(forecastCone({ ...f, issuedAt: null, origin: null })).toBeNull();
  });

  it('is split at the antimeridian for a forecast that crosses it', () => {
    const cone = forecastCone(
      forecast(
        '2024-09-05T08:00:00+08:00',
        [30, 179],
        [
          ['2024-09-06T08:00:00+08:00', 32, -178],
          ['2024-09-07T08:00:00+08:00', 35, -175],
        ],
      ),
    );
    expect(cone?.geometry.type).toBe('MultiPolygon');
    checkGeometry(cone?.geometry as Geometry);
    const lngs = positionsOf(cone?.geometry as Geometry).map(([lng]) => lng);
    expect(lngs).toContain(180);
    expect(lngs).toContain(-180);
  });

  it('is a feature per agency in the storm document, with its agency and the radii it used', () => {
    const cone = ofKind(typhoonGeoJson(storm).features, 'forecast-cone')[0];
    expect(cone?.properties).toMatchObject({
      code: '202399',
      agency: 'cma',
      issuedAt: '2023-08-01T20:00:00+08:00',
      radiiFrom: expect.stringContaining('NHC 2024 Atlantic'),
    });
  });
});
