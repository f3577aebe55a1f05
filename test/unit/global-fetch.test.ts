/**
 * Importing the undici package installs its Agent as the process's global dispatcher, so Node's own fetch goes
 * through it afterwards (src/upstream/pool.ts). The local server and the function writer must not load it unless
 * the scheduled run actually runs: test:netlify's checks against `netlify serve` crashed on an undici assertion
 * when they did. Checked in a fresh process, since the test workers load every module: one process imports the
 * server's modules and looks, then imports the scheduled run and looks again.
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config/paths.ts';

/** Whether the global dispatcher is installed after importing each group of modules in turn, in one fresh process. */
const dispatcherAfterImporting = (groups: string[][]) => {
  const script = groups
    .map(
      (modules) =>
        `${modules.map((m) => `await import(${JSON.stringify(m)});`).join('')} console.log(Symbol.for('undici.globalDispatcher.1') in globalThis);`,
    )
    .join('');
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim().split('\n');
};

describe("the process's global fetch", () => {
  let afterServer = '';
  let afterRun = '';
  beforeAll(() => {
    [afterServer = '', afterRun = ''] = dispatcherAfterImporting([
      ['./src/server/local-server.ts', './test/helpers/server.ts', './build/write-functions.ts'],
      ['./src/jobs/scheduled-function.ts'],
    ]);
  }, 60_000);

  it('is left alone by the local server, the test server and the function writer', () => {
    expect(afterServer).toBe('false');
  });

  it('is taken over by the scheduled run (the check above can fail)', () => {
    expect(afterRun).toBe('true');
  });
});
