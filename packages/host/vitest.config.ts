import { defineConfig } from 'vitest/config';

// The host's own suite (npm run test:host): storage on memory, PGlite and PostgreSQL, the protocol,
// two processes on one database, the crash suite, golden saves. Files run one at a time: the crash
// suite and the two-process test start processes of their own.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false },
});
