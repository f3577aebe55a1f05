/**
 * The refresh job against the mock upstream: failover, the last good data under faults (a seeded run of
 * 60 refresh cycles with random faults on every service), the Netlify Blobs adapter on a real BlobsServer, a
 * scheduled run's deadline (read from a clock the test holds: nothing here depends on how fast the machine is),
 * and which unknown codes the detail lookup asks the upstream for.
 */
import os from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { typhoonDetailMisses } from '../../src/api/handlers/typhoon.ts';
import { readConfig } from '../../src/config/env.ts';
import { serveFunction } from '../../src/api/serve.ts';
import { refreshGlobal } from '../../src/global/refresh-global.ts';
import { manualClock } from '../helpers/clock.ts';
import {
  FAULTS,
  fetchGivingUpOnHanging,
  mockUpstreamEnv,
  OWN_PAYLOADS,
  startMockUpstream,
  type Fault,
  type MockUpstream,
  MOCK_NOW,
} from '../helpers/mock.ts';
import { LOOKUP_TIMEOUT_MS } from '../../src/live/lookup.ts';
import { refreshLive } from '../../src/live/refresh-typhoons.ts';
import type { LiveUpstreams } from '../../src/upstream/addresses.ts';
import { runScheduledRefresh } from '../../src/jobs/scheduled-run.ts';
import { readLiveView, readSnapshot, readStatus, writeStatus, type RefreshStatus } from '../../src/live/snapshot.ts';
import { blobStore, deployContext, fileStore } from '../../src/store/store.ts';
import { toBeijingIso } from '../../src/model/time.ts';
import { createUpstreamClient, MIN_ATTEMPT_MS } from '../../src/upstream/client.ts';
import { apiFunction } from '../helpers/functions.ts';
import { fixtureSite } from '../helpers/fixture-site.ts';

const handleGlobalTyphoons = await apiFunction('global-typhoons', () => MOCK_NOW);
const handleLiveTyphoons = await apiFunction('live-typhoons', () => MOCK_NOW);
const handleTyphoonLookup = await apiFunction('typhoon-lookup', () => MOCK_NOW);

let mock: MockUpstream;
let upstreams: LiveUpstreams;
let liveDir: string;

beforeAll(async () => {
  mock = await startMockUpstream();
  upstreams = {
    zjBase: mock.zjBase,
    nmcBase: mock.nmcBase,
    client: createUpstreamClient({ retries: 1, backoffMs: 0, fetch: fetchGivingUpOnHanging(() => mock) }),
  };
  liveDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-live-'));
  process.env.TYPHOON_LIVE_DIR = liveDir;
  process.env.TYPHOON_ZJ_BASE = mock.zjBase;
  process.env.TYPHOON_NMC_BASE = mock.nmcBase;
});
afterAll(async () => {
  await mock.close();
  await fs.remove(liveDir);
});

