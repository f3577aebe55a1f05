/**
 * The north-western Pacific climatology-and-persistence baseline on tracks made here: storms that keep their motion
 * and wind trend are forecast to keep them. The fit on the real CMA best track: test/real-data/wp-persistence-baseline.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { fitPersistenceBaseline, persistenceForecast } from '../../src/forecasts/wp-persistence-baseline.ts';

const HOUR_MS = 3_600_000;

/** A storm of 40 six-hourly fixes from a start, moving steadily north and west, its wind rising 0.5 m/s a fix. */
function steadyStorm(n: number) {
  const start = Date.UTC(2049, 6, 1 + (n % 20), 0);
  const [lat0, lng0, dLat, dLng] = [10 + (n % 7), 125 + (n % 11), 0.2 + (n % 3) * 0.1, -(0.3 + (n % 4) * 0.1)];
  return {
    id: `s${n}`,
    points: Array.from({ length: 40 }, (_, k) => ({
      time: new Date(start + k * 6 * HOUR_MS),
      lat: lat0 + k * dLat,
      lng: lng0 + k * dLng,
      wind: 15 + (n % 5) + k * 0.5,
      grade: 2,
    })),
  };
}

describe('climatology-and-persistence baseline', () => {
  const storms = Array.from({ length: 60 }, (_, n) => steadyStorm(n));
  const baseline = fitPersistenceBaseline(storms, { firstYear: 2049, lastYear: 2049 });

  it('states its sample and the cases of each lead', () => {
    expect(baseline.sample).toEqual({ track: 'CMA best track', firstYear: 2049, lastYear: 2049, storms: 60 });
    expect(baseline.leads.map((l) => l.leadHours)).toEqual([12, 24, 36, 48, 72, 96, 120]);
    // 40 fixes: 38 have a fix 12 h before; of those, the ones with a fix `lead` later.
    expect(baseline.leads[0]?.cases).toBe(60 * 36);
    expect(baseline.leads[6]?.cases).toBe(60 * 18);
  });

  it('forecasts a steady storm to keep its motion and its wind trend', () => {
    const storm = steadyStorm(61);
    const initial = storm.points[10]?.time as Date;
    const forecast = persistenceForecast(baseline, storm, initial);
    for (const p of forecast?.points ?? []) {
      const truth = storm.points[10 + p.leadHours / 6];
      expect(p.lat).toBeCloseTo(truth?.lat as number, 1);
      expect(p.lng).toBeCloseTo(truth?.lng as number, 1);
      expect(p.wind).toBe(Math.round(truth?.wind as number));
    }
    expect(forecast).toMatchObject({ agency: 'wp-persistence', basin: 'WP', wind: { unit: 'm/s', period: '2min' } });
  });

  it('makes no forecast without a cyclone now and 12 h before, nor off the synoptic hours', () => {
    const storm = steadyStorm(62);
    expect(persistenceForecast(baseline, storm, storm.points[1]?.time as Date)).toBeNull();
    const tenth = storm.points[10]?.time as Date;
    expect(persistenceForecast(baseline, storm, new Date(tenth.getTime() + 3 * HOUR_MS))).toBeNull();
    const weak = { ...storm, points: storm.points.map((p, k) => (k === 8 ? { ...p, grade: 0 } : p)) };
    expect(persistenceForecast(baseline, weak, storm.points[10]?.time as Date)).toBeNull();
  });

  it('needs more cases than predictors', () => {
    expect(() => fitPersistenceBaseline(storms.slice(0, 0), { firstYear: 2049, lastYear: 2049 })).toThrow(/too few/);
  });
});
