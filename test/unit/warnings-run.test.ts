/**
 * Warnings through the scheduled run and the API (issue 29), against the mock upstream in-process:
 * - the replayed HKO sequence TC1 → TC3 → TC8SE → TC3 → cancelled (test/fixtures/warnings/hko-replay, constructed; the
 *   Chinese answers made here from HKO's table of words) gives that history in order, one flash item per change of
 *   No. 3 or higher, and the right "in force now" at each step, in both families;
 * - under faults (an HTML page with status 200, a truncated answer, a timeout, an empty body) the last good warnings
 *   are served stale with the reason, never "none"; nothing is lost, no event is made; the next good read heals;
 * - at the mock's moment every answer says what its constructed documents state: JMA's storm warnings for the
 *   Yaeyama islands and MANGKHUT's storm areas, HKO's "none in force"; GeoJSON, /api/near, bootstrap and the storm's
 *   detail carry them.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScheduledRefresh } from '../../src/jobs/scheduled-run.ts';
import { HKO_SUBTYPES, HKO_WARNING_TYPES } from '../../src/model/warning-codes.ts';
import { fileStore } from '../../src/store/store.ts';
import { manualClock, noWait } from '../helpers/clock.ts';
import { apiFunction, type FunctionHandler } from '../helpers/functions.ts';
import { captureLogs } from '../helpers/logs.ts';
import { MOCK_NOW, mockUpstreamEnv, startMockUpstream, type Fault, type MockUpstream } from '../helpers/mock.ts';
import { read } from '../helpers/read-text.ts';
import { awaitSharedBuild, sharedPublicDir } from '../helpers/shared-build.ts';

/** The replay's other parts (the 2026 mock storms seen from 2025, JMA's 2026 documents) log their faults: kept here. */
const logs = captureLogs();
awaitSharedBuild();

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'warnings');
const REPLAY = ['0-none', '1-tc1', '2-tc3', '3-tc8se', '4-tc3', '5-cancelled'] as const;

/** The English answer of a replay step, and the Chinese one made from it with HKO's own words (warning-codes.ts). */
function answers(step: string): { en: string; tc: string } {
  const en = read(FIXTURES, 'hko-replay', `${step}.json`);
  const tc = Object.fromEntries(
    Object.entries(JSON.parse(en) as Record<string, Record<string, string>>).map(([type, entry]) => [
      type,
      {
        ...entry,
        name: HKO_WARNING_TYPES[type]?.name.tc,
        ...(entry.type ? { type: HKO_SUBTYPES[entry.code as string]?.type_.tc } : {}),
      },
    ]),
  );
  return { en, tc: JSON.stringify(tc) };
}

/** The replay's runs: each a few minutes after its step's answer was issued. */
const RUN_AT: Record<(typeof REPLAY)[number], string> = {
  '0-none': '2025-09-06T10:00:00+08:00',
  '1-tc1': '2025-09-06T10:45:00+08:00',
  '2-tc3': '2025-09-07T09:25:00+08:00',
  '3-tc8se': '2025-09-07T22:35:00+08:00',
  '4-tc3': '2025-09-08T11:15:00+08:00',
  '5-cancelled': '2025-09-08T16:25:00+08:00',
};

let mock: MockUpstream;
let root = '';
const saved = { ...process.env };
const handlers: Record<string, FunctionHandler> = {};
let clockNow = MOCK_NOW;

async function call(fn: string, url: string) {
  const response = await (handlers[fn] as FunctionHandler)(new Request(`http://localhost${url}`));
  return { status: response.status, headers: response.headers, body: JSON.parse(await response.text()) };
}

function serve(step: string) {
  const { en, tc } = answers(step);
  mock.setPayload('hko/warnsum/en', en);
  mock.setPayload('hko/warnsum/tc', tc);
}

/** A run on a clock of its own that stands still; an upstream's retries do not wait (on the machine's timers or any other). */
const run = (dir: string, now: Date, budgetMs?: number) =>
  runScheduledRefresh({ store: fileStore(dir), upstreams: mock.addresses, llm: null, clock: manualClock(), sleep: noWait, now, budgetMs });

/** Points the functions at a live store and a time. */
function useStore(dir: string, now: Date) {
  process.env.TYPHOON_LIVE_DIR = dir;
  clockNow = now;
}

