import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Every context a draft begins from is deeply frozen (src/rules/draft.ts, FREEZE_BASES): a
    // rules function that changes a snapshot's context in place throws in the suite.
    env: { MTG_TURN_MACHINE_FREEZE: '1' },
  },
});
