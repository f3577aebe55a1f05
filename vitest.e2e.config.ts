import { configDefaults, defineConfig } from 'vitest/config';
import suite from './vitest.config.ts';
import { E2E_SUITES } from './test/lanes.ts';

/**
 * `npm run test:e2e`: the suites that drive whole outside programs (test/lanes.ts), with everything else as
 * `npm test` has it: the run's shared build, one file per core in a shared process, the same time limits.
 */
export default defineConfig({
  ...suite,
  test: { ...suite.test, include: [...E2E_SUITES], exclude: [...configDefaults.exclude] },
});
