/**
 * Per-file CPU for `npm run bench:suite`: a setup file runs before each test file is imported (so its modules'
 * loading counts), and its `afterAll`, registered first, ends after the file's own hooks. Nothing happens unless the
 * run is measured (helpers/cpu-log.ts).
 */
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { CPU_LOG_VARIABLE, cpuNow, logCpuSince } from './helpers/cpu-log.ts';

if (process.env[CPU_LOG_VARIABLE]) {
  const started = cpuNow();
  const file = expect.getState().testPath ?? 'unknown file';
  afterAll(() => {
    logCpuSince(path.relative(process.cwd(), file), started);
  });
}
