/**
 * How soon a new upstream position is answered: prints figures, asserts nothing. `npm run bench:freshness [trials]`
 * (20 trials by default; no sources needed: the live answers read only the store).
 *
 * The mock upstream (src/demo/mock-upstream.ts) replays the demo storm from its moment (MOCK_NOW); in each trial it
 * publishes the storm's next position (the Zhejiang list and the storm's details, as the service does) at a random
 * moment, the position's own time five minutes before it. The scheduled
 * function's paced run is started every minute of a virtual clock, as Netlify starts it, and after each run the
 * local server (the one `npm start` runs, here without its own timer) is asked for /api/v1/typhoons until it
 * answers with the new position.
 *
 * Time is scaled, not waited: the virtual clock jumps from one minute to the next at once (the run is given it as
 * `now`, so the poll plan sees the minutes pass), and the real time each run and each request took is added to
 * the virtual delay at full value. A trial's delay is (the first start after the publication − the publication)
 * plus those real times. The local server keeps no copy of live answers, so its answer is current as soon as the
 * run has written; on Netlify the run's purge of the `live` tag does the same for the CDN.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { readConfig } from '../src/config/env.ts';
import { MOCK_NOW, OWN_PAYLOADS, startMockUpstream } from '../src/demo/mock-upstream.ts';
import { runPacedRefresh } from '../src/jobs/scheduled-run.ts';
import { toBeijingIso } from '../src/model/time.ts';
import { startLocalServer } from '../src/server/local-server.ts';
import { fileStore } from '../src/store/store.ts';

const TRIALS = Number(process.argv[2] ?? 20);
const MINUTE = 60_000;
/** How long before its release a position's own time is. */
const RELEASE_DELAY = 5 * MINUTE;

/** A reproducible sequence of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

const zjTime = (ms: number) => toBeijingIso(new Date(ms)).slice(0, 19).replace('T', ' ');

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-bench-freshness-'));
const publicDir = path.join(scratch, 'public');
await fs.ensureDir(publicDir);
const mock = await startMockUpstream();
const config = { ...readConfig(), upstreams: mock.addresses, store: { kind: 'files' as const, dir: path.join(scratch, 'live') } };
const store = fileStore(config.store.dir);
const server = await startLocalServer({ publicDir, config, port: 0, schedules: false, log: () => {} });
const info = JSON.parse(await fs.readFile(path.join(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json'), 'utf8'));
const activity = JSON.parse(await fs.readFile(path.join(OWN_PAYLOADS, 'zj', 'TyhoonActivity.json'), 'utf8'));
const lastPoint = info.points.at(-1);

/**
 * Publishes the storm's next position (the `n`th) at `releasedAt`: a position of five minutes before, as the service
 * releases one some minutes after its time (a position time after the fetch would be bad data, left out).
 */
function publish(n: number, releasedAt: number): string {
  const time = Math.floor((releasedAt - RELEASE_DELAY) / MINUTE) * MINUTE;
  info.points.push({ ...lastPoint, time: zjTime(time), lat: (Number(lastPoint.lat) + 0.3 * n).toFixed(2), forecast: null });
  activity[0].time = zjTime(time);
  mock.setPayload('zj/TyphoonInfo/202699', JSON.stringify(info));
  mock.setPayload('zj/TyhoonActivity', JSON.stringify(activity));
  return toBeijingIso(new Date(time));
}

async function answeredTime(): Promise<string | null> {
  const body = (await (await fetch(`${server.url}/api/v1/typhoons`)).json()) as { data?: { publishedAt?: string | null } };
  return body.data?.publishedAt ?? null;
}

const random = seeded(20261126);
const delays: number[] = [];
let realMs = 0;
let purges = 0;
try {
  // Virtual time: whole minutes, as the schedule starts the function; the first run fills the store.
  let clock = MOCK_NOW.getTime();
  const tick = async () => {
    const started = performance.now();
    const run = await runPacedRefresh({ store, upstreams: mock.addresses, llm: null, now: new Date(clock), purge: async () => {} });
    if (run.purge.tags.includes('live')) purges += 1;
    return performance.now() - started;
  };
  await tick();
  for (let trial = 1; trial <= TRIALS; trial += 1) {
    // Between 0 and 15 minutes after the last minute tick: any phase of the 3-minute pace and of the 15-minute one.
    const publishedAt = clock + random() * 15 * MINUTE;
    while (clock + MINUTE < publishedAt) {
      clock += MINUTE;
      await tick();
    }
    const expected = publish(trial, publishedAt);
    let extra = 0;
    for (;;) {
      clock += MINUTE;
      extra = await tick();
      const asked = performance.now();
      const answered = await answeredTime();
      extra += performance.now() - asked;
      realMs = Math.max(realMs, extra);
      if (answered === expected) break;
    }
    delays.push(clock - publishedAt + extra);
  }
  const sorted = [...delays].sort((a, b) => a - b);
  const minutes = (ms: number) => `${(ms / MINUTE).toFixed(2)} min`;
  console.log(
    `new position answered after: worst ${minutes(sorted.at(-1) as number)}, median ${minutes(sorted[Math.floor(sorted.length / 2)] as number)} over ${TRIALS} trials (publication at a random moment; paced run every virtual minute; longest real run + request ${realMs.toFixed(0)} ms, counted in full)`,
  );
  console.log(`runs that purged the live tag: ${purges}; upstream requests: ${mock.requests()} (${mock.notModified()} answered 304)`);
} finally {
  await server.close();
  await mock.close();
  await fs.remove(scratch);
}
