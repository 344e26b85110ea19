// Every public page's first load on a phone (issue 19, "A fast first load"): the Lighthouse mobile performance score
// and the JavaScript a browser loads until the page is idle (gzip), beside a React + React Router page of one route
// built and served in the same run.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { startServer } from '../server/server';
import { PUBLIC_PAGES } from '../src/lib/public-pages';
import { buildRouterPage as buildBaseline, serveStatic } from './peers';
import { recordScripts } from './scripts-loaded';
import type { Benchmark, BenchRow } from './types';

const root = new URL('../', import.meta.url).pathname;
const chromiumPath = '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const KB = 1000;
/** A seeded delivery's tracking hash (server/db/seed-operations.ts): the link its recipient gets. */
const seededHash = (waybill: string) => createHash('sha256').update(`courier-demo:${waybill}`).digest('hex').slice(0, 24);
/**
 * The public pages a visitor opens directly (the sitemap's, and the rating's thanks pages), and the links a recipient
 * gets: tracking a delivery on its way (WBJ0005, being collected) and rating a delivered one (WBJ0006).
 * BENCH_PUBLIC_PATHS (comma-separated) narrows the run to some of them.
 */
const ALL_PATHS = [...PUBLIC_PAGES.map((page) => page.path), '/rating-complete', '/google-rating-complete', `/track/${seededHash('WBJ0005')}`, `/rate/${seededHash('WBJ0006')}`];
const PATHS = process.env.BENCH_PUBLIC_PATHS
  ? ALL_PATHS.filter((path) => process.env.BENCH_PUBLIC_PATHS!.split(',').some((wanted) => path === wanted || path.startsWith(`${wanted}/`)))
  : ALL_PATHS;


/** Every JavaScript response of a page load until network idle (and the first heading shown), gzipped and summed. */
async function measureJs(url: string): Promise<{ gzip: number; files: string[] }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const loaded = recordScripts(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const { gzip, files } = await loaded();
    return { gzip, files: files.map((file) => `${file.name} ${(file.gzip / KB).toFixed(1)}`) };
  } finally {
    await browser.close();
  }
}

/** Lighthouse's mobile performance score (0-100; its default: a mid-range phone on slow 4G, simulated). */
async function lighthouseScore(chrome: chromeLauncher.LaunchedChrome, url: string, attempt = 1): Promise<{ score: number; lcpMs: number; tbtMs: number }> {
  try {
    return await lighthouseOnce(chrome, url);
  } catch (error) {
    // Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: it says to run it again.
    if (attempt >= 3) throw error;
    return lighthouseScore(chrome, url, attempt + 1);
  }
}

async function lighthouseOnce(chrome: chromeLauncher.LaunchedChrome, url: string): Promise<{ score: number; lcpMs: number; tbtMs: number }> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error(`Lighthouse on ${url} gave no performance score`);
  return { score: score * 100, lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN, tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN };
}

const benchmark: Benchmark = {
  name: 'Public pages on a phone',
  async run() {
    if (!existsSync(chromiumPath)) {
      return { rows: [{ name: 'public pages', figure: `n/a (${chromiumPath} not found)`, baseline: null, unit: 'score' }], notes: [] };
    }
    const outDir = mkdtempSync(join(tmpdir(), 'bench-public-dist-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-public-data-'));
    const baselineDir = await buildBaseline();
    let baselineServer: Server | undefined;
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    let chrome: chromeLauncher.LaunchedChrome | undefined;
    try {
      await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
      server = await startServer({ config: { inMemoryDatabase: true, port: 0, dataDir, webRoot: outDir, logLevel: 'warn' } });
      baselineServer = await serveStatic(join(baselineDir, 'dist'));
      const baselineUrl = `http://127.0.0.1:${(baselineServer.address() as AddressInfo).port}/`;
      chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: CHROME_FLAGS });

      const baselineJs = await measureJs(baselineUrl);
      const baselineLh = await lighthouseScore(chrome, baselineUrl);
      const rows: BenchRow[] = [];
      const details: Record<string, unknown> = { baseline: { ...baselineLh, jsGzip: baselineJs.gzip, files: baselineJs.files } };
      const notes: string[] = [];
      for (const path of PATHS) {
        const url = `${server.url}${path}`;
        const js = await measureJs(url);
        const lh = await lighthouseScore(chrome, url);
        details[path] = { ...lh, jsGzip: js.gzip, files: js.files };
        rows.push({ name: `${path} Lighthouse mobile performance`, figure: lh.score, baseline: baselineLh.score, baselineName: 'React + router page', unit: 'points', budgetKey: 'publicPageLighthouseMin' });
        rows.push({ name: `${path} JS until idle (gzip)`, figure: js.gzip / KB, baseline: baselineJs.gzip / KB, baselineName: 'React + router page', unit: 'kB', budgetKey: 'publicPageJsGzipKb' });
        notes.push(`${path}: LCP ${(lh.lcpMs / 1000).toFixed(2)} s, TBT ${lh.tbtMs.toFixed(0)} ms; JS ${js.files.join(', ') || 'none'}.`);
      }
      notes.unshift(`Baseline (React + React Router, one route, same Vite and React plugin, served compressed): LCP ${(baselineLh.lcpMs / 1000).toFixed(2)} s, TBT ${baselineLh.tbtMs.toFixed(0)} ms; JS ${baselineJs.files.join(', ')}.`);
      notes.unshift('Lighthouse 12 (mobile defaults: simulated slow 4G and a 4x slower CPU, performance only) in /usr/bin/chromium; JS: every script response of a load at 390 px until network idle and the first heading shown, gzip level 9, 1 kB = 1000 bytes.');
      return { rows, notes, details };
    } finally {
      await chrome?.kill();
      await new Promise((resolve) => baselineServer ? baselineServer.close(resolve) : resolve(undefined));
      await server?.close();
      for (const dir of [outDir, dataDir, baselineDir]) rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
