/**
 * Every sample file of the other agencies (TYPHOON_AGENCY_SOURCES, CI gives it: .ci/run; the set names each file's
 * origin) parses without a problem into the counts below, which were counted independently of the parsers
 * (grep/awk/unzip over the raw files: headers and data lines, distinct BEST times, rows per SID), and spot values
 * match the raw lines, read here from the files themselves. Each file is parsed once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { AgencyTrack, HkoTrack, IbtracsTrack, JmaTrack, JtwcTrack } from '../../src/model/agency-track-schemas.ts';
import { agencyTrackSchema, AGENCY_SOURCES } from '../../src/model/agency-track-schemas.ts';
import { knotsToMs } from '../../src/model/units.ts';
import type { FileProblem } from '../../src/model/parse-problems.ts';
import { parseAgencyFile } from '../../src/sources/agencies/agency-files.ts';
import { listAgencyFiles, newestByAgency } from '../../src/sources/agencies/read-agency-sources.ts';
import { describeRealData } from '../helpers/real-data.ts';

/** file (under the agencies folder) → [storms, fixes], counted without our parsers. */
const EXPECTED: Record<string, [number, number]> = {
  'jma/bst_all.zip_from_mskim2801_TCRI_20190403.zip': [1784, 65275],
  'jma/bst_all_1330_HAIYAN_from_official_zip_20190403.txt': [1, 33],
  'jma/bst_all_1919_HAGIBIS_from_PIVASIA_copy.txt': [1, 48],
  'jma/bst_all_2015-2021_PIVASIA_Storm_detection.txt': [169, 6154],
  'jma/bst_all_2411_YAGI_from_diem-john_copy.txt': [1, 37],
  'jma/bst_all_7920_TIP_from_official_zip_20190403.txt': [1, 73],
  'jtwc/bwp2013.zip': [33, 827],
  'jtwc/bwp312013.dat': [1, 37],
  'jtwc/bwp092014.dat': [1, 43],
  'jtwc/bwp112014.dat': [1, 58],
  'jtwc/bwp192014.dat': [1, 52],
  'jtwc/bwp222014.dat': [1, 50],
  'hko/HKO2013BST.csv': [33, 627],
  'hko/HKO2019BST.csv': [28, 626],
  'ibtracs/ibtracs.ACTIVE.list.v04r00.csv': [3, 95],
  'ibtracs/ibtracs.ACTIVE.list.v04r01.csv': [5, 197],
  'ibtracs/ibtracs.WP.list.v04r00.first_storm_1884177N17124.csv': [1, 56],
  'ibtracs/ibtracs.last3years.list.v04r01.YAGI_2024244N09137.csv': [1, 81],
};