beforeAll(async () => {
  mock = await startMockUpstream({ recordedDir: null, decksDir: null });
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-warnings-run-'));
  Object.assign(process.env, mockUpstreamEnv(mock), { TYPHOON_PUBLIC_DIR: await sharedPublicDir() });
  for (const name of ['warnings', 'live-near', 'bootstrap', 'typhoon-lookup', 'flash-list'])
    handlers[name] = await apiFunction(name, () => clockNow);
});

afterAll(async () => {
  process.env = saved;
  await mock.close();
  await fs.remove(root);
});

describe('the replayed HKO sequence through the scheduled run', () => {
  const dir = () => path.join(root, 'replay');
  const inForce: Record<string, unknown> = {};

  beforeAll(async () => {
    for (const step of REPLAY) {
      serve(step);
      const now = new Date(RUN_AT[step]);
      await run(dir(), now);
      useStore(dir(), now);
      const [v1, web] = await Promise.all([call('warnings', '/api/v1/warnings/hko'), call('warnings', '/api/warnings/hko')]);
      expect(v1.body.data).toEqual(web.body);
      inForce[step] = { state: web.body.state, codes: web.body.warnings.map((w: { code: string }) => w.code), stale: web.body.stale };
    }
  }, 120_000);

  it('gives the right "in force now" at each step, in both families', () => {
    expect(inForce).toEqual({
      '0-none': { state: 'none-in-force', codes: [], stale: false },
      '1-tc1': { state: 'in-force', codes: ['TC1'], stale: false },
      '2-tc3': { state: 'in-force', codes: ['TC3'], stale: false },
      '3-tc8se': { state: 'in-force', codes: ['WTS', 'TC8SE'], stale: false },
      // The thunderstorm warning expired at 01:00: not in force.
      '4-tc3': { state: 'in-force', codes: ['TC3'], stale: false },
      '5-cancelled': { state: 'none-in-force', codes: [], stale: false },
    });
  });

  it('gives the history in order: TC1, TC3, TC8SE raised, TC3 lowered, cancelled, each at HKO’s time and as HKO said', async () => {
    useStore(dir(), new Date(RUN_AT['5-cancelled']));
    const { status, body } = await call('warnings', '/api/v1/warnings/history?year=2025');
    expect(status).toBe(200);
    const signals = body.data.list.filter((e: { slot: string }) => e.slot === 'WTCSGNL');
    expect(
      signals.map((e: { change: string; to: { code: string } | null; at: string; how: string }) => [
        e.change,
        e.to?.code ?? null,
        e.at,
        e.how,
      ]),
    ).toEqual([
      ['raised', 'TC1', '2025-09-06T10:40:00+08:00', 'agency-said'],
      ['raised', 'TC3', '2025-09-07T09:20:00+08:00', 'agency-said'],
      ['raised', 'TC8SE', '2025-09-07T21:20:00+08:00', 'agency-said'],
      ['lowered', 'TC3', '2025-09-08T11:10:00+08:00', 'agency-said'],
      ['cancelled', null, '2025-09-08T16:20:00+08:00', 'agency-said'],
    ]);
    expect(signals[2].to).toMatchObject({
      code: 'TC8SE',
      level: 8,
      words: { en: 'No. 8 Southeast Gale or Storm Signal', zh: '八號東南烈風或暴風信號', ja: null },
    });
    // The thunderstorm warning: raised, then gone at its own expiry (never a flash item).
    const thunder = body.data.list.filter((e: { slot: string }) => e.slot === 'WTS');
    expect(thunder.map((e: { change: string; how: string; at: string }) => [e.change, e.how, e.at])).toEqual([
      ['raised', 'agency-said', '2025-09-07T22:30:00+08:00'],
      ['cancelled', 'expired', '2025-09-08T01:00:00+08:00'],
    ]);
    const web = await call('warnings', '/api/warnings/history?year=2025');
    expect(web.body.list).toEqual(body.data.list);
    // Neither storm nor year: this year (UTC, the clock's), named in the answer.
    const thisYear = await call('warnings', '/api/v1/warnings/history');
    expect(thisYear.body.data).toEqual({ ...body.data, year: 2025 });
    expect(body.data.year).toBe(2025);
  });

  it('writes one flash item per change of No. 3 or higher, a cancellation told as one, in HKO’s words', async () => {
    useStore(dir(), new Date(RUN_AT['5-cancelled']));
    const { body } = await call('flash-list', '/api/v1/flash?size=50');
    const items = body.data.list
      .filter((i: { type: string }) => i.type.startsWith('warning-'))
      .sort((a: { time: string }, b: { time: string }) => a.time.localeCompare(b.time));
    expect(items.map((i: { type: string; code: string; title: string }) => [i.type, i.code, i.title])).toEqual([
      ['warning-raised', 'hko', '香港天文台发布“三號強風信號”'],
      ['warning-raised', 'hko', '香港天文台发布“八號東南烈風或暴風信號”'],
      ['warning-lowered', 'hko', '香港天文台将“八號東南烈風或暴風信號”降为“三號強風信號”'],
      ['warning-cancelled', 'hko', '香港天文台取消“三號強風信號”'],
    ]);
    expect(items[1]).toMatchObject({
      time: '2025-09-07T21:20:00+08:00',
      content: '9月7日21时20分（香港时间），香港天文台发布“八號東南烈風或暴風信號”，取代“三號強風信號”。',
      contentEn:
        'The Hong Kong Observatory issued “No. 8 Southeast Gale or Storm Signal”, replacing “Strong Wind Signal No. 3” at 2025-09-07 21:20 Hong Kong time.',
      generator: 'template',
    });
  });

  it('a damaged year of history is 503 until the next change, which keeps every entry its copies still hold', async () => {
    const store = fileStore(dir());
    const key = 'warning-history/2025';
    const end = new Date(RUN_AT['5-cancelled']);
    useStore(dir(), end);
    const before = (await call('warnings', '/api/v1/warnings/history?year=2025')).body.data.list;
    // Both copies hold an entry of the wrong shape: the document is invalid, its other entries still read.
    for (const copy of [key, `backup/${key}`]) {
      const doc = JSON.parse((await store.get(copy)) as string);
      await store.set(copy, JSON.stringify({ ...doc, data: [...doc.data, { id: 'not an entry' }] }));
    }
    const damaged = await call('warnings', '/api/v1/warnings/history?year=2025');
    expect(damaged).toMatchObject({ status: 503, body: { code: 50000 } });
    // HKO raises No. 1 again the next day: the change heals the year, nothing readable lost.
    const { en, tc } = answers('1-tc1');
    mock.setPayload('hko/warnsum/en', en.replaceAll('2025-09-06', '2025-09-09'));
    mock.setPayload('hko/warnsum/tc', tc.replaceAll('2025-09-06', '2025-09-09'));
    const next = new Date('2025-09-09T10:45:00+08:00');
    await run(dir(), next);
    useStore(dir(), next);
    const healed = await call('warnings', '/api/v1/warnings/history?year=2025');
    expect(healed.status).toBe(200);
    expect(healed.body.data.list.slice(0, before.length)).toEqual(before);
    expect(healed.body.data.list.slice(before.length).map((e: { change: string; to: { code: string } }) => [e.change, e.to.code])).toEqual([
      ['raised', 'TC1'],
    ]);
    expect(await store.list(`quarantine/${key}`)).not.toEqual([]);
  }, 60_000);
});

