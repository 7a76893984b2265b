import { defineConfig } from 'vitest/config';

/** Browser tests: `npx vitest run --config test/e2e/vitest.config.ts` (needs /usr/bin/chromium). */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
