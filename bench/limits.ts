/**
 * The time limits, as figures: prints, asserts nothing. Run with `npm run bench:limits` (sources as for the build,
 * for the search index). The tests check what makes these limits hold (every request's timeout taken from the
 * run's deadline, on a clock the test holds); how long they take on a machine is measured here.
 * - a whole scheduled run against the mock upstream answering, then with every upstream hanging, with its real
 *   budget and with a 2 s one (the JMA documents the first run kept are read again for their forecasts by both);
 * - a detail lookup that reaches a hanging upstream (one try of LOOKUP_TIMEOUT_MS);
 * - `searchArchive` on the whole index: CPU time per keyword (other work on the machine hardly inflates it).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { buildArchive } from '../src/archive/build-archive.ts';
import { searchEntry } from '../src/archive/search-index.ts';
import { searchArchive } from '../src/archive/search.ts';
import { NAMES_FILE, resolveSources } from '../src/config/paths.ts';
import { LOOKUP_TIMEOUT_MS } from '../src/live/lookup.ts';
import { RUN_BUDGET_MS, runScheduledRefresh } from '../src/jobs/scheduled-run.ts';
import { fileStore } from '../src/store/store.ts';
import { readArchiveSources } from '../src/archive/read-archive-sources.ts';
import { readConfig } from '../src/config/env.ts';
import { startMockUpstream } from '../src/demo/mock-upstream.ts';
import { apiFunctionHandler, apiFunctions } from '../src/server/local-functions.ts';

const KEYWORDS = ['yagi', '摩羯', '2024', 'haiyan', 'Haiyen', 'weimaxun', 'x', '19', 'Mangkut', '2013 海燕', 'qwertyuiop'];
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)] as number;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function elapsed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const sourcesDir = resolveSources(process.argv[2], readConfig().sourcesDir).dir;
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-bench-limits-'));
const mock = await startMockUpstream();
try {
  const config = { ...readConfig(), upstreams: mock.addresses, store: { kind: 'files' as const, dir: path.join(scratch, 'live') } };
  const store = fileStore(path.join(scratch, 'live'));
  const handleTyphoonLookup = apiFunctionHandler((await apiFunctions()).find((f) => f.name === 'typhoon-lookup')!, config);
  // A stored snapshot, as in production: a whole run with every upstream answering (the mock's storms, warnings and
  // JMA's typhoon document, whose forecast the run keeps with the other parts' issuances).
  const answered = await elapsed(() => runScheduledRefresh({ store, upstreams: mock.addresses, llm: null }));
  console.log(`scheduled run, every upstream answering (forecasts and warnings kept): ${seconds(answered)}`);
  mock.setFault('timeout');
  for (const budgetMs of [RUN_BUDGET_MS, 2_000]) {
    const ms = await elapsed(() => runScheduledRefresh({ store, upstreams: mock.addresses, llm: null, budgetMs }));
    const over = ms - budgetMs;
    console.log(
      `scheduled run, every upstream hanging: ${seconds(ms)} for a budget of ${seconds(budgetMs)} (${Math.abs(over).toFixed(0)} ms ${over > 0 ? 'past' : 'inside'} it; Netlify stops a run at 30 s)`,
    );
  }
  const lookups: number[] = [];
  const logError = console.error;
  console.error = () => {}; // the handler logs each upstream failure with its stack
  for (let i = 0; i < 3; i += 1)
    lookups.push(await elapsed(() => handleTyphoonLookup(new Request('http://localhost/api/v1/typhoons/20269999')).then((r) => r.text())));
  console.error = logError;
  console.log(
    `detail lookup reaching a hanging upstream: median ${seconds(quantile(lookups, 0.5))}, max ${seconds(Math.max(...lookups))} (one try of ${seconds(LOOKUP_TIMEOUT_MS)}, answered 503)`,
  );
  mock.setFault(null);

  const sources = await readArchiveSources(sourcesDir, NAMES_FILE);
  const index = buildArchive(sources).typhoons.map((t) => searchEntry(t, sources.names));
  searchArchive(index, 'warm up');
  const cpu: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    for (const keyword of KEYWORDS) {
      const started = process.cpuUsage();
      searchArchive(index, keyword);
      const { user, system } = process.cpuUsage(started);
      cpu.push((user + system) / 1000);
    }
  }
  console.log(
    `searchArchive, CPU time per keyword over ${index.length} storms: median ${quantile(cpu, 0.5).toFixed(2)} ms, p99 ${quantile(cpu, 0.99).toFixed(2)} ms (${cpu.length} searches; ${sourcesDir})`,
  );
} finally {
  await mock.close();
  await fs.remove(scratch);
}
