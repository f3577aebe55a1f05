/**
 * Fresh within minutes: the poll plan (pure, with the time given), the paced run against the mock upstream (what it
 * asks, conditionally, and when), the cache tags of live answers, and the purge through a stand-in for Netlify's
 * purge API on loopback.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_POLICIES, cacheTagHeader } from '../../src/api/cache-policy.ts';
import { ROUTES, type Resource } from '../../src/api/route-table.ts';
import {
  ACTIVE_PACE_MS,
  IDLE_PACE_MS,
  NO_POLLS,
  planPolls,
  WARNING_ACTIVE_PACE_MS,
  warningAgenciesNearStorms,
  readPollInputs,
  type ActivityCheck,
  type PollState,
} from '../../src/jobs/poll-plan.ts';
import { netlifyPurge, purgeTags } from '../../src/jobs/purge.ts';
import { WARNING_AGENCIES } from '../../src/model/warning-schemas.ts';
import { runPacedRefresh } from '../../src/jobs/scheduled-run.ts';
import { readLiveView, readSnapshot } from '../../src/live/snapshot.ts';
import { fileStore, type KeyValueStore } from '../../src/store/store.ts';
import { manualClock, noWait } from '../helpers/clock.ts';
import { OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { captureLogs } from '../helpers/logs.ts';

/** A failed purge is logged: kept here, asserted. */
const logs = captureLogs();

// The mock's moment and an hour later: its storm current, its next position (03:00 Beijing) already released.
const T0 = new Date('2026-08-22T19:30:00Z');
const at = (minutes: number, seconds = 0) => new Date(T0.getTime() + minutes * 60_000 + seconds * 1000);
const polled = (minutes: number): PollState => ({
  nwPacific: { lastPollAt: at(minutes).toISOString(), lastFullAt: at(minutes).toISOString(), changed: false },
  global: { lastPollAt: at(minutes).toISOString() },
  warnings: Object.fromEntries(WARNING_AGENCIES.map((a) => [a, { lastPollAt: at(minutes).toISOString() }])) as PollState['warnings'],
});

describe('the poll plan', () => {
  it('polls everything in full when nothing was ever polled', () => {
    expect(planPolls({ state: NO_POLLS, active: [], warningsNear: [] }, T0)).toEqual({
      nwPacific: 'full',
      global: true,
      warnings: ['hko', 'jma', 'pagasa'],
      reasons: [],
    });
  });

  it('keeps the 15-minute pace while nothing is active', () => {
    const state = polled(0);
    for (const minute of [1, 3, 5, 14])
      expect(planPolls({ state, active: [], warningsNear: [] }, at(minute))).toMatchObject({ nwPacific: null, global: false });
    expect(planPolls({ state, active: [], warningsNear: [] }, at(15))).toEqual({
      nwPacific: 'full',
      global: true,
      warnings: ['hko', 'jma', 'pagasa'],
      reasons: [],
    });
    expect(IDLE_PACE_MS).toBe(15 * 60_000);
  });

  it('polls the north-western Pacific every minute while a storm is active, in full every 15, the global sources every 15', () => {
    const state = polled(0);
    expect(planPolls({ state, active: ['storm'], warningsNear: [] }, at(0, 20))).toMatchObject({ nwPacific: null, global: false });
    expect(planPolls({ state, active: ['storm'], warningsNear: [] }, at(1))).toEqual({
      nwPacific: 'changes',
      global: false,
      warnings: [],
      reasons: ['storm'],
    });
    const later: PollState = { ...state, nwPacific: { ...state.nwPacific, lastPollAt: at(14).toISOString() } };
    expect(planPolls({ state: later, active: ['storm'], warningsNear: [] }, at(15))).toEqual({
      nwPacific: 'full',
      global: true,
      warnings: ['hko', 'jma', 'pagasa'],
      reasons: ['storm'],
    });
    expect(ACTIVE_PACE_MS).toBe(60_000);
  });

  it('keeps the fast pace one more poll after a change, with nothing active', () => {
    const state: PollState = { ...polled(0), nwPacific: { ...polled(0).nwPacific, changed: true } };
    expect(planPolls({ state, active: [], warningsNear: [] }, at(1))).toMatchObject({ nwPacific: 'changes', reasons: ['changed'] });
  });

  it('polls a warning agency every 5 minutes while a storm is within 1,000 km of its region, every 15 otherwise', () => {
    const state = polled(0);
    expect(planPolls({ state, active: ['storm'], warningsNear: ['jma', 'pagasa'] }, at(4)).warnings).toEqual([]);
    expect(planPolls({ state, active: ['storm'], warningsNear: ['jma', 'pagasa'] }, at(5)).warnings).toEqual(['jma', 'pagasa']);
    expect(planPolls({ state, active: ['storm'], warningsNear: ['jma', 'pagasa'] }, at(14)).warnings).toEqual(['jma', 'pagasa']);
    expect(planPolls({ state, active: ['storm'], warningsNear: ['jma', 'pagasa'] }, at(15)).warnings).toEqual(['hko', 'jma', 'pagasa']);
    expect(WARNING_ACTIVE_PACE_MS).toBe(5 * 60_000);
  });

  it('takes a start a few seconds early as due (the schedule ticks every minute)', () => {
    expect(planPolls({ state: polled(0), active: ['storm'], warningsNear: [] }, at(0, 50)).nwPacific).toBe('changes');
    expect(planPolls({ state: polled(0), active: [], warningsNear: [] }, at(14, 50)).nwPacific).toBe('full');
  });
});

