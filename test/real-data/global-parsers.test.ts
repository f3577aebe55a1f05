/**
 * Every sample ATCF b-deck and every recorded deck and feed parses: ATCF b-decks and a-decks, NHC CurrentStorms,
 * JTWC RSS, .tcw and warning text. The own payloads and the records built from them: test/unit/global-parsers.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bestTrack, deckName, officialForecast, parseAtcfDeck } from '../../src/upstream/atcf.ts';
import { parseJtwcTcw, parseJtwcRss, parseJtwcWarning } from '../../src/upstream/jtwc.ts';
import { knotsToKmh, mphToKmh } from '../../src/model/units.ts';
import { parseCurrentStorms } from '../../src/upstream/nhc-current.ts';
import { read } from '../helpers/read-text.ts';
import { describeRealData, realData } from '../helpers/real-data.ts';

const DECKS = realData('decks');
const bdecks = DECKS
  ? [...fs.readdirSync(path.join(DECKS, 'geoips')).map((f) => path.join(DECKS, 'geoips', f)), path.join(DECKS, 'metget/bwp092026.dat')]
  : [];

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

  it('states the motion in mph in the public advisory, as CurrentStorms does, and in kt in the forecast advisory of the same time', () => {
    const tcp = read(SHARED, 'nhc/al092021.public.010.TCP.txt');
    const tcm = read(SHARED, 'nhc/al092021.fstadv.010.TCM.txt');
    const [, mph, kmh] = /PRESENT MOVEMENT\.\.\.\w+ OR \d+ DEGREES AT (\d+) MPH\.\.\.(\d+) KM\/H/.exec(tcp) ?? [];
    const [, kt] = /PRESENT MOVEMENT TOWARD .* AT +(\d+) KT/.exec(tcm) ?? [];
    expect([mph, kmh, kt]).toEqual(['16', '26', '14']);
    // The conversions the parser applies give the advisory's own km/h from either unit.
    expect(mphToKmh(Number(mph))).toBe(Number(kmh));
    expect(knotsToKmh(Number(kt))).toBe(Number(kmh));
    // Every recorded CurrentStorms gives movementSpeed as a plain number, read as mph.
    for (const file of fs.readdirSync(path.join(SHARED, 'nhc')).filter((f) => f.endsWith('.json')))
      for (const s of parseCurrentStorms(JSON.parse(read(SHARED, 'nhc', file)), [])) expect(Number.isInteger(s.speedMph), file).toBe(true);
  });

  it("gives the .tcw's numbers in the units its own warning text states: kt, nm, kt (Lala, warning 41)", () => {
    const tcw = parseJtwcTcw(read(SHARED, 'jtwc/cp0126.tcw'), []);
    const text = read(SHARED, 'jtwc/cp0126web.txt');
    const t0 = tcw.taus.find((t) => t.tau === 0);
    expect(text).toContain(`MAX SUSTAINED WINDS - ${String(t0?.windKt).padStart(3, '0')} KT`);
    expect(text).toContain(`RADIUS OF 064 KT WINDS - ${String(t0?.radiiNm[64]?.[0]).padStart(3, '0')} NM NORTHEAST QUADRANT`);
    expect(text).toContain(`MOVEMENT PAST SIX HOURS - ${tcw.directionDeg} DEGREES AT ${tcw.speedKt} KTS`);
    expect(tcw.warningNumber).toBe(41);
    expect(parseJtwcWarning(text)?.pressure).toBe(976);
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
