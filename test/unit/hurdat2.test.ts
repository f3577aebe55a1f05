/**
 * The HURDAT2 parser on our own fixtures (test/fixtures/global-sources/hurdat2: invented storms in NHC's format)
 * and on broken input written inline: every bad line or value is a problem with its file and line, never copied.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hurdat2StormSchema } from '../../src/model/hurdat2-schemas.ts';
import { parseHurdat2 } from '../../src/sources/global/hurdat2.ts';
import { FIXTURE_GLOBAL_SOURCES } from '../helpers/sources.ts';

const ATLANTIC = 'hurdat2-1851-2049-010150.txt';
const NEPAC = 'hurdat2-nepac-1949-2049-010150.txt';
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURE_GLOBAL_SOURCES, 'hurdat2', name), 'utf8');

const HEADER = 'AL072049,            TESTER,      2,';
const GOOD = [
  '20490901, 0000,  , TS, 20.0N,  60.0W,  40, 1002,   60,   40,    0,   30,    0,    0,    0,    0,    0,    0,    0,    0,   40',
  '20490901, 0600,  , TS, 20.5N,  61.0W,  45, 1000,   60,   40,    0,   30,    0,    0,    0,    0,    0,    0,    0,    0,   35',
];
const parseLines = (...lines: string[]) => parseHurdat2(lines.join('\n'), 'test.txt');

describe('HURDAT2 files', () => {
  const atlantic = parseHurdat2(fixture(ATLANTIC), ATLANTIC);
  const nepac = parseHurdat2(fixture(NEPAC), NEPAC);
  const [unnamed, inventa] = atlantic.storms;
  const [cruzado, lokelani] = nepac.storms;

  it('read both layouts, with and without a final newline, without a problem', () => {
    expect([...atlantic.problems, ...nepac.problems, ...atlantic.rejected, ...nepac.rejected]).toEqual([]);
    expect([...atlantic.storms, ...nepac.storms].map((s) => [s.id, s.basin, s.number, s.year, s.name, s.line, s.points.length])).toEqual([
      ['AL012048', 'AL', 1, 2048, null, 1, 6],
      ['AL052049', 'AL', 5, 2049, 'INVENTA', 8, 12],
      ['EP012049', 'EP', 1, 2049, 'CRUZADO', 1, 9],
      ['CP012049', 'CP', 1, 2049, 'LOKELANI', 11, 6],
    ]);
    for (const storm of [...atlantic.storms, ...nepac.storms]) {
      hurdat2StormSchema.parse(storm);
      expect(storm.windPeriodMinutes).toBe(1);
    }
  });

  it('reads a data line of the current layout: UTC time, identifier, status, signed degrees, kt, hPa, radii and RMW in nm', () => {
    expect(inventa?.points[5]).toEqual({
      time: '2049-08-22T00:00:00Z',
      line: 14,
      record: 'I',
      status: 'HU',
      lat: 24.9,
      lng: -79.3,
      windKt: 120,
      pressureHpa: 938,
      radiiNm: {
        kt34: { ne: 110, se: 90, sw: 60, nw: 80 },
        kt50: { ne: 60, se: 50, sw: 30, nw: 40 },
        kt64: { ne: 35, se: 30, sw: 20, nw: 25 },
      },
      rmwNm: 10,
    });
  });

  it('keeps minutes of asynoptic entries, and -999 radii as missing (null), 0 radii as 0 nm', () => {
    const landfall = inventa?.points.find((p) => p.record === 'L');
    expect(landfall).toMatchObject({ time: '2049-08-22T08:55:00Z', status: 'HU', windKt: 115, pressureHpa: 944, rmwNm: 10 });
    expect(landfall?.radiiNm).toEqual({ kt34: null, kt50: null, kt64: null });
    expect(inventa?.points[0]?.radiiNm.kt64).toEqual({ ne: 0, se: 0, sw: 0, nw: 0 });
    expect(inventa?.points.map((p) => p.record)).toEqual([null, null, 'G', null, null, 'I', null, 'L', null, 'L', null, null]);
    expect(inventa?.points.at(-1)?.rmwNm).toBeNull();
  });

  it('reads the layout before 2022 (final comma, no RMW), -99 winds and -999 pressures as missing', () => {
    expect(unnamed?.points.map((p) => [p.status, p.windKt, p.pressureHpa, p.rmwNm])).toEqual([
      ['LO', 25, null, null],
      ['TD', 30, 1010, null],
      ['TS', 35, 1008, null],
      ['TS', 40, 1005, null],
      ['WV', null, null, null],
      ['DB', 25, null, null],
    ]);
    expect(unnamed?.points[0]?.radiiNm).toEqual({ kt34: null, kt50: null, kt64: null });
  });

  it('writes west longitudes negative and east ones positive, across the antimeridian', () => {
    expect(cruzado?.points.map((p) => p.lng)).toEqual([-135, -137.5, -140.2, -143, -150.4, -165.1, -178.8, 179.5, 177.9]);
    expect(lokelani?.points.map((p) => [p.time.slice(11, 16), p.record, p.status])).toEqual([
      ['00:00', null, 'TD'],
      ['06:00', null, 'TS'],
      ['15:00', 'S', 'HU'],
      ['18:00', null, 'HU'],
      ['21:20', 'L', 'HU'],
      ['00:00', null, 'TS'],
    ]);
  });

  it('reads CRLF line ends the same', () => {
    expect(parseHurdat2(fixture(ATLANTIC).replace(/\n/g, '\r\n'), ATLANTIC)).toEqual(atlantic);
  });
});

describe('HURDAT2: bad input is reported with its file and line, and never copied', () => {
  it('a header that is not one, or whose count is wrong, leaves its storm out', () => {
    expect(parseLines('XX072049, TESTER, 2,', ...GOOD)).toMatchObject({
      storms: [],
      problems: [{ file: 'test.txt', line: 1, message: expect.stringContaining('basin XX is not AL, EP or CP') }],
    });
    expect(parseLines(HEADER.replace(' 2,', ' 3,'), ...GOOD)).toMatchObject({
      storms: [],
      problems: [{ line: 1, message: 'AL072049: the header announces 3 data lines, 2 follow: storm left out' }],
    });
    expect(parseLines('AL072049, TESTER, two,', ...GOOD).problems).toMatchObject([
      { line: 1, message: expect.stringContaining('not "id, name') },
    ]);
  });

  it('a line without a real time or position, or with the wrong number of fields, is left out', () => {
    const lines = [
      '20490231, 0000,  , TS, 20.0N,  60.0W,  40, 1002,   60,   40,    0,   30,    0,    0,    0,    0,    0,    0,    0,    0,   40',
      '20490901, 0300,  , TS, 95.0N,  60.0W,  40, 1002,   60,   40,    0,   30,    0,    0,    0,    0,    0,    0,    0,    0,   40',
      '20490901, 0400,  , TS, 20.0,  60.0W,  40, 1002,   60,   40,    0,   30,    0,    0,    0,    0,    0,    0,    0,    0,   40',
      '20490901, 0500,  , TS, 20.0N,  60.0W,  40, 1002',
    ];
    const { storms, problems } = parseLines(HEADER.replace(' 2,', ' 6,'), GOOD[0] as string, ...lines, GOOD[1] as string);
    expect(storms[0]?.points.map((p) => p.line)).toEqual([2, 7]);
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [3, 'date "20490231" and time "0000" are not a real UTC time: line left out'],
      [4, 'position 95, -60 is not on the globe: row left out'],
      [5, 'position "20.0", "60.0W" is not degrees with a hemisphere (29.1N, 90.2W): line left out'],
      [6, '8 fields instead of 21: line left out'],
    ]);
  });

  it('a value outside the format is left out (null), the rest of its line kept', () => {
    const bad =
      '20490901, 0300, X, XX, 20.2N,  60.5W, abc,  -50,   60,  -40,    0,   30,    0,    0,    0,    0,    0,    0,    0,    0, 1.5';
    const { storms, problems } = parseLines(HEADER.replace(' 2,', ' 3,'), GOOD[0] as string, bad, GOOD[1] as string);
    expect(storms[0]?.points[1]).toMatchObject({
      line: 3,
      record: null,
      status: null,
      lat: 20.2,
      lng: -60.5,
      windKt: null,
      pressureHpa: null,
      rmwNm: null,
    });
    expect(storms[0]?.points[1]?.radiiNm.kt34).toEqual({ ne: 60, se: null, sw: 0, nw: 30 });
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [3, 'record identifier "X" is not one of C, G, I, L, P, R, S, T, W: left out'],
      [3, 'status "XX" is not one of TD, TS, HU, EX, SD, SS, LO, WV, DB: left out'],
      [3, 'wind (kt) "abc" is not a whole number within 0–250 (missing is -99): left out'],
      [3, 'pressure (mb) "-50" is not a whole number within 850–1100 (missing is -999): left out'],
      [3, 'wind radius (nm) "-40" is not a whole number within 0–999 (missing is -999): left out'],
      [3, 'radius of maximum wind (nm) "1.5" is not a whole number within 0–999 (missing is -999): left out'],
    ]);
  });

  it('times must increase; a storm may appear once; lines outside a storm, empty lines and other text are reported', () => {
    const { storms, problems } = parseLines(
      GOOD[0] as string,
      HEADER.replace(' 2,', ' 3,'),
      ...GOOD,
      GOOD[0] as string,
      '',
      'Some text',
      HEADER,
      ...GOOD,
    );
    expect(storms.map((s) => [s.id, s.points.map((p) => p.line)])).toEqual([['AL072049', [3, 4]]]);
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [1, 'data line before any header: left out'],
      [5, 'time 2049-09-01T00:00:00Z does not follow 2049-09-01T06:00:00Z: row left out'],
      [6, 'empty line'],
      [7, 'neither a header line (AL092021, NAME, 40,) nor a data line (a YYYYMMDD date first): left out'],
      [8, 'AL072049 appears a second time in the file: left out'],
    ]);
  });

  it('a name that is not a cyclone name is left out and returned with its file', () => {
    const { storms, rejected } = parseLines('AL072049, <b>X</b>, 2,', ...GOOD);
    expect(storms[0]?.name).toBeNull();
    expect(rejected).toMatchObject([{ file: 'test.txt', kind: 'cyclone-name', field: 'name', storm: 'AL072049', line: 1 }]);
  });
});
