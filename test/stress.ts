/**
 * `npm run test:stress`: the suite's two lanes (`npm test`, then `npm run test:e2e`, with the environment this was
 * given) several times in a row while other work keeps every core busy, as on a CI machine shared with other jobs.
 * One busy loop per core (child processes at normal priority) spins from before the first run to after the last;
 * then each run's result and duration per lane are printed, and the exit code is 1 if any lane of any run failed.
 * A lane's output is also measured as CI's log holds it (piped, NO_COLOR): a green lane that prints more than
 * MAX_GREEN_LINES lines, or any control byte (a NUL from a damaged document's log, a terminal escape), fails too.
 *
 *   npm run test:stress                                  3 runs of both lanes, one busy loop per core
 *   npm run test:stress -- --runs 5 --load 4             5 runs, 4 busy loops
 *   npm run test:stress -- --lanes test                  `npm test` only (`--lanes e2e`: `npm run test:e2e` only)
 *   npm run test:stress -- --runs 2 test/unit/search.test.ts  what follows the options goes to vitest, in each lane
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    load: { type: 'string', default: String(os.availableParallelism()) },
    lanes: { type: 'string', default: 'test,e2e' },
  },
  allowPositionals: true,
});
const runs = Number(values.runs);
const load = Number(values.load);
/** Each lane's npm script. */
const LANES: Record<string, string[]> = { test: ['test'], e2e: ['run', 'test:e2e'] };
const lanes = values.lanes.split(',');
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(load) || load < 0 || lanes.some((lane) => !LANES[lane])) {
  console.error('usage: npm run test:stress -- [--runs N] [--load N] [--lanes test,e2e] [vitest arguments]');
  process.exit(2);
}

// Spins in slices, so that it notices its parent going away (the IPC channel closes) and never outlives it.
const BUSY_LOOP = `
process.on('disconnect', () => process.exit(0));
const spin = () => { const until = Date.now() + 50; while (Date.now() < until); setImmediate(spin); };
spin();
`;

const busy: ChildProcess[] = [];
let current: ChildProcess | null = null;

function stopLoad() {
  for (const child of busy.splice(0)) child.kill();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopLoad();
    current?.kill(signal);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

// A file filter may match no file of a lane: that lane then passes with nothing run.
const vitestArgs = positionals.length ? ['--', '--passWithNoTests', ...positionals] : [];

/** The most lines a green lane may print (issue 28: a few hundred, deliberate faults' logs kept by their tests). */
const MAX_GREEN_LINES = 300;
/** Control bytes but tab, line feed and carriage return. */
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

interface LaneRun {
  code: number;
  /** Lines the lane printed, stdout and stderr together. */
  lines: number;
  controlBytes: number;
}

function runLane(lane: string): Promise<LaneRun> {
  return new Promise((resolve) => {
    const child = spawn('npm', [...(LANES[lane] as string[]), ...vitestArgs], {
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    current = child;
    let lines = 0;
    let controlBytes = 0;
    const passOn = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      lines += text.split('\n').length - 1;
      controlBytes += text.match(CONTROL)?.length ?? 0;
      to.write(chunk);
    };
    child.stdout.on('data', passOn(process.stdout));
    child.stderr.on('data', passOn(process.stderr));
    child.on('close', (code, signal) => {
      current = null;
      resolve({ code: code ?? (signal ? 128 : 1), lines, controlBytes });
    });
  });
}

/** What is wrong with a lane run: its exit code, or a green output too long or holding control bytes. */
const problemOf = ({ code, lines, controlBytes }: LaneRun) =>
  code !== 0
    ? `FAILED (exit ${code})`
    : lines > MAX_GREEN_LINES
      ? `FAILED (${lines} lines printed, more than ${MAX_GREEN_LINES})`
      : controlBytes > 0
        ? `FAILED (${controlBytes} control bytes printed)`
        : null;

const results: ({ run: number; lane: string; seconds: number } & LaneRun)[] = [];
try {
  for (let i = 0; i < load; i += 1)
    busy.push(spawn(process.execPath, ['-e', BUSY_LOOP], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));
  console.log(
    `test:stress: ${runs} run(s) of ${lanes.map((lane) => `npm ${(LANES[lane] as string[]).join(' ')}`).join(' then ')}${positionals.length ? ` -- ${positionals.join(' ')}` : ''}, with ${load} busy loop(s) on ${os.availableParallelism()} core(s); load average ${os.loadavg()[0]?.toFixed(2)}`,
  );
  for (let run = 1; run <= runs; run += 1) {
    for (const lane of lanes) {
      console.log(`\n=== test:stress: run ${run} of ${runs}, ${lane} ===\n`);
      const started = performance.now();
      const outcome = await runLane(lane);
      results.push({ run, lane, ...outcome, seconds: (performance.now() - started) / 1000 });
    }
  }
} finally {
  stopLoad();
}

console.log('\ntest:stress results:');
for (const result of results)
  console.log(
    `  run ${result.run}, ${result.lane}: ${problemOf(result) ?? 'passed'} in ${result.seconds.toFixed(1)} s, ${result.lines} lines printed`,
  );
const failed = results.filter((r) => problemOf(r) !== null).length;
console.log(failed ? `${failed} of ${results.length} lane run(s) failed` : `all ${results.length} lane run(s) passed`);
process.exit(failed ? 1 : 0);
