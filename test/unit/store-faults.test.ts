/**
 * Damage to the live store, of every kind measured (issue 11): truncated, empty, garbage or wrongly shaped
 * documents, a folder where a document should be, a deleted snapshot, an odd file name, the store folder replaced
 * by a file. After each, every live endpoint answers JSON without a 5xx (but "data unavailable", 503, for a global
 * cyclone whose record cannot be read), and the next scheduled run heals the store without dropping what was
 * stored (flash items, global points).
 *
 * Then both copies of a document damaged at once: the flash items, the announced state, a global cyclone (active,
 * and ended after its feed stopped listing it), the global index and status. Until the next run every sentence
 * stays true (no `upstream: ok` with a cyclone missing, no 404 for a listed cyclone, no `never-fetched` with
 * cyclones stored); the next run heals it; nothing published before the damage is missing after it.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnnounced } from '../../src/flash/announced.ts';
import { readFlash } from '../../src/flash/flash-store.ts';
import { readCyclone, readCycloneDocument } from '../../src/global/global-store.ts';
import type { FlashItem } from '../../src/model/flash-schemas.ts';
import type { GlobalCyclone } from '../../src/model/global-schemas.ts';
import { mockUpstreamEnv, OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { runScheduledRefresh } from '../../src/jobs/scheduled-run.ts';
import { readLiveView } from '../../src/live/snapshot.ts';
import { parseZjTime } from '../../src/upstream/zj-service.ts';
import { fileStore } from '../../src/store/store.ts';
import { manualClock } from '../helpers/clock.ts';
import { MOCK_NOW } from '../helpers/mock.ts';
import { apiFunction } from '../helpers/functions.ts';
import { captureLogs } from '../helpers/logs.ts';
import { fixtureSite } from '../helpers/fixture-site.ts';

/** The damage is logged as it is found: kept here, asserted where it tells what was damaged. */
const logs = captureLogs();
let mock: MockUpstream;
let root = '';
let populated = '';
let flashIds: string[] = [];
/** The global cyclones as published before any damage. */
let published: GlobalCyclone[] = [];
const saved = { ...process.env };

const FUNCTIONS = [
  'live-typhoons',
  'typhoon-lookup',
  'global-typhoons',
  'global-typhoon',
  'global-history',
  'seo-news',
  'flash-list',
  'flash-item',
  'llm-summary',
  'bootstrap',
] as const;
const handlers: Record<string, (req: Request) => Promise<Response>> = {};

const call = async (fn: string, url: string) => {
  const response = await (handlers[fn] as (req: Request) => Promise<Response>)(new Request(`http://localhost${url}`));
  return { status: response.status, body: JSON.parse(await response.text()) };
};

const requests = () =>
  [
    ['live-typhoons', '/api/typhoons'],
    ['live-typhoons', '/api/v1/typhoons'],
    ['typhoon-lookup', '/api/v1/typhoons/202699'],
    ['global-typhoons', '/api/global/typhoons'],
    ['global-typhoon', '/api/global/typhoons/nhc-al132025'],
    ['global-history', '/api/global/history'],
    ['seo-news', '/api/seo/news'],
    ['flash-list', '/api/v1/flash'],
    ['flash-item', `/api/v1/flash/${flashIds[0]}`],
    ['llm-summary', '/api/llm/summary'],
    ['bootstrap', '/api/v1/bootstrap'],
  ] as const;

// At the mock's moment: its storm current; its global cyclones (MELISSA 2025, ANGGREK 2024) past their agencies'
// publishing bounds, which their sources' staleReason says (and nothing else).
const run = (dir: string, now: Date = MOCK_NOW) =>
  runScheduledRefresh({ store: fileStore(dir), upstreams: mock.addresses, llm: null, clock: manualClock(), now });
const CYCLONES = ['jtwc-sh062024', 'nhc-al132025'];