describeRealData('agencies', "other agencies' sample best tracks", (dir) => {
  const parsed = new Map<string, { tracks: AgencyTrack[]; problems: FileProblem[] }>();
  const raw = (file: string) => fs.readFileSync(path.join(dir, file), 'latin1').replace(/\r/g, '');
  const track = <T extends AgencyTrack>(file: string, id: string) => parsed.get(file)?.tracks.find((t) => t.id === id) as T;
  const at = <T extends AgencyTrack>(t: T, time: string) => t.points.find((p) => p.time === time) as T['points'][number];
  const extremes = (t: AgencyTrack) => ({
    maxWindMs: Math.max(...t.points.map((p) => p.windMs ?? 0)),
    minPressureHpa: Math.min(...t.points.map((p) => p.pressureHpa ?? Infinity)),
  });

  beforeAll(() => {
    for (const file of Object.keys(EXPECTED)) {
      const agency = file.split('/')[0] as (typeof AGENCY_SOURCES)[number];
      parsed.set(file, parseAgencyFile(agency, file, fs.readFileSync(path.join(dir, file))));
    }
  });

  it('covers every track file in the folder', async () => {
    const files = (await Promise.all(AGENCY_SOURCES.map((agency) => listAgencyFiles(dir, agency)))).flat();
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s: %j storms and fixes, no problem, every track valid', (file, [storms, fixes]) => {
    const { tracks, problems } = parsed.get(file)!;
    expect(problems).toEqual([]);
    expect([tracks.length, tracks.reduce((n, t) => n + t.points.length, 0)]).toEqual([storms, fixes]);
    for (const t of tracks) agencyTrackSchema.parse(t);
  });

  it('JMA HAIYAN 1330: 895 hPa and 125 kt (10-minute) as on its raw lines', () => {
    const text = raw('jma/bst_all_1330_HAIYAN_from_official_zip_20190403.txt');
    expect(text).toContain('66666 1330  033 0036 1330 0 6               HAIYAN              20131218');
    expect(text).toContain('13110712 002 5 102 1291  895     125     90080 0080 80250 0180');
    const haiyan = track<JmaTrack>('jma/bst_all_1330_HAIYAN_from_official_zip_20190403.txt', '1330');
    expect(haiyan).toMatchObject({ name: 'HAIYAN', tcNumber: '0036', revisedOn: '2013-12-18', windPeriodMinutes: 10 });
    expect(at(haiyan, '2013-11-07T12:00:00Z')).toEqual({
      time: '2013-11-07T12:00:00Z',
      lat: 10.2,
      lng: 129.1,
      windKt: 125,
      windMs: knotsToMs(125),
      pressureHpa: 895,
      grade: '5',
    });
    expect(extremes(haiyan)).toEqual({ maxWindMs: knotsToMs(125), minPressureHpa: 895 });
    // The same storm inside the official zip.
    expect(track<JmaTrack>('jma/bst_all.zip_from_mskim2801_TCRI_20190403.zip', '1330')).toEqual(haiyan);
  });

  it('JMA TIP 7920 (old header) and HAGIBIS 1919 (landfall line) as on their raw lines', () => {
    expect(raw('jma/bst_all_7920_TIP_from_official_zip_20190403.txt')).toContain('79100406 002 2  62 1529 1004     000');
    const tip = track<JmaTrack>('jma/bst_all_7920_TIP_from_official_zip_20190403.txt', '7920');
    expect(tip).toMatchObject({ name: 'TIP', tcNumber: null, revisedOn: '1992-10-21' });
    expect(tip.points[0]).toEqual({
      time: '1979-10-04T06:00:00Z',
      lat: 6.2,
      lng: 152.9,
      windKt: null,
      windMs: null,
      pressureHpa: 1004,
      grade: '2',
    });
    expect(extremes(tip)).toEqual({ maxWindMs: knotsToMs(140), minPressureHpa: 870 });
    expect(raw('jma/bst_all_1919_HAGIBIS_from_PIVASIA_copy.txt')).toContain(
      '19101209 002 5 346 1387  955     080     30180 0140 90350 0350         #',
    );
    const hagibis = track<JmaTrack>('jma/bst_all_1919_HAGIBIS_from_PIVASIA_copy.txt', '1919');
    expect(at(hagibis, '2019-10-12T09:00:00Z')).toMatchObject({
      lat: 34.6,
      lng: 138.7,
      pressureHpa: 955,
      windKt: 80,
      windMs: knotsToMs(80),
    });
  });

  it('JTWC HAIYAN WP312013: 170 kt (1-minute) and 895 hPa as on its raw line; the name after THIRTYONE', () => {
    expect(raw('jtwc/bwp312013.dat')).toContain('WP, 31, 2013110712,   , BEST,   0, 102N, 1290E, 170,  895, ST,  34, NEQ');
    const haiyan = track<JtwcTrack>('jtwc/bwp312013.dat', 'WP312013');
    expect(haiyan).toMatchObject({ name: 'HAIYAN', windPeriodMinutes: 1 });
    expect(at(haiyan, '2013-11-07T12:00:00Z')).toEqual({
      time: '2013-11-07T12:00:00Z',
      lat: 10.2,
      lng: 129,
      windKt: 170,
      windMs: knotsToMs(170),
      pressureHpa: 895,
      grade: 'ST',
    });
    expect(extremes(haiyan)).toEqual({ maxWindMs: knotsToMs(170), minPressureHpa: 895 });
    expect(track<JtwcTrack>('jtwc/bwp2013.zip', 'WP312013')).toEqual(haiyan);
    expect(track<JtwcTrack>('jtwc/bwp192014.dat', 'WP192014').name).toBe('VONGFONG'); // after NONETEEN
  });

  it('HKO HAIYAN 2013-0031 and HAGIBIS 2019-0018 as on their raw rows', () => {
    expect(raw('hko/HKO2013BST.csv')).toContain('\nHAIYAN,2013,11,7,18,SuperT,1060,12690,890,155,1330,0031\n');
    const haiyan = track<HkoTrack>('hko/HKO2013BST.csv', '2013-0031');
    expect(haiyan).toMatchObject({ name: 'HAIYAN', hkoCode: '0031', jmaCode: '1330', windPeriodMinutes: 10 });
    expect(haiyan.points).toHaveLength(34);
    expect(at(haiyan, '2013-11-07T18:00:00Z')).toEqual({
      time: '2013-11-07T18:00:00Z',
      lat: 10.6,
      lng: 126.9,
      windKt: 155,
      windMs: knotsToMs(155),
      pressureHpa: 890,
      grade: 'SuperT',
    });
    expect(extremes(haiyan)).toEqual({ maxWindMs: knotsToMs(155), minPressureHpa: 890 });
    const hagibis = track<HkoTrack>('hko/HKO2019BST.csv', '2019-0018');
    expect(hagibis).toMatchObject({ name: 'HAGIBIS', jmaCode: '1919' });
    expect(hagibis.points).toHaveLength(33);
    expect(extremes(hagibis)).toEqual({ maxWindMs: knotsToMs(125), minPressureHpa: 910 });
    expect(
      parsed
        .get('hko/HKO2013BST.csv')
        ?.tracks.filter((t) => t.name === null)
        .map((t) => [t.id, (t as HkoTrack).jmaCode]),
    ).toEqual([
      ['2013-0020', null],
      ['2013-0032', null],
    ]);
  });

  it("IBTrACS YAGI 2024244N09137: every agency's columns as on its raw row", () => {
    const file = 'ibtracs/ibtracs.last3years.list.v04r01.YAGI_2024244N09137.csv';
    const [names, , ...rows] = raw(file).split('\n');
    const columns = (names as string).split(',');
    const row = (rows.find((r) => r.includes(',2024-09-06 00:00:00,')) as string).split(',');
    const cell = (name: string) => (row[columns.indexOf(name)] as string).trim();
    const yagi = track<IbtracsTrack>(file, '2024244N09137');
    expect(yagi).toMatchObject({
      sid: '2024244N09137',
      name: 'YAGI',
      version: 'v04r01',
      season: 2024,
      basins: ['WP'],
      trackType: 'main',
      usaAtcfIds: ['WP122024'],
      windPeriodMinutes: 10,
    });
    expect(cell('USA_ATCF_ID')).toBe('WP122024');
    const point = at(yagi, '2024-09-06T00:00:00Z');
    expect(point).toMatchObject({
      lat: Number(cell('LAT')),
      lng: Number(cell('LON')),
      windMs: knotsToMs(Number(cell('WMO_WIND'))),
      pressureHpa: Number(cell('WMO_PRES')),
      grade: cell('NATURE'),
      wmoAgency: cell('WMO_AGENCY'),
    });
    // IFLAG has a character per agency: USA, Tokyo, CMA, HKO, KMA first (O = the agency's own analysis).
    const fix = (prefix: string, grade: string, flag: number) => ({
      lat: Number(cell(`${prefix}_LAT`)),
      lng: Number(cell(`${prefix}_LON`)),
      windKt: Number(cell(`${prefix}_WIND`)),
      windMs: knotsToMs(Number(cell(`${prefix}_WIND`))),
      pressureHpa: Number(cell(`${prefix}_PRES`)),
      grade: cell(grade),
      original: cell('IFLAG')[flag] === 'O',
    });
    expect(cell('IFLAG').slice(0, 5)).toBe('OOOOO');
    expect(point.agencies).toEqual({
      usa: fix('USA', 'USA_STATUS', 0),
      tokyo: fix('TOKYO', 'TOKYO_GRADE', 1),
      cma: fix('CMA', 'CMA_CAT', 2),
      hko: fix('HKO', 'HKO_CAT', 3),
      kma: fix('KMA', 'KMA_CAT', 4),
    });
    expect(point.agencies.tokyo?.windMs).toBe(knotsToMs(105));
    expect(point.agencies.usa?.windMs).toBe(knotsToMs(130));
  });

  it("IBTrACS YAGI's TOKYO columns are JMA's bst lines for 2411, fix for fix", () => {
    const jma = track<JmaTrack>('jma/bst_all_2411_YAGI_from_diem-john_copy.txt', '2411');
    const yagi = track<IbtracsTrack>('ibtracs/ibtracs.last3years.list.v04r01.YAGI_2024244N09137.csv', '2024244N09137');
    expect(jma.points).toHaveLength(37);
    for (const p of jma.points) {
      const tokyo = at(yagi, p.time).agencies.tokyo;
      expect({ time: p.time, ...tokyo }).toEqual({
        time: p.time,
        lat: p.lat,
        lng: p.lng,
        windKt: p.windKt,
        windMs: p.windMs,
        pressureHpa: p.pressureHpa,
        grade: p.grade,
        original: true,
      });
    }
  });

  it("IBTrACS YAGI and TAPAH: each agency's own rows (IFLAG O) are a track of their own, not the record's positions", () => {
    // Counted with awk over the raw rows (IFLAG's 1st, 2nd and 4th characters; USA_LAT/LON, TOKYO_LAT, HKO_LAT/LON
    // against LAT/LON): an agency's track from IBTrACS has its own fixes and positions, so its agreement with
    // another track is its own to measure (test/real-data/crosswalk.test.ts), never the record's.
    const own = (t: IbtracsTrack, agency: 'usa' | 'tokyo' | 'hko') =>
      t.points.filter((p) => p.agencies[agency]?.original && p.agencies[agency]?.lat !== null);
    const apart = (t: IbtracsTrack, agency: 'usa' | 'hko') =>
      own(t, agency).filter((p) => p.agencies[agency]?.lat !== p.lat || p.agencies[agency]?.lng !== p.lng);
    const yagi = track<IbtracsTrack>('ibtracs/ibtracs.last3years.list.v04r01.YAGI_2024244N09137.csv', '2024244N09137');
    expect([
      yagi.points.length,
      own(yagi, 'usa').length,
      apart(yagi, 'usa').length,
      own(yagi, 'tokyo').length,
      own(yagi, 'hko').length,
      apart(yagi, 'hko').length,
    ]).toEqual([81, 38, 27, 37, 57, 36]);
    const tapah = track<IbtracsTrack>('ibtracs/ibtracs.ACTIVE.list.v04r01.csv', '2025249N18117');
    // TAPAH's USA columns repeat the record's positions, but at 8 of its 15 rows only.
    expect([
      tapah.name,
      tapah.points.length,
      own(tapah, 'usa').length,
      apart(tapah, 'usa').length,
      own(tapah, 'tokyo').length,
      own(tapah, 'hko').length,
    ]).toEqual(['TAPAH', 15, 8, 0, 0, 0]);
  });

  it('keeps one track per storm and agency over the whole folder', () => {
    const all = { tracks: newestByAgency([...parsed.values()].flatMap((p) => p.tracks)) };
    expect(Object.fromEntries(AGENCY_SOURCES.map((a) => [a, all.tracks[a].length]))).toEqual({ jma: 1843, jtwc: 37, hko: 61, ibtracs: 10 });
    // HAIYAN is in three JMA files and two JTWC ones; YAGI's revision of 2024-12-03 is the newest 2411.
    expect(all.tracks.jma.filter((t) => t.id === '1330')).toHaveLength(1);
    expect(all.tracks.jma.find((t) => t.id === '2411')?.revisedOn).toBe('2024-12-03');
    expect(all.tracks.ibtracs.filter((t) => t.version === 'v04r00').map((t) => t.id)).toEqual([
      '1884177N17124',
      '2024138S09053',
      '2024146N11126',
      '2024147N19089',
    ]);
  });
});
