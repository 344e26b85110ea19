import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One runner, four projects: pure units (node), views (jsdom), model-based paths (jsdom), API against the real server.
export default defineConfig({
  plugins: [react()],
  define: { __BUILD_TIME__: JSON.stringify('test') },
  test: {
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine. Test files mostly wait on
    // their servers and the DOM, so two workers use both cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'tests/component/**/*.test.tsx'],
          setupFiles: ['tests/support/dom-setup.ts'],
          // A file's first render loads the lazy screen chunks through the transform: seconds on a busy 2-core box.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'model',
          environment: 'jsdom',
          include: ['tests/model/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/dom-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          // Every file starts its own server; sharing the loaded server code between a worker's files halves the run.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