describe('the paced run', () => {
  let mock: MockUpstream;
  let root: string;
  let store: KeyValueStore;
  const clock = manualClock();
  const infoFile = path.join(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json');
  const activityFile = path.join(OWN_PAYLOADS, 'zj', 'TyhoonActivity.json');
  // An upstream's retries do not wait (on the machine's timers or any other).
  const run = (now: Date) => runPacedRefresh({ store, upstreams: mock.addresses, llm: null, clock, sleep: noWait, now });
  /** A quiet season: the Pacific advisory lists no invest (its 94W and 97W would keep the fast pace). */
  const quietPacific = () =>
    mock.setPayload('jtwc/products/abpwweb.txt', fs.readFileSync(path.join(OWN_PAYLOADS, 'jtwc', 'own-abpw-nothing.txt'), 'utf8'));
  const restorePacific = () =>
    mock.setPayload('jtwc/products/abpwweb.txt', fs.readFileSync(path.join(OWN_PAYLOADS, 'jtwc', 'abpwweb.2026-08-22T0800Z.txt'), 'utf8'));
  const asked = (from: number) => mock.requestedPaths().slice(from);

  beforeAll(async () => {
    mock = await startMockUpstream({ recordedDir: null, decksDir: null });
  });
  afterAll(() => mock.close());
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-freshness-'));
    store = fileStore(root);
  });
  afterEach(() => fs.remove(root));

  it('asks nothing when nothing is due, and only the Zhejiang list while the storm has no new position', async () => {
    const first = await run(T0);
    expect(first.polled.nwPacific).toBe('full');
    expect(first.typhoons?.ok).toBe(true);
    const n = mock.requests();
    expect((await run(at(0, 20))).typhoons).toBeNull();
    expect(mock.requests()).toBe(n);
    const quiet = await run(at(1));
    // The first run changed the answers (from none), so the fast pace has three reasons at first: the storm, the
    // mock's north-western Pacific invests (94W, 97W), the change.
    expect(quiet.polled).toEqual({ nwPacific: 'changes', global: false, warnings: [], reasons: ['storm', 'disturbance', 'changed'] });
    expect(asked(n)).toEqual(['/zj/Api/TyhoonActivity']);
    expect(mock.notModified()).toBeGreaterThanOrEqual(1); // the list, asked with its ETag
    expect(quiet.purge.tags).not.toContain('live');
  });

  it('finds the warning agencies the storm is near: the demo storm east of Luzon is within 1,000 km of Japan and the Philippines, not of Hong Kong', async () => {
    await run(T0);
    expect(await warningAgenciesNearStorms(store)).toEqual(['jma', 'pagasa']);
  });

  it('fetches a storm whose list entry shows a new position, and purges the live answers', async () => {
    await run(T0);
    const info = JSON.parse(await fs.readFile(infoFile, 'utf8'));
    const last = info.points.at(-1);
    info.points.push({ ...last, time: '2026/8/23 3:00:00', lat: '20.9', lng: '123.6', forecast: null });
    const activity = JSON.parse(await fs.readFile(activityFile, 'utf8'));
    activity[0].time = '2026-08-23 03:00:00';
    mock.setPayload('zj/TyphoonInfo/202699', JSON.stringify(info));
    mock.setPayload('zj/TyhoonActivity', JSON.stringify(activity));
    try {
      const n = mock.requests();
      const next = await run(at(1));
      expect(asked(n)).toEqual(['/zj/Api/TyhoonActivity', '/zj/Api/TyphoonInfo/202699']);
      expect(next.purge.tags).toContain('live');
      const view = await readLiveView(store, at(1));
      expect(view.typhoons[0]?.live?.publishedAt).toBe('2026-08-23T03:00:00+08:00');
      expect(view.publishedAt).toBe('2026-08-23T03:00:00+08:00');
    } finally {
      mock.setPayload('zj/TyphoonInfo/202699', await fs.readFile(infoFile, 'utf8'));
      mock.setPayload('zj/TyhoonActivity', await fs.readFile(activityFile, 'utf8'));
    }
  });

  it('asks each upstream no more often in an idle hour than the 15-minute schedule did', async () => {
    quietPacific();
    mock.setPayload('zj/TyhoonActivity', '[]');
    mock.setPayload('nmc/list_default', 'typhoon_jsons_list_default(({"typhoonList":[]}))');
    try {
      // A first run changes the answers (from none) and is followed by one fast poll: the hour measured comes after.
      for (let minute = -30; minute < 0; minute += 1) await run(at(minute));
      const n = mock.requests();
      for (let minute = 0; minute < 60; minute += 1) await run(at(minute));
      const paths = asked(n);
      expect(paths.filter((p) => p === '/zj/Api/TyhoonActivity')).toHaveLength(4);
      expect(paths.filter((p) => p === '/nmc/list_default')).toHaveLength(4);
      expect(paths.filter((p) => p === '/nhc/CurrentStorms.json')).toHaveLength(4);
    } finally {
      mock.setPayload('zj/TyhoonActivity', await fs.readFile(activityFile, 'utf8'));
      mock.setPayload('nmc/list_default', await fs.readFile(path.join(OWN_PAYLOADS, 'nmc', 'list_default.jsonp'), 'utf8'));
      restorePacific();
    }
  });

  it('asks the Zhejiang list at most 60 times in an active hour, the details only on a change, NMC 4 times', async () => {
    await run(at(-15));
    const n = mock.requests();
    for (let minute = 0; minute < 60; minute += 1) await run(at(minute));
    const paths = asked(n);
    expect(paths.filter((p) => p === '/zj/Api/TyhoonActivity')).toHaveLength(60);
    // No new position in the hour: the details only at the full polls, as NMC's list and views.
    expect(paths.filter((p) => p === '/zj/Api/TyphoonInfo/202699')).toHaveLength(4);
    expect(paths.filter((p) => p === '/nmc/list_default')).toHaveLength(4);
    expect(paths.filter((p) => p === '/nhc/CurrentStorms.json')).toHaveLength(4);
  });

  it('keeps the idle pace while the services fail: a failure changes the answers, not the storms', async () => {
    quietPacific();
    mock.setPayload('zj/TyhoonActivity', '[]');
    try {
      await run(at(-15));
      mock.setFault('5xx', 'zj');
      mock.setFault('5xx', 'nmc');
      const polls: string[] = [];
      for (let minute = 0; minute < 60; minute += 1) {
        const result = await run(at(minute));
        if (result.typhoons) polls.push(`${minute} ${result.typhoons.ok} ${result.purge.tags.includes('live')}`);
      }
      expect(polls).toEqual(['0 false true', '15 false true', '30 false true', '45 false true']);
    } finally {
      mock.setFault(null);
      mock.setPayload('zj/TyhoonActivity', await fs.readFile(activityFile, 'utf8'));
      restorePacific();
    }
  });

  it("reads a snapshot written before publishedAt with each storm's latest point time", async () => {
    await run(T0);
    const written = JSON.parse((await store.get('snapshot')) as string);
    const storm = written.data.typhoons[0];
    const { publishedAt, ...older } = storm.live;
    expect(publishedAt).toBe('2026-08-23T02:00:00+08:00');
    await store.set('snapshot', JSON.stringify({ schemaVersion: 3, data: { ...written.data, typhoons: [{ ...storm, live: older }] } }));
    expect((await readSnapshot(store))?.typhoons[0]?.live?.publishedAt).toBe(publishedAt);
  });

  it('takes any check of ACTIVITY_CHECKS as a reason for the fast pace', async () => {
    const disturbance: ActivityCheck = { name: 'disturbance', isActive: async () => true };
    const inputs = await readPollInputs(store, T0, [disturbance]);
    expect(inputs.active).toEqual(['disturbance']);
    expect(planPolls({ ...inputs, state: polled(0) }, at(1)).nwPacific).toBe('changes');
  });
});

