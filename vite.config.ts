import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appShellOnly } from './scripts/app-shell.ts';
import { precompressPlugin } from './scripts/precompress.ts';
import { publicPagesPlugin } from './scripts/public-pages.ts';
import { STATIC_PUBLIC_PATH_PATTERN, STATIC_PUBLIC_URL_PATTERN } from './src/lib/public-pages.ts';

// The API server the dev proxy forwards to (`npm run dev` starts it on this port).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;

// The build's output folder as Vite resolved it (absolute), for the service worker's precache transform: a build into
// another folder (`build.outDir` given by the caller, as the bundle benchmark does) reads its own manifest, not `dist`.
let resolvedOutDir = 'dist';
const outDirOf: Plugin = {
  name: 'resolved-out-dir',
  configResolved(config) {
    resolvedOutDir = resolve(config.root, config.build.outDir);
  },
};

// React Router's production build in the bundle: the same code as the development one its package.json resolves to in
// every case, but with ENABLE_DEV_WARNINGS off, so its development-only warnings drop out (issue 19, "A fast first
// load"). Only for `vite build`: the dev server keeps the warnings.
const reactRouterBuild = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const reactRouterProduction: Plugin = {
  name: 'react-router-production',
  apply: 'build',
  enforce: 'pre',
  resolveId(source) {
    if (source === 'react-router') return reactRouterBuild('index.mjs');
    if (source === 'react-router/dom') return reactRouterBuild('dom-export.mjs');
    return null;
  },
};

// The chunks the app's entry loads eagerly (index.html's script and its static imports), read from the bundle before
// Vite writes the preload lists: a lazy import made from one of them need not list them again (they are loaded; the
// browser would skip them). The screen table alone carried ~245 names in such lists (issue 19, "A fast first load").
let shellChunks = new Set<string>();
const shellChunksOf: Plugin = {
  name: 'shell-chunks',
  apply: 'build',
  generateBundle: {
    order: 'pre',
    handler(_options, bundle) {
      shellChunks = new Set();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (shellChunks.has(fileName) || chunk?.type !== 'chunk') return;
        shellChunks.add(fileName);
        chunk.imports.forEach(visit);
      };
      const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'index');
      if (entry) visit(entry.fileName);
    },
  },
};

export default defineConfig({
  plugins: [
    outDirOf,
    reactRouterProduction,
    shellChunksOf,
    react(),
    // The service worker (Workbox): the app shell precached, hashed assets cached as used, never an API answer.
    VitePWA({
      strategies: 'generateSW',
      filename: 'service-worker.js',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html}'],
        manifestTransforms: [appShellOnly(() => resolvedOutDir)],
        navigateFallback: 'index.html',
        // `/` is not index.html: it is the home page rendered ahead of time (the route below).
        directoryIndex: '',
        // The public pages rendered ahead of time (STATIC_PUBLIC_PATHS) come from the server while online, and open the
        // app from the cache offline (the app renders the same pages).
        navigateFallbackDenylist: [/^\/(connect|identity|hubs|openapi)\//, /^\/(robots\.txt|sitemap\.xml)$/, STATIC_PUBLIC_PATH_PATTERN],
        clientsClaim: true,
        runtimeCaching: [{
          urlPattern: STATIC_PUBLIC_URL_PATTERN,
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'index.html' } },
        }, {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && !url.pathname.endsWith('.map'),
          handler: 'CacheFirst',
          options: { cacheName: 'assets', expiration: { maxEntries: 300 } },
        }],
      },
    }),
    // After the bundle: the pages that are only words and links, rendered to HTML for the server.
    publicPagesPlugin(),
    precompressPlugin(),
  ],
  define: {
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  server: {
    proxy: {
      '/identity': apiTarget,
      '/connect': apiTarget,
      '/hubs': { target: apiTarget, ws: true },
      // The server's own pages (issue 19): robots.txt and sitemap.xml per portal host, the OpenAPI documents.
      '/robots.txt': apiTarget,
      '/sitemap.xml': apiTarget,
      '/openapi': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: true,
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId }) => (shellChunks.has(hostId) ? deps.filter((dep) => !shellChunks.has(dep)) : deps),
    },
    // The one chunk over Vite's default 500 kB is elkjs's in-thread layout engine (elk.bundled.js, ~1.46 MB, one
    // GWT-compiled module that cannot be split). Only the flows page loads it, lazily, and only in a browser without
    // web workers (src/features/flows/elk.ts); every other browser gets the worker file instead, an asset. The
    // app's own chunks stay far below (the largest, FlowsPage, ~390 kB): a chunk above this limit is news.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The app, and the one small script of the public pages rendered ahead of time (issue 19, "A fast first load").
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), site: fileURLToPath(new URL('./src/site.ts', import.meta.url)) },
      treeshake: {
        // Chakra's config helpers return their argument; marked pure, `@chakra-ui/react/theme`'s unused
        // `defaultThemeConfig` (every recipe of every component) drops out and only theme.ts's recipes stay.
        // `createAnatomy` builds a name list and nothing else: Chakra's anatomies of components we never draw drop out.
        manualPureFunctions: ['createAnatomy', 'defineConfig', 'defineRecipe', 'defineSlotRecipe', 'defineTokens', 'defineSemanticTokens', 'defineTextStyles', 'defineLayerStyles', 'defineAnimationStyles', 'defineKeyframes', 'defineGlobalStyles'],
      },
      output: {
        codeSplitting: {
          groups: [
            // React, ReactDOM and the router change only with a dependency update, not with each release of the app:
            // in their own chunk they stay cached across deploys (every page loads them, so nothing extra loads).
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The router apart: the islands of the public pages rendered ahead of time load React without it.
            { name: 'router', test: /[\\/]node_modules[\\/](react-router|react-router-dom)[\\/]/ },
          ],
        },
      },
    },
  },
});
