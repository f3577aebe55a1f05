/**
 * The geometry of the track searches (src/model/sphere.ts, the proximity grid, resampling), against cases worked
 * out by hand with spherical trigonometry, including arcs across the antimeridian.
 */
import { describe, expect, it } from 'vitest';
import { capBox } from '../../src/archive/proximity.ts';
import { cellsOfBox } from '../../src/archive/proximity-index.ts';
import { resampleByLength, trackScore, vectorsOf } from '../../src/archive/similar-tracks.ts';
import { EARTH_RADIUS_KM, greatCircleKm } from '../../src/model/geo.ts';
import { nearestOnArcKm, positionOf } from '../../src/model/sphere.ts';

const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;
/** km of one degree of great circle. */
const DEGREE_KM = rad(1) * EARTH_RADIUS_KM;

describe('nearest point of an arc between two fixes', () => {
  it('is the foot of the perpendicular when it falls between the fixes: 1° north of the middle of an equator arc', () => {
    const { km, fraction, point } = nearestOnArcKm({ lat: 1, lng: 5 }, { lat: 0, lng: 0 }, { lat: 0, lng: 10 });
    expect(km).toBeCloseTo(DEGREE_KM, 6); // 111.195 km: the meridian through the place meets the equator at right angles
    expect(fraction).toBeCloseTo(0.5, 9);
    expect(point.lat).toBeCloseTo(0, 9);
    expect(point.lng).toBeCloseTo(5, 9);
  });

  it('is nearer than both fixes when the track passes between them', () => {
    const [a, b, p] = [
      { lat: 20, lng: 130 },
      { lat: 22, lng: 128 },
      { lat: 21.5, lng: 129.5 },
    ];
    const { km } = nearestOnArcKm(p, a, b);
    expect(km).toBeLessThan(Math.min(greatCircleKm(p, a), greatCircleKm(p, b)) - 20);
  });

  it('is the cross-track distance off a meridian arc: asin(cos φ · sin Δλ)', () => {
    // The arc runs along 120°E; a place at 5°N 121°E is off its plane by asin(cos 5° · sin 1°).
    const { km, fraction } = nearestOnArcKm({ lat: 5, lng: 121 }, { lat: 0, lng: 120 }, { lat: 10, lng: 120 });
    expect(km).toBeCloseTo(Math.asin(Math.cos(rad(5)) * Math.sin(rad(1))) * EARTH_RADIUS_KM, 6);
    // The foot is where the great circle through the place perpendicular to the meridian meets it: tan φ = tan 5° / cos 1°.
    expect(fraction * 10).toBeCloseTo(deg(Math.atan(Math.tan(rad(5)) / Math.cos(rad(1)))), 6);
  });

  it('is the nearer fix when the foot falls outside the arc', () => {
    const beyond = nearestOnArcKm({ lat: 0, lng: 12 }, { lat: 0, lng: 0 }, { lat: 0, lng: 10 });
    expect(beyond.km).toBeCloseTo(2 * DEGREE_KM, 6);
    expect(beyond.fraction).toBe(1);
    const before = nearestOnArcKm({ lat: 3, lng: -4 }, { lat: 0, lng: 0 }, { lat: 0, lng: 10 });
    expect(before.km).toBeCloseTo(greatCircleKm({ lat: 3, lng: -4 }, { lat: 0, lng: 0 }), 6);
    expect(before.fraction).toBe(0);
  });

  it('is a plain distance for an arc of no length (a storm with one fix)', () => {
    const { km, fraction } = nearestOnArcKm({ lat: 21, lng: 115 }, { lat: 20, lng: 114 }, { lat: 20, lng: 114 });
    expect(km).toBeCloseTo(greatCircleKm({ lat: 21, lng: 115 }, { lat: 20, lng: 114 }), 6);
    expect(fraction).toBe(0);
  });

  it('measures across the antimeridian: an equator arc from 179°E to 179°W, 1° north of 180°', () => {
    const { km, fraction, point } = nearestOnArcKm({ lat: 1, lng: 180 }, { lat: 0, lng: 179 }, { lat: 0, lng: -179 });
    expect(km).toBeCloseTo(DEGREE_KM, 6);
    expect(fraction).toBeCloseTo(0.5, 9);
    expect(Math.abs(point.lng)).toBeCloseTo(180, 6);
    // Given the long way round (179°E to 179°W eastward is 2°, not 358°): the place on 179.5°W is inside the arc.
    expect(nearestOnArcKm({ lat: 0, lng: -179.5 }, { lat: 0, lng: 179 }, { lat: 0, lng: -179 }).km).toBeCloseTo(0, 6);
  });

  it('follows the great circle, not the parallel: an arc 10°N 179°E → 10°N 179°W bulges north to 10.0015°N at 180°', () => {
    // By symmetry the arc's vertex is on 180°, where tan φ = tan 10° / cos 1°; a place on 180° is measured to it.
    const vertex = deg(Math.atan(Math.tan(rad(10)) / Math.cos(rad(1))));
    const { km, point } = nearestOnArcKm({ lat: 10.5, lng: 180 }, { lat: 10, lng: 179 }, { lat: 10, lng: -179 });
    expect(vertex).toBeCloseTo(10.0015, 4);
    expect(km).toBeCloseTo((10.5 - vertex) * DEGREE_KM, 6);
    expect(point.lat).toBeCloseTo(vertex, 9);
    const south = nearestOnArcKm({ lat: 9.5, lng: -180 }, { lat: 10, lng: 179 }, { lat: 10, lng: -179 });
    expect(south.km).toBeCloseTo((vertex - 9.5) * DEGREE_KM, 6);
  });
});

