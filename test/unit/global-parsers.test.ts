/**
 * Every sample deck and feed parses: ATCF b-decks and a-decks, NHC CurrentStorms, JTWC RSS, .tcw and warning text;
 * and the records built from them have the typhoon records' structure and names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bestTrack, deckName, officialForecast, parseAtcfDeck } from '../../src/upstream/atcf.ts';
import { parse } from 'yaml';
import { globalPoint, mergeCyclone } from '../../src/global/build-cyclone.ts';
import { NE_PACIFIC_CHINESE_NAMES } from '../../src/global/cyclone-names.ts';
import { parseJtwcRss, parseJtwcTcw, parseJtwcWarning } from '../../src/upstream/jtwc.ts';
import { parseCurrentStorms } from '../../src/upstream/nhc-current.ts';
import { NAMES_FILE } from '../../src/config/paths.ts';
import { globalCycloneSchema } from '../../src/model/global-schemas.ts';
import { knotsToMs, nmToKm } from '../../src/model/units.ts';
import { namesTableSchema } from '../../src/sources/names-table.ts';
import { OWN_PAYLOADS } from '../helpers/mock.ts';
import { describeRealData, realData } from '../helpers/real-data.ts';

const read = (...parts: string[]) => fs.readFileSync(path.join(...parts), 'utf8');
const DECKS = realData('decks');
const bdecks = DECKS
  ? [...fs.readdirSync(path.join(DECKS, 'geoips')).map((f) => path.join(DECKS, 'geoips', f)), path.join(DECKS, 'metget/bwp092026.dat')]
  : [];

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

describeRealData('decks', 'ATCF b-decks', () => {
  it('finds all 34 sample b-decks', () => expect(bdecks).toHaveLength(34));

  it.each(bdecks.map((file) => [path.basename(file), file]))('%s parses into a best track', (_, file) => {
    const { records, problems } = parseAtcfDeck(read(file));
    expect(problems).toEqual([]);
    const track = bestTrack(records);
    expect(track.length).toBeGreaterThan(0);
    const times = track.map((r) => r.time.getTime());
    expect(new Set(times).size).toBe(times.length);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const r of track) {
      expect(Math.abs(r.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(r.lng)).toBeLessThanOrEqual(180);
    }
  });

  it('knows a deck that only ever named an invest', () => {
    expect(deckName(parseAtcfDeck(read(DECKS as string, 'geoips/bwp992025.dat')).records)).toBeNull();
  });
});

describeRealData('upstream', 'recorded ATCF decks', (SHARED) => {
  it('reads hemisphere letters, zero-padded latitudes and W longitudes in a WP deck', () => {
    const ucar = bestTrack(parseAtcfDeck(read(SHARED, 'jtwc/bwp092026.ucar.dat')).records);
    expect(ucar[0]?.lat).toBeGreaterThan(0);
    const carq = parseAtcfDeck(read(SHARED, 'atcf/adeck/tcgp-awp122026.CARQ-excerpt.txt')).records;
    expect(carq.some((r) => r.lng < 0 && r.tau < 0)).toBe(true);
  });

  it.each(fs.readdirSync(path.join(SHARED, 'atcf')).filter((f) => f.endsWith('.dat')))('b-deck %s parses', (file) => {
    expect(parseAtcfDeck(read(SHARED, 'atcf', file)).problems).toEqual([]);
  });

  it.each(fs.readdirSync(path.join(SHARED, 'atcf/adeck')))('a-deck %s parses', (file) => {
    const { records, problems } = parseAtcfDeck(read(SHARED, 'atcf/adeck', file));
    expect(problems).toEqual([]);
    expect(records.length).toBeGreaterThan(0);
  });

  it('gives the latest OFCL and JTWC forecasts at valid times', () => {
    const records = parseAtcfDeck(read(SHARED, 'atcf/adeck/ofcl-jtwc-forecast-lines.geoips-docstring.txt')).records;
    const ofcl = officialForecast(records, 'OFCL');
    expect(ofcl?.issuedAt.toISOString()).toBe('2023-08-23T12:00:00.000Z');
    expect(ofcl?.points.map((p) => p.tau)).toEqual([3, 12, 24, 36]);
    expect(ofcl?.points[1]?.time.toISOString()).toBe('2023-08-24T00:00:00.000Z');
    expect(officialForecast(records, 'JTWC')?.points.length).toBeGreaterThan(0);
  });

  it.each(fs.readdirSync(path.join(SHARED, 'nhc')).filter((f) => f.endsWith('.json')))('CurrentStorms %s parses', (file) => {
    const storms = parseCurrentStorms(JSON.parse(read(SHARED, 'nhc', file)), []);
    expect(storms.length).toBeGreaterThan(0);
    for (const s of storms) expect(s.atcfId).toMatch(/^(al|ep|cp)\d{6}$/);
  });

  it('reads string intensities, integer longitudes and an empty list', () => {
    const lala = parseCurrentStorms(JSON.parse(read(SHARED, 'nhc/CurrentStorms.lala-cp012026-adv040.json')), []);
    expect(lala[0]).toMatchObject({ atcfId: 'cp012026', name: 'LALA', windKt: 75, lng: -172 });
    expect(parseCurrentStorms({ activeStorms: [] }, [])).toEqual([]);
    expect(() => parseCurrentStorms({ activeStorms: [{ id: 42 }] }, [])).toThrow();
  });
});

describeRealData('upstream', 'recorded JTWC products', (SHARED) => {
  it('reads every storm block of the RSS, stacked tags and TCFAs included', () => {
    const storms = parseJtwcRss(read(SHARED, 'jtwc/jtwc.2026-08-22T1840Z.rss'), []);
    expect(storms.map((s) => `${s.atcfId}:${s.kind}`)).toEqual([
      'wp172026:warning',
      'wp182026:warning',
      'wp192026:warning',
      'ep912026:tcfa',
      'cp022026:warning',
      'cp012026:warning',
      'ep922026:tcfa',
    ]);
    expect(storms[0]).toMatchObject({ name: 'SAUDEL', tcwFile: 'wp1726.tcw', warningFile: 'wp1726web.txt' });
  });

  it.each(['wp1726.tcw', 'wp1826.tcw', 'wp1926.tcw', 'cp0126.tcw'])('%s: taus, radii and a de-duplicated history', (file) => {
    const tcw = parseJtwcTcw(read(SHARED, 'jtwc', file), []);
    expect(tcw.kind).toBe('warning');
    expect(tcw.taus[0]?.tau).toBe(0);
    const times = tcw.history.map((h) => h.time.getTime());
    expect(new Set(times).size).toBe(times.length);
  });

  it('wp1726.tcw in detail; a TCFA .tcw gives its base time only', () => {
    const tcw = parseJtwcTcw(read(SHARED, 'jtwc/wp1726.tcw'), []);
    expect(tcw).toMatchObject({ name: 'SAUDEL', directionDeg: 315, speedKt: 14 });
    expect(tcw.taus[0]).toMatchObject({ lat: 19.6, lng: 144.8, windKt: 105, radiiNm: { 64: [40, 40, 40, 40], 34: [140, 120, 100, 120] } });
    // 21 distinct times: the ones south of 10° follow two spaces and were once dropped.
    expect(tcw.history).toHaveLength(21);
    expect(parseJtwcTcw(read(SHARED, 'jtwc/ep9126.tcw'), [])).toMatchObject({ kind: 'alert', taus: [], history: [] });
  });

  it.each([
    ['wp1726web.txt', '2026-08-22T12:00:00.000Z', 956],
    ['wp1826web.txt', '2026-08-22T12:00:00.000Z', 995],
    ['cp0126web.txt', '2026-08-22T06:00:00.000Z', 976],
    ['wp0926web.txt', '2026-07-06T12:00:00.000Z', 918],
  ])('%s: warning time with month and year from REMARKS, pressure', (file, time, pressure) => {
    expect(parseJtwcWarning(read(SHARED, 'jtwc', file))).toMatchObject({ time: new Date(time), pressure });
  });
});

describe('own JTWC payloads', () => {
  it('parse like the recorded ones', () => {
    expect(parseJtwcRss(read(OWN_PAYLOADS, 'jtwc/jtwc.rss'), []).map((s) => s.atcfId)).toEqual(['wp172026', 'cp012026', 'sh062024']);
    expect(parseJtwcTcw(read(OWN_PAYLOADS, 'jtwc/sh0624.tcw'), []).history).toHaveLength(16);
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
    mergeCyclone(null, { source, atcfId, enname, points: [globalPoint(fix)], forecast: null, seenAt: fix.time });

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
    const again = mergeCyclone(named, { source: 'nhc', atcfId: 'cp012026', enname: null, points: [], forecast: null, seenAt: fix.time });
    expect(again).toMatchObject({ name: '基洛', enname: 'KILO', nameSource: 'cma' });
  });

  it("take Chinese names only from the names table: CMA's names of North-east Pacific storms that crossed over", () => {
    const table = namesTableSchema.parse(parse(read(NAMES_FILE)));
    const crossings = table.nonCommittee.filter((n) => n.zh && /^(eastern|central) Pacific$/.test(n.basin ?? '')).map((n) => [n.en, n.zh]);
    expect([...NE_PACIFIC_CHINESE_NAMES].sort()).toEqual(crossings.sort());
  });
});
