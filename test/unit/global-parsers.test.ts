/**
 * The own ATCF b-deck and JTWC payloads parse, and the records built from them have the typhoon records' structure
 * and names. Every sample and recorded deck and feed: test/real-data/global-parsers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { bestTrack, parseAtcfDeck } from '../../src/upstream/atcf.ts';
import { parse } from 'yaml';
import { globalPoint, mergeCyclone } from '../../src/global/build-cyclone.ts';
import { NE_PACIFIC_CHINESE_NAMES } from '../../src/global/cyclone-names.ts';
import path from 'node:path';
import { jtwcTcwIssuance } from '../../src/forecasts/jtwc-issuances.ts';
import { ShapeError } from '../../src/model/parse-problems.ts';
import { parseJtwcRss, parseJtwcTcw } from '../../src/upstream/jtwc.ts';
import { NAMES_FILE } from '../../src/config/paths.ts';
import { globalCycloneSchema } from '../../src/model/global-schemas.ts';
import { knotsToKmh, knotsToMs, mphToKmh, nmToKm } from '../../src/model/units.ts';
import { parseCurrentStorms } from '../../src/upstream/nhc-current.ts';
import { namesTableSchema } from '../../src/sources/names-table.ts';
import { OWN_PAYLOADS } from '../helpers/mock.ts';
import { read } from '../helpers/read-text.ts';

describe('own ATCF b-deck (test/fixtures)', () => {
  it('collapses the 34/50/64-kt rows of one time and converts units', () => {
    const track = bestTrack(parseAtcfDeck(read(OWN_PAYLOADS, 'nhc/bal132025.dat')).records);
    const first = track.find((r) => r.time.toISOString() === '2025-10-26T00:00:00.000Z');
    expect(first).toMatchObject({ lat: 16.5, lng: -75.7, windKt: 90, pressure: 971, type: 'HU', name: 'MELISSA' });
    expect(first?.radiiNm[34]).toEqual([140, 110, 40, 80]);
    const point = globalPoint(first!);
    expect(point).toMatchObject({ time: '2025-10-26T00:00:00Z', speed: 46.3, radius7: { ne: 259, se: 204, sw: 74, nw: 148 } });
  });
});

describe("NHC's CurrentStorms motion is in statute miles per hour", () => {
  // Written by us in CurrentStorms' shape from Ida's advisory 10 (al092021, 2100 UTC 28 Aug 2021): its public advisory
  // gives PRESENT MOVEMENT...NW OR 320 DEGREES AT 16 MPH...26 KM/H, its forecast advisory 14 KT and 90 KT winds.
  // CurrentStorms carries the public advisory's motion figure, in mph (NHC's documentation of the file).
  const ida = {
    activeStorms: [
      {
        id: 'al092021',
        name: 'Ida',
        classification: 'HU',
        intensity: '90',
        pressure: '976',
        latitudeNumeric: 26.2,
        longitudeNumeric: -87,
        movementDir: 320,
        movementSpeed: 16,
        lastUpdate: '2021-08-28T21:00:00.000Z',
      },
    ],
  };

  it('is converted with the exact mile (1.609344 km) into the km/h the advisory states', () => {
    const [storm] = parseCurrentStorms(ida, []);
    expect(storm?.speedMph).toBe(16);
    const point = globalPoint({
      time: storm!.time,
      lat: storm!.lat,
      lng: storm!.lng,
      windKt: storm!.windKt,
      directionDeg: 320,
      speedMph: 16,
    });
    expect(point).toMatchObject({ moveDir: 'NW', moveSpeed: 26 });
    expect(mphToKmh(16)).toBe(26);
    // The forecast advisory's 14 kt is the same motion; 16 read as knots would be 30 km/h, 15% too fast.
    expect(knotsToKmh(14)).toBe(26);
    expect(knotsToKmh(16)).toBe(30);
  });

  it("carries the demo MELISSA's advisory motion in mph", () => {
    const [melissa] = parseCurrentStorms(JSON.parse(read(OWN_PAYLOADS, 'nhc/CurrentStorms.json')), []);
    expect(melissa).toMatchObject({ speedMph: 40, directionDeg: 45 });
    expect(globalPoint({ time: melissa!.time, lat: 0, lng: 0, windKt: 70, directionDeg: 45, speedMph: 40 }).moveSpeed).toBe(64);
  });
});

describe('own JTWC payloads', () => {
  it('parse like the recorded ones', () => {
    expect(parseJtwcRss(read(OWN_PAYLOADS, 'jtwc/jtwc.rss'), []).map((s) => s.atcfId)).toEqual(['wp172026', 'cp012026', 'sh062024']);
    expect(parseJtwcTcw(read(OWN_PAYLOADS, 'jtwc/sh0624.tcw'), []).history).toHaveLength(16);
  });

  it("read the issue time from the .tcw's WMO heading, in the month nearest the base time", () => {
    const tcw = read(OWN_PAYLOADS, 'jtwc/sh0624.tcw');
    expect(tcw.split('\n')[0]).toMatch(/^WTXS31 PGTW 311500/);
    expect(parseJtwcTcw(tcw, []).issuedAt?.toISOString()).toBe('2024-01-31T15:00:00.000Z');
    // A warning at 18 UTC on the last day of a month, issued early the next day.
    const nextDay = tcw.replace('WTXS31 PGTW 311500', 'WTXS31 PGTW 010300');
    expect(parseJtwcTcw(nextDay, []).issuedAt?.toISOString()).toBe('2024-02-01T03:00:00.000Z');
    expect(parseJtwcTcw(tcw.split('\n').slice(1).join('\n'), []).issuedAt).toBeNull();
  });

  it('tell a forecast line that does not read, and refuse that warning’s forecast rather than keep the rest as whole', () => {
    const whole = read(path.join(import.meta.dirname, '..', 'fixtures', 'forecasts'), 'wp2726.tcw');
    const from = { atcfId: 'wp272026', file: 'wp2726.tcw', seenAt: new Date('2026-08-22T16:00:00Z') };
    expect(parseJtwcTcw(whole, []).unreadableTaus).toEqual([]);
    expect(jtwcTcwIssuance(parseJtwcTcw(whole, []), from)?.points.map((p) => p.leadHours)).toEqual([12, 24, 36, 48]);
    // A longitude cut short, a latitude without its hemisphere, a wind that is not a number.
    const damaged = whole
      .replace('T024 163N 1277E', 'T024 163N 12')
      .replace('T048 180N', 'T048 180')
      .replace('T012 156N 1289E 035', 'T012 156N 1289E 0X5');
    const tcw = parseJtwcTcw(damaged, []);
    expect(tcw.unreadableTaus).toEqual(['line 5 (T012)', 'line 6 (T024)', 'line 8 (T048)']);
    expect(tcw.taus.map((t) => t.tau)).toEqual([0, 36]);
    expect(tcw.history).toEqual(parseJtwcTcw(whole, []).history);
    expect(() => jtwcTcwIssuance(tcw, from)).toThrow(
      new ShapeError('forecast lines that do not read: line 5 (T012), line 6 (T024), line 8 (T048): its forecast is left out'),
    );
  });
});

describe('units and fixed-width history lines', () => {
  it('converts knots with the exact factor 1852/3600 (45 kt is 23.15 m/s, 23.2 at one decimal)', () => {
    expect(knotsToMs(45)).toBe(23.2);
    expect(knotsToMs(90)).toBe(46.3);
    expect(nmToKm(100)).toBe(185);
  });

  it('reads .tcw history lines whose latitude below 10° follows two spaces', () => {
    const tcw = [
      'WTPS31 PGTW 081500',
      'WARNING    ATCG MIL 06P SWP 240108133318',
      '2024010812 06P ANGGREK    007  01 250 05 SATL 020',
      'T000 091S 0912E 045',
      'AMP',
      '0624010800  81S 0921E  35',
      '0624010806  86S 0917E  40',
      '0624010812  91S 0912E  45',
      '0624010812  91S 0912E  45',
      'NNNN',
    ].join('\n');
    const history = parseJtwcTcw(tcw, []).history;
    expect(history.map((h) => [h.time.toISOString(), h.lat, h.lng, h.windKt])).toEqual([
      ['2024-01-08T00:00:00.000Z', -8.1, 92.1, 35],
      ['2024-01-08T06:00:00.000Z', -8.6, 91.7, 40],
      ['2024-01-08T12:00:00.000Z', -9.1, 91.2, 45],
    ]);
  });
});

describe('global cyclone records in the typhoon structure', () => {
  const fix = { time: new Date('2026-08-01T00:00:00Z'), lat: 15, lng: -120, windKt: 50 };
  const record = (source: 'nhc' | 'jtwc', atcfId: string, enname: string | null) =>
    mergeCyclone(null, { source, atcfId, enname, points: [globalPoint(fix)], forecast: null, seenAt: fix.time, publishedAt: fix.time });

  it('carry code (the id), the English name upper case as enname, and the Chinese name where one is known', () => {
    const names = (c: ReturnType<typeof record>) => ({ id: c.id, code: c.code, name: c.name, enname: c.enname, nameSource: c.nameSource });
    expect(names(record('nhc', 'ep072026', 'Genevieve'))).toEqual({
      id: 'nhc-ep072026',
      code: 'nhc-ep072026',
      name: '吉纳维芙',
      enname: 'GENEVIEVE',
      nameSource: 'cma',
    });
    expect(names(record('nhc', 'al132025', 'MELISSA'))).toEqual({
      id: 'nhc-al132025',
      code: 'nhc-al132025',
      name: 'MELISSA',
      enname: 'MELISSA',
      nameSource: 'english',
    });
    expect(names(record('jtwc', 'sh062024', 'ANGGREK'))).toMatchObject({ name: 'ANGGREK', enname: 'ANGGREK', nameSource: 'english' });
    expect(names(record('nhc', 'al092026', null))).toMatchObject({ name: null, enname: null, nameSource: null });
    expect(globalCycloneSchema.safeParse(record('nhc', 'ep072026', 'GENEVIEVE')).success).toBe(true);
  });

  it('keep the stored name when a fetch has none', () => {
    const named = record('nhc', 'cp012026', 'KILO');
    const again = mergeCyclone(named, {
      source: 'nhc',
      atcfId: 'cp012026',
      enname: null,
      points: [],
      forecast: null,
      seenAt: fix.time,
      publishedAt: fix.time,
    });
    expect(again).toMatchObject({ name: '基洛', enname: 'KILO', nameSource: 'cma' });
  });

  it("take Chinese names only from the names table: CMA's names of North-east Pacific storms that crossed over", () => {
    const table = namesTableSchema.parse(parse(read(NAMES_FILE)));
    const crossings = table.nonCommittee.filter((n) => n.zh && /^(eastern|central) Pacific$/.test(n.basin ?? '')).map((n) => [n.en, n.zh]);
    expect([...NE_PACIFIC_CHINESE_NAMES].sort()).toEqual(crossings.sort());
  });
});
