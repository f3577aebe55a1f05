import { defineConfig } from 'vitest/config';

/** Only for `npm run test:netlify` (build/test-netlify.ts): the suites that need Netlify's own tools. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/netlify/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
