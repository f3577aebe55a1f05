/**
 * The HURDAT2 parser on every real HURDAT2 file we have: NHC's Atlantic 1970–2018 as a third party kept it
 * (TYPHOON_HISTORY_SAMPLES; it lacks Katrina, AL122005, so its counts are the file's, not NHC's), the North-east
 * and Central Pacific 1949–2024 (TYPHOON_CROSSCHECK_DATA) and the parser fixtures of the history samples. Every
 * point is checked against its raw line read here by NHC's fixed columns (the format description numbers the
 * characters of each field), a reading independent of the parser's comma split; storm counts per basin and year
 * are counted from the raw headers the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hurdat2Point, Hurdat2Storm } from '../../src/model/hurdat2-schemas.ts';
import { parseHurdat2, type Hurdat2ParseResult } from '../../src/sources/global/hurdat2.ts';
import { describeRealData } from '../helpers/real-data.ts';

/** A data line read by the character positions of NHC's format description (1-based, inclusive). */
function rawPoint(line: string): Omit<Hurdat2Point, 'line' | 'record' | 'status'> & { record: string; status: string } {
  const at = (from: number, to: number) => line.slice(from - 1, to).trim();
  const missing = (text: string, code: string) => (text === code || text === '' ? null : Number(text));
  const quadrants = (first: number) => {
    const q = [0, 1, 2, 3].map((k) => missing(at(first + 6 * k, first + 6 * k + 3), '-999'));
    return q.every((r) => r === null) ? null : { ne: q[0] ?? null, se: q[1] ?? null, sw: q[2] ?? null, nw: q[3] ?? null };
  };
  return {
    time: `${at(1, 4)}-${at(5, 6)}-${at(7, 8)}T${at(11, 12)}:${at(13, 14)}:00Z`,
    record: at(17, 17),
    status: at(20, 21),
    lat: Number(at(24, 27)) * (at(28, 28) === 'S' ? -1 : 1),
    lng: Number(at(31, 35)) * (at(36, 36) === 'W' ? -1 : 1),
    windKt: missing(at(39, 41), '-99'),
    pressureHpa: missing(at(44, 47), '-999'),
    radiiNm: { kt34: quadrants(50), kt50: quadrants(74), kt64: quadrants(98) },
    rmwNm: missing(at(122, 125), '-999'),
  };
}

/** Storms per `<basin> <year>` and data lines per storm, from the raw headers (characters 1–2 basin, 5–8 year). */
function rawCounts(lines: readonly string[]) {
  const perYear: Record<string, number> = {};
  const entries: Record<string, number> = {};
  for (const line of lines.filter((l) => /^[A-Z]{2}\d{6},/.test(l))) {
    const key = `${line.slice(0, 2)} ${line.slice(4, 8)}`;
    perYear[key] = (perYear[key] ?? 0) + 1;
    entries[line.slice(0, 8)] = Number(line.split(',')[2]);
  }
  return { perYear, entries };
}

const countsOf = (storms: readonly Hurdat2Storm[]) => {
  const perYear: Record<string, number> = {};
  for (const s of storms) perYear[`${s.basin} ${s.year}`] = (perYear[`${s.basin} ${s.year}`] ?? 0) + 1;
  return { perYear, entries: Object.fromEntries(storms.map((s) => [s.id, s.points.length])) };
};

const storm = (result: Hurdat2ParseResult, id: string) => result.storms.find((s) => s.id === id) as Hurdat2Storm;
const peakOf = (s: Hurdat2Storm) => ({
  windKt: Math.max(...s.points.map((p) => p.windKt ?? 0)),
  pressureHpa: Math.min(...s.points.map((p) => p.pressureHpa ?? Infinity)),
});
const landfalls = (s: Hurdat2Storm) => s.points.filter((p) => p.record === 'L').map((p) => [p.time, p.lat, p.lng, p.windKt, p.pressureHpa]);