describe('the box around a circle and the grid cells it touches', () => {
  it('bounds a spherical cap: 1° each way at the equator, wider in longitude further north', () => {
    expect(capBox({ lat: 0, lng: 100 }, rad(1))).toMatchObject({ latMin: -1, latMax: 1 });
    expect(capBox({ lat: 0, lng: 100 }, rad(1)).lngMax).toBeCloseTo(101, 9);
    // At 60°N the cap's widest longitude is asin(sin δ / cos φ) from the centre, about twice δ.
    expect(capBox({ lat: 60, lng: 100 }, rad(1)).lngMax - 100).toBeCloseTo(deg(Math.asin(Math.sin(rad(1)) / 0.5)), 9);
    // Over a pole every longitude is inside.
    expect(capBox({ lat: 89.5, lng: 10 }, rad(1))).toMatchObject({ lngMin: -180, lngMax: 180 });
  });

  it('holds every point on the circle', () => {
    const place = { lat: 35, lng: 140 };
    const box = capBox(place, 500 / EARTH_RADIUS_KM);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      const δ = 500 / EARTH_RADIUS_KM;
      const [φ, θ] = [rad(place.lat), rad(bearing)];
      const lat = Math.asin(Math.sin(φ) * Math.cos(δ) + Math.cos(φ) * Math.sin(δ) * Math.cos(θ));
      const lng = rad(place.lng) + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ), Math.cos(δ) - Math.sin(φ) * Math.sin(lat));
      expect(deg(lat)).toBeGreaterThanOrEqual(box.latMin - 1e-9);
      expect(deg(lat)).toBeLessThanOrEqual(box.latMax + 1e-9);
      expect(deg(lng)).toBeGreaterThanOrEqual(box.lngMin - 1e-9);
      expect(deg(lng)).toBeLessThanOrEqual(box.lngMax + 1e-9);
    }
  });

  it('wraps the grid round the antimeridian: 179°E–181°E is the columns on both sides of 180°', () => {
    const cells = cellsOfBox({ latMin: 10.5, latMax: 11, lngMin: 179, lngMax: 181 });
    // Row of 10–12°N is 50 (from −90°, 2° cells); 178–180°E is column 89, 180–182°E (−180…−178) column 90.
    expect(cells).toEqual([50 * 180 + 89, 50 * 180 + 90]);
    expect(cellsOfBox({ latMin: 10.5, latMax: 11, lngMin: -181, lngMax: -179 })).toEqual([50 * 180 + 89, 50 * 180 + 90]);
  });
});

describe('resampling and the similarity score', () => {
  it('spaces points evenly along the length, whatever the spacing of the fixes', () => {
    const track = [
      { lat: 0, lng: 0 },
      { lat: 0, lng: 1 },
      { lat: 0, lng: 3 },
    ];
    const out = resampleByLength(vectorsOf(track), track.length, 4);
    const lngs = [0, 1, 2, 3].map((k) => positionOf(out[k * 3] as number, out[k * 3 + 1] as number, out[k * 3 + 2] as number).lng);
    lngs.forEach((lng, k) => expect(lng).toBeCloseTo(k, 9));
  });

  it('scores the same path 0 and a path 1° north of it one degree of arc at every point', () => {
    const track = [
      { lat: 0, lng: 120 },
      { lat: 0, lng: 125 },
      { lat: 0, lng: 130 },
    ];
    const shifted = track.map((p) => ({ lat: 1, lng: p.lng }));
    const a = resampleByLength(vectorsOf(track), 3, 24);
    expect(trackScore(a, 0, a, 0, 24)).toBe(0);
    // The parallel at 1°N is not a great circle, but each point is 1° due north of its partner.
    expect(trackScore(a, 0, resampleByLength(vectorsOf(shifted), 3, 24), 0, 24)).toBeCloseTo(DEGREE_KM, 0);
  });
});
