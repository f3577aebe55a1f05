/**
 * The run's shared build (test/global-setup.ts) is made by a child process while the suites that do not read it
 * run; a suite that reads it waits here until it is published. The outcome file appears, whole, when the build
 * process has ended.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, inject } from 'vitest';

export interface SharedBuildOutcome {
  ok: boolean;
  /** What the build printed (stdout and stderr). */
  output: string;
}

/** The shared build's public/ folder once it is published; throws with the build's output when it failed. */
export async function sharedPublicDir(): Promise<string> {
  const outcomeFile = inject('sharedBuildOutcome');
  while (!fs.existsSync(outcomeFile)) await sleep(50);
  const { ok, output } = JSON.parse(fs.readFileSync(outcomeFile, 'utf8')) as SharedBuildOutcome;
  if (!ok) throw new Error(`the run's shared build failed:\n${output}`);
  return inject('sharedPublicDir');
}

/**
 * For a suite that reads the shared build (of `sourcesDir`, when given: the suite reads it only when it was made
 * from those sources): a hook that waits for it with no time limit, declared before the suite's own hooks. How long
 * the build takes depends on the machine and on what else runs; its end (published or failed) ends the wait, and the
 * suite's own hooks and tests keep their time limits for their own work.
 */
export function awaitSharedBuild(sourcesDir?: string): void {
  beforeAll(async () => {
    if (!inject('sharedBuildOutcome')) return; // no shared build: the suites talk to an external server
    if (sourcesDir === undefined || inject('sharedSourcesDir') === path.resolve(sourcesDir)) await sharedPublicDir();
  }, 0);
}
