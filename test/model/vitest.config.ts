// The model-based suite on its own (`npm run test:model`): its summary (coverage line,
// per-family path counts, suite time) is printed straight to the terminal.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/model/**/*.test.ts'],
    disableConsoleIntercept: true,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
