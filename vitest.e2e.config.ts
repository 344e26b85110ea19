import { defineConfig } from 'vitest/config';

// The browser suite: Debian's Chromium driven by playwright-core against the server `npm start` runs.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