describe('faults, told as faults', () => {
  const dir = () => path.join(root, 'faults');
  const T = new Date('2025-09-07T22:35:00+08:00');
  const later = (minutes: number) => new Date(T.getTime() + minutes * 60_000);

  beforeAll(async () => {
    serve('2-tc3');
    await run(dir(), new Date('2025-09-07T09:25:00+08:00'));
    serve('3-tc8se');
    await run(dir(), T);
  }, 60_000);

  const FAULTS: [Fault, RegExp][] = [
    ['html200', /an HTML page instead of data/],
    ['truncated', /not JSON/],
    ['timeout', /no answer within|not asked: the time for this run is used up/],
    ['empty', /empty body/],
  ];

  it.each(FAULTS)(
    '%s: the last good warnings, stale with the reason; no change, no item; healed by the next good read',
    async (fault, reason) => {
      useStore(dir(), T);
      const before = await call('warnings', '/api/v1/warnings/history?year=2025');
      const flashBefore = (await call('flash-list', '/api/v1/flash?size=50')).body.data.total;
      mock.setFault(fault, 'hko');
      try {
        await run(dir(), later(5), fault === 'timeout' ? 300 : undefined);
      } finally {
        mock.setFault(null, 'hko');
      }
      useStore(dir(), later(6));
      const { body } = await call('warnings', '/api/v1/warnings/hko');
      expect(body.data).toMatchObject({ state: 'in-force', stale: true, upstream: 'unavailable' });
      expect(body.data.warnings.map((w: { code: string }) => w.code)).toEqual(['WTS', 'TC8SE']);
      expect(body.data.staleReason).toMatch(/^the last refresh of HKO failed \(/);
      expect(body.data.staleReason).toMatch(reason);
      expect((await call('warnings', '/api/v1/warnings/history?year=2025')).body.data).toEqual(before.body.data);
      expect((await call('flash-list', '/api/v1/flash?size=50')).body.data.total).toBe(flashBefore);
      await run(dir(), later(10));
      useStore(dir(), later(11));
      expect((await call('warnings', '/api/v1/warnings/hko')).body.data).toMatchObject({
        state: 'in-force',
        stale: false,
        staleReason: null,
      });
    },
    60_000,
  );

  it('says "none in force" only from an answer within its freshness: a failed read after HKO said none is unknown, stale', async () => {
    const none = path.join(root, 'faults-none');
    serve('0-none');
    await run(none, T);
    mock.setFault('html200', 'hko');
    try {
      await run(none, later(15));
    } finally {
      mock.setFault(null, 'hko');
    }
    useStore(none, later(16));
    const { body } = await call('warnings', '/api/v1/warnings/hko');
    expect(body.data).toMatchObject({ state: 'unknown', stale: true, total: 0 });
    expect(body.data.stateReason).toMatch(/^the last answer said none was in force, but it is stale: the last refresh of HKO failed/);
  }, 60_000);

  it('JMA and PAGASA alike: a truncated feed, an HTML page with 200: the last good answer, stale, never none', async () => {
    const both = path.join(root, 'faults-jma');
    await run(both, MOCK_NOW);
    for (const [service, fault] of [
      ['jma', 'truncated'],
      ['jma', 'html200'],
      ['pagasa', 'html200'],
      ['pagasa', 'empty'],
    ] as const) {
      mock.setFault(fault, service);
      try {
        await run(both, new Date(MOCK_NOW.getTime() + 5 * 60_000));
      } finally {
        mock.setFault(null, service);
      }
      useStore(both, new Date(MOCK_NOW.getTime() + 6 * 60_000));
      const { body } = await call('warnings', `/api/v1/warnings/${service}`);
      expect(body.data.stale, `${service} ${fault}`).toBe(true);
      expect(body.data.state, `${service} ${fault}`).not.toBe('none-in-force');
      if (service === 'jma') expect(body.data.warnings.map((w: { code: string }) => w.code)).toEqual(['05', '05', '05', 'storm-area']);
    }
  }, 60_000);
});

describe('at the mock’s moment', () => {
  const dir = () => path.join(root, 'moment');

  beforeAll(async () => {
    mock.setPayload('hko/warnsum/en', '{}');
    mock.setPayload('hko/warnsum/tc', '{}');
    await run(dir(), MOCK_NOW);
    useStore(dir(), MOCK_NOW);
  }, 60_000);

  it('answers every agency in both families, as their documents state', async () => {
    const [v1, web] = await Promise.all([call('warnings', '/api/v1/warnings'), call('warnings', '/api/warnings')]);
    expect(v1.status).toBe(200);
    expect(v1.headers.get('x-api-version')).toBe('v1');
    expect(v1.body.data).toEqual(web.body);
    const [hko, jma, pagasa] = web.body.agencies;
    expect(hko).toMatchObject({ agency: 'hko', state: 'none-in-force', total: 0, stale: false, upstream: 'ok' });
    expect(pagasa).toMatchObject({ agency: 'pagasa', state: 'unknown', stale: false });
    expect(pagasa.stateReason).toMatch(/links no current bulletin/);
    expect(jma).toMatchObject({ agency: 'jma', state: 'in-force', total: 4, stale: false, publishedAt: '2026-08-23T03:00:00+09:00' });
    expect(jma.warnings[0]).toMatchObject({
      kind: 'area-warning',
      code: '05',
      level: 1,
      name: { ja: '暴風警報' },
      area: { code: '4720700', name: '石垣市' },
      action: '発表',
      issuedAt: '2026-08-23T03:00:00+09:00',
      source: { type: 'VPWW53', id: '474000' },
      linkedStorm: { code: '202699', by: 'nearest-active' },
    });
    expect(jma.warnings.map((w: { area: { name: string } | null }) => w.area?.name ?? null)).toEqual([
      '石垣市',
      '竹富町',
      '与那国町',
      null,
    ]);
    expect(jma.warnings[3]).toMatchObject({
      kind: 'storm-area',
      storm: { number: '2626', name: 'MANGKHUT' },
      linkedStorm: { code: '202699', by: 'agency-name', distanceKm: null },
      circles: [
        { lat: 19.8, lng: 125.2, radiusKm: 200, validAt: '2026-08-23T00:00:00+09:00', kind: 'storm-area' },
        { lat: 22.6, lng: 122.7, radiusKm: 300, validAt: '2026-08-24T00:00:00+09:00', kind: 'storm-warning-area' },
        { radiusKm: 275, validAt: '2026-08-25T00:00:00+09:00', kind: 'storm-warning-area' },
      ],
    });
    expect(web.body.total).toBe(4);
    expect((await call('warnings', '/api/v1/warnings/jma')).body.data).toEqual(jma);
  });

  it('refuses an agency it does not know, and does not take history for an agency', async () => {
    const bad = await call('warnings', '/api/v1/warnings/HKO');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 40001, msg: 'agency must be one of hko, jma, pagasa; got "HKO".' });
    const history = await call('warnings', '/api/v1/warnings/history');
    expect(history.body).toMatchObject({ code: 0, data: { storm: null, year: MOCK_NOW.getUTCFullYear(), total: 0, list: [] } });
    expect((await call('warnings', '/api/v1/warnings/history?storm=2026x')).status).toBe(400);
  });

  it("draws JMA's circles as GeoJSON polygons with the freshness beside them", async () => {
    const { status, headers, body } = await call('warnings', '/api/geojson/warnings');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/geo\+json/);
    expect(body.features.map((f: { properties: { kind: string } }) => f.properties.kind)).toEqual([
      'storm-area',
      'storm-warning-area',
      'storm-warning-area',
    ]);
    expect(body.features[0].geometry.type).toBe('Polygon');
    expect(body.features[0].geometry.coordinates[0]).toHaveLength(65);
    expect(body.freshness).toMatchObject({ stale: false, upstream: 'ok' });
  });

  it('tells at a place which warnings apply and which cannot be placed (Ishigaki: inside the 24-hour storm-warning area)', async () => {
    const { body } = await call('live-near', '/api/v1/near?lat=24.34&lng=124.16');
    expect(body.data.warnings).toMatchObject({ total: 1, unplaced: 3 });
    expect(body.data.warnings.list[0]).toMatchObject({ match: 'inside-circle', warning: { kind: 'storm-area' } });
    const hongKong = await call('live-near', '/api/near?lat=22.30&lng=114.17');
    expect(hongKong.body.warnings).toMatchObject({ total: 0 });
    expect(hongKong.body.warnings.agencies[0]).toMatchObject({ agency: 'hko', state: 'none-in-force', stale: false });
  });

  it("lists the warnings issued for a storm in its detail, and every agency's in bootstrap", async () => {
    const { body } = await call('typhoon-lookup', '/api/v1/typhoons/202699');
    expect(body.data.live.warnings).toMatchObject({ total: 4, stale: false, unknown: ['pagasa'] });
    const boot = await call('bootstrap', '/api/v1/bootstrap');
    expect(boot.body.data.warnings.total).toBe(4);
    expect(boot.body.data.warnings.agencies.map((a: { agency: string; state: string }) => [a.agency, a.state])).toEqual([
      ['hko', 'none-in-force'],
      ['jma', 'in-force'],
      ['pagasa', 'unknown'],
    ]);
  });
});

it('logged what the deliberate faults are, and nothing it should not', () => {
  expect(logs.all().filter((l) => /Error:| {4}at /.test(l))).toEqual([]);
});
