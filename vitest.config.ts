import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Netlify's own tools are a separate run: `npm run test:netlify` (test/netlify/vitest.config.ts).
    exclude: [...configDefaults.exclude, 'test/netlify/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
