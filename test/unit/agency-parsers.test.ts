/**
 * The other agencies' parsers on our own fixtures (test/fixtures/agencies, invented storms in the real formats)
 * and on broken input written inline: every bad value is a problem with its line, and is left out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { agencyTrackSchema } from '../../src/model/agency-track-schemas.ts';
import { knotsToMs } from '../../src/model/units.ts';
import { parseAgencyFile } from '../../src/sources/agencies/agency-files.ts';
import { parseHkoBestTrack } from '../../src/sources/agencies/hko-best-track.ts';
import { parseIbtracsCsv, seasonOfSid } from '../../src/sources/agencies/ibtracs-csv.ts';
import { parseJmaBestTrack } from '../../src/sources/agencies/jma-best-track.ts';
import { parseJtwcBdeck } from '../../src/sources/agencies/jtwc-best-track.ts';
import { describeAgencySources, readAgencySources } from '../../src/sources/agencies/read-agency-sources.ts';
import { FIXTURE_AGENCIES, FIXTURE_GLOBAL_SOURCES } from '../helpers/sources.ts';
const fixture = (...parts: string[]) => fs.readFileSync(path.join(FIXTURE_AGENCIES, ...parts), 'utf8');

describe('JMA bst_all.txt', () => {
  const { tracks, problems } = parseJmaBestTrack(fixture('jma', 'bst_all.txt'));
  const [inventa, oldie] = tracks;

  it('reads both header layouts, CRLF and 80-column padding', () => {
    expect(problems).toEqual([]);
    expect(tracks.map((t) => [t.id, t.name, t.tcNumber, t.revisedOn, t.points.length])).toEqual([
      ['4921', 'INVENTA', '0027', '2050-01-15', 6],
      ['5530', 'OLDIE', null, '1992-10-21', 3],
    ]);
    for (const track of tracks) agencyTrackSchema.parse(track);
  });

  it('reads UTC times with the 1951–2050 pivot, 0.1° positions, hPa and 10-minute knots ("000" = not analysed)', () => {
    expect(inventa?.windPeriodMinutes).toBe(10);
    expect(inventa?.points[0]).toEqual({
      time: '2049-09-02T00:00:00Z',
      lat: 12,
      lng: 135,
      windKt: null,
      windMs: null,
      pressureHpa: 1004,
      grade: '2',
    });
    expect(inventa?.points[4]).toEqual({
      time: '2049-09-02T21:00:00Z',
      lat: 14.2,
      lng: 131.1,
      windKt: 80,
      windMs: knotsToMs(80),
      pressureHpa: 958,
      grade: '5',
    });
    expect(oldie?.points.map((p) => [p.time, p.lat, p.grade])).toEqual([
      ['1955-10-10T06:00:00Z', 6.2, '2'],
      ['1955-10-10T12:00:00Z', 7.5, '9'],
      ['1955-10-10T18:00:00Z', 9, '9'],
    ]);
  });

  it('reports and leaves out bad values, short storms and stray lines', () => {
    const text = [
      'stray line',
      'another stray line',
      '66666 4901  004 0001 4901 0 6              BROKEN              20500101',
      '49010100 002 2 120 1350 1004     000',
      '49010106 002 2 12x 1340 1004     000', // latitude not a number: the row goes
      '49013206 002 2 125 1340 1004     000', // 32 January
      '49010112 002 3 125 1340  700     035', // pressure out of range: kept without it
      '66666 4902  003 0002 4902 0 6               SHORT              20500101',
      '49020100 002 2 120 1350 1004     000',
      '49020100 002 2 121 1351 1004     000', // the same time again
    ].join('\n');
    const result = parseJmaBestTrack(text);
    expect(result.problems).toEqual([
      { line: 1, message: 'expected a 66666 header, found "stray line" (lines 1–2: 2 lines without a header)' },
      { line: 5, message: 'latitude "12x" is not a number: left out' },
      { line: 5, message: 'position incomplete (latitude missing, longitude 134): row left out' },
      { line: 6, message: 'not a real date and time: row left out' },
      { line: 7, message: 'pressure 700 hPa is outside 850–1100 hPa: left out' },
      { line: 8, message: 'header of storm 4902 promises 3 data lines; 2 follow' },
      { line: 10, message: 'time 2049-02-01T00:00:00Z does not follow 2049-02-01T00:00:00Z: row left out' },
    ]);
    expect(result.tracks.map((t) => [t.id, t.points.map((p) => p.pressureHpa)])).toEqual([
      ['4901', [1004, null]],
      ['4902', [1004]],
    ]);
  });
});

describe('JTWC b-deck', () => {
  const { tracks, problems } = parseJtwcBdeck(fixture('jtwc', 'bwp272049.dat'), 'bwp272049.dat');
  const track = tracks[0];

  it('merges the 34/50/64-kt rows of a time and takes the last name', () => {
    expect(problems).toEqual([]);
    expect(track).toMatchObject({ agency: 'jtwc', id: 'WP272049', name: 'INVENTA', windPeriodMinutes: 1 });
    expect(track?.points.map((p) => [p.time.slice(0, 13), p.grade])).toEqual([
      ['2049-09-01T18', 'DB'],
      ['2049-09-02T00', 'TD'],
      ['2049-09-02T06', 'TS'],
      ['2049-09-02T12', 'TS'],
      ['2049-09-02T18', 'TY'],
      ['2049-09-03T00', 'TY'],
    ]);
    expect(track?.points[5]).toEqual({
      time: '2049-09-03T00:00:00Z',
      lat: 14.6,
      lng: 130.4,
      windKt: 115,
      windMs: knotsToMs(115),
      pressureHpa: 944,
      grade: 'TY',
    });
    agencyTrackSchema.parse(track);
  });

  it('reports rows of another storm and lines that are not ATCF', () => {
    const text = [
      'WP, 27, 2049090200,   , BEST,   0, 120N, 1350E,  25, 1004, TD,   0,    ,    0,    0,    0,    0, ',
      'WP, 28, 2049090206,   , BEST,   0, 125N, 1340E,  40,  997, TS,   0,    ,    0,    0,    0,    0, ',
      'garbage',
      'WP, 27, 2049090212,   , BEST,   0, 131N, 1329E, 300,  982, TS,   0,    ,    0,    0,    0,    0, ',
    ].join('\n');
    const result = parseJtwcBdeck(text, 'bwp272049.dat');
    expect(result.problems).toEqual([
      { line: 2, message: 'a row of storm WP28 in the deck of WP272049: left out' },
      { line: 3, message: 'not an ATCF line: "garbage"' },
      { line: 4, message: 'wind 300 kt is outside 0–250 kt: left out' },
    ]);
    expect(result.tracks[0]?.points.map((p) => p.windMs)).toEqual([knotsToMs(25), null]);
    expect(parseJtwcBdeck('', 'bwp012049.dat')).toEqual({
      tracks: [],
      problems: [{ line: 1, message: 'no BEST row: not a b-deck' }],
      rejected: [],
    });
  });
});

describe('HKO best-track CSV', () => {
  const { tracks, problems } = parseHkoBestTrack(fixture('hko', 'HKO2049BST.csv'));

  it('skips the BOM and titles, groups rows by HKO code, reads 0.01° and 10-minute knots', () => {
    expect(problems).toEqual([]);
    expect(tracks.map((t) => [t.id, t.name, t.hkoCode, t.jmaCode, t.points.length])).toEqual([
      ['2049-0027', 'INVENTA', '0027', '4921', 5],
      ['2049-0028', null, '0028', null, 2],
    ]);
    expect(tracks[0]?.points[4]).toEqual({
      time: '2049-09-03T00:00:00Z',
      lat: 14.6,
      lng: 130.4,
      windKt: 90,
      windMs: knotsToMs(90),
      pressureHpa: 950,
      grade: 'ST',
    });
    for (const track of tracks) agencyTrackSchema.parse(track);
  });

  it('refuses a file without the HKO header and reports bad rows', () => {
    expect(parseHkoBestTrack('a,b\n1,2\n').problems).toEqual([
      { line: 4, message: expect.stringContaining('expected the HKO best-track header') },
    ]);
    const head = fixture('hko', 'HKO2049BST.csv').split('\n').slice(0, 4);
    const text = [
      ...head,
      'X,2049,9,2,0,TD,1200,13500,1004,25,4921',
      'X,2049,9,2,6,TD,12o0,13400,998,35,4921,0029',
      'X,2049,9,2,12,TS,1250,13400,998,35,4921,0029',
    ].join('\n');
    expect(parseHkoBestTrack(text).problems).toEqual([
      { line: 5, message: '11 columns instead of 12: row left out' },
      { line: 6, message: 'latitude "12o0" is not a number: left out' },
      { line: 6, message: 'position incomplete (latitude missing, longitude 134): row left out' },
    ]);
  });
});

describe('IBTrACS CSV', () => {
  const v1 = parseIbtracsCsv(fixture('ibtracs', 'ibtracs.WP.list.v04r01.csv'));
  const v0 = parseIbtracsCsv(fixture('ibtracs', 'ibtracs.ACTIVE.list.v04r00.csv'));

  it('reads both versions by column name, with the SID, the USA ATCF id and the WMO wind period', () => {
    expect([...v1.problems, ...v0.problems]).toEqual([]);
    expect(
      [...v1.tracks, ...v0.tracks].map((t) => [t.id, t.name, t.version, t.basins, t.usaAtcfIds, t.windPeriodMinutes, t.points.length]),
    ).toEqual([
      ['2049230N15185', 'CROSSER', 'v04r01', ['EP', 'WP'], ['CP032049'], null, 2],
      ['2049245N12135', 'INVENTA', 'v04r01', ['WP'], ['WP272049'], 10, 3],
      ['2048200N16124', null, 'v04r00', ['WP'], [], null, 2],
    ]);
    for (const track of [...v1.tracks, ...v0.tracks]) agencyTrackSchema.parse(track);
  });

  it("keeps each agency's own values and leaves blank agencies out", () => {
    const inventa = v1.tracks[1];
    expect(inventa?.points[2]).toEqual({
      time: '2049-09-02T06:00:00Z',
      lat: 12.5,
      lng: 134,
      windKt: 35,
      windMs: knotsToMs(35),
      pressureHpa: 998,
      grade: 'TS',
      wmoAgency: 'tokyo',
      agencies: {
        usa: { lat: 12.5, lng: 134, windKt: 40, windMs: knotsToMs(40), pressureHpa: 997, grade: 'TS', original: true },
        tokyo: { lat: 12.5, lng: 134, windKt: 35, windMs: knotsToMs(35), pressureHpa: 998, grade: '3', original: true },
        cma: { lat: 12.5, lng: 134.1, windKt: 40, windMs: knotsToMs(40), pressureHpa: 997, grade: '2', original: true },
        hko: { lat: 12.5, lng: 134, windKt: 35, windMs: knotsToMs(35), pressureHpa: 998, grade: 'TS', original: true },
        kma: { lat: 12.5, lng: 134, windKt: 35, windMs: knotsToMs(35), pressureHpa: 998, grade: 'TS', original: true },
      },
    });
    // An interpolated row: no WMO values, only the agencies IBTrACS interpolated.
    expect(inventa?.points[1]).toMatchObject({ windMs: null, pressureHpa: null, wmoAgency: null });
    expect(Object.keys(inventa?.points[1]?.agencies ?? {})).toEqual(['usa', 'tokyo']);
    expect(inventa?.points[1]?.agencies.usa?.original).toBe(false); // IFLAG P: IBTrACS interpolated it
    expect(v1.tracks[0]?.points.map((p) => p.lng)).toEqual([-175, 179.5]);
  });

  it('refuses a file that is not IBTrACS and reports bad rows', () => {
    expect(parseIbtracsCsv('SID,NAME\nx,y\n').problems).toEqual([
      { line: 1, message: 'not an IBTrACS v04 CSV: line 1 lacks ISO_TIME, LAT, LON' },
    ]);
    const [names, units, row] = fixture('ibtracs', 'ibtracs.WP.list.v04r01.csv').split('\n') as [string, string, string];
    expect(parseIbtracsCsv(`${names}\n${row}\n`).problems).toEqual([
      { line: 2, message: expect.stringContaining('line 2 is not the IBTrACS units line: SEASON in "2049", not "Year"') },
    ]);
    // A unit other than the one read (metres per second, hPa) is refused, not converted or assumed.
    expect(parseIbtracsCsv(`${names}\n${units.replace('kts', 'm/s')}\n${row}\n`).problems).toEqual([
      { line: 2, message: 'line 2 is not the IBTrACS units line: WMO_WIND in "m/s", not "kts"' },
    ]);
    const text = [names, units, row.replace('2049230N15185', 'BADSID'), `${row},extra`, row.replace('-175.0', '-999.0')].join('\n');
    expect(parseIbtracsCsv(text).problems).toEqual([
      { line: 3, message: 'SID "BADSID" or ISO_TIME "2049-08-18 00:00:00" is not valid: row left out' },
      { line: 4, message: '175 columns instead of 174: row left out' },
      { line: 5, message: 'position 15, -999 is not on the globe: row left out' },
    ]);
  });
});

describe('IBTrACS CSV of every basin', () => {
  const basinFile = (basin: string) =>
    fs.readFileSync(path.join(FIXTURE_GLOBAL_SOURCES, 'ibtracs', `ibtracs.${basin}.list.v04r01.csv`), 'utf8');
  const si = parseIbtracsCsv(basinFile('SI'), 'ibtracs.SI.list.v04r01.csv');
  const ni = parseIbtracsCsv(basinFile('NI'), 'ibtracs.NI.list.v04r01.csv');

  it("reads each WMO agency's columns with its own period: La Réunion, BoM, Nadi 10 minutes, New Delhi 3", () => {
    expect([...si.problems, ...ni.problems]).toEqual([]);
    const periods = ['SI', 'SP', 'NI', 'SA'].flatMap((basin) =>
      parseIbtracsCsv(basinFile(basin)).tracks.map((t) => [basin, t.name, t.basins, t.windPeriodMinutes]),
    );
    expect(periods).toEqual([
      ['SI', 'ARIANE', ['SI'], 10],
      ['SI', 'BRINDABELLA', ['SI', 'SP'], 10],
      ['SI', null, ['SI'], 10],
      ['SP', 'BRINDABELLA', ['SI', 'SP'], 10],
      ['SP', 'COROLLA', ['SP'], 10],
      ['NI', 'EBBTIDE', ['WP', 'NI'], null], // Tokyo's 10 minutes, then New Delhi's 3: no one period
      ['NI', 'DHARA', ['NI'], 3],
      ['SA', 'FLORIPA', ['SA'], null], // no WMO agency: the US agency's 1-minute winds only
    ]);
    const dhara = ni.tracks[1];
    expect(dhara?.points[3]).toEqual({
      time: '2049-05-10T12:00:00Z',
      lat: 15.2,
      lng: 89.6,
      windKt: 90,
      windMs: knotsToMs(90),
      pressureHpa: 950,
      grade: 'TS',
      wmoAgency: 'newdelhi',
      agencies: {
        usa: { lat: 15.2, lng: 89.6, windKt: 110, windMs: knotsToMs(110), pressureHpa: 940, grade: 'TC', original: true },
        newdelhi: { lat: 15.2, lng: 89.6, windKt: 90, windMs: knotsToMs(90), pressureHpa: 950, grade: 'VSCS', original: true },
      },
    });
    expect(si.tracks[0]?.points[1]?.agencies.reunion).toMatchObject({ windKt: 33, original: false }); // IFLAG P, 7th character
    expect(si.tracks[1]?.points[0]?.agencies.bom).toMatchObject({ windKt: 35, grade: '30', original: true }); // 8th character
  });

  it("reads a file with quoted fields (through csv-parse) as the same records as NCEI's unquoted ones (split at commas)", () => {
    const quoted = basinFile('SI')
      .replace(/,ARIANE,/g, ',"ARIANE",')
      .replace(/,BRINDABELLA,/g, ',"BRINDABELLA",');
    expect(quoted).not.toBe(basinFile('SI'));
    expect(parseIbtracsCsv(quoted, 'ibtracs.SI.list.v04r01.csv')).toEqual(si);
    expect(parseIbtracsCsv(basinFile('SI').replace(/\n/g, '\r\n'), 'ibtracs.SI.list.v04r01.csv')).toEqual(si);
  });

  it("a southern-hemisphere storm formed after 1 July belongs to the next year's season", () => {
    expect(si.tracks.map((t) => [t.id, t.season])).toEqual([
      ['2049020S12060', 2049],
      ['2049040S15110', 2049],
      ['2049300S10090', 2050],
    ]);
    expect(si.tracks.map((t) => seasonOfSid(t.id))).toEqual([2049, 2049, 2050]);
    expect(['2049300N12110', '2024138S09053', '2025252S09069'].map(seasonOfSid)).toEqual([2049, 2024, 2026]);
  });

  it('reads an export with few columns, basins and natures in words and spreadsheet times (M/D/YY H:MM)', () => {
    const text = [
      'SID,NUMBER,BASIN,SUBBASIN,ISO_TIME,NATURE,LAT,LON,WMO_WIND,WMO_PRES',
      ' , , , , , ,degrees_north,degrees_east,kts,mb',
      '1899365S10067,1,South Indian,Missing,1899-12-31 18:00:00,Not reported,-9.7,67.3, ,',
      '1899365S10067,1,South Indian,Missing,1/1/00 0:00,Tropical,-9.8,67.2,35,1000',
      '1999350S12100,2,South Indian,Missing,12/31/99 12:00,Mixture(contradicting report from different agencies),-12,100, ,',
      '1999350S12100,2,South Pacific,Eastern Australia,1/1/00 6:00,Extratropical,-13.5,135.5,40,',
      '1999350S12100,2,Nowhere,Missing,1/1/00 12:00,Sunny,-14,136, ,',
    ].join('\r\n');
    const { tracks, problems } = parseIbtracsCsv(text, 'ibtracs_ALL_list_v04r01.hdx-fixture.csv');
    expect(tracks.map((t) => [t.id, t.name, t.season, t.version, t.trackType, t.basins, t.usaAtcfIds, t.windPeriodMinutes])).toEqual([
      ['1899365S10067', null, 1900, 'v04r01', null, ['SI'], [], null],
      ['1999350S12100', null, 2000, 'v04r01', null, ['SI', 'SP'], [], null],
    ]);
    expect(tracks.flatMap((t) => t.points.map((p) => [p.time, p.grade, p.windKt, p.pressureHpa]))).toEqual([
      ['1899-12-31T18:00:00Z', 'NR', null, null],
      ['1900-01-01T00:00:00Z', 'TS', 35, 1000],
      ['1999-12-31T12:00:00Z', 'MX', null, null],
      ['2000-01-01T06:00:00Z', 'ET', 40, null],
      ['2000-01-01T12:00:00Z', null, null, null],
    ]);
    expect(problems).toEqual([
      { line: 7, message: 'BASIN "Nowhere" is not one IBTrACS documents: left out' },
      { line: 7, message: 'NATURE "Sunny" is not one IBTrACS documents: left out' },
    ]);
  });
});

describe('agency files and the reader', () => {
  it("opens the agencies' zips and names zip members in problems", () => {
    const jma = zipSync({ 'bst_all.txt': Buffer.from(fixture('jma', 'bst_all.txt')) });
    expect(parseAgencyFile('jma', 'bst_all.zip', jma).tracks.map((t) => t.id)).toEqual(['4921', '5530']);
    const jtwc = zipSync({
      'bwp272049.dat': Buffer.from(fixture('jtwc', 'bwp272049.dat')),
      'bwp282049.dat': Buffer.from('garbage\n'),
      'readme.txt': Buffer.from('-'),
    });
    expect(parseAgencyFile('jtwc', 'bwp2049.zip', jtwc)).toMatchObject({
      tracks: [{ id: 'WP272049' }],
      problems: [
        { file: 'bwp2049.zip/bwp282049.dat', line: 1, message: 'not an ATCF line: "garbage"' },
        { file: 'bwp2049.zip/bwp282049.dat', line: 1 },
      ],
    });
    expect(parseAgencyFile('jma', 'bst_all.zip', Buffer.from('<html>')).problems[0]?.message).toMatch(/cannot be opened as a zip archive/);
    expect(parseAgencyFile('hko', 'HKO2049BST.csv', Buffer.from([0x41, 0xff])).problems[0]?.message).toMatch(/not valid UTF-8/);
  });

  it('reads every agency present, keeps the newest of a storm read twice, and describes them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'typhoon-agencies-'));
    fs.cpSync(FIXTURE_AGENCIES, dir, { recursive: true });
    const revised = fixture('jma', 'bst_all.txt').replace('20500115', '20500301').replace('  950     085', '  945     085');
    fs.writeFileSync(path.join(dir, 'jma', 'bst_all.zip'), zipSync({ 'bst_all.txt': Buffer.from(revised) }));
    const agencies = await readAgencySources(dir);
    expect(agencies.problems).toEqual([]);
    expect(agencies.files.jma).toEqual(['jma/bst_all.txt', 'jma/bst_all.zip']);
    expect(Object.fromEntries(Object.entries(agencies.tracks).map(([agency, tracks]) => [agency, tracks.map((t) => t.id)]))).toEqual({
      jma: ['5530', '4921'],
      jtwc: ['WP272049'],
      hko: ['2049-0027', '2049-0028'],
      ibtracs: ['2048200N16124', '2049230N15185', '2049245N12135'],
    });
    expect(agencies.tracks.jma[1]).toMatchObject({
      revisedOn: '2050-03-01',
      points: expect.arrayContaining([expect.objectContaining({ pressureHpa: 945 })]),
    });
    expect(describeAgencySources(agencies)).toEqual([
      'JMA best track (RSMC Tokyo): 2 file(s), 1955–2049, 2 storms',
      'JTWC best track: 1 file(s), 2049–2049, 1 storms',
      'HKO best track: 1 file(s), 2049–2049, 2 storms',
      'IBTrACS: 2 file(s), 2048–2049, 3 storms',
    ]);
    fs.writeFileSync(path.join(dir, 'hko', 'HKO2048BST.csv'), 'not a best track\n');
    expect(describeAgencySources(await readAgencySources(dir))[2]).toMatch(
      /^HKO best track: 2 file\(s\), 2049–2049, 2 storms; 1 problem\(s\), values left out \(first: agencies\/hko\/HKO2048BST.csv:4: expected the HKO/,
    );
  });

  it('reads an empty or missing folder as no agency at all', async () => {
    const agencies = await readAgencySources(path.join(os.tmpdir(), 'typhoon-no-such-folder'));
    expect(agencies).toEqual({
      tracks: { jma: [], jtwc: [], hko: [], ibtracs: [] },
      files: { jma: [], jtwc: [], hko: [], ibtracs: [] },
      problems: [],
      rejected: [],
    });
    expect(describeAgencySources(agencies)).toEqual(["Other agencies' best tracks: none (no agencies/jma, jtwc, hko or ibtracs files)"]);
  });
});
