/**
 * A frozen upstream: the mock replays the same recorded answers for 12 hours of clock (a government site that keeps
 * serving one snapshot during a storm). Every live answer and text then tells the data as of the source's own last
 * time, stale with that reason, and no text says it is current (目前, currently, now); fetched perfectly well all along.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPacedRefresh } from '../../src/jobs/scheduled-run.ts';
import { fileStore } from '../../src/store/store.ts';
import { manualClock } from '../helpers/clock.ts';
import { apiFunction, type FunctionHandler } from '../helpers/functions.ts';
import { MOCK_NOW, mockUpstreamEnv, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { fixtureSite } from '../helpers/fixture-site.ts';

const HOURS = 12;
const LATER = new Date(MOCK_NOW.getTime() + HOURS * 3_600_000);
const NOW_WORDS = /目前|现在|当前|currently|\bnow\b|right now/i;

let mock: MockUpstream;
let root = '';
const saved = { ...process.env };
const handlers: Record<string, FunctionHandler> = {};
const ask = async (fn: string, url: string) => {
  const response = await (handlers[fn] as FunctionHandler)(new Request(`http://localhost${url}`));
  return { status: response.status, text: await response.text() };
};
const json = async (fn: string, url: string) => JSON.parse((await ask(fn, url)).text);

beforeAll(async () => {
  mock = await startMockUpstream({ recordedDir: null, decksDir: null });
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-frozen-'));
  Object.assign(process.env, mockUpstreamEnv(mock), { TYPHOON_PUBLIC_DIR: await fixtureSite(), TYPHOON_LIVE_DIR: path.join(root, 'live') });
  const store = fileStore(path.join(root, 'live'));
  // The paced run every five minutes of the clock (Netlify starts it every minute; the ones between would poll the
  // Zhejiang list only), for 12 hours; the upstream never changes.
  const clock = manualClock();
  for (let t = MOCK_NOW.getTime(); t <= LATER.getTime(); t += 5 * 60_000)
    await runPacedRefresh({ store, upstreams: mock.addresses, llm: null, clock, now: new Date(t) });
  for (const name of [
    'live-typhoons',
    'live-near',
    'llm-summary',
    'bootstrap',
    'global-typhoons',
    'disturbances',
    'typhoon-lookup',
    'flash-feed',
  ])
    handlers[name] = await apiFunction(name, () => LATER);
}, 300_000);

afterAll(async () => {
  process.env = saved;
  await mock.close();
  await fs.remove(root);
});

describe(`the same upstream answers for ${HOURS} hours of clock`, () => {
  const lastPosition = '2026-08-23T02:00:00+08:00';

  it('asked the upstreams all along, and every answer says so: fetched now, published long ago', async () => {
    const list = (await json('live-typhoons', '/api/v1/typhoons')).data;
    expect(list).toMatchObject({
      upstream: 'ok',
      stale: true,
      staleReason: `the upstream has published nothing new since ${lastPosition}`,
      publishedAt: lastPosition,
      total: 1,
    });
    expect(Date.parse(list.fetchedAt)).toBeGreaterThan(LATER.getTime() - 20 * 60_000);
    expect(list.list[0].live).toMatchObject({ stale: true, publishedAt: lastPosition, staleReason: list.staleReason });
    // The web family says the same.
    expect((await json('live-typhoons', '/api/typhoons')).typhoons[0].live.stale).toBe(true);
  });

  it('tells each storm near a place as last reported, and the global and disturbance sources as stale', async () => {
    const near = (await json('live-near', '/api/v1/near?lat=22.3&lng=114.2')).data;
    expect(near.stale).toBe(true);
    expect(near.list.length).toBe(3);
    for (const storm of near.list)
      expect(storm, storm.code).toMatchObject({ stale: true, staleReason: expect.stringContaining('published nothing new since') });
    const global = await json('global-typhoons', '/api/global/typhoons');
    for (const source of ['nhc', 'jtwc']) expect(global.sources[source].stale, source).toBe(true);
    // JTWC's advisories of 22 Aug are past their validity (23 Aug 06Z/18Z): nothing listed by them is active any more.
    const disturbances = (await json('disturbances', '/api/v1/disturbances')).data;
    expect(disturbances).toMatchObject({ stale: true, list: [] });
    expect(disturbances.staleReason).toMatch(/was valid until 2026-08-23T06:00:00Z and no newer one was read/);
    const geo = await json('disturbances', '/api/geojson/disturbances');
    expect(geo.freshness).toMatchObject({ stale: true });
    const storm = await json('typhoon-lookup', '/api/geojson/202699');
    expect(storm.freshness).toMatchObject({ stale: true, publishedAt: lastPosition });
  });

  it('writes no text that says the storm is current, in Chinese or English: the template carries its time', async () => {
    const summary = await json('llm-summary', '/api/llm/summary');
    const bootstrap = (await json('bootstrap', '/api/v1/bootstrap')).data;
    for (const text of [summary.summary, summary.summaryEn, bootstrap.briefing.text, bootstrap.briefing.textEn]) {
      expect(text).not.toMatch(NOW_WORDS);
      expect(text).toMatch(/2026年8月23日02:00|2026-08-23 02:00 Beijing time/);
    }
    expect(summary.summary).toMatch(/^上游自北京时间2026年8月23日02:00以来没有发布新数据。截至北京时间2026年8月23日02:00，/);
    expect(summary.summary).toContain('08月23日02时（最后一次报告）');
    expect(summary.summaryEn).toMatch(
      /^The upstream has published nothing new since 2026-08-23 02:00 Beijing time\. As of 2026-08-23 02:00 Beijing time, /,
    );
    expect(summary.summaryEn).toContain('(its last report)');
    expect(bootstrap.typhoons).toMatchObject({ stale: true, staleReason: expect.stringContaining(lastPosition) });
    // Each storm in brief says so too, in bootstrap and in the summary's data.
    for (const storm of [...bootstrap.typhoons.list, ...summary.typhoons]) expect(storm).toMatchObject({ stale: true, time: lastPosition });
    // Flash news: nothing happened in those 12 hours, and nothing was announced.
    const feed = await ask('flash-feed', '/feeds/flash.xml');
    expect(feed.text).not.toMatch(/forms<\/title>|生成<\/title>/);
  });
});
