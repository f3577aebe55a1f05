/**
 * The checks of zj values against the merged track (src/archive/data-quality.ts): each rule on a small storm
 * written here, and the records built without what fails (the report on the real archive: test/real-data).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildArchive } from '../../src/archive/build-archive.ts';
import { checkLandfalls, checkWindRadii, LANDFALL_DISTANCE_KM, type DataQualityProblem } from '../../src/archive/data-quality.ts';
import { checkCoverage } from '../../src/archive/source-coverage.ts';
import type { SourceMatch } from '../../src/archive/match-sources.ts';
import { NAMES_FILE } from '../../src/config/paths.ts';
import { distanceToTrackKm } from '../../src/model/geo.ts';
import { decodeUtf8, firstInvalidUtf8 } from '../../src/sources/decode-text.ts';
import type { Typhoon } from '../../src/model/typhoon-schemas.ts';
import { parseCmaBestTrack } from '../../src/sources/cma-best-track.ts';
import { parseNamesTable } from '../../src/sources/names-table.ts';
import { places } from '../helpers/names.ts';
import { parseZjArchiveFile, type ZjLandfall, type ZjPoint, type ZjStorm } from '../../src/sources/zj-archive.ts';
import { livePlacesTable } from '../../src/sources/places-table.ts';
import { newestByAgency } from '../../src/sources/agencies/read-agency-sources.ts';

const NAMES = parseNamesTable(fs.readFileSync(NAMES_FILE, 'utf8'));

const HOUR = 3600_000;
const START = Date.parse('2015-08-01T00:00:00Z');
/** An invented storm: 12 six-hourly points from 15.0°N 130.0°E to 24.9°N 120.1°E (about 150 km a step). */
const TRACK = Array.from({ length: 12 }, (_, i) => ({
  instant: START + i * 6 * HOUR,
  time: new Date(START + i * 6 * HOUR + 8 * HOUR).toISOString().replace('.000Z', '+08:00'),
  lat: Math.round((15 + 0.9 * i) * 10) / 10,
  lng: Math.round((130 - 0.9 * i) * 10) / 10,
}));
const END = TRACK[11]!.instant;

const landfall = (time: number, lat: number, lng: number, position = '某地沿海'): ZjLandfall => ({
  time: new Date(time),
  lat,
  lng,
  position,
});
const zjPoint = (i: number, extra: Partial<ZjPoint> = {}): ZjPoint => ({
  time: new Date(TRACK[i]!.instant),
  lat: TRACK[i]!.lat,
  lng: TRACK[i]!.lng,
  label: null,
  speed: 30,
  pressure: 980,
  moveDir: null,
  moveSpeed: null,
  radius7: null,
  radius10: null,
  radius12: null,
  ...extra,
});
const storm = (land: ZjLandfall[], points: ZjPoint[] = TRACK.map((_, i) => zjPoint(i))): ZjStorm => ({
  tfbh: '201599',
  name: '测试',
  ename: 'TESTA',
  points,
  land,
});
const circle = (r: number) => ({ ne: r, se: r, sw: r, nw: r });
const codes = (problems: DataQualityProblem[]) => problems.map((p) => p.code);
/** A point on the track between points 4 and 5 (not on either), and the time there. */
const MID = { lat: (TRACK[4]!.lat + TRACK[5]!.lat) / 2, lng: (TRACK[4]!.lng + TRACK[5]!.lng) / 2, instant: TRACK[4]!.instant + 3 * HOUR };

