/**
 * The order test files start in, in either lane. First the files that wait on timers they test (live refresh's
 * hanging upstreams, about 7 s of an idle run, and freshness's, about 4 s): started while a child process makes the
 * run's shared build (test/global-setup.ts), their waits are the build's time on a core, where later they would leave
 * a core idle. Then the longest files, those that need nothing of the shared build before their second half included
 * (the zj fetch's, the docs page's demo part), while the build is made; then vitest's own order (files that failed
 * last time, then the slower ones). Started late, one of them alone would outlast the rest of the run; vitest knows
 * nothing of a file's length on a fresh clone.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const FIRST = [
  // npm test
  'test/unit/live-refresh.test.ts',
  'test/unit/freshness.test.ts',
  'test/unit/store-faults.test.ts',
  'test/real-data/live-issuances.test.ts',
  'test/unit/store-documents.test.ts',
  'test/unit/frozen-upstream.test.ts',
  // npm run test:e2e (test/lanes.ts)
  'test/real-data/zj-fetch-equivalence.test.ts',
  'test/contract/docs-page.test.ts',
  'test/contract/doc-examples.test.ts',
  'test/unit/build-atomic.test.ts',
  'test/real-data/dump.test.ts',
];

const rank = (spec: TestSpecification) => {
  const at = FIRST.findIndex((file) => spec.moduleId.endsWith(file));
  return at < 0 ? FIRST.length : at;
};

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
