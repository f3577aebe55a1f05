/**
 * The Zhejiang archive fetch against the mock upstream: finished numbered storms only, files the archive parser
 * and the build read back, and a manifest that makes later runs fetch only what is new, changed or damaged.
 * The cases run in order over one sources folder, like successive `sources fetch` runs.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMES_FILE } from '../../src/config/paths.ts';
import { OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { createUpstreamClient, type UpstreamClient } from '../../src/upstream/client.ts';
import { normalizeZjInfo } from '../../src/upstream/zj-service.ts';
import { fetchZjArchive, ZJ_MANIFEST, type ZjFetchOptions } from '../../src/sources/fetch-zj.ts';
import { readArchiveSources } from '../../src/archive/read-archive-sources.ts';
import { parseZjArchiveFile } from '../../src/sources/zj-archive.ts';
import { livePlacesTable } from '../../src/sources/places-table.ts';
import { parseNamesTable } from '../../src/sources/names-table.ts';
import { FIXTURE_SOURCES } from '../helpers/sources.ts';
import { places } from '../helpers/names.ts';

const names = parseNamesTable(fs.readFileSync(NAMES_FILE, 'utf8'));
const demo = fs.readJsonSync(path.join(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json'));
/** A storm name per number, from the names table (the zj normaliser keeps no other name of a storm since 2000). */
const NAMED = [
  ['达维', 'DAMREY'],
  ['海葵', 'HAIKUI'],
  ['天马', 'TIANMA'],
  ['鸿雁', 'KIROGI'],
  ['启德', 'KAI-TAK'],
] as const;
const nameOf = (tfid: string) => {
  const [zh, en] = NAMED[Number(tfid.slice(-1))] ?? NAMED[4];
  return { zh, en };
};
const item = (tfid: string, isactive = '0', endtime = '2026-09-12 14:00:00') => ({
  tfid,
  name: nameOf(tfid).zh,
  enname: nameOf(tfid).en,
  starttime: '2026-09-10 08:00:00',
  endtime,
  warnlevel: '',
  isactive,
});
const lists: Record<number, object[]> = {
  2098: [item('209801'), item('209802'), item('20980003'), item('209803', '1')],
  2099: [item('209901'), item('209902')],
};

let mock: MockUpstream;
const setList = (year: number) => mock.setPayload(`zj/TyphoonList/${year}`, JSON.stringify(lists[year]));
const setInfo = (tfid: string, isactive = '0') =>
  mock.setPayload(`zj/TyphoonInfo/${tfid}`, JSON.stringify({ ...demo, tfid, isactive, name: nameOf(tfid).zh, enname: nameOf(tfid).en }));

/** The real client, recording every URL and the most requests in flight; `failOnce` URLs throw on their next call. */
function recordingClient() {
  const inner = createUpstreamClient({ retries: 0 });
  const state = { urls: [] as string[], inFlight: 0, maxInFlight: 0, failOnce: new Set<string>() };
  const client: UpstreamClient = {
    ...inner,
    json: async (url) => {
      state.urls.push(url);
      state.inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      try {
        if (state.failOnce.delete(url.replace(mock.zjBase, ''))) throw new Error('connection reset (injected)');
        return await inner.json(url);
      } finally {
        state.inFlight -= 1;
      }
    },
  };
  const infos = () => state.urls.filter((u) => u.includes('/TyphoonInfo/')).map((u) => u.split('/').pop());
  return { client, state, infos };
}

let dest: string;
const file = (tfid: string) => path.join(dest, 'zj', `${tfid}.json`);
const run = (client: UpstreamClient, extra: Partial<ZjFetchOptions> = {}) =>
  fetchZjArchive({
    upstreams: { zjBase: mock.zjBase, client },
    destDir: dest,
    years: [2098, 2099],
    delayMs: 0,
    now: new Date('2099-12-01T00:00:00Z'),
    ...extra,
  });

beforeAll(async () => {
  mock = await startMockUpstream({ recordedDir: '/nonexistent' });
  setList(2098);
  setList(2099);
  for (const tfid of ['209801', '209802', '209901', '209902']) setInfo(tfid);
  dest = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-fetch-zj-'));
});
afterAll(async () => {
  await mock.close();
  await fs.remove(dest);
});