/** A small seeded generator, so a failing run can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const liveList = async () => {
  const response = await handleLiveTyphoons(new Request('http://localhost/api/v1/typhoons'));
  return {
    status: response.status,
    body: (await response.json()) as {
      data: { list: { code: string; live: { stale: boolean } }[]; stale: boolean; source: string; upstream: string };
    },
  };
};

describe('refreshLive', () => {
  it('fails over to NMC when the Zhejiang service is down', async () => {
    const store = fileStore(path.join(liveDir, 'failover'));
    mock.setFault('html404', 'zj');
    try {
      const result = await refreshLive(upstreams, store, MOCK_NOW);
      expect(result).toMatchObject({ ok: true, source: 'nmc', typhoons: 1 });
      expect((await readSnapshot(store))?.typhoons[0]).toMatchObject({ code: '202699', name: '山竹', provenance: { track: 'nmc' } });
    } finally {
      mock.setFault(null);
    }
  });

  it('before any success says "never fetched", not "no storm"', async () => {
    process.env.TYPHOON_LIVE_DIR = path.join(liveDir, 'empty');
    const { body } = await liveList();
    expect(body.data).toMatchObject({ list: [], upstream: 'never-fetched' });
    process.env.TYPHOON_LIVE_DIR = liveDir;
  });

  it('tells "no active storm" apart from "source unavailable"', async () => {
    const store = fileStore(path.join(liveDir, 'quiet'));
    process.env.TYPHOON_LIVE_DIR = path.join(liveDir, 'quiet');
    mock.setPayload('zj/TyhoonActivity', '[]');
    try {
      await refreshLive(upstreams, store, MOCK_NOW);
      expect((await liveList()).body.data).toMatchObject({ list: [], upstream: 'ok', stale: false });
      mock.setFault('5xx');
      await refreshLive(upstreams, store, MOCK_NOW);
      expect((await liveList()).body.data).toMatchObject({ list: [], upstream: 'unavailable', stale: true });
    } finally {
      mock.setFault(null);
      mock.setPayload('zj/TyhoonActivity', await fs.readFile(path.join(OWN_PAYLOADS, 'zj', 'TyhoonActivity.json'), 'utf8'));
      process.env.TYPHOON_LIVE_DIR = liveDir;
    }
  });

  it('always answers with the last good data through 60 refresh cycles with random faults', async () => {
    const store = fileStore(liveDir);
    const next = random(20261122);
    const pick = (): Fault | null => (next() < 0.5 ? null : (FAULTS[Math.floor(next() * FAULTS.length)] as Fault));
    const global = {
      nhcBase: mock.nhcBase,
      nhcAtcfBase: mock.nhcAtcfBase,
      nhcTextBase: mock.nhcTextBase,
      jtwcBase: mock.jtwcBase,
      ucarBase: mock.ucarBase,
      client: upstreams.client,
    };
    expect((await refreshLive(upstreams, store, MOCK_NOW)).ok).toBe(true);
    expect(await refreshGlobal(global, store, MOCK_NOW)).toMatchObject({ nhc: { ok: true }, jtwc: { ok: true } });
    // In the typhoon records' structure: code, name (no Chinese name is known for these two), enname.
    const listed = (await (await handleGlobalTyphoons(new Request('http://localhost/api/global/typhoons'))).json()) as {
      typhoons: Record<string, unknown>[];
    };
    expect(listed.typhoons.map(({ code, name, enname, nameSource }) => ({ code, name, enname, nameSource }))).toEqual(
      expect.arrayContaining([
        { code: 'nhc-al132025', name: 'MELISSA', enname: 'MELISSA', nameSource: 'english' },
        { code: 'jtwc-sh062024', name: 'ANGGREK', enname: 'ANGGREK', nameSource: 'english' },
      ]),
    );
    const outcomes = { zj: 0, nmc: 0, stale: 0, globalStale: 0 };
    for (let cycle = 0; cycle < 60; cycle += 1) {
      const zjFault = pick();
      const nmcFault = pick();
      const nhcFault = pick();
      const jtwcFault = pick();
      mock.setFault(zjFault, 'zj');
      mock.setFault(nmcFault, 'nmc');
      mock.setFault(nhcFault, 'nhc');
      mock.setFault(jtwcFault, 'jtwc');
      const [result, globalResult] = await Promise.all([refreshLive(upstreams, store, MOCK_NOW), refreshGlobal(global, store, MOCK_NOW)]);
      mock.setFault(null);
      expect(globalResult.nhc.ok, `cycle ${cycle}: nhc ${nhcFault}`).toBe(nhcFault === null);
      expect(globalResult.jtwc.ok, `cycle ${cycle}: jtwc ${jtwcFault}`).toBe(jtwcFault === null);
      const globalList = (await (await handleGlobalTyphoons(new Request('http://localhost/api/global/typhoons'))).json()) as {
        typhoons: { id: string; stale: boolean; staleReason: string | null }[];
      };
      // Stale by their old data at the mock's moment (MELISSA 2025, ANGGREK 2024), and by the failure of their source.
      const failed = (t: { id: string; staleReason: string | null }) => /failed at the last refresh/.test(t.staleReason ?? '');
      expect(globalList.typhoons.map((t) => `${t.id}:${t.stale}:${failed(t)}`).sort(), `cycle ${cycle}`).toEqual([
        `jtwc-sh062024:true:${jtwcFault !== null}`,
        `nhc-al132025:true:${nhcFault !== null}`,
      ]);
      if (nhcFault || jtwcFault) outcomes.globalStale += 1;
      const expectedSource = zjFault === null ? 'zj-live' : nmcFault === null ? 'nmc' : null;
      expect(result.source, `cycle ${cycle}: zj ${zjFault}, nmc ${nmcFault}`).toBe(expectedSource);

      const { status, body } = await liveList();
      expect(status).toBe(200);
      expect(
        body.data.list.map((t) => t.code),
        `cycle ${cycle}`,
      ).toEqual(['202699']);
      expect(body.data.stale).toBe(expectedSource === null);
      expect(body.data.upstream).toBe(expectedSource === null ? 'unavailable' : 'ok');
      expect(body.data.list[0]?.live.stale).toBe(expectedSource === null);

      const detail = await handleTyphoonLookup(new Request('http://localhost/api/v1/typhoons/202699'));
      expect(detail.status).toBe(200);
      if (expectedSource === 'zj-live') outcomes.zj += 1;
      else if (expectedSource === 'nmc') outcomes.nmc += 1;
      else outcomes.stale += 1;
    }
    // The seed exercises every path.
    expect(outcomes.zj).toBeGreaterThan(5);
    expect(outcomes.nmc).toBeGreaterThan(5);
    expect(outcomes.stale).toBeGreaterThan(5);
    expect(outcomes.globalStale).toBeGreaterThan(5);
  }, 120_000);
});

describe('Netlify Blobs adapter', () => {
  it('keeps snapshots in a Blobs store (real BlobsServer)', async () => {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-blobs-'));
    const token = 'test-token';
    const server = new BlobsServer({ directory, token });
    const { port } = await server.start();
    try {
      const store = blobStore(getStore({ name: 'live-production', siteID: 'test-site', token, apiURL: `http://127.0.0.1:${port}` }));
      expect(await store.get('snapshot')).toBeNull();
      const result = await refreshLive(upstreams, store, MOCK_NOW);
      expect(result.ok).toBe(true);
      expect((await readSnapshot(store))?.typhoons[0]?.code).toBe('202699');
      const other = blobStore(getStore({ name: 'live-deploy-preview', siteID: 'test-site', token, apiURL: `http://127.0.0.1:${port}` }));
      expect(await other.get('snapshot')).toBeNull();
    } finally {
      await server.stop();
      await fs.remove(directory);
    }
  });
});

describe('within Netlify limits', () => {
  // Every upstream request of a run takes its timeout and its retries from the run's deadline, and the client
  // honours a deadline (test/unit/upstream-client.test.ts): so a run ends in time whatever the upstreams do. What a
  // run with every upstream hanging takes on the clock is a benchmark figure (`npm run bench:limits`).
  it('gives every upstream request of a scheduled run the time left before its deadline, leaves none hanging, and the next answers say stale and why', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-deadline-'));
    const store = fileStore(dir);
    Object.assign(process.env, mockUpstreamEnv(mock), { TYPHOON_LIVE_DIR: dir });
    try {
      expect(
        (await runScheduledRefresh({ store, upstreams: mock.addresses, llm: null, clock: manualClock(), now: MOCK_NOW })).typhoons.ok,
      ).toBe(true);
      mock.setFault('timeout');
      // The clock stands still: 300 ms are left all along, and each attempt is given them instead of its 8 s (and
      // is not retried: a retry's wait would leave less than MIN_ATTEMPT_MS). Every hanging request is one real
      // 300 ms timeout over a socket, and some parts ask theirs one after another.
      const run = await runScheduledRefresh({
        store,
        upstreams: mock.addresses,
        llm: null,
        budgetMs: 300,
        clock: manualClock(),
        now: MOCK_NOW,
      });
      expect(run).toMatchObject({ typhoons: { ok: false }, global: { nhc: { ok: false }, jtwc: { ok: false } } });
      const errors = [...run.typhoons.errors, run.global.nhc.error, run.global.jtwc.error];
      expect(errors).toHaveLength(4); // zj, nmc, nhc, jtwc
      for (const error of errors) expect(error).toMatch(/: no answer within 300 ms$/);
      // Every request given up by the client (the mock sees its connection close just after).
      await vi.waitFor(() => expect(mock.hanging()).toBe(0), { timeout: 10_000 });
      const { body } = await liveList();
      expect(body.data).toMatchObject({ stale: true, upstream: 'unavailable', list: [{ code: '202699' }] });
      expect((body.data as unknown as { staleReason: string }).staleReason).toMatch(/upstream failed at the last refresh/);
    } finally {
      mock.setFault(null);
      process.env.TYPHOON_LIVE_DIR = liveDir;
      await fs.remove(dir);
    }
  });

  it('asks no upstream once the time of the run is used up', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-deadline-'));
    Object.assign(process.env, mockUpstreamEnv(mock));
    try {
      const asked = mock.requests();
      const run = await runScheduledRefresh({
        store: fileStore(dir),
        upstreams: mock.addresses,
        llm: null,
        budgetMs: MIN_ATTEMPT_MS - 1,
        clock: manualClock(),
      });
      expect(mock.requests()).toBe(asked);
      expect(run).toMatchObject({ typhoons: { ok: false }, global: { nhc: { ok: false }, jtwc: { ok: false } } });
      for (const error of [...run.typhoons.errors, run.global.nhc.error, run.global.jtwc.error])
        expect(error).toMatch(/not asked: the time for this run is used up$/);
    } finally {
      await fs.remove(dir);
    }
  });

  it(`answers a detail lookup that reaches a hanging upstream as 503 "could not ask", after one try of ${LOOKUP_TIMEOUT_MS} ms`, async () => {
    mock.setFault('timeout', 'zj');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const asked = mock.requests();
      const response = await handleTyphoonLookup(new Request('http://localhost/api/v1/typhoons/20260042'));
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: 50000, data: null });
      expect(mock.requests()).toBe(asked + 1);
      // One line per failed lookup, no stack trace.
      expect(logged).toHaveBeenCalledWith(
        expect.stringMatching(new RegExp(`could not be asked: .*no answer within ${LOOKUP_TIMEOUT_MS} ms$`)),
      );
      await vi.waitFor(() => expect(mock.hanging()).toBe(0), { timeout: 10_000 });
    } finally {
      logged.mockRestore();
      mock.setFault(null);
    }
  });

  it('shows a run the platform stopped half-way: stale, with the reason, and the next run records it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-stopped-'));
    const store = fileStore(dir);
    await refreshLive(upstreams, store, MOCK_NOW);
    const status = await readStatus(store);
    const twoMinutesAgo = toBeijingIso(new Date(MOCK_NOW.getTime() - 120_000));
    await writeStatus(store, { ...(status as RefreshStatus), runningSince: twoMinutesAgo });
    const view = await readLiveView(store, MOCK_NOW);
    expect(view).toMatchObject({ stale: true, upstream: 'unavailable', staleReason: expect.stringMatching(/stopped before it finished/) });
    const next = await refreshLive(upstreams, store, MOCK_NOW);
    expect(next).toMatchObject({ ok: true, previousRunStopped: true });
    expect(await readLiveView(store, MOCK_NOW)).toMatchObject({ stale: false, upstream: 'ok', staleReason: null });
    await fs.remove(dir);
  });

  it('uses one live store per deploy context, production when the context arrives empty', () => {
    const global = globalThis as { Netlify?: unknown };
    try {
      expect(readConfig({ NETLIFY: 'true', CONTEXT: 'deploy-preview' }).store).toEqual({ kind: 'blobs', context: 'deploy-preview' });
      expect(readConfig({ CONTEXT: '' }).store).toEqual({ kind: 'files', dir: null });
      global.Netlify = { context: { deploy: { context: '' } } };
      expect(deployContext(null)).toBe('production');
      expect(deployContext('deploy-preview')).toBe('deploy-preview');
      global.Netlify = { context: { deploy: { context: 'branch-deploy' } } };
      expect(deployContext('deploy-preview')).toBe('branch-deploy');
    } finally {
      delete global.Netlify;
    }
  });
});

describe('detail lookup of a code no static file answers (the fixture archive, a fixed clock)', () => {
  beforeAll(async () => {
    process.env.TYPHOON_PUBLIC_DIR = await fixtureSite(); // its archive holds 1945, 1949 and 2024
  }, 60_000);

  /** typhoon-lookup's detail handler with the clock at `iso`. */
  const lookupAt = (iso: string) =>
    serveFunction(
      [typhoonDetailMisses],
      () => readConfig(),
      () => new Date(iso),
    );
  const ask = async (iso: string, code: string) => {
    const response = await lookupAt(iso)(new Request(`http://localhost/api/v1/typhoons/${code}`));
    return {
      status: response.status,
      code: ((await response.json()) as { code: number }).code,
      asked: mock.requestedPaths().includes(`/zj/Api/TyphoonInfo/${code}`),
    };
  };

  it('answers a code of an archived season 40401 at once, by the Beijing calendar: the upstream is not asked', async () => {
    // 00:30 on 1 January 2026 in Beijing, still 2025 in UTC: 2024 is neither the current nor the last season.
    expect(await ask('2026-01-01T00:30:00+08:00', '202451')).toEqual({ status: 404, code: 40401, asked: false });
    expect(await ask('2040-07-01T00:00:00+08:00', '194951')).toEqual({ status: 404, code: 40401, asked: false });
    expect(await ask('2040-07-01T00:00:00+08:00', '190051')).toEqual({ status: 404, code: 40401, asked: false });
  });

  it('asks the upstream for the current and the last season, a season newer than the archive, and 8-digit ids', async () => {
    expect(await ask('2025-12-31T23:30:00+08:00', '202452')).toEqual({ status: 404, code: 40401, asked: true });
    expect(await ask('2024-08-01T00:00:00+08:00', '202453')).toEqual({ status: 404, code: 40401, asked: true });
    expect(await ask('2040-07-01T00:00:00+08:00', '202554')).toEqual({ status: 404, code: 40401, asked: true });
    expect(await ask('2040-07-01T00:00:00+08:00', '19490055')).toEqual({ status: 404, code: 40401, asked: true });
  });

  it('answers 503 only when the lookup fails, and logs one line for it, without a stack', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mock.setFault('5xx', 'zj');
    try {
      expect(await ask('2040-07-01T00:00:00+08:00', '202556')).toEqual({ status: 503, code: 50000, asked: true });
      expect(await ask('2040-07-01T00:00:00+08:00', '202457')).toEqual({ status: 404, code: 40401, asked: false });
      expect(logged).toHaveBeenCalledTimes(1);
      const line = String(logged.mock.calls[0]?.[0]);
      expect(line).toMatch(/^typhoon-lookup: 202556: the upstream could not be asked: .*HTTP 503$/);
      expect(line).not.toContain('\n');
    } finally {
      mock.setFault(null);
      logged.mockRestore();
    }
  });
});
