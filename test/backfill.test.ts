/** Backfill against the mock upstream: zj-format files that the archive parser reads back, resumable, throttled. */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillYear } from '../src/live/backfill.ts';
import { OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../src/live/mock-upstream.ts';
import { createUpstreamClient } from '../src/live/upstream-client.ts';
import { normalizeZjInfo } from '../src/live/zj-live.ts';
import { parseZjArchiveFile } from '../src/sources/zj-archive.ts';

let mock: MockUpstream;
beforeAll(async () => {
  mock = await startMockUpstream();
  const demo = await fs.readJson(path.join(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json'));
  mock.setPayload('zj/TyphoonInfo/209901', JSON.stringify({ ...demo, tfid: '209901', isactive: '0' }));
  mock.setPayload('zj/TyphoonList/2099', JSON.stringify([
    { tfid: '209901', name: '演示台风', enname: 'DEMO', starttime: '2099-09-10 08:00:00', endtime: '2099-09-12 14:00:00', isactive: '0' },
    { tfid: '209902', name: '缺失', enname: 'MISSING', starttime: '2099-10-01 08:00:00', endtime: '2099-10-02 08:00:00', isactive: '0' },
    { tfid: '20990005', name: '未命名', enname: 'NAMELESS', starttime: '2099-10-05 08:00:00', endtime: '2099-10-05 20:00:00', isactive: '0' },
    { tfid: '209903', name: '活跃', enname: 'ACTIVE', starttime: '2099-11-01 08:00:00', endtime: '2099-11-02 08:00:00', isactive: '1' },
  ]));
});
afterAll(() => mock.close());

describe('backfillYear', () => {
  it('writes finished numbered storms in the archive format, skips the rest, and resumes', async () => {
    const sourcesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-backfill-'));
    const upstreams = { zjBase: mock.zjBase, nmcBase: mock.nmcBase, client: createUpstreamClient({ retries: 0 }) };
    const first = await backfillYear({ upstreams, year: 2099, sourcesDir, delayMs: 5 });
    expect(first).toEqual({ written: ['209901'], skipped: ['20990005', '209903'], failed: ['209902'] });

    const text = await fs.readFile(path.join(sourcesDir, 'zj', '209901.json'), 'utf8');
    const { storm, problems } = parseZjArchiveFile(text);
    expect(problems).toEqual([]);
    const live = normalizeZjInfo(JSON.parse((await fs.readFile(path.join(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json'), 'utf8'))), new Date());
    expect(storm?.points.map((p) => [p.time.toISOString(), p.lat, p.lng, p.speed, p.pressure])).toEqual(
      live.points.map((p) => [new Date(p.time).toISOString(), p.lat, p.lng, p.speed, p.pressure]),
    );
    expect(storm?.points.at(-1)?.radius7).toEqual({ ne: 350, se: 320, sw: 300, nw: 300 });
    expect(storm?.land[0]?.position).toBe('菲律宾吕宋岛东北部沿海（演示）');

    const before = mock.requests();
    const second = await backfillYear({ upstreams, year: 2099, sourcesDir });
    expect(second.written).toEqual([]);
    expect(second.skipped).toContain('209901');
    expect(mock.requests() - before).toBe(2); // the list and the one that failed before
    await fs.remove(sourcesDir);
  });
});
