// The back office's first load as a browser really makes it (issue 19, "A fast first load"): a signed-in operator
// opens /deliveries in a fresh tab (empty cache), and every script the page loads until it is idle counts, those
// fetched after the list shows included (the hub's client, the toaster, the menus): gzip size and bytes as sent.
// Beside it, built and served in the same run the same way: a React + React Router page, and a minimal react-admin
// app listing one resource (bench/peers.ts).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { startServer } from '../server/server';
import { buildReactAdminApp, buildRouterPage, serveStatic } from './peers';
import { recordScripts, signedInContext, type Loaded } from './scripts-loaded';
import type { Benchmark, BenchRow } from './types';

const root = new URL('../', import.meta.url).pathname;
const chromiumPath = '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const KB = 1000;
const OPERATOR = 'administrator@demo.test';

/** Opens `url` in a new tab of `context` with an empty cache, waits for `shown`, then for the network to be idle. */
async function load(context: BrowserContext, url: string, shown: (page: Page) => Promise<unknown>): Promise<Loaded> {
  const page = await context.newPage();
  const loaded = recordScripts(page);
  await page.goto(url, { waitUntil: 'load' });
  await shown(page);
  await page.waitForLoadState('networkidle');
  // Work started once the list shows (the hub's client, notifications) lands within a second or two.
  await page.waitForTimeout(2_000);
  await page.waitForLoadState('networkidle');
  const result = await loaded();
  await page.close();
  return result;
}

const firstRow = (page: Page) => page.locator('table tbody tr').first().waitFor({ state: 'visible', timeout: 60_000 });

const benchmark: Benchmark = {
  name: 'Back office first load in the browser',
  async run() {
    if (!existsSync(chromiumPath)) {
      return { rows: [{ name: 'shell + deliveries list', figure: `n/a (${chromiumPath} not found)`, baseline: null, unit: 'kB' }], notes: [] };
    }
    const outDir = mkdtempSync(join(tmpdir(), 'bench-shell-dist-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-shell-data-'));
    const peerDirs: string[] = [];
    const peerServers: Server[] = [];
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROME_FLAGS });
    try {
      await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
      const [routerDir, adminDir] = await Promise.all([buildRouterPage(), buildReactAdminApp()]);
      peerDirs.push(routerDir, adminDir);
      server = await startServer({ config: { inMemoryDatabase: true, port: 0, dataDir, webRoot: outDir, logLevel: 'warn' } });
      const [routerServer, adminServer] = await Promise.all([serveStatic(join(routerDir, 'dist')), serveStatic(join(adminDir, 'dist'))]);
      peerServers.push(routerServer, adminServer);
      const urlOf = (peer: Server) => `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;

      // Signed in through the login form; the measured tab is a new one of the same browser profile (its session
      // cookie) with the cache cleared, as a returning operator opening the back office.
      const context = await signedInContext(browser, server.url, OPERATOR);
      const ours = await load(context, `${server.url}/deliveries`, firstRow);

      const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const routerPage = await load(fresh, urlOf(routerServer), (page) => page.getByRole('heading', { level: 1 }).waitFor());
      const adminApp = await load(fresh, `${urlOf(adminServer)}/#/deliveries`, firstRow);

      const list = (loaded: Loaded) => loaded.files.sort((a, b) => b.gzip - a.gzip).map((file) => `${file.name} ${(file.gzip / KB).toFixed(1)}`).join(', ');
      const rows: BenchRow[] = [
        { name: 'shell + deliveries list, signed in, every script until idle (gzip)', figure: ours.gzip / KB, baseline: routerPage.gzip / KB, baselineName: 'React + React Router page', unit: 'kB', budgetKey: 'shellFirstListJsGzipKb' },
        { name: 'the same against a minimal react-admin app listing one resource (gzip)', figure: ours.gzip / KB, baseline: adminApp.gzip / KB, baselineName: 'minimal react-admin app', unit: 'kB' },
        { name: 'shell + deliveries list, bytes as sent (compressed, with headers)', figure: ours.sent / KB, baseline: adminApp.sent / KB, baselineName: 'minimal react-admin app, as sent', unit: 'kB' },
      ];
      return {
        rows,
        notes: [
          `Ours: ${ours.files.length} scripts (${list(ours)}).`,
          `react-admin ${(JSON.parse(readFileSync(join(root, 'node_modules', 'react-admin', 'package.json'), 'utf8')) as { version: string }).version}: ${adminApp.files.length} scripts (${list(adminApp)}).`,
          `React + React Router page: ${routerPage.files.length} scripts (${list(routerPage)}).`,
          'Each page: a new tab with an empty cache, until the list (or heading) shows, the network is idle, 2 s more and idle again.',
        ],
        details: { ours, routerPage, adminApp },
      };
    } finally {
      await browser.close();
      await server?.close();
      for (const peer of peerServers) peer.close();
      for (const dir of [outDir, dataDir, ...peerDirs]) rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