beforeAll(async () => {
  // The project's own payloads, whatever the run is given (as store-documents.test.ts): a damaged store heals the same
  // whichever upstream answers a run replays, and the recorded samples (PAGASA's real bulletin, read with pdf.js in
  // every run) cost 0.1 s of CPU more per run, of which this file makes about 100. The recorded answers go through
  // the scheduled run in test/real-data (warnings-run, disturbances).
  mock = await startMockUpstream({ recordedDir: null, decksDir: null });
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-store-faults-'));
  Object.assign(process.env, mockUpstreamEnv(mock), { TYPHOON_PUBLIC_DIR: await fixtureSite() });
  for (const name of FUNCTIONS) handlers[name] = await apiFunction(name, () => MOCK_NOW);
  populated = path.join(root, 'populated');
  await run(populated);
  await run(populated);
  flashIds = (await readFlash(fileStore(populated))).map((item) => item.id);
  published = await Promise.all(CYCLONES.map(async (id) => (await readCyclone(fileStore(populated), id)) as GlobalCyclone));
}, 60_000);

afterAll(async () => {
  process.env = saved;
  await mock.close();
  await fs.remove(root);
});

const file = (dir: string, key: string) => path.join(dir, `${encodeURIComponent(key)}.json`);
/** A copy of a store folder to damage (node's cpSync: a third of the CPU of fs-extra's copy, 2 ms against 7). */
const copyStore = (from: string, to: string) => fs.cpSync(from, to, { recursive: true });
type Fault = (dir: string) => Promise<void>;
const onCopies =
  (key: string, damage: (file: string) => Promise<void>, copies: 'main' | 'both' = 'main'): Fault =>
  async (dir) => {
    for (const k of copies === 'both' ? [key, `backup/${key}`] : [key]) await damage(file(dir, k));
  };
const truncate = async (f: string) => fs.writeFile(f, (await fs.readFile(f, 'utf8')).slice(0, 40));
const empty = async (f: string) => fs.writeFile(f, '');
const garbage = async (f: string) => fs.writeFile(f, Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x22]));
const wrongShape = async (f: string) => fs.writeFile(f, JSON.stringify({ schemaVersion: 1, data: { typhoons: 'none', items: 3 } }));
const folder = async (f: string) => {
  await fs.remove(f);
  await fs.outputFile(path.join(f, 'inside.txt'), 'a folder where a document should be');
};
const deleted = async (f: string) => fs.remove(f);

const DOCUMENTS = [
  'snapshot',
  'status',
  'flash-items',
  'announced',
  'live-summary',
  'global-index',
  'global-status',
  'global/nhc-al132025',
];
const FAULTS: [string, Fault][] = [
  ...DOCUMENTS.flatMap(
    (key) =>
      [
        [`${key}: truncated`, onCopies(key, truncate)],
        [`${key}: empty`, onCopies(key, empty)],
        [`${key}: garbage bytes`, onCopies(key, garbage)],
        [`${key}: wrong shape`, onCopies(key, wrongShape)],
        [`${key}: a folder in its place`, onCopies(key, folder)],
      ] as [string, Fault][],
  ),
  ['snapshot: deleted', onCopies('snapshot', deleted)],
  ['snapshot: both copies garbage', onCopies('snapshot', garbage, 'both')],
  ['snapshot: both copies deleted', onCopies('snapshot', deleted, 'both')],
  ['status: both copies truncated', onCopies('status', truncate, 'both')],
  ['flash-items: both copies a folder', onCopies('flash-items', folder, 'both')],
  ['an odd file name in the store (global%2F%zz.json)', async (dir) => fs.writeFile(path.join(dir, 'global%2F%zz.json'), '{}')],
  [
    'the store folder replaced by a file',
    async (dir) => {
      await fs.remove(dir);
      await fs.writeFile(dir, 'not a folder');
    },
  ],
];