describe('cache tags and purging', () => {
  it('tags every live route (its tags in the route table; the type admits only known tags)', () => {
    const routes: readonly Resource[] = Object.values(ROUTES);
    for (const route of routes) if (route.cache === 'live') expect(route.tags?.length, route.id).toBeGreaterThan(0);
    expect(cacheTagHeader(ROUTES['live-typhoons'].tags)).toEqual({ 'Netlify-Cache-Tag': 'live,warnings' });
    expect(cacheTagHeader((ROUTES['history-years'] as Resource).tags)).toEqual({});
  });

  it('keeps no live answer at the CDN longer than six minutes, should a purge fail', () => {
    const cdn = CACHE_POLICIES.live.cdn;
    const seconds = [...cdn.matchAll(/(?:s-maxage|stale-while-revalidate)=(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(seconds).toBeLessThanOrEqual(360);
  });

  let server: http.Server;
  let apiURL: string;
  let status = 200;
  const received: { url?: string; auth?: string; body: unknown }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => {
        received.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(text) });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("purges exactly the changed tags through Netlify's purge API", async () => {
    received.length = 0;
    status = 200;
    const outcome = await purgeTags(netlifyPurge({ apiURL, token: 'test-token', siteID: 'site-1' }), ['live', 'flash']);
    expect(outcome).toEqual({ tags: ['live', 'flash'], error: null });
    expect(received).toEqual([
      { url: '/api/v1/purge', auth: 'Bearer test-token', body: { cache_tags: ['live', 'flash'], site_id: 'site-1' } },
    ]);
  });

  it('asks nothing when nothing changed', async () => {
    received.length = 0;
    expect(await purgeTags(netlifyPurge({ apiURL, token: 't', siteID: 's' }), [])).toEqual({ tags: [], error: null });
    expect(received).toEqual([]);
  });

  it('reports a failed purge instead of failing the run', async () => {
    status = 500;
    const outcome = await purgeTags(netlifyPurge({ apiURL, token: 't', siteID: 's' }), ['global']);
    expect(outcome.error).toMatch(/purge of global failed.*500/);
    expect(logs.lines()).toEqual([expect.stringMatching(/^purge of global failed/)]);
  });
});