describe('landfall checks against the merged track', () => {
  it("keeps a landfall on the track inside the storm's life, and reports nothing", () => {
    const { land, problems } = checkLandfalls(storm([landfall(MID.instant, MID.lat, MID.lng)]), TRACK);
    expect(problems).toEqual([]);
    expect(land).toHaveLength(1);
  });

  it('leaves out a landfall dated a year before the storm (201522, 201305, 201331) and says the year looks mistyped', () => {
    const yearBefore = new Date(MID.instant);
    yearBefore.setUTCFullYear(2014);
    const { land, problems } = checkLandfalls(storm([landfall(yearBefore.getTime(), MID.lat, MID.lng)]), TRACK);
    expect(land).toEqual([]);
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'landfall-before-track',
        file: 'zj/201599.json',
        field: 'land[0].land_time',
        value: '2014-08-02T11:00:00+08:00',
      }),
    ]);
    expect(problems[0]?.action).toMatch(/left out.*mistyped year/);
  });

  it('allows 12 h before the first and after the last track point, and leaves out a landfall later than that (199018)', () => {
    const last = TRACK[11]!;
    const cases = [
      landfall(START - 11.5 * HOUR, TRACK[0]!.lat, TRACK[0]!.lng),
      landfall(END + 11.5 * HOUR, last.lat, last.lng),
      landfall(END + 14 * HOUR, last.lat, last.lng),
      landfall(START - 13 * HOUR, TRACK[0]!.lat, TRACK[0]!.lng),
    ];
    const { land, problems } = checkLandfalls(storm(cases), TRACK);
    expect(land.map((l) => l.time.getTime())).toEqual([START - 11.5 * HOUR, END + 11.5 * HOUR]);
    expect(problems.map((p) => [p.code, p.field])).toEqual([
      ['landfall-after-track', 'land[2].land_time'],
      ['landfall-before-track', 'land[3].land_time'],
    ]);
    expect(problems[0]?.rule).toMatch(
      /12 h after the storm's last track point \(2015-08-04T02:00:00\+08:00\); this one is 14\.0 h after it/,
    );
  });

  it(`leaves out a landfall more than ${LANDFALL_DISTANCE_KM} km from the track, measured to the nearest point or segment`, () => {
    // The track runs north-west: 1.5° north and east of it is about 220 km from it, 3° about 430 km.
    const near = landfall(MID.instant, MID.lat + 1.5, MID.lng + 1.5);
    const far = landfall(MID.instant + HOUR, MID.lat + 3, MID.lng + 3, '远方');
    const { land, problems } = checkLandfalls(storm([near, far]), TRACK);
    expect(land).toEqual([near]);
    expect(problems).toEqual([
      expect.objectContaining({ code: 'landfall-off-track', field: 'land[1].lat/lng', value: { lat: far.lat, lng: far.lng } }),
    ]);
    expect(problems[0]?.rule).toMatch(/within 300 km of the track.*this one is 4\d\d km from it \("远方"\)/);
  });

  it('measures to segments, not only to points, and across the antimeridian', () => {
    // Half-way between two points 600 km apart: 300 km from each point, 0 from the segment.
    const sparse = [
      { lat: 20, lng: 150 },
      { lat: 20, lng: 155.74 },
    ];
    expect(distanceToTrackKm({ lat: 20, lng: 152.87 }, sparse)).toBeLessThan(1);
    expect(distanceToTrackKm({ lat: 20, lng: -179.9 }, [{ lat: 20, lng: 179.9 }])).toBeCloseTo(20.9, 0);
  });

  it('reports a latitude above 90 as lat/lng swapped, and a pair that fits the track only when swapped (201509)', () => {
    const swappedOut = landfall(MID.instant, MID.lng, MID.lat); // lat 125.5: out of range, valid as a longitude
    const { land, problems } = checkLandfalls(storm([swappedOut]), TRACK);
    expect(land).toEqual([]);
    expect(problems).toEqual([
      expect.objectContaining({ code: 'landfall-latlng-swapped', field: 'land[0].lat/lng', value: { lat: MID.lng, lng: MID.lat } }),
    ]);
    expect(problems[0]?.rule).toMatch(/lat\/lng swapped \(swapped, the point is \d+ km from the track\)/);

    // A track at 20°N 40°E with a landfall written (40, 20): both in range, but only the swapped pair is near.
    const track = [
      { time: '2015-08-01T08:00:00+08:00', lat: 20, lng: 40 },
      { time: '2015-08-01T14:00:00+08:00', lat: 21, lng: 39 },
    ];
    const inRange = checkLandfalls(storm([landfall(START + 3 * HOUR, 40.2, 20.3)]), track);
    expect(inRange.land).toEqual([]);
    expect(codes(inRange.problems)).toEqual(['landfall-latlng-swapped']);
  });

  it('reports coordinates out of range that no swap repairs, including a longitude off both scales', () => {
    const lat95 = landfall(MID.instant, 95, 120);
    const { problems } = checkLandfalls(storm([lat95]), TRACK);
    expect(codes(problems)).toEqual(['landfall-out-of-range']);
    // The parser converts 0–360°E; 400 is on no scale and stays 400 for the check to see.
    const parsed = parseZjArchiveFile(
      JSON.stringify([
        {
          tfbh: '201599',
          land: [{ position: '海南文昌沿海', land_time: '2015-08-02T03:00:00', lng: 400, lat: 20 }],
          points: [{ time: '2015-08-01T08:00:00', lng: 130, lat: 15 }],
        },
      ]),
      NAMES,
      livePlacesTable(),
    );
    expect(parsed.storm?.land[0]?.lng).toBe(400);
    expect(codes(checkLandfalls(parsed.storm as ZjStorm, TRACK).problems)).toEqual(['landfall-out-of-range']);
  });

  it('puts landfalls in time order and notes it (201409), judging the order after what is left out', () => {
    const [a, b, c] = [0, 1, 2].map((k) => landfall(TRACK[8 + k]!.instant, TRACK[8 + k]!.lat, TRACK[8 + k]!.lng, `p${k}`)) as [
      ZjLandfall,
      ZjLandfall,
      ZjLandfall,
    ];
    const { land, problems } = checkLandfalls(storm([a, c, b]), TRACK);
    expect(land).toEqual([a, b, c]);
    expect(problems).toEqual([
      expect.objectContaining({ code: 'landfalls-out-of-order', field: 'land', action: 'put in time order: land[0], land[2], land[1]' }),
    ]);
    expect(problems[0]?.value as string[]).toHaveLength(3);
    // Out of order only because of a mistyped year (201305): the mistyped one is left out, nothing to reorder.
    const early = landfall(a.time.getTime() - 365 * 24 * HOUR, a.lat, a.lng);
    expect(codes(checkLandfalls(storm([a, early]), TRACK).problems)).toEqual(['landfall-before-track']);
  });
});

