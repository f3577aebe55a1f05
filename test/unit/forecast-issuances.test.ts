/**
 * Issuances from every product the project reads (our own payloads: demo/upstream, test/fixtures/forecasts) and the
 * one way they are kept (mergeIssuances): dedup, amendments, faults, restarts, order. The recorded sequences:
 * test/real-data/forecast-issuances.test.ts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adeckIssuances } from '../../src/forecasts/adeck-issuances.ts';
import { jtwcTcwIssuance } from '../../src/forecasts/jtwc-issuances.ts';
import { mergeIssuances } from '../../src/forecasts/merge-issuances.ts';
import { withNhcAdvisory } from '../../src/forecasts/nhc-advisory.ts';
import { nmcIssuances } from '../../src/forecasts/nmc-issuances.ts';
import { zjIssuances } from '../../src/forecasts/zj-issuances.ts';
import { issuanceSchema } from '../../src/model/forecast-schemas.ts';
import { issuanceOf, type IssuanceDraft } from '../../src/model/issuance-key.ts';
import { officialForecast, parseAtcfDeck } from '../../src/upstream/atcf.ts';
import { parseJtwcTcw } from '../../src/upstream/jtwc.ts';
import { OWN_PAYLOADS } from '../helpers/mock.ts';
import { check, now, readJsonp } from '../helpers/live-payloads.ts';
import { read } from '../helpers/read-text.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'forecasts');
const records = parseAtcfDeck(read(FIXTURES, 'aal072049.dat')).records;
const adeck = adeckIssuances(records, { atcfId: 'al072049', channel: 'archive', file: 'aal072049.dat', seenAt: null });

describe('a-deck', () => {
  it('gives every official forecast, the original before its special advisory', () => {
    expect(adeck.map((d) => [d.initialTime, d.source.tech, d.special])).toEqual([
      ['2049-08-01T00:00:00Z', 'OFCL', false],
      ['2049-08-01T06:00:00Z', 'OFCL', false],
      ['2049-08-01T06:00:00Z', 'OFCS', true],
      ['2049-08-01T12:00:00Z', 'OFCL', false],
    ]);
    expect(adeck.every((d) => d.agency === 'nhc' && d.storm.name === 'VERIFICA' && d.wind.unit === 'kt' && d.wind.period === '1min')).toBe(
      true,
    );
  });

  it('collapses the 34/50/64-kt rows, keeps tau 0 as the analysis and reads old-style short rows', () => {
    const original = adeck[1] as IssuanceDraft;
    expect(original.initial).toMatchObject({ leadHours: 0, lat: 15, lng: -50, wind: 30, pressure: 1007, stage: 'TD' });
    expect(original.points.map((p) => p.leadHours)).toEqual([12, 24, 36, 48]);
    expect(original.points[0]).toEqual({
      leadHours: 12,
      validTime: '2049-08-01T18:00:00Z',
      lat: 15.4,
      lng: -52,
      wind: 50,
      pressure: null,
      stage: 'TS',
    });
    const old = adeck[3] as IssuanceDraft;
    expect(old.initial).toBeNull();
    expect(old.points.map((p) => [p.leadHours, p.wind, p.pressure, p.stage])).toEqual([
      [12, null, null, null],
      [24, null, null, null],
      [72, null, null, null],
    ]);
  });

  it('leaves the latest official forecast for the live records as it was', () => {
    const latest = officialForecast(records, 'OFCL');
    expect(latest?.issuedAt.toISOString()).toBe('2049-08-01T12:00:00.000Z');
    expect(latest?.points.map((p) => p.time.toISOString())).toEqual([
      '2049-08-02T00:00:00.000Z',
      '2049-08-02T12:00:00.000Z',
      '2049-08-04T12:00:00.000Z',
    ]);
  });

  it('is valid against the schema, with a key of agency, product, storm, initial time and content', () => {
    const issuance = issuanceOf(adeck[1] as IssuanceDraft);
    expect(issuanceSchema.parse(issuance)).toEqual(issuance);
    expect(issuance.key).toMatch(/^nhc\/atcf-adeck\/al072049\/204908010600\/[0-9a-f]{12}$/);
    // The same forecast read live later is the same issuance.
    const live = adeckIssuances(records, { atcfId: 'al072049', channel: 'live', file: 'aal072049.dat.gz', seenAt: now });
    expect(live.map((d) => issuanceOf(d).key)).toEqual(adeck.map((d) => issuanceOf(d).key));
  });
});

describe('live services', () => {
  it('Zhejiang: every group of every point, each agency once per initial time, UTC, the analysis as initial', () => {
    const drafts = zjIssuances(readJsonp(path.join(OWN_PAYLOADS, 'zj'), 'TyphoonInfo_202699.json'), now, check());
    const agencies = [...new Set(drafts.map((d) => d.agency))].sort();
    expect(agencies).toEqual(['cma', 'cwa', 'hko', 'jma', 'jtwc']);
    const cma = drafts.filter((d) => d.agency === 'cma').at(-1) as IssuanceDraft;
    expect(cma).toMatchObject({
      basin: 'WP',
      storm: { id: '202699', code: '202699', atcfId: null },
      initialTime: '2026-08-22T18:00:00Z',
      wind: { unit: 'm/s', period: '2min' },
      stageScheme: 'china-grade',
      initial: { leadHours: 0, lat: 20.4, lng: 124.4, wind: 50, pressure: 940, stage: 'STY' },
    });
    expect(cma.points.map((p) => p.leadHours)).toEqual([12, 24, 36, 48]);
    // The service states no averaging period for the foreign agencies; HKO's analysis lags (08:00 Beijing time).
    const hko = drafts.filter((d) => d.agency === 'hko').at(-1) as IssuanceDraft;
    expect(hko.wind.period).toBeNull();
    expect(hko.initialTime).toBe('2026-08-22T12:00:00Z');
    expect(drafts.filter((d) => d.agency === 'jma').at(-1)?.initial?.wind).toBeNull(); // speed "" in the payload
  });

  it('NMC: BABJ of every point that has it, 2-min m/s, the point as the analysis', () => {
    const drafts = nmcIssuances(readJsonp(path.join(OWN_PAYLOADS, 'nmc'), 'view_9000000.jsonp'), now, check());
    const latest = drafts.at(-1) as IssuanceDraft;
    expect(latest).toMatchObject({
      agency: 'cma',
      initialTime: '2026-08-22T18:00:00Z',
      wind: { unit: 'm/s', period: '2min' },
      initial: { leadHours: 0, lat: 20.4, lng: 124.4, wind: 52, pressure: 935, stage: 'SuperTY' },
      source: { product: 'nmc-service', file: 'view_9000000' },
    });
    expect(latest.points[0]).toMatchObject({
      leadHours: 12,
      validTime: '2026-08-23T06:00:00Z',
      lat: 21.7,
      lng: 122.9,
      wind: 50,
      stage: 'STY',
    });
  });

  it('a forecast that cannot be read whole is told and left out, the others read; without a place to tell it, the payload throws', () => {
    const zj = readJsonp(path.join(OWN_PAYLOADS, 'zj'), 'TyphoonInfo_202699.json');
    const whole = zjIssuances(zj, now, check());
    // The groups of the point before the last (the storm's record, which the reader reads first, takes only the last's).
    const last = zj.points.at(-2).forecast;
    last[0].forecastpoints[1].lat = '';
    last[1].forecastpoints[0].time = 'soon';
    const told: string[] = [];
    const drafts = zjIssuances(zj, now, check(), (detail) => told.push(detail));
    // Upstream text is never quoted: a time that does not read is named by where it is.
    expect(told).toEqual([
      `points.8.forecast.${last[0].tm}.1: no position`,
      `points.8.forecast.${last[1].tm}.0: a time that does not read`,
    ]);
    const keys = (list: IssuanceDraft[]) => list.map((d) => issuanceOf(d).key);
    expect(drafts).toHaveLength(whole.length - 2);
    expect(keys(whole)).toEqual(expect.arrayContaining(keys(drafts)));
    expect(() => zjIssuances(zj, now, check())).toThrow(/no position/);

    const nmc = readJsonp(path.join(OWN_PAYLOADS, 'nmc'), 'view_9000000.jsonp');
    const points = nmc.typhoon[8];
    const withForecasts = points.flatMap((p: unknown[], i: number) => (p[11] ? [i] : []));
    const broken = withForecasts.at(-1) as number;
    points[broken][11].BABJ[1][1] = '202608230000';
    const nmcTold: string[] = [];
    expect(nmcIssuances(nmc, now, check(), (detail) => nmcTold.push(detail))).toHaveLength(withForecasts.length - 1);
    expect(nmcTold).toEqual([`NMC view 202699: point ${broken}: cma's forecast has 2 base times`]);
  });

  it("JTWC: a warning's .tcw, its T000 the analysis; a formation alert is no issuance", () => {
    const tcw = parseJtwcTcw(read(OWN_PAYLOADS, 'jtwc/sh0624.tcw'), []);
    const draft = jtwcTcwIssuance(tcw, { atcfId: 'sh062024', file: 'sh0624.tcw', seenAt: now });
    expect(draft).toMatchObject({ agency: 'jtwc', basin: 'SH', issuedAt: '2024-01-31T15:00:00Z', wind: { unit: 'kt', period: '1min' } });
    expect(draft?.initial?.leadHours).toBe(0);
    expect(draft?.points.every((p) => p.leadHours > 0 && p.pressure === null)).toBe(true);
    expect(jtwcTcwIssuance({ ...tcw, kind: 'alert' }, { atcfId: 'sh062024', file: 'x', seenAt: now })).toBeNull();
  });

  it("NHC: the storm's forecast advisory goes to the forecast it was issued for", () => {
    const advisory = { number: '005', issuedAt: new Date('2049-08-01T15:00:00Z') };
    const given = withNhcAdvisory(adeck, advisory);
    expect(given.filter((d) => d.advisory).map((d) => [d.initialTime, d.advisory, d.issuedAt])).toEqual([
      ['2049-08-01T12:00:00Z', '005', '2049-08-01T15:00:00Z'],
    ]);
    expect(withNhcAdvisory(adeck, { number: '007', issuedAt: new Date('2049-08-02T03:00:00Z') }).every((d) => d.advisory === null)).toBe(
      true,
    );
    expect(withNhcAdvisory(adeck, null)).toEqual(adeck);
  });
});

describe('mergeIssuances', () => {
  const keys = (list: { key: string }[]) => list.map((i) => i.key);

  it('keeps each issuance once, newest first, and a special advisory as the amendment of its original', () => {
    const { issuances, added } = mergeIssuances([], adeck);
    expect(issuances.map((i) => [i.initialTime.slice(8, 13), i.revision, i.special])).toEqual([
      ['01T12', 1, false],
      ['01T06', 2, true],
      ['01T06', 1, false],
      ['01T00', 1, false],
    ]);
    expect(issuances[1]?.amends).toBe(issuances[2]?.key);
    expect(added).toHaveLength(4);
    expect(mergeIssuances(issuances, adeck)).toMatchObject({ added: [], completed: [], rejected: [] });
    expect(mergeIssuances(issuances, [...adeck].reverse()).issuances).toEqual(issuances);
  });

  it('keeps a changed forecast for the same initial time as revision 2, and a stale copy of revision 1 as nothing new', () => {
    const first = mergeIssuances([], adeck).issuances;
    const original = adeck[0] as IssuanceDraft;
    const corrected = { ...original, points: original.points.map((p, i) => (i === 1 ? { ...p, lat: p.lat + 0.1 } : p)) };
    const second = mergeIssuances(first, [corrected]);
    expect(second.added.map((a) => [a.revision, a.amends])).toEqual([[2, issuanceOf(original).key]]);
    const third = mergeIssuances(second.issuances, [original]);
    expect(third.added).toEqual([]);
    expect(third.issuances).toEqual(second.issuances);
  });

  it('never changes what a stored issuance says; a later copy only fills its issue time and advisory', () => {
    const stored = mergeIssuances([], adeck).issuances;
    const later = withNhcAdvisory(adeck, { number: '005', issuedAt: new Date('2049-08-01T15:00:00Z') });
    const merged = mergeIssuances(stored, later);
    expect(merged.added).toEqual([]);
    expect(merged.completed).toEqual([issuanceOf(adeck[3] as IssuanceDraft).key]);
    const filled = merged.issuances.find((i) => i.initialTime === '2049-08-01T12:00:00Z');
    expect(filled).toMatchObject({ advisory: '005', issuedAt: '2049-08-01T15:00:00Z', source: { channel: 'archive' } });
    // A copy without them takes nothing away.
    expect(mergeIssuances(merged.issuances, adeck).issuances).toEqual(merged.issuances);
  });

  it('reports and leaves out a broken draft, and drops nothing stored', () => {
    const stored = mergeIssuances([], adeck.slice(0, 2)).issuances;
    const broken = {
      ...(adeck[3] as IssuanceDraft),
      points: [{ ...(adeck[3] as IssuanceDraft).points[0], lat: Number.NaN }],
    } as IssuanceDraft;
    const noTime = { ...(adeck[3] as IssuanceDraft), initialTime: undefined } as unknown as IssuanceDraft;
    const merged = mergeIssuances(stored, [broken, noTime]);
    expect(merged.rejected).toHaveLength(2);
    expect(merged.rejected[0]?.group).toBe('nhc/atcf-adeck/al072049/204908011200');
    expect(keys(merged.issuances)).toEqual(keys(stored));
  });

  it('after a restart from an older store, the same fetches give the same store', () => {
    const all = mergeIssuances([], adeck).issuances;
    const older = mergeIssuances([], adeck.slice(0, 1)).issuances;
    expect(mergeIssuances(older, adeck).issuances).toEqual(all);
    // A store with a record twice (a damaged write) keeps it once.
    expect(mergeIssuances([...all, ...all], []).issuances).toEqual(all);
  });
});
