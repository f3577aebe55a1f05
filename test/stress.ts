/**
 * `npm run test:stress`: the suite (`npm test`, with the environment this was given) several times in a row while
 * other work keeps every core busy, as on a CI machine shared with other jobs. One busy loop per core (child
 * processes at normal priority) spins from before the first run to after the last; then each run's result and
 * duration are printed, and the exit code is 1 if any run failed.
 *
 *   npm run test:stress                                  3 runs, one busy loop per core
 *   npm run test:stress -- --runs 5 --load 4             5 runs, 4 busy loops
 *   npm run test:stress -- --runs 2 test/unit/search.test.ts  what follows the options goes to vitest
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, load: { type: 'string', default: String(os.availableParallelism()) } },
  allowPositionals: true,
});
const runs = Number(values.runs);
const load = Number(values.load);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(load) || load < 0) {
  console.error('usage: npm run test:stress -- [--runs N] [--load N] [vitest arguments]');
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

function runSuite(): Promise<number> {
  return new Promise((resolve) => {
    current = spawn('npm', ['test', ...(positionals.length ? ['--', ...positionals] : [])], { stdio: 'inherit', env: process.env });
    current.on('close', (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

const results: { code: number; seconds: number }[] = [];
try {
  for (let i = 0; i < load; i += 1)
    busy.push(spawn(process.execPath, ['-e', BUSY_LOOP], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));
  console.log(
    `test:stress: ${runs} run(s) of npm test${positionals.length ? ` -- ${positionals.join(' ')}` : ''}, with ${load} busy loop(s) on ${os.availableParallelism()} core(s); load average ${os.loadavg()[0]?.toFixed(2)}`,
  );
  for (let run = 1; run <= runs; run += 1) {
    console.log(`\n=== test:stress: run ${run} of ${runs} ===\n`);
    const started = performance.now();
    const code = await runSuite();
    results.push({ code, seconds: (performance.now() - started) / 1000 });
  }
} finally {
  stopLoad();
}

console.log('\ntest:stress results:');
for (const [i, { code, seconds }] of results.entries())
  console.log(`  run ${i + 1}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s`);
const failed = results.filter((r) => r.code !== 0).length;
console.log(failed ? `${failed} of ${runs} run(s) failed` : `all ${runs} run(s) passed`);
process.exit(failed ? 1 : 0);