describe('live store faults', () => {
  it.each(FAULTS)('%s: no 5xx, JSON everywhere, healed by the next run, nothing stored is dropped', async (name, fault) => {
    const dir = path.join(root, `case-${FAULTS.findIndex(([n]) => n === name)}`);
    copyStore(populated, dir);
    await fault(dir);
    process.env.TYPHOON_LIVE_DIR = dir;

    for (const [fn, url] of requests()) {
      const response = await (handlers[fn] as (req: Request) => Promise<Response>)(new Request(`http://localhost${url}`));
      expect(response.headers.get('content-type'), url).toMatch(/^application\/json/);
      const body = JSON.parse(await response.text());
      // The one 503: a global cyclone whose record cannot be read, told as such.
      if (response.status === 503 && fn === 'global-typhoon') {
        expect((await readCycloneDocument(fileStore(dir), 'nhc-al132025')).state, name).not.toBe('ok');
        expect(body.error, name).toMatchObject({
          code: 50000,
          status: 503,
          message: expect.stringContaining('data unavailable, try again after the next refresh'),
        });
      } else expect(response.status, `${name}: ${url}`).toBeLessThan(500);
    }
    await expectGlobalHonest(name);
    // A damaged snapshot is never "no active storm, all ok".
    const view = await readLiveView(fileStore(dir), MOCK_NOW);
    expect(view.typhoons.length > 0 || view.upstream !== 'ok', name).toBe(true);
    // With the snapshot unreadable the summary and the briefing say the live data is unavailable, in both languages.
    if (view.upstream === 'unavailable' && view.fetchedAt === null) {
      const summary = (await (
        await (handlers['llm-summary'] as (req: Request) => Promise<Response>)(new Request('http://localhost/api/llm/summary'))
      ).json()) as { summary: string; summaryEn: string };
      const bootstrap = (await (
        await (handlers.bootstrap as (req: Request) => Promise<Response>)(new Request('http://localhost/api/v1/bootstrap'))
      ).json()) as { data: { briefing: unknown } };
      const unavailable = {
        text: '实时台风数据暂不可用：已存储的数据无法读取。',
        textEn: 'Live typhoon data is unavailable: the stored data cannot be read.',
      };
      expect({ text: summary.summary, textEn: summary.summaryEn }, name).toEqual(unavailable);
      expect(bootstrap.data.briefing, name).toMatchObject(unavailable);
    }

    const result = await run(dir);
    expect(result.typhoons.ok, name).toBe(true);
    const healed = await readLiveView(fileStore(dir), MOCK_NOW);
    expect(healed).toMatchObject({ upstream: 'ok', stale: false, typhoons: [{ code: '202699' }] });
    // Unless the fault itself destroyed every copy (the store folder replaced by a file), nothing that was stored
    // is missing after the run.
    if (!name.startsWith('the store folder')) await expectNothingLost(dir, name);
    await expectGlobalHonest(`${name}, healed`);
    // What a fault touched is set aside, never deleted.
    if (/truncated|garbage|wrong shape|in its place|a folder$/.test(name))
      expect(
        (await fs.readdir(dir)).some((f) => f.startsWith('quarantine')),
        name,
      ).toBe(true);
    if (name.startsWith('the store folder'))
      expect((await fs.readdir(root)).some((f) => f.startsWith(`${path.basename(dir)}.not-a-folder-`))).toBe(true);
  });
});

type Listed = { id: string; source: 'nhc' | 'jtwc' };

/**
 * Every sentence of the global endpoints is true of what was published: a source says `ok` only with each of its
 * active cyclones listed, `never-fetched` only with nothing stored, `unavailable` with a reason; a cyclone listed
 * anywhere is never "not found" (its record, or "data unavailable" while the record cannot be read).
 */