/** Every point equals its raw line, except the values the parser reported and left out; returns the points checked. */
function expectEveryPointAsWritten(lines: readonly string[], result: Hurdat2ParseResult) {
  const reported = new Set(result.problems.map((p) => p.line));
  const differ: { line: number; ours: unknown; raw: unknown }[] = [];
  let checked = 0;
  for (const s of result.storms) {
    for (const { line, record, status, ...point } of s.points) {
      const { record: rawRecord, status: rawStatus, ...raw } = rawPoint(lines[line - 1] as string);
      const codesAgree = reported.has(line) || ((record ?? '') === rawRecord && status === rawStatus);
      if (!isDeepStrictEqual(point, raw) || !codesAgree)
        differ.push({ line, ours: { record, status, ...point }, raw: rawPoint(lines[line - 1] as string) });
      checked += 1;
    }
  }
  expect(differ).toEqual([]);
  return checked;
}

describeRealData('history', "HURDAT2: NHC's Atlantic 1970–2018 and the parser fixtures", (dir) => {
  const file = 'hurdat2_atl_1970-2018.apatel726.txt';
  let text: string;
  let lines: string[];
  let atlantic: Hurdat2ParseResult;

  beforeAll(() => {
    text = fs.readFileSync(path.join(dir, file), 'utf8');
    lines = text.split('\n');
    atlantic = parseHurdat2(text, file);
  });

  it('reads 797 storms, as many per year as the file has and each with its header count of entries', () => {
    expect(atlantic.storms).toHaveLength(797);
    expect(countsOf(atlantic.storms)).toEqual(rawCounts(lines));
    expect(Object.keys(countsOf(atlantic.storms).perYear)).toHaveLength(49);
    // The file is NHC's 2019 release as a third party kept it, without Katrina (AL122005): 30 systems in 2005, not 31.
    expect(countsOf(atlantic.storms).perYear['AL 2005']).toBe(30);
    expect(atlantic.storms.some((s) => s.id === 'AL122005')).toBe(false);
  });

  it('every point equals its raw line; the one status outside the format (ET) is reported and left out', () => {
    expect(atlantic.problems).toEqual([
      { file, line: 9394, message: 'status "ET" is not one of TD, TS, HU, EX, SD, SS, LO, WV, DB: left out' },
    ]);
    expect(atlantic.rejected).toEqual([]);
    expect(expectEveryPointAsWritten(lines, atlantic)).toBe(21_475);
    expect(storm(atlantic, 'AL091993').points.find((p) => p.line === 9394)?.status).toBeNull();
  });

  it('Andrew 1992: its peak and its five landfalls (Bahamas, Florida, Louisiana)', () => {
    const andrew = storm(atlantic, 'AL041992');
    expect([andrew.name, andrew.points.length]).toEqual(['ANDREW', 52]);
    expect(peakOf(andrew)).toEqual({ windKt: 150, pressureHpa: 922 });
    expect(andrew.points.find((p) => p.windKt === 150)?.time).toBe('1992-08-23T18:00:00Z');
    expect(landfalls(andrew)).toEqual([
      ['1992-08-23T21:00:00Z', 25.4, -76.6, 140, 923],
      ['1992-08-24T01:00:00Z', 25.4, -77.8, 130, 931],
      ['1992-08-24T08:40:00Z', 25.5, -80.2, 145, 926],
      ['1992-08-24T09:05:00Z', 25.5, -80.3, 145, 922],
      ['1992-08-26T08:30:00Z', 29.6, -91.5, 100, 956],
    ]);
  });

  it('Wilma 2005: 160 kt and 882 mb, and its three landfalls (Cozumel, Yucatán, Florida)', () => {
    const wilma = storm(atlantic, 'AL252005');
    expect(peakOf(wilma)).toEqual({ windKt: 160, pressureHpa: 882 });
    expect(wilma.points.find((p) => p.pressureHpa === 882)).toMatchObject({ time: '2005-10-19T12:00:00Z', lat: 17.3, lng: -82.8 });
    expect(wilma.points.find((p) => p.pressureHpa === 882)?.radiiNm.kt34).toEqual({ ne: 170, se: 125, sw: 90, nw: 140 });
    expect(landfalls(wilma)).toEqual([
      ['2005-10-21T21:45:00Z', 20.6, -86.8, 130, 927],
      ['2005-10-22T03:30:00Z', 20.8, -86.9, 115, 933],
      ['2005-10-24T10:30:00Z', 25.9, -81.7, 105, 950],
    ]);
  });

  it('the valid fixture (Karen 2007, the current 21-field layout) parses to the values it holds', () => {
    const name = 'hurdat2-etl-fixtures/test_data.txt';
    const karenText = fs.readFileSync(path.join(dir, name), 'utf8');
    const result = parseHurdat2(karenText, name);
    expect(result.problems).toEqual([]);
    expect(result.storms.map((s) => [s.id, s.name, s.points.length])).toEqual([['AL122007', 'KAREN', 19]]);
    expect(expectEveryPointAsWritten(karenText.split('\n'), result)).toBe(19);
    expect(result.storms[0]?.points[6]).toMatchObject({
      time: '2007-09-26T12:00:00Z',
      status: 'HU',
      windKt: 65,
      pressureHpa: 988,
      radiiNm: {
        kt34: { ne: 90, se: 60, sw: 40, nw: 45 },
        kt50: { ne: 60, se: 40, sw: 25, nw: 30 },
        kt64: { ne: 40, se: 30, sw: 0, nw: 15 },
      },
      rmwNm: null,
    });
  });

  describeRealData('crosscheck', "cross-check: a third party's JSON of NHC's Atlantic 1851–2023 release (never a source)", (extra) => {
    /** AL092005 → the JSON's storm: `{ id: 'AL092005_Irene', data: [{ date, time_utc, record, status, lat, lng, … }] }`. */
    const jsonYear = (year: number) =>
      JSON.parse(fs.readFileSync(path.join(extra, 'hurdat2', 'atl-json-1851-2023', `${year}.json`), 'utf8')) as {
        id: string;
        data: {
          date: string;
          time_utc: string;
          record: string;
          status: string;
          lat: number;
          lng: number;
          max_wind_kt: number;
          min_pressure_mb: number;
        }[];
      }[];
    const asRows = (s: Hurdat2Storm) => s.points.map((p) => [p.time, p.record ?? '', p.status, p.lat, p.lng, p.windKt, p.pressureHpa]);
    const jsonRows = (data: ReturnType<typeof jsonYear>[number]['data']) =>
      data.map((p) => [
        `${p.date.slice(0, 4)}-${p.date.slice(4, 6)}-${p.date.slice(6, 8)}T${p.time_utc.slice(0, 2)}:${p.time_utc.slice(2)}:00Z`,
        p.record,
        p.status,
        p.lat,
        p.lng,
        p.max_wind_kt < 0 ? null : p.max_wind_kt,
        p.min_pressure_mb < 0 ? null : p.min_pressure_mb,
      ]);

    it('1971–2018: the same storms but Katrina, each point for point but those NHC revised after 2019', () => {
      const revised: string[] = [];
      for (let year = 1971; year <= 2018; year += 1) {
        const json = jsonYear(year);
        const ours = atlantic.storms.filter((s) => s.year === year);
        const jsonIds = json.map((s) => s.id.slice(0, 8)).filter((id) => id !== 'AL122005');
        expect(ours.map((s) => s.id).sort(), String(year)).toEqual(jsonIds.sort());
        for (const s of ours) {
          const other = json.find((j) => j.id.startsWith(s.id));
          if (JSON.stringify(asRows(s)) !== JSON.stringify(jsonRows(other?.data ?? []))) revised.push(s.id);
        }
      }
      // Revisions of the later release (HARVEY 1993: the status ET of the 2019 file is EX there).
      expect(revised).toEqual([
        'AL051986',
        'AL091988',
        'AL161988',
        'AL091993',
        'AL131995',
        'AL121996',
        'AL131998',
        'AL112003',
        'AL122004',
        'AL162005',
        'AL062008',
        'AL162008',
        'AL012014',
        'AL172017',
        'AL062018',
      ]);
      expect(
        jsonYear(1993)
          .find((s) => s.id.startsWith('AL091993'))
          ?.data.at(-1)?.status,
      ).toBe('EX');
    });
  });

  describe('the invalid fixtures are rejected with a report naming the line', () => {
    const invalid = (name: string) => {
      const relative = `hurdat2-etl-fixtures/errors/${name}`;
      return parseHurdat2(fs.readFileSync(path.join(dir, relative), 'utf8'), relative);
    };

    it('every file of errors/ is one of those below', () => {
      expect(fs.readdirSync(path.join(dir, 'hurdat2-etl-fixtures/errors')).sort()).toEqual([
        'empty_line.txt',
        'invalid_format.txt',
        'invalid_header.txt',
      ]);
    });

    it('empty_line.txt: the empty line, and a storm with 1 of its 40 entries', () => {
      expect(invalid('empty_line.txt')).toEqual({
        storms: [],
        problems: [
          {
            file: 'hurdat2-etl-fixtures/errors/empty_line.txt',
            line: 1,
            message: 'AL092021: the header announces 40 data lines, 1 follow: storm left out',
          },
          { file: 'hurdat2-etl-fixtures/errors/empty_line.txt', line: 2, message: 'empty line' },
        ],
        rejected: [],
      });
    });

    it('invalid_format.txt: status XX and wind "abc" on line 2, and a storm with 1 of its 40 entries', () => {
      expect(invalid('invalid_format.txt').problems.map((p) => [p.line, p.message])).toEqual([
        [1, 'AL092021: the header announces 40 data lines, 1 follow: storm left out'],
        [2, 'status "XX" is not one of TD, TS, HU, EX, SD, SS, LO, WV, DB: left out'],
        [2, 'wind (kt) "abc" is not a whole number within 0–250 (missing is -99): left out'],
      ]);
      expect(invalid('invalid_format.txt').storms).toEqual([]);
    });

    it('invalid_header.txt: basin XX on line 1', () => {
      expect(invalid('invalid_header.txt')).toMatchObject({
        storms: [],
        problems: [{ line: 1, message: 'header "XX092021,IDA,40,": basin XX is not AL, EP or CP: storm left out with its data lines' }],
      });
    });
  });
});

