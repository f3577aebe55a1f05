/**
 * `npm run bench:suite`: the CPU the test suite takes, per file, sorted, with the run's shared build, vitest's main
 * process and what is left (the workers' start, between files) — seconds of one core, which other work on the
 * machine hardly changes, unlike the wall time. Prints figures, asserts nothing.
 *
 *   npm run bench:suite                          the suite of `npm test`
 *   npm run bench:suite -- --e2e                 the suite of `npm run test:e2e`
 *   npm run bench:suite -- test/unit/search      any other argument goes to vitest
 *
 * With N idle cores, the suite cannot take less wall time than its CPU over N. Each file's row also gives when it
 * ran, in which worker, and how long it slept (neither it, its threads nor its children on a core or waiting for
 * one): on an idle machine that is a core left idle unless another process (the shared build) runs then. On a
 * loaded machine it also holds its threads' and children's waits for a core.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { PROJECT_ROOT } from '../src/config/paths.ts';
import { CPU_LOG_VARIABLE, type CpuRecord, cpuNow } from '../test/helpers/cpu-log.ts';

// `--e2e` is ours; everything else goes to vitest as given.
const e2e = process.argv.includes('--e2e');
const vitestArgs = process.argv.slice(2).filter((arg) => arg !== '--e2e');
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-bench-suite-'));
const log = path.join(scratch, 'cpu.jsonl');
const vitest = path.join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const config = e2e ? ['--config', 'vitest.e2e.config.ts'] : [];

const loadBefore = os.loadavg()[0] ?? 0;
const before = cpuNow();
const started = performance.now();
const code = await new Promise<number>((resolve) => {
  const child = spawn(process.execPath, [vitest, 'run', ...config, ...vitestArgs], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, [CPU_LOG_VARIABLE]: log },
    stdio: 'inherit',
  });
  child.on('close', (exit) => resolve(exit ?? 1));
});
const wall = (performance.now() - started) / 1000;
const total = cpuNow().children - before.children;

const records: CpuRecord[] = fs.existsSync(log)
  ? fs
      .readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as CpuRecord)
  : [];
await fs.remove(scratch);

const cpu = (r: CpuRecord) => r.self + r.children;
const files = records.filter((r) => r.name.endsWith('.ts')).sort((a, b) => cpu(b) - cpu(a));
const others = records.filter((r) => !r.name.endsWith('.ts'));
const counted = records.reduce((sum, r) => sum + cpu(r), 0);
// The timeline: seconds from the first record's start, and the workers numbered in the order they started.
const origin = Math.min(...records.map((r) => r.start ?? Number.POSITIVE_INFINITY));
const workers = [...new Set(files.toSorted((a, b) => (a.start ?? 0) - (b.start ?? 0)).map((r) => r.pid))];
function when(r: CpuRecord): string {
  if (r.start === undefined || r.end === undefined) return '';
  const span = `${((r.start - origin) / 1000).toFixed(1)}–${((r.end - origin) / 1000).toFixed(1)} s`;
  const worker = r.pid !== undefined && workers.includes(r.pid) ? ` in worker ${workers.indexOf(r.pid) + 1}` : '';
  return `  ${span}${worker}${r.slept ? `, slept ${r.slept.toFixed(1)} s` : ''}`;
}
const row = (name: string, seconds: number, children?: number, r?: CpuRecord) =>
  `${seconds.toFixed(1).padStart(7)} s${children ? ` (${children.toFixed(1)} s in child processes)` : ''}  ${name}${r ? when(r) : ''}`;

console.log(
  `\nbench:suite: CPU in seconds of one core, ${e2e ? 'npm run test:e2e' : 'npm test'}${vitestArgs.length ? ` -- ${vitestArgs.join(' ')}` : ''}`,
);
console.log(
  "(each file's start and end in seconds of the run, its worker, and how long it slept: on timers, on loopback, on another process; on an idle machine a core left to the others)",
);
for (const r of files) console.log(row(r.name, cpu(r), r.children, r));
console.log('');
for (const r of others) console.log(row(r.name, cpu(r), undefined, r));
console.log(
  row(
    `${files.length} test files in all`,
    files.reduce((sum, r) => sum + cpu(r), 0),
  ),
);
console.log(row("the rest (vitest's workers outside files, npm)", total - counted));
console.log(row('in all', total));
console.log(`the test files slept ${files.reduce((sum, r) => sum + (r.slept ?? 0), 0).toFixed(1)} s in all`);
console.log(
  `wall time ${wall.toFixed(1)} s; load average (1 min) ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]?.toFixed(2)} after; on ${os.availableParallelism()} idle cores at least ${(total / os.availableParallelism()).toFixed(0)} s`,
);
process.exit(code);