async function expectGlobalHonest(name: string, active: readonly string[] = CYCLONES) {
  const list = await call('global-typhoons', '/api/global/typhoons');
  const history = await call('global-history', '/api/global/history');
  expect([list.status, history.status], name).toEqual([200, 200]);
  for (const source of ['nhc', 'jtwc'] as const) {
    const state = list.body.sources[source];
    const listed = list.body.typhoons.filter((t: Listed) => t.source === source).map((t: Listed) => t.id);
    if (state.upstream === 'ok') expect(listed, `${name}: ${source} says ok`).toEqual(active.filter((id) => id.startsWith(`${source}-`)));
    if (state.upstream === 'never-fetched')
      expect([...list.body.typhoons, ...history.body.typhoons], `${name}: ${source} says never-fetched`).toEqual([]);
    if (state.upstream === 'unavailable') expect(state, name).toMatchObject({ stale: true, staleReason: expect.stringMatching(/\S/) });
  }
  for (const id of new Set([...list.body.typhoons, ...history.body.typhoons].map((t: Listed) => t.id))) {
    const detail = await call('global-typhoon', `/api/global/typhoons/${id}`);
    if (detail.status !== 200) {
      expect(detail, `${name}: ${id}`).toMatchObject({
        status: 503,
        body: { error: { code: 50000, message: expect.stringContaining('data unavailable, try again after the next refresh') } },
      });
    }
  }
}

/** Every flash item, and every point (time and place) of every global cyclone, published before the damage is there. */
async function expectNothingLost(dir: string, name: string) {
  const store = fileStore(dir);
  expect(
    (await readFlash(store)).map((item) => item.id),
    name,
  ).toEqual(expect.arrayContaining(flashIds));
  for (const before of published) {
    const after = new Map((await readCyclone(store, before.id))?.points.map((p) => [p.time, [p.lat, p.lng]]));
    expect(
      before.points.map((p) => [p.time, after.get(p.time)]),
      `${name}: ${before.id}`,
    ).toEqual(before.points.map((p) => [p.time, [p.lat, p.lng]]));
  }
}

const sourceOf = (id: string) => id.slice(0, id.indexOf('-')) as 'nhc' | 'jtwc';
/** The one reason the mock's global sources are stale at its moment: their cyclones are old. */
const SILENT = expect.stringMatching(/^the upstream has published nothing new since \d{4}-\d\d-\d\dT[\d:]+Z$/);
const flashIdsOf = async (dir: string) => (await readFlash(fileStore(dir))).map((item) => item.id).sort();
/** Both copies of a document read again as JSON files (not damaged, not a folder). */
const expectHealed = async (dir: string, key: string) => {
  for (const copy of [key, `backup/${key}`])
    expect(JSON.parse(await fs.readFile(file(dir, copy), 'utf8')), copy).toHaveProperty('schemaVersion');
};

const BOTH_KINDS: [string, (f: string) => Promise<void>][] = [
  ['truncated', truncate],
  ['empty', empty],
  ['garbage bytes', garbage],
  ['wrong shape', wrongShape],
  ['a folder in its place', folder],
  ['deleted', deleted],
];
const BOTH_KEYS = ['flash-items', 'announced', 'global/nhc-al132025', 'global/jtwc-sh062024', 'global-index', 'global-status'];

