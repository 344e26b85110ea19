import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './paths';
import { silentProgress, type Progress } from './startup-progress';

const root = projectRoot;
/** What the built app depends on; a change to any of these makes the build stale. */
const inputs = ['src', 'index.html', 'vite.config.ts', 'scripts/precompress.ts', 'scripts/app-shell.ts', 'scripts/public-pages.ts', 'scripts/render-public-pages.tsx', 'package-lock.json', 'public', 'openapi'];

function newestChange(path: string): number {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

/** Where a build records the newest change of its inputs when it started (file times only: no clock involved). */
const stampOf = (outDir: string) => join(outDir, '.build-inputs');
const newestInput = () => Math.max(...inputs.map((input) => newestChange(join(root, input))));

export function isBuildStale(outDir = join(root, 'dist')): boolean {
  let built;
  try {
    built = Number(readFileSync(stampOf(outDir), 'utf8'));
  } catch {
    return true;
  }
  // A source saved while the build ran is newer than the stamp, so the next start builds again.
  return !(newestInput() <= built);
}

/** Builds the web app with Vite when dist/ is missing or older than its sources. */
export async function buildIfNeeded(progress: Progress = silentProgress): Promise<void> {
  if (!isBuildStale()) {
    progress.note('The web app is up to date (dist/)');
    return;
  }
  await progress.step('Building the web app (first start or changed sources)', async () => {
    const { build } = await import('vite');
    const inputsAtStart = newestInput();
    // Vite honours NODE_ENV over its mode: started from a test runner (NODE_ENV=test) it would build React's
    // development bundle, which registers no service worker. The app is always built for production.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ root, logLevel: 'warn', mode: 'production' });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    writeFileSync(stampOf(join(root, 'dist')), String(inputsAtStart));
  });
}
