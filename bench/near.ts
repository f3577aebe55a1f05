/**
 * Benchmark of the track searches: prints figures, asserts nothing. `npm run bench:near` (sources as for the build;
 * the real archive for the figures in docs/maintainers/performance.md). In-process through the functions (request in, body out):
 * - archive proximity, 500 km radius, at random places over the basin (0–45°N, 100°E–180°);
 * - similar tracks of random archived storms, and of an active storm (HAIYAN's first 72 hours as a live storm);
 * - the generated files' sizes and the first request of each function (parsing its files).
 */
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fs from 'fs-extra';
import { DATA_FILES } from '../src/api/data-files.ts';
import { resolveSources } from '../src/config/paths.ts';
import { writeSnapshot } from '../src/live/snapshot.ts';
import { fileStore } from '../src/store/store.ts';
import type { Typhoon } from '../src/model/typhoon-schemas.ts';
import { writeTrackSearchSite } from '../test/helpers/track-search-site.ts';
import { readConfig, type Config } from '../src/config/env.ts';
import { apiFunctionHandler, apiFunctions } from '../src/server/local-functions.ts';

const NEAR_REQUESTS = 3000;
const SIMILAR_REQUESTS = 1000;
const ACTIVE_REQUESTS = 200;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] as number;
const ms = (n: number) => `${n.toFixed(2)} ms`;

/** A reproducible sequence of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

async function timeRequests(handler: (req: Request) => Promise<Response>, urls: string[]): Promise<string> {
  const times: number[] = [];
  for (const url of urls) {
    const started = performance.now();
    const response = await handler(new Request(`http://localhost${url}`));
    await response.text();
    if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `p50 ${ms(quantile(times, 0.5))}, p99 ${ms(quantile(times, 0.99))}, max ${ms(times.at(-1) as number)} (${times.length} requests)`;
}

/**
 * Writes the generated files and keeps only what the benchmark asks about: a function instance holds its data
 * files, not the archive, and the archive in memory would slow every garbage collection of the timed requests.
 */
async function prepare() {
  const { publicDir, remove, typhoons } = await writeTrackSearchSite(resolveSources(process.argv[2], readConfig().sourcesDir).dir);
  const haiyan = typhoons.find((t) => t.code === '201330') as Typhoon;
  const points = haiyan.points.filter((p) => Date.parse(p.time) - Date.parse(haiyan.startTime) <= 72 * 3_600_000);
  const active: Typhoon = {
    ...haiyan,
    code: '202699',
    isActive: true,
    points,
    endTime: points.at(-1)?.time as string,
    live: {
      source: 'zj-live',
      fetchedAt: points.at(-1)?.time as string,
      publishedAt: points.at(-1)?.time as string,
      stale: false,
      staleReason: null,
    },
  };
  return { publicDir, remove, codes: typhoons.map((t) => t.code), fixes: typhoons.reduce((n, t) => n + t.points.length, 0), active };
}

const site = await prepare();
const liveDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-bench-near-live-'));
const config: Config = { ...readConfig(), publicDir: site.publicDir, store: { kind: 'files', dir: liveDir } };
try {
  const functions = await apiFunctions();
  const historyNear = apiFunctionHandler(functions.find((f) => f.name === 'history-near')!, config);
  const typhoonSimilar = apiFunctionHandler(functions.find((f) => f.name === 'typhoon-similar')!, config);
  console.log(`archive:                ${site.codes.length} storms, ${site.fixes} fixes`);
  for (const { path: file } of [
    DATA_FILES.archiveSummaries,
    DATA_FILES.archiveTracks,
    DATA_FILES.proximityIndex,
    DATA_FILES.similarTracks,
  ]) {
    const body = await fs.readFile(path.join(site.publicDir, file));
    console.log(
      `${path.basename(file).padEnd(24)}${(body.length / 1e6).toFixed(2)} MB (${(gzipSync(body).length / 1e6).toFixed(2)} MB gzipped)`,
    );
  }

  const random = seeded(20_13_11_08);
  const place = () => `lat=${(random() * 45).toFixed(2)}&lng=${(100 + random() * 80).toFixed(2)}&radius=500`;
  let started = performance.now();
  await (await historyNear(new Request(`http://localhost/api/history/near?${place()}`))).text();
  console.log(`near, first request:    ${ms(performance.now() - started)} (reads and indexes its files)`);
  const nearUrls = Array.from({ length: NEAR_REQUESTS }, (_, i) => `/api/${i % 2 ? 'v1/' : ''}history/near?${place()}`);
  console.log(`near 500 km, in-process: ${await timeRequests(historyNear, nearUrls)}`);

  started = performance.now();
  await (await typhoonSimilar(new Request('http://localhost/api/typhoons/201330/similar'))).text();
  console.log(`similar, first request: ${ms(performance.now() - started)}`);
  const similarUrls = Array.from(
    { length: SIMILAR_REQUESTS },
    () => `/api/typhoons/${site.codes[Math.floor(random() * site.codes.length)]}/similar`,
  );
  console.log(`similar (archived), in-process: ${await timeRequests(typhoonSimilar, similarUrls)}`);

  await writeSnapshot(fileStore(liveDir), { fetchedAt: site.active.endTime, source: 'zj-live', typhoons: [site.active] });
  const activeUrls = Array.from({ length: ACTIVE_REQUESTS }, () => '/api/v1/typhoons/202699/similar');
  console.log(`similar (active, 72 h), in-process: ${await timeRequests(typhoonSimilar, activeUrls)}`);
} finally {
  await site.remove();
  await fs.remove(liveDir);
}