describe('wind radius checks', () => {
  it('leaves out a force-7 circle beyond 1,500 km (200918: 3,380 km), and force-10/12 circles beyond 1,000/600 km', () => {
    const points = [
      zjPoint(0, { radius7: circle(3380), radius10: circle(200) }),
      zjPoint(1, { radius7: circle(1400), radius10: circle(1200), radius12: circle(100) }),
      zjPoint(2, { radius7: { ne: 300, se: 1600, sw: 250, nw: 250 }, radius12: circle(700) }),
    ];
    const { storm: checked, problems } = checkWindRadii(storm([], points));
    expect(problems.map((p) => [p.code, p.field])).toEqual([
      ['radius-implausible', 'points[0].radius7'],
      ['radius-implausible', 'points[1].radius10'],
      ['radius-implausible', 'points[2].radius7'],
      ['radius-implausible', 'points[2].radius12'],
    ]);
    expect(problems[0]).toMatchObject({
      value: circle(3380),
      rule: expect.stringContaining('1,500 km'),
      action: expect.stringMatching(/radius7 of the point at 2015-08-01T08:00:00\+08:00 left out/),
    });
    expect(checked.points.map((p) => [p.radius7, p.radius10, p.radius12])).toEqual([
      [null, circle(200), null],
      [circle(1400), null, circle(100)],
      [null, null, null],
    ]);
  });

  it('returns the very storm when every circle passes', () => {
    const sound = storm([], [zjPoint(0, { radius7: circle(600) })]);
    expect(checkWindRadii(sound)).toEqual({ storm: sound, problems: [] });
  });
});

