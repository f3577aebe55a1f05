/**
 * Benchmarks: prints figures, asserts nothing. Run with `npm run bench` (sources as for the build).
 * - full build wall time (forced, into a scratch folder) and the no-change rebuild time;
 * - the output's file count and bytes;
 * - search latency: the function handler in-process, and over HTTP through the local server;
 * - live: a refresh against the mock upstream on loopback, and the live list and detail handlers in-process.
 * The time limits (a scheduled run and a detail lookup with every upstream hanging) are `npm run bench:limits`.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { buildSite } from '../build/build-site.ts';
import { refreshGlobal } from '../src/global/refresh-global.ts';
import { startMockUpstream } from '../src/demo/mock-upstream.ts';
import { refreshLive } from '../src/live/refresh-typhoons.ts';
import { fileStore } from '../src/store/store.ts';
import { createUpstreamClient } from '../src/upstream/client.ts';
import { resolveSources } from '../src/config/paths.ts';
import { startLocalServer } from '../src/server/local-server.ts';
import { readConfig, type Config } from '../src/config/env.ts';
import { apiFunctionHandler, apiFunctions } from '../src/server/local-functions.ts';

/** A function of the API in-process, with this configuration. */
const apiFunction = async (name: string, config: Config) =>
  apiFunctionHandler((await apiFunctions()).find((f) => f.name === name)!, config);

const KEYWORDS = [
  'yagi',
  '摩羯',
  '2024',
  '202411',
  'haiyan',
  '海燕',
  'MANGKHUT',
  '19',
  'nora',
  'x',
  '台',
  'SAOLA',
  '1967C',
  'weimaxun',
  'wei ma xun',
  'Haiyen',
  'Mangkut',
  'Haiyan 2013',
  '2013 海燕',
  '台风摩羯',
  'qwertyuiop',
];
const ROUNDS = 40;

const quantile = (q: number) => (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)] as number;
const median = quantile(0.5);
const p95 = quantile(0.95);
const p99 = quantile(0.99);
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function timeRepeated(times: number, run: () => Promise<unknown>): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await run();
    durations.push(performance.now() - started);
  }
  return durations;
}

async function timeEach(run: (keyword: string) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const keyword of KEYWORDS) {
      const started = performance.now();
      await run(keyword);
      times.push(performance.now() - started);
    }
  }
  return times;
}

const sourcesDir = resolveSources(process.argv[2], readConfig().sourcesDir).dir;
const publicDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-bench-'));
try {
  const full = await buildSite({ sourcesDir, publicDir, force: true });
  const again = await buildSite({ sourcesDir, publicDir });
  console.log(`sources:                ${sourcesDir}`);
  console.log(`full build:             ${(full.milliseconds / 1000).toFixed(2)} s (${full.storms} storms)`);
  console.log(`no-change rebuild:      ${(again.milliseconds / 1000).toFixed(3)} s (skipped: ${again.skipped})`);
  console.log(`output:                 ${full.files} files, ${(full.bytes / 1e6).toFixed(1)} MB`);

  const liveDir = path.join(publicDir, '..', `${path.basename(publicDir)}-live`);
  const config: Config = { ...readConfig(), publicDir, store: { kind: 'files', dir: liveDir } };
  const handleHistorySearch = await apiFunction('history-search', config);
  await handleHistorySearch(new Request('http://localhost/api/history/search/warmup'));
  const inProcess = await timeEach((kw) =>
    handleHistorySearch(new Request(`http://localhost/api/history/search/${encodeURIComponent(kw)}`)).then((r) => r.text()),
  );
  console.log(
    `search, in-process:     median ${ms(median(inProcess))}, p95 ${ms(p95(inProcess))}, p99 ${ms(p99(inProcess))} (${inProcess.length} requests)`,
  );

  const server = await startLocalServer({ publicDir, config, port: 0 });
  const overHttp = await timeEach((kw) => fetch(`${server.url}/api/v1/history/search/${encodeURIComponent(kw)}`).then((r) => r.text()));
  await server.close();
  console.log(
    `search, HTTP loopback:  median ${ms(median(overHttp))}, p95 ${ms(p95(overHttp))}, p99 ${ms(p99(overHttp))} (${overHttp.length} requests)`,
  );

  const mock = await startMockUpstream();
  const upstreams = { zjBase: mock.zjBase, nmcBase: mock.nmcBase, client: createUpstreamClient() };
  const refreshes = await timeRepeated(20, () => refreshLive(upstreams, fileStore(liveDir)));
  console.log(`live refresh (mock):    median ${ms(median(refreshes))}, p95 ${ms(p95(refreshes))} (${refreshes.length} refreshes)`);
  const global = {
    nhcBase: mock.nhcBase,
    nhcAtcfBase: mock.nhcAtcfBase,
    nhcTextBase: mock.nhcTextBase,
    jtwcBase: mock.jtwcBase,
    ucarBase: mock.ucarBase,
    client: upstreams.client,
  };
  const globalRefreshes = await timeRepeated(20, () => refreshGlobal(global, fileStore(liveDir)));
  console.log(
    `global refresh (mock):  median ${ms(median(globalRefreshes))}, p95 ${ms(p95(globalRefreshes))} (${globalRefreshes.length} refreshes)`,
  );
  const handleLiveTyphoons = await apiFunction('live-typhoons', config);
  const handleTyphoonLookup = await apiFunction('typhoon-lookup', config);
  const list = await timeRepeated(300, () => handleLiveTyphoons(new Request('http://localhost/api/v1/typhoons')).then((r) => r.text()));
  console.log(`live list, in-process:  median ${ms(median(list))}, p95 ${ms(p95(list))} (${list.length} requests)`);
  const detail = await timeRepeated(300, () =>
    handleTyphoonLookup(new Request('http://localhost/api/v1/typhoons/202699')).then((r) => r.text()),
  );
  console.log(`live detail, in-process: median ${ms(median(detail))}, p95 ${ms(p95(detail))} (${detail.length} requests)`);

  await mock.close();
  await fs.remove(liveDir);
} finally {
  await fs.remove(publicDir);
}
