import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The test files of a folder that replace modules with `vi.mock`: they run isolated (a fresh module graph per file),
 * since a mocked module shared with the next file would leak into it. The other model files share their worker's
 * loaded modules (React, Chakra, XState, the screens), which saves each file's imports.
 */
function mocking(folders: string[]): string[] {
  return folders.flatMap((folder) => readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.tsx') || file.endsWith('.test.ts'))
    .map((file) => join(folder, file))
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8'))));
}
const componentFiles = ['src/**/*.test.tsx', 'tests/component/**/*.test.tsx'];
const modelFiles = ['tests/model/**/*.test.{ts,tsx}'];
const modelMocking = mocking(['tests/model']);
const views = { environment: 'jsdom', setupFiles: ['tests/support/dom-setup.ts'] };

// One runner: pure units (node), views (jsdom), model-based paths (jsdom; those that mock modules apart), API against
// the real server.
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
      // A file's first render loads the lazy screen chunks through the transform: seconds on a busy 2-core box.
      // Isolated: shared, its timing-sensitive shell tests failed now and then (docs/decisions.md, CI's time).
      { extends: true, test: { ...views, name: 'component', include: componentFiles, testTimeout: 30_000 } },
      { extends: true, test: { ...views, name: 'model', include: modelFiles, exclude: modelMocking, isolate: false, testTimeout: 30_000 } },
      { extends: true, test: { ...views, name: 'model-mocking', include: modelMocking, testTimeout: 30_000 } },
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
