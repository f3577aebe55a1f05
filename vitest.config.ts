import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { E2E_SUITES } from './test/lanes.ts';
import { LongFilesFirst } from './test/run-order.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two separate runs: the suites that drive outside programs (`npm run test:e2e`: vitest.e2e.config.ts) and
    // Netlify's own tools (`npm run test:netlify`: test/netlify/vitest.config.ts).
    exclude: [...configDefaults.exclude, 'test/netlify/**', ...E2E_SUITES],
    globalSetup: ['test/global-setup.ts'],
    // A worker runs its files one after another in one process, loading the shared modules (zod schemas, the
    // route table, the build) once instead of once per file: 25 s of CPU less per run. Each file's env changes
    // end with it (test/restore-env.ts); module state is keyed by folder or file, so files cannot see each other's.
    isolate: false,
    setupFiles: ['test/restore-env.ts', 'test/cpu-meter.ts'],
    sequence: { sequencer: LongFilesFirst },
    // One file per core (vitest's default is one fewer): the shared build's child process and Chromium use the
    // time a file spends waiting (live-refresh's timeouts); one file more measured no faster, with more CPU.
    maxWorkers: os.availableParallelism(),
    // Time limits catch a hang; they are never a check of speed (docs/maintainers/testing.md): each is many times what the
    // slowest test or hook takes on an idle machine, so a busy CI machine cannot reach them. Waiting for the
    // shared build has no limit at all (helpers/shared-build.ts, awaitSharedBuild).
    testTimeout: 60_000,
    // A green run prints a line per file and names only tests over 10 s beneath it (vitest's default names every test
    // over 300 ms, 250 lines on a busy machine): the output stays a few hundred lines. Never an assertion of speed.
    slowTestThreshold: 10_000,
    hookTimeout: 120_000,
  },
});
