// A Vite plugin: once the bundle is written, the public pages that are only words and links are rendered to HTML
// (scripts/render-public-pages.tsx, in its own Node process with tsx: the components are TypeScript and React).
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

export function publicPagesPlugin(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      handler() {
        execFileSync(process.execPath, ['--import', 'tsx', resolve(root, 'scripts/render-public-pages.tsx'), outDir], {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, NODE_ENV: 'production' },
        });
      },
    },
  };
}
