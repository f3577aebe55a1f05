/**
 * Cones from an agency's measured errors and an issuance as GeoJSON, on our own invented storm (test/fixtures/forecasts)
 * and on error samples made here. The radii measured on the sample a-decks: test/real-data/forecast-verification.test.ts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adeckIssuances } from '../../src/forecasts/adeck-issuances.ts';
import { measuredConeRadii, MIN_CASES, radiusAt } from '../../src/forecasts/error-cones.ts';
import { issuanceGeoJson } from '../../src/forecasts/issuance-geojson.ts';
import { mergeIssuances } from '../../src/forecasts/merge-issuances.ts';
import type { ForecastVerification } from '../../src/model/verification-schemas.ts';
import { parseAtcfDeck } from '../../src/upstream/atcf.ts';
import { read } from '../helpers/read-text.ts';
import { verifiedForecast } from '../helpers/verified-forecasts.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'forecasts');

describe('measured cone radii', () => {
  // Errors 1…30 km at 12 h (twice that at 24 h …); only the first 12 forecasts reach 36 h and beyond.
  const sample = Array.from({ length: 30 }, (_, i) => verifiedForecast(i + 1, i < 12 ? 120 : 24, i));

  it('is the error two thirds of the sample do not exceed, by nearest rank, with the sample it was measured on', () => {
    const radii = measuredConeRadii(sample);
    expect(radii.leads[0]).toEqual({ leadHours: 12, count: 30, radiusKm: 20, radiusNm: 10.8 });
    expect(radii.leads[1]).toMatchObject({ leadHours: 24, count: 30, radiusKm: 40 });
    expect(radii.leads[2]).toMatchObject({ leadHours: 36, count: 12, radiusKm: 24 }); // 8th of 1…12, × 3
    expect(radii.sample).toEqual({
      forecasts: 30,
      storms: 2,
      firstInitialTime: '2049-08-01T00:00:00Z',
      lastInitialTime: '2049-08-28T00:00:00Z',
      against: ['hurdat2 (final)'],
    });
  });

  it(`gives no radius with fewer than ${MIN_CASES} errors at a lead, and the cone stops there`, () => {
    const radii = measuredConeRadii(sample.slice(0, 9).concat(sample.slice(12)));
    expect(radii.leads[2]).toEqual({ leadHours: 36, count: 9, radiusKm: null, radiusNm: null });
    expect(radiusAt(radii, 0)).toBe(0);
    expect(radiusAt(radii, 6)).toBe(radii.leads[0]?.radiusKm === null ? null : (radii.leads[0]?.radiusKm as number) / 2);
    expect(radiusAt(radii, 24)).toBe(radii.leads[1]?.radiusKm);
    expect(radiusAt(radii, 30)).toBeNull();
  });

  it('is one agency and basin', () => {
    expect(() =>
      measuredConeRadii([sample[0] as ForecastVerification, { ...(sample[1] as ForecastVerification), agency: 'jtwc' }]),
    ).toThrow();
    expect(() => measuredConeRadii([])).toThrow();
  });
});

describe('issuance GeoJSON', () => {
  const records = parseAtcfDeck(read(FIXTURES, 'aal072049.dat')).records;
  const issuances = mergeIssuances(
    [],
    adeckIssuances(records, { atcfId: 'al072049', channel: 'archive', file: 'aal072049.dat', seenAt: null }),
  ).issuances;
  const original = issuances.find((i) => i.initialTime === '2049-08-01T06:00:00Z' && !i.special);
  const radii = measuredConeRadii(Array.from({ length: 30 }, (_, i) => verifiedForecast(i + 1, 120, i)));

  it('has the cone first, then the track from the analysis, then a point per position', () => {
    const collection = issuanceGeoJson(original as never, radii);
    expect(collection.features.map((f) => [f.geometry.type, f.properties.kind])).toEqual([
      ['Polygon', 'forecast-cone'],
      ['LineString', 'forecast-track'],
      ...Array(5).fill(['Point', 'forecast-point']),
    ]);
    const cone = collection.features[0];
    expect(cone?.properties.radiiFrom).toMatchObject({ agency: 'nhc', basin: 'AL', forecasts: 30 });
    expect(((cone?.properties.circles ?? []) as { leadHours: number; radiusKm: number }[]).map((c) => [c.leadHours, c.radiusKm])).toEqual([
      [0, 0],
      [12, 20],
      [24, 40],
      [36, 60],
      [48, 80],
    ]);
    expect(collection.features[2]?.properties).toMatchObject({ leadHours: 0, windUnit: 'kt', windPeriod: '1min', agency: 'nhc' });
    expect(collection.bbox[0]).toBeLessThan(-58);
  });

  it('has no cone without measured radii', () => {
    expect(issuanceGeoJson(original as never).features.map((f) => f.properties.kind)).not.toContain('forecast-cone');
  });
});
