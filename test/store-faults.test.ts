/**
 * Damage to the live store, of every kind measured (issue 11): truncated, empty, garbage or wrongly shaped
 * documents, a folder where a document should be, a deleted snapshot, an odd file name, the store folder replaced
 * by a file. After each, every live endpoint answers JSON without a 5xx, and the next scheduled run heals the store
 * without dropping what was stored (flash items, global points).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../build/build-site.ts';
import { readFlash } from '../src/flash/flash-store.ts';
import { readCyclone } from '../src/global/global-store.ts';
import { mockUpstreamEnv, startMockUpstream, type MockUpstream } from './helpers/mock-upstream.ts';
import { runScheduledRefresh } from '../src/live/scheduled-run.ts';
import { readLiveView } from '../src/live/snapshot.ts';
import { fileStore } from '../src/live/store.ts';
import { FIXTURE_SOURCES } from './helpers/sources.ts';
import { manualClock } from './helpers/clock.ts';

let mock: MockUpstream;
let root = '';
let populated = '';
let flashIds: string[] = [];
let cyclonePoints = 0;
const saved = { ...process.env };

const FUNCTIONS = ['live-typhoons', 'typhoon-lookup', 'global-typhoons', 'global-typhoon', 'global-history', 'seo-news', 'flash-list', 'flash-item', 'llm-summary', 'bootstrap'] as const;
const handlers: Record<string, (req: Request) => Promise<Response>> = {};

const requests = () => [
  ['live-typhoons', '/api/typhoons'], ['live-typhoons', '/api/v1/typhoons'], ['typhoon-lookup', '/api/v1/typhoons/202699'],
  ['global-typhoons', '/api/global/typhoons'], ['global-typhoon', '/api/global/typhoons/nhc-al132025'], ['global-history', '/api/global/history'],
  ['seo-news', '/api/seo/news'], ['flash-list', '/api/v1/flash'], ['flash-item', `/api/v1/flash/${flashIds[0]}`], ['llm-summary', '/api/llm/summary'],
  ['bootstrap', '/api/v1/bootstrap'],
] as const;

const run = (dir: string) => runScheduledRefresh({ store: fileStore(dir), llm: null, clock: manualClock() });

beforeAll(async () => {
  mock = await startMockUpstream();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-store-faults-'));
  const publicDir = path.join(root, 'public');
  await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, force: true });
  Object.assign(process.env, mockUpstreamEnv(mock), { TYPHOON_PUBLIC_DIR: publicDir });
  for (const name of FUNCTIONS) handlers[name] = (await import(`../functions/${name}.ts`)).default;
  populated = path.join(root, 'populated');
  await run(populated);
  await run(populated);
  flashIds = (await readFlash(fileStore(populated))).map((item) => item.id);
  cyclonePoints = (await readCyclone(fileStore(populated), 'nhc-al132025'))?.points.length ?? 0;
}, 60_000);

afterAll(async () => {
  process.env = saved;
  await mock.close();
  await fs.remove(root);
});

const file = (dir: string, key: string) => path.join(dir, `${encodeURIComponent(key)}.json`);
type Fault = (dir: string) => Promise<void>;
const onCopies = (key: string, damage: (file: string) => Promise<void>, copies: 'main' | 'both' = 'main'): Fault => async (dir) => {
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

const DOCUMENTS = ['snapshot', 'status', 'flash-items', 'announced', 'live-summary', 'global-index', 'global-status', 'global/nhc-al132025'];
const FAULTS: [string, Fault][] = [
  ...DOCUMENTS.flatMap((key) => [
    [`${key}: truncated`, onCopies(key, truncate)],
    [`${key}: empty`, onCopies(key, empty)],
    [`${key}: garbage bytes`, onCopies(key, garbage)],
    [`${key}: wrong shape`, onCopies(key, wrongShape)],
    [`${key}: a folder in its place`, onCopies(key, folder)],
  ] as [string, Fault][]),
  ['snapshot: deleted', onCopies('snapshot', deleted)],
  ['snapshot: both copies garbage', onCopies('snapshot', garbage, 'both')],
  ['snapshot: both copies deleted', onCopies('snapshot', deleted, 'both')],
  ['status: both copies truncated', onCopies('status', truncate, 'both')],
  ['flash-items: both copies a folder', onCopies('flash-items', folder, 'both')],
  ['an odd file name in the store (global%2F%zz.json)', async (dir) => fs.writeFile(path.join(dir, 'global%2F%zz.json'), '{}')],
  ['the store folder replaced by a file', async (dir) => {
    await fs.remove(dir);
    await fs.writeFile(dir, 'not a folder');
  }],
];

describe('live store faults', () => {
  it.each(FAULTS)('%s: no 5xx, JSON everywhere, healed by the next run, nothing stored is dropped', async (name, fault) => {
    const dir = path.join(root, `case-${FAULTS.findIndex(([n]) => n === name)}`);
    await fs.copy(populated, dir);
    await fault(dir);
    process.env.TYPHOON_LIVE_DIR = dir;

    for (const [fn, url] of requests()) {
      const response = await (handlers[fn] as (req: Request) => Promise<Response>)(new Request(`http://localhost${url}`));
      expect(response.status, `${name}: ${url}`).toBeLessThan(500);
      expect(response.headers.get('content-type'), url).toMatch(/^application\/json/);
      JSON.parse(await response.text());
    }
    // A damaged snapshot is never "no active storm, all ok".
    const view = await readLiveView(fileStore(dir));
    expect(view.typhoons.length > 0 || view.upstream !== 'ok', name).toBe(true);

    const result = await run(dir);
    expect(result.typhoons.ok, name).toBe(true);
    const healed = await readLiveView(fileStore(dir));
    expect(healed).toMatchObject({ upstream: 'ok', stale: false, typhoons: [{ code: '202699' }] });
    const flash = (await readFlash(fileStore(dir))).map((item) => item.id);
    // Unless the fault itself destroyed every copy (the folder replaced by a file, both flash copies), nothing
    // that was stored is missing after the run.
    const destroyed = name.startsWith('flash-items: both') || name.startsWith('the store folder');
    if (!destroyed) expect(flash, name).toEqual(expect.arrayContaining(flashIds));
    if (!destroyed) expect((await readCyclone(fileStore(dir), 'nhc-al132025'))?.points.length ?? 0, name).toBeGreaterThanOrEqual(cyclonePoints);
    // What a fault touched is set aside, never deleted.
    if (/truncated|garbage|wrong shape|in its place|a folder$/.test(name)) expect((await fs.readdir(dir)).some((f) => f.startsWith('quarantine')), name).toBe(true);
    if (name.startsWith('the store folder')) expect((await fs.readdir(root)).some((f) => f.startsWith(`${path.basename(dir)}.not-a-folder-`))).toBe(true);
  });
});