describe('both copies of a document damaged', () => {
  /**
   * The flash items of a store that was never damaged, after the same run: a copy of the populated store run at the
   * same moment against the same upstream, the same for every case (made once, not once per case).
   */
  let intactItems: string[] = [];
  beforeAll(async () => {
    const intact = path.join(root, 'both-intact');
    copyStore(populated, intact);
    await run(intact);
    intactItems = await flashIdsOf(intact);
  });

  it.each(BOTH_KEYS.flatMap((key) => BOTH_KINDS.map(([kind, damage]) => [key, kind, damage] as const)))(
    '%s, %s: told as damaged, healed by the next run, the same items as without the damage, nothing published lost',
    async (key, kind, damage) => {
      const name = `${key} (both copies ${kind})`;
      const dir = path.join(root, `both-${key.replace('/', '_')}-${kind.replace(/ /g, '-')}`);
      copyStore(populated, dir);
      await onCopies(key, damage, 'both')(dir);
      process.env.TYPHOON_LIVE_DIR = dir;

      await expectGlobalHonest(name);
      const list = await call('global-typhoons', '/api/global/typhoons');
      if (key.startsWith('global/')) {
        const id = key.slice('global/'.length);
        expect(list.body.sources[sourceOf(id)], name).toMatchObject({
          upstream: 'unavailable',
          stale: true,
          staleReason: expect.stringMatching(new RegExp(`^the stored record of ${id} cannot be read; the next refresh restores it(; |$)`)),
        });
        expect(
          list.body.typhoons.map((t: Listed) => t.id),
          name,
        ).toEqual(CYCLONES.filter((c) => c !== id));
        expect((await call('global-history', '/api/global/history')).body.typhoons.map((t: Listed) => t.id).sort(), name).toEqual(CYCLONES);
        expect((await call('global-typhoon', `/api/global/typhoons/${id}`)).status, name).toBe(503);
      }
      if (key === 'global-status') {
        for (const source of ['nhc', 'jtwc']) {
          expect(list.body.sources[source], name).toMatchObject({
            upstream: 'unavailable',
            stale: true,
            staleReason: expect.stringMatching(
              /^the stored refresh status (cannot be read|is missing); the next refresh restores it(; the upstream has published nothing new since \S+)?$/,
            ),
          });
        }
        expect(list.body.typhoons.map((t: Listed & { stale: boolean }) => [t.id, t.stale]).sort(), name).toEqual(
          CYCLONES.map((id) => [id, true]),
        );
      }
      // The items are read back from their own documents until the next run writes the list again.
      if (key === 'flash-items') {
        expect(await flashIdsOf(dir), name).toEqual([...flashIds].sort());
        expect((await call('flash-item', `/api/v1/flash/${flashIds[0]}`)).status, name).toBe(200);
      }

      const result = await run(dir);
      expect(result.global.restored, name).toEqual(key.startsWith('global/') ? [key.slice('global/'.length)] : []);
      await expectHealed(dir, key);
      await expectGlobalHonest(`${name}, healed`);
      expect((await call('global-typhoons', '/api/global/typhoons')).body.sources, name).toMatchObject({
        nhc: { upstream: 'ok' },
        jtwc: { upstream: 'ok' },
      });
      await expectNothingLost(dir, name);
      // Neither lost nor repeated nor invented: the items of a store that was never damaged.
      expect(await flashIdsOf(dir), name).toEqual(intactItems);
      // The damage was logged, naming the document (a missing one is not damage: the answers tell it).
      if (kind !== 'deleted') expect(logs.lines().join('\n'), name).toContain(`${key}: `);
    },
  );
});

describe('the global status lost (both copies), then a feed failing', () => {
  it('never says never-fetched with cyclones stored: the source is unavailable until a refresh of it succeeds', async () => {
    const dir = path.join(root, 'status-lost-feed-down');
    copyStore(populated, dir);
    await onCopies('global-status', garbage, 'both')(dir);
    process.env.TYPHOON_LIVE_DIR = dir;
    mock.setFault('5xx', 'nhc');
    try {
      expect((await run(dir)).global.nhc.ok).toBe(false);
    } finally {
      mock.setFault(null);
    }
    await expectGlobalHonest('status lost, nhc down');
    const { body } = await call('global-typhoons', '/api/global/typhoons');
    expect(body.sources.nhc).toMatchObject({
      upstream: 'unavailable',
      stale: true,
      staleReason: expect.stringMatching(
        /^no successful refresh of nhc is recorded although its cyclones are stored; the next refresh restores it(; the upstream has published nothing new since \S+)?$/,
      ),
    });
    expect(body.sources.jtwc).toMatchObject({ upstream: 'ok', staleReason: SILENT });
    expect(body.typhoons.find((t: Listed & { stale: boolean }) => t.id === 'nhc-al132025')).toMatchObject({ stale: true });
    await run(dir);
    expect((await call('global-typhoons', '/api/global/typhoons')).body.sources.nhc).toMatchObject({ upstream: 'ok', staleReason: SILENT });
  });
});