describeRealData('crosscheck', "HURDAT2: NHC's North-east and Central Pacific 1949–2024", (dir) => {
  const file = 'hurdat2/hurdat2-nepac-1949-2024.txt';
  let lines: string[];
  let nepac: Hurdat2ParseResult;

  beforeAll(() => {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    lines = text.split('\n');
    nepac = parseHurdat2(text, file);
  });

  it('reads 1,242 storms (1,162 EP, 80 CP), as many per basin and year as the file has, each with its header count', () => {
    expect(nepac.storms).toHaveLength(1242);
    expect(nepac.storms.filter((s) => s.basin === 'CP')).toHaveLength(80);
    expect(countsOf(nepac.storms)).toEqual(rawCounts(lines));
  });

  it('every point equals its raw line; the one pressure of 0 mb (HONE 2024, missing elsewhere written -999) is reported and left out', () => {
    expect(nepac.problems).toEqual([
      { file, line: 32576, message: 'pressure (mb) "0" is not a whole number within 850–1100 (missing is -999): left out' },
    ]);
    expect(lines[32575]).toMatch(/^20240819, 0600, {2}, DB, 12\.4N, 130\.6W, {2}20, {4}0,/);
    expect(storm(nepac, 'CP012024').points[0]?.pressureHpa).toBeNull();
    // The reported pressure is null; the raw-line reading gives 0 there, so that one value is compared apart.
    const withoutHone = { ...nepac, storms: nepac.storms.filter((s) => s.id !== 'CP012024') };
    expect(expectEveryPointAsWritten(lines, withoutHone)).toBe(31_539 - 54);
    const hone = storm(nepac, 'CP012024');
    expect(hone.points.slice(1).map((p) => p.pressureHpa)).toEqual(
      hone.points.slice(1).map((p) => rawPoint(lines[p.line - 1] as string).pressureHpa),
    );
  });

  it('Patricia 2015: 185 kt and 872 mb, and its landfall in Jalisco', () => {
    const patricia = storm(nepac, 'EP202015');
    expect(peakOf(patricia)).toEqual({ windKt: 185, pressureHpa: 872 });
    expect(patricia.points.find((p) => p.windKt === 185)?.time).toBe('2015-10-23T12:00:00Z');
    expect(landfalls(patricia)).toEqual([['2015-10-23T23:00:00Z', 19.4, -105, 130, 932]]);
    expect(patricia.points.every((p) => p.rmwNm === null)).toBe(true);
  });

  it('longitudes west of the antimeridian are east positive (633 entries)', () => {
    expect(nepac.storms.flatMap((s) => s.points).filter((p) => p.lng > 0)).toHaveLength(633);
  });
});
