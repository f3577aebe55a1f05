/** The rules every parser shares (src/model): longitudes, distances, numbers as the sources write them, grades. */
import { describe, expect, it } from 'vitest';
import { greatCircleKm, lngDelta, normaliseLongitude } from '../../src/model/geo.ts';
import { peakGrade } from '../../src/model/grades.ts';
import { nonZeroOrNull, numberOrNull, positiveOrNull } from '../../src/model/numbers.ts';
import { toUtcIso } from '../../src/model/time.ts';

describe('longitudes', () => {
  it('turns 0–360°E and west longitudes past 180° into −180…180, leaving −180…180 and values beyond ±360 alone', () => {
    expect(normaliseLongitude(255.3)).toBe(-104.7);
    expect(normaliseLongitude(360)).toBe(0);
    expect(normaliseLongitude(-185)).toBe(175);
    expect(normaliseLongitude(180)).toBe(180);
    expect(normaliseLongitude(-180)).toBe(-180);
    expect(normaliseLongitude(123.456789)).toBe(123.456789);
    expect(normaliseLongitude(400)).toBe(400);
    expect(normaliseLongitude(-400)).toBe(-400);
  });

  it('keeps every value the sources can carry exact: tenths (CMA, ATCF) and four decimals (Zhejiang, NMC)', () => {
    for (let n = 1801; n <= 3600; n += 1) {
      expect(normaliseLongitude(n / 10)).toBe((n - 3600) / 10);
      expect(normaliseLongitude(-n / 10)).toBe((3600 - n) / 10);
    }
    const mismatches: number[] = [];
    for (let n = 1_800_001; n <= 3_600_000; n += 1) if (normaliseLongitude(n / 1e4) !== (n - 3_600_000) / 1e4) mismatches.push(n);
    expect(mismatches).toEqual([]);
  });

  it('measures differences across the antimeridian', () => {
    expect(lngDelta(179, -179)).toBe(-2);
    expect(lngDelta(-179, 179)).toBe(2);
    expect(lngDelta(10, 20)).toBe(-10);
    expect(greatCircleKm({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(111.2, 1);
  });
});

describe('numbers as the sources write them', () => {
  it('reads numbers and numeric text; placeholders and garbage are null', () => {
    expect([12.5, '12.5', ' 7 ', 0, '0', -3].map(numberOrNull)).toEqual([12.5, 12.5, 7, 0, 0, -3]);
    expect([null, undefined, '', '-', 'N/A', NaN, Infinity].map(numberOrNull)).toEqual(Array(7).fill(null));
  });

  it('takes 0 as unknown where the source does, and negatives too where they cannot be', () => {
    expect(['0', 0, '-5', '935'].map(nonZeroOrNull)).toEqual([null, null, -5, 935]);
    expect(['0', 0, '-999', '935', ''].map(positiveOrNull)).toEqual([null, null, null, 935, null]);
  });
});

describe('grades', () => {
  it('takes the peak from the wind at the extratropical stage', () => {
    expect(
      peakGrade([
        { grade: 'TS', speed: 20 },
        { grade: 'ET', speed: 35 },
      ]),
    ).toBe('TY');
    expect(
      peakGrade([
        { grade: 'ET', speed: 5 },
        { grade: null, speed: null },
      ]),
    ).toBeNull();
  });
});

describe('times', () => {
  it('writes an instant in UTC to the second, its milliseconds cut, from HURDAT2 1851 to far ahead', () => {
    expect(toUtcIso(new Date('2024-09-06T08:20:00.999Z'))).toBe('2024-09-06T08:20:00Z');
    expect(toUtcIso(new Date(Date.UTC(1851, 5, 25)))).toBe('1851-06-25T00:00:00Z');
    expect(toUtcIso(new Date('+010000-01-01T00:00:00.000Z'))).toBe('+010000-01-01T00:00:00Z');
    for (let ms = -4e12; ms < 4e12; ms += 7_777_777_777)
      expect(toUtcIso(new Date(ms))).toBe(new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));
  });
});