describe('fetchZjArchive', () => {
  it('writes every finished numbered storm, skipping active and unnamed systems, at most two requests at a time', async () => {
    const { client, state } = recordingClient();
    const report = await run(client);
    expect(report).toEqual({
      written: ['209801', '209802', '209901', '209902'],
      unchanged: [],
      skipped: ['20980003', '209803'],
      failed: [],
      years: [2098, 2099],
      rejected: [],
    });
    expect(state.maxInFlight).toBeLessThanOrEqual(2);
    expect(await fs.pathExists(file('209803'))).toBe(false);
    expect(await fs.pathExists(file('20980003'))).toBe(false);

    const manifestText = await fs.readFile(path.join(dest, 'zj', ZJ_MANIFEST), 'utf8');
    const manifest = JSON.parse(manifestText);
    expect(Object.keys(manifest)).toEqual(['storms', 'years']);
    expect(Object.keys(manifest.storms)).toEqual(['209801', '209802', '209901', '209902']);
    expect(Object.keys(manifest.years)).toEqual(['2098', '2099']);
    expect(manifest.storms['209801'].file).toBe(
      createHash('sha256')
        .update(await fs.readFile(file('209801')))
        .digest('hex'),
    );
  });

  it('writes files the archive parser and the build read without a problem', async () => {
    const { storm, problems } = parseZjArchiveFile(await fs.readFile(file('209801'), 'utf8'), names, livePlacesTable());
    expect(problems).toEqual([]);
    const live = normalizeZjInfo({ ...demo, tfid: '209801' }, new Date(), { names, places, rejected: [] });
    expect(storm?.points.map((p) => [p.time.toISOString(), p.lat, p.lng, p.speed, p.pressure])).toEqual(
      live.points.map((p) => [new Date(p.time).toISOString(), p.lat, p.lng, p.speed, p.pressure]),
    );
    expect(storm?.points.at(-1)?.radius7).toEqual({ ne: 350, se: 320, sw: 300, nw: 300 });
    expect(storm?.land[0]?.position).toBe('菲律宾吕宋岛东北部沿海（演示）');
    expect(storm?.name).toBe('海葵');

    await fs.copy(path.join(FIXTURE_SOURCES, 'cma-bst'), path.join(dest, 'cma-bst'));
    const sources = await readArchiveSources(dest, NAMES_FILE);
    expect(sources.problems).toEqual([]);
    expect(sources.files.filter((f) => f.startsWith('zj/'))).toEqual([
      'zj/209801.json',
      'zj/209802.json',
      'zj/209901.json',
      'zj/209902.json',
    ]);
    expect(sources.zj.map((s) => s.tfbh)).toEqual(['209801', '209802', '209901', '209902']);
  });

  it('makes no detail request and rewrites nothing when nothing changed', async () => {
    const manifest = path.join(dest, 'zj', ZJ_MANIFEST);
    const before = [(await fs.stat(manifest)).mtimeMs, (await fs.stat(file('209801'))).mtimeMs];
    const { client, state, infos } = recordingClient();
    const report = await run(client);
    expect(infos()).toEqual([]);
    expect(state.urls).toHaveLength(2);
    expect(report).toMatchObject({ written: [], unchanged: ['209801', '209802', '209901', '209902'], failed: [] });
    expect([(await fs.stat(manifest)).mtimeMs, (await fs.stat(file('209801'))).mtimeMs]).toEqual(before);
  });

  it('refetches exactly the storm whose list item changed', async () => {
    lists[2098] = [item('209801'), item('209802', '0', '2026-09-13 02:00:00'), item('20980003'), item('209803', '1')];
    setList(2098);
    const { client, infos } = recordingClient();
    const report = await run(client);
    expect(infos()).toEqual(['209802']);
    expect(report.written).toEqual(['209802']);
    expect(report.unchanged).toEqual(['209801', '209901', '209902']);
  });

  it('refetches a deleted and a damaged file', async () => {
    await fs.remove(file('209801'));
    await fs.appendFile(file('209901'), ' ');
    const { client, infos } = recordingClient();
    const report = await run(client);
    expect(infos().sort()).toEqual(['209801', '209901']);
    expect(report.written).toEqual(['209801', '209901']);
    expect(parseZjArchiveFile(await fs.readFile(file('209901'), 'utf8'), names, livePlacesTable()).problems).toEqual([]);
  });

  it('goes on past failures and resumes with just what failed', async () => {
    lists[2099] = [item('209901'), item('209902'), item('209903'), item('209904'), item('209905')];
    setList(2099);
    setInfo('209903');
    setInfo('209904');
    setInfo('209905', '1'); // listed finished, detailed active: not archived yet
    const first = recordingClient();
    first.state.failOnce.add('/TyphoonInfo/209903');
    first.state.failOnce.add('/TyphoonList/2097');
    const broken = await run(first.client, { years: [2097, 2098, 2099] });
    expect(broken.failed).toEqual([
      { id: '209903', error: 'connection reset (injected)' },
      { id: 'TyphoonList/2097', error: 'connection reset (injected)' },
    ]);
    expect(broken.written).toEqual(['209904']);
    expect(broken.skipped).toContain('209905');
    expect(broken.years).toEqual([2098, 2099]);
    expect(await fs.pathExists(file('209905'))).toBe(false);

    setInfo('209905');
    const second = recordingClient();
    const resumed = await run(second.client);
    expect(second.infos().sort()).toEqual(['209903', '209905']);
    expect(resumed).toMatchObject({ written: ['209903', '209905'], failed: [] });
  });

  it('fetches everything again with force', async () => {
    const { client, infos } = recordingClient();
    const report = await run(client, { force: true, years: [2099] });
    expect(infos().sort()).toEqual(['209901', '209902', '209903', '209904', '209905']);
    expect(report.written).toHaveLength(5);
  });

  it('leaves a name or place that fails its check out of the file it writes, and lists it in the report', async () => {
    const land = [{ ...demo.land[0], landaddress: '<b>福建</b> 预警已解除' }];
    mock.setPayload(
      'zj/TyphoonInfo/209902',
      JSON.stringify({ ...demo, tfid: '209902', isactive: '0', name: '预警已解除', enname: 'HAIKUI', land }),
    );
    const { client } = recordingClient();
    const report = await run(client, { force: true, years: [2099] });
    expect(report.rejected.map((r) => [r.file, r.field, r.reason])).toEqual([
      ['zj/209902.json', 'name', 'word'],
      ['zj/209902.json', 'land[0].landaddress', 'markup'],
    ]);
    const written = await fs.readFile(file('209902'), 'utf8');
    expect(written).not.toMatch(/<|预警/);
    expect(parseZjArchiveFile(written, names, livePlacesTable()).storm).toMatchObject({
      name: null,
      ename: 'HAIKUI',
      land: [{ position: '' }],
    });
    setInfo('209902');
  });
});