describe('buildArchive leaves failing zj values out of the records', () => {
  const pad = (n: number, width: number) => String(Math.round(n)).padStart(width, ' ');
  const cmaText = [
    '66666 0000   12 0001 1599 0 6 Testa                              20160301',
    ...TRACK.map(
      (p) =>
        `${new Date(p.instant).toISOString().slice(0, 13).replace(/[-T]/g, '')} 3${pad(p.lat * 10, 4)}${pad(p.lng * 10, 5)}${pad(980, 5)}${pad(30, 8)}`,
    ),
  ].join('\r\n');
  const bj = (instant: number) => new Date(instant + 8 * HOUR).toISOString().slice(0, 19);
  const zjText = JSON.stringify([
    {
      tfbh: '201599',
      ident: '201599',
      name: '测试',
      ename: 'Testa',
      land: [
        { position: '海南文昌沿海', land_time: bj(MID.instant), lng: MID.lng, lat: MID.lat },
        { position: '广东徐闻', land_time: bj(MID.instant - 365 * 24 * HOUR), lng: MID.lng, lat: MID.lat },
        { position: '福建福清', land_time: bj(MID.instant + HOUR), lng: MID.lat, lat: MID.lng },
        { position: '浙江温岭沿海', land_time: bj(MID.instant - 6 * HOUR), lng: MID.lng, lat: MID.lat },
      ],
      points: TRACK.map((p, i) => ({
        time: bj(p.instant),
        lng: p.lng,
        lat: p.lat,
        strong: '',
        speed: 30,
        pressure: 980,
        radius7: i === 3 ? 3380 : 300,
      })),
    },
  ]);

  it('builds the record without them and lists each in quality', () => {
    const cma = parseCmaBestTrack(cmaText, 2015, NAMES);
    const zj = parseZjArchiveFile(zjText, NAMES, livePlacesTable());
    expect([cma.problems, zj.problems]).toEqual([[], []]);
    const { typhoons, quality } = buildArchive({
      cma: cma.entries,
      zj: [zj.storm as ZjStorm],
      names: NAMES,
      nameCorrections: new Map(),
      places,
      agencies: { tracks: newestByAgency([]) },
    });
    const record = typhoons[0] as Typhoon;
    expect(record).toMatchObject({ code: '201599', provenance: { track: 'cma', landfall: 'zj', windCircles: 'zj' } });
    expect(record.land.map((l) => l.position)).toEqual(['浙江温岭沿海', '海南文昌沿海']);
    expect(record.points[3]?.radius7).toBeNull();
    expect(record.points[4]?.radius7).toEqual(circle(300));
    expect(codes(quality).sort()).toEqual([
      'landfall-before-track',
      'landfall-latlng-swapped',
      'landfalls-out-of-order',
      'radius-implausible',
    ]);
  });
});

describe('zj storms without a CMA entry', () => {
  const match = (tfbh: string, how: SourceMatch['how']): SourceMatch => ({ zj: { ...storm([]), tfbh }, cma: null, how });
  it('stop the build from 1949 to the last CMA year, naming both files; before 1949 and after the last CMA year they do not', () => {
    const { problems, notes } = checkCoverage(
      [match('194801', 'none'), match('201599', 'none'), match('201699', 'none'), match('202601', 'none'), match('201598', 'number')],
      new Set([1949, 2015, 2025]),
    );
    expect(problems.map((p) => `${p.file}: ${p.message}`)).toEqual([
      'zj/201599.json: zj storm 201599 (TESTA) finds no CMA entry: cma-bst/CH2015BST.txt has no entry numbered 1599 and no entry sharing a point with it (same instant, within 0.3°): CMA year file incomplete?',
      'zj/201699.json: zj storm 201699 (TESTA) finds no CMA entry: cma-bst/CH2016BST.txt is missing',
    ]);
    // A season CMA has not published yet keeps zj's track, and says so; an undocumented pairing by number is noted.
    expect(notes.map((n) => [n.code, n.file])).toEqual([
      ['zj-after-last-cma-year', 'zj/202601.json'],
      ['zj-matched-by-number', 'zj/201598.json'],
    ]);
  });
});

describe('strict UTF-8', () => {
  it.each([
    [[0x61, 0xc3, 0xa9], -1], // é
    [[0xf0, 0x9f, 0x8c, 0x80], -1], // 🌀
    [[0x61, 0xe9, 0x62], 1], // Latin-1 é
    [[0xc0, 0xaf], 0], // overlong
    [[0xe0, 0x80, 0x80], 0], // overlong three-byte
    [[0xed, 0xa0, 0x80], 0], // a surrogate
    [[0xf4, 0x90, 0x80, 0x80], 0], // beyond U+10FFFF
    [[0x61, 0xe6, 0x91], 1], // cut short at the end
  ])('%j: first bad byte at %i, as TextDecoder sees it', (bytes, offset) => {
    expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(offset);
    expect(decodeUtf8(Uint8Array.from(bytes)).ok).toBe(offset === -1);
  });
});