describe("the announced state lost (both copies) during a storm's life", () => {
  const DEMO = path.join(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json');
  type RawInfo = { points: { time: string }[]; land: unknown[] };
  afterAll(async () => mock.setPayload('zj/TyphoonInfo/202699', await fs.readFile(DEMO, 'utf8')));

  it('neither loses nor repeats an item nor announces what did not happen: the items of a store without the damage', async () => {
    const info = (await fs.readJson(DEMO)) as RawInfo;
    const intact = path.join(root, 'life-intact');
    const damaged = path.join(root, 'life-damaged');
    // The demo storm with its first k+1 points (its landfall with all of them), run in both stores at its time.
    const stage = async (k: number) => {
      mock.setPayload(
        'zj/TyphoonInfo/202699',
        JSON.stringify({ ...info, points: info.points.slice(0, k + 1), land: k === info.points.length - 1 ? info.land : [] }),
      );
      const at = new Date(parseZjTime((info.points[k] as { time: string }).time).getTime() + 1_800_000);
      await Promise.all([run(intact, at), run(damaged, at)]);
      const items = await readFlash(fileStore(damaged));
      expect(items, `after point ${k}`).toEqual(await readFlash(fileStore(intact)));
      expect(new Set(items.map((i: FlashItem) => `${i.type} ${i.code} ${i.time}`)).size, `after point ${k}`).toBe(items.length);
      return items;
    };
    await stage(1);
    await stage(3);
    await onCopies('announced', garbage, 'both')(damaged);
    const afterGrowth = await stage(5);
    expect(
      afterGrowth.map((i) => i.type),
      'upgrades and the 48-hour line were announced',
    ).toEqual(expect.arrayContaining(['upgraded', 'warning-48h']));
    expect((await readAnnounced(fileStore(damaged))).state).toBe('ok');
    // Both copies of the items lost too, at once.
    await onCopies('announced', deleted, 'both')(damaged);
    await onCopies('flash-items', folder, 'both')(damaged);
    const atEnd = await stage(info.points.length - 1);
    expect(
      atEnd.map((i) => i.type),
      'the landfall was announced',
    ).toContain('landfall');
  });
});

describe('both copies of an ended cyclone damaged, its feed no longer listing it', () => {
  let ended = '';
  const own = (file: string) => fs.readFile(path.join(OWN_PAYLOADS, file), 'utf8');
  beforeAll(async () => {
    ended = path.join(root, 'ended');
    copyStore(populated, ended);
    mock.setPayload('nhc/CurrentStorms', '{"activeStorms":[]}');
    mock.setPayload('jtwc/rss', (await own('jtwc/jtwc.rss')).replace(/<item>\s*<title>Current Southern Hemisphere[\s\S]*?<\/item>\s*/, ''));
    await run(ended);
    for (const id of CYCLONES) expect(await readCyclone(fileStore(ended), id), id).toMatchObject({ isActive: false });
    // NHC has moved the season's b-deck to its archive: only archive/<year>/ has it now.
    mock.setPayload('nhc/btk/bal132025', null);
  });
  afterAll(async () => {
    mock.setFault(null);
    mock.setPayload('nhc/CurrentStorms', await own('nhc/CurrentStorms.json'));
    mock.setPayload('jtwc/rss', await own('jtwc/jtwc.rss'));
    mock.setPayload('nhc/btk/bal132025', await own('nhc/bal132025.dat'));
  });

  /** The restored record: every point published, ended, its name; what only the lost record held is stated as unknown. */
  const expectRestored = async (dir: string, id: string, name: string) => {
    const detail = await call('global-typhoon', `/api/global/typhoons/${id}`);
    const before = published.find((c) => c.id === id) as GlobalCyclone;
    expect(detail.status, name).toBe(200);
    expect(detail.body.typhoon, name).toMatchObject({
      id,
      isActive: false,
      stale: false,
      enname: before.enname,
      name: before.name,
      firstSeenAt: null,
      lastSeenAt: null,
      forecasts: {},
    });
    await expectHealed(dir, `global/${id}`);
  };

  it.each(CYCLONES.flatMap((id) => BOTH_KINDS.map(([kind, damage]) => [id, kind, damage] as const)))(
    "%s, %s: restored from the upstream's archive",
    async (id, kind, damage) => {
      const name = `ended ${id} (both copies ${kind})`;
      const dir = path.join(root, `ended-${id}-${kind.replace(/ /g, '-')}`);
      copyStore(ended, dir);
      await onCopies(`global/${id}`, damage, 'both')(dir);
      process.env.TYPHOON_LIVE_DIR = dir;
      // Nothing active is missing (the index knows it ended): the list is complete; its detail is unavailable.
      await expectGlobalHonest(name, []);
      expect((await call('global-typhoon', `/api/global/typhoons/${id}`)).status, name).toBe(503);

      expect((await run(dir)).global, name).toMatchObject({ restored: [id], unrestored: [] });
      await expectGlobalHonest(`${name}, healed`, []);
      await expectRestored(dir, id, name);
      await expectNothingLost(dir, name);
    },
  );

  it('an archive that cannot be asked leaves it told as unavailable, and a later run restores it', async () => {
    const dir = path.join(root, 'ended-archive-down');
    copyStore(ended, dir);
    await onCopies('global/jtwc-sh062024', garbage, 'both')(dir);
    process.env.TYPHOON_LIVE_DIR = dir;
    mock.setFault('5xx', 'ucar');
    expect((await run(dir)).global, 'archive down').toMatchObject({
      restored: [],
      unrestored: [{ id: 'jtwc-sh062024', error: expect.stringContaining('/ucar/bdecks_open/2024/bsh062024.dat') }],
    });
    await expectGlobalHonest('archive down', []);
    expect((await call('global-typhoon', '/api/global/typhoons/jtwc-sh062024')).status).toBe(503);
    mock.setFault(null);
    expect((await run(dir)).global).toMatchObject({ restored: ['jtwc-sh062024'], unrestored: [] });
    await expectRestored(dir, 'jtwc-sh062024', 'archive back');
    await expectNothingLost(dir, 'archive back');
  });

  it('with the index lost too, the list says what it cannot know, and the run restores both', async () => {
    const dir = path.join(root, 'ended-index-too');
    copyStore(ended, dir);
    for (const key of ['global-index', ...CYCLONES.map((id) => `global/${id}`)]) await onCopies(key, garbage, 'both')(dir);
    process.env.TYPHOON_LIVE_DIR = dir;
    // Nothing says whether they were active: both sources are unavailable, naming the records.
    await expectGlobalHonest('index lost');
    const list = await call('global-typhoons', '/api/global/typhoons');
    for (const id of CYCLONES)
      expect(list.body.sources[sourceOf(id)].staleReason).toMatch(
        new RegExp(`^the stored record of ${id} cannot be read; the next refresh restores it(; |$)`),
      );
    for (const id of CYCLONES) expect((await call('global-typhoon', `/api/global/typhoons/${id}`)).status).toBe(503);

    expect((await run(dir)).global).toMatchObject({ restored: CYCLONES, unrestored: [] });
    for (const id of CYCLONES) await expectRestored(dir, id, 'index lost');
    await expectNothingLost(dir, 'index lost');
    expect((await call('global-history', '/api/global/history')).body.typhoons.map((t: Listed) => t.id).sort()).toEqual(CYCLONES);
  });
});
