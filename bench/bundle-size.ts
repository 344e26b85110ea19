// How much JavaScript (gzip) a visitor downloads before the public home page is usable, next to what
// React + ReactDOM alone cost when built the same way in the same run.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { startServer } from '../server/server';
import { recordScripts, type LoadedScript } from './scripts-loaded';
import type { Benchmark, BenchRow } from './types';

const root = new URL('../', import.meta.url).pathname;
const chromiumPath = '/usr/bin/chromium';
const homeModule = 'src/features/public/HomePage.tsx';
/**
 * What a list screen suspends on before its first render, besides its own chunk's static imports: the resource
 * declarations it names (useResourceList -> loadResources, src/resources/index.ts), fetched before the list shows, so
 * counted with it (issue 19: the figure is what the browser loads for that screen).
 */
const AWAITED_BEFORE_RENDER: Record<string, string[]> = {
  'src/features/fleet/HubsListPage.tsx': ['src/resources/hubs.ts'],
};
/** kB as Vite prints them: 1000 bytes. */
const KB = 1000;

const gzipBytes = (body: Buffer | string) => gzipSync(body, { level: 9 }).length;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The chunk files loaded eagerly with `keys`: the chunks themselves and their static imports, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Vite manifest has no chunk for ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

function gzipFiles(outDir: string, files: string[]): number {
  return files.reduce((sum, file) => sum + gzipBytes(readFileSync(join(outDir, file))), 0);
}

/** The app's entry (index.html's script), not the public pages' small script (src/site.ts), also an entry. */
function entryKey(manifest: Manifest): string {
  const key = manifest['index.html']?.isEntry ? 'index.html' : Object.keys(manifest).find((name) => manifest[name]!.isEntry);
  if (!key) throw new Error('Vite manifest has no entry chunk');
  return key;
}

/** React + ReactDOM rendering one paragraph, built with the same Vite and React plugin. */
async function buildBaseline(): Promise<{ gzip: number; files: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-baseline-'));
  try {
    // The temp project resolves react and react-dom from this project's node_modules: same versions.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'index.html'), '<!doctype html>\n<html><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>\n');
    writeFileSync(join(dir, 'main.jsx'), "import { createRoot } from 'react-dom/client';\n\ncreateRoot(document.getElementById('root')).render(<p>hello</p>);\n");
    const outDir = join(dir, 'dist');
    await build({ root: dir, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true } });
    const assets = join(outDir, 'assets');
    const files = readdirSync(assets).filter((file) => file.endsWith('.js')).map((file) => `assets/${file}`);
    return { gzip: gzipFiles(outDir, files), files };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Loads `/` from the real server in Chromium: every JavaScript response, its gzip size and the bytes that crossed the wire. */
async function measureInBrowser(webRoot: string): Promise<{ gzip: number; transferred: number; decoded: number; requests: number; responses: LoadedScript[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-bundle-data-'));
  const server = await startServer({ config: { inMemoryDatabase: true, port: 0, dataDir, webRoot, logLevel: 'warn' } });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    let requests = 0;
    page.on('requestfinished', () => { requests += 1; });
    const recorded = recordScripts(page);
    const document = await page.goto(server.url, { waitUntil: 'networkidle' });
    if (!document?.ok()) {
      const answer = document ? `${document.status()} ${(await document.text()).slice(0, 120)}` : 'no response';
      throw new Error(`GET / on the real server answered ${answer}`);
    }
    await page.locator('[data-testid="portal-cca2"]').waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const { gzip, sent, files } = await recorded();
    return { gzip, transferred: sent, decoded: files.reduce((total, file) => total + file.decoded, 0), requests, responses: files };
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const benchmark: Benchmark = {
  name: 'Bundle size',
  async run() {
    const outDir = mkdtempSync(join(tmpdir(), 'bench-dist-'));
    try {
      await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
      const manifest = readManifest(outDir);
      const entry = entryKey(manifest);
      const baseline = await buildBaseline();
      const notes: string[] = [];

      // The manifest view of `/`: the entry, its static imports, and the home page chunk the route lazy-loads.
      const homeFiles = staticClosure(manifest, [entry, homeModule]);
      const homeFromManifest = gzipFiles(outDir, homeFiles);

      let homeGzip: number;
      let method: string;
      let responses: LoadedScript[] | undefined;
      const transferredRow: BenchRow = {
        name: 'public home JS transferred (bytes on the wire, browser)',
        figure: 'n/a (no browser measurement)',
        baseline: null,
        baselineName: 'the same scripts sent uncompressed',
        unit: 'kB',
        budgetKey: 'publicHomeJsTransferredKb',
      };
      let browserError: string | undefined;
      if (existsSync(chromiumPath)) {
        try {
          const measured = await measureInBrowser(outDir);
          homeGzip = measured.gzip;
          responses = measured.responses;
          method = 'browser';
          notes.push(`Public home: measured in ${chromiumPath} (playwright-core), every JS response until network idle and the header's country badge visible: ${responses.length} files.`);
          transferredRow.figure = measured.transferred / KB;
          transferredRow.baseline = measured.decoded / KB;
          const encodings = [...new Set(responses.map((response) => response.encoding))].join(', ');
          notes.push(`Transferred: ${responses.length} scripts in ${measured.requests} requests in all; Content-Encoding ${encodings}; body as sent + response headers, from Chromium's request sizes.`);
          notes.push(`Files: ${responses.map((response) => `${response.name} ${(response.gzip / KB).toFixed(1)} kB gzip, ${(response.sent / KB).toFixed(1)} kB sent`).join(', ')}.`);
          notes.push(`Cross-check from the Vite manifest (entry + static imports + ${homeModule}): ${(homeFromManifest / KB).toFixed(1)} kB in ${homeFiles.length} files.`);
        } catch (error) {
          // The page could not be measured (the app is broken at `/`, or the browser failed): say so loudly and
          // still report the manifest figure rather than nothing.
          browserError = error instanceof Error ? error.message.split('\n')[0]! : String(error);
          homeGzip = homeFromManifest;
          method = 'manifest';
          notes.push(`BROWSER MEASUREMENT FAILED: ${browserError}`);
          notes.push(`Public home: so computed from the Vite manifest instead (entry + static imports + ${homeModule}): ${homeFiles.length} files.`);
        }
      } else {
        homeGzip = homeFromManifest;
        method = 'manifest';
        notes.push(`Public home: ${chromiumPath} not found, so computed from the Vite manifest (entry + static imports + ${homeModule}): ${homeFiles.length} files.`);
      }

      // The first authenticated screen: a route-level chunk under src/features/ outside public/.
      const authenticated = Object.keys(manifest)
        .filter((key) => key.startsWith('src/features/') && !key.startsWith('src/features/public/') && manifest[key]!.isDynamicEntry)
        .sort((a, b) => Number(/list/i.test(b)) - Number(/list/i.test(a)) || a.localeCompare(b));
      const listRow: BenchRow = {
        // What blocks the first list's render, from the manifest. The budget is the browser's whole load, signed in,
        // until idle (bench/shell-in-browser.ts), which also counts what loads after the list shows.
        name: 'shell + first authenticated list JS, before it renders (gzip, manifest)',
        figure: 'n/a (no authenticated route yet)',
        baseline: baseline.gzip / KB,
        baselineName: 'React + ReactDOM alone',
        unit: 'kB',
      };
      const listModule = authenticated[0];
      if (listModule) {
        const awaited = AWAITED_BEFORE_RENDER[listModule] ?? [];
        const listFiles = staticClosure(manifest, [entry, listModule, ...awaited]);
        listRow.figure = gzipFiles(outDir, listFiles) / KB;
        const withoutAwaited = gzipFiles(outDir, staticClosure(manifest, [entry, listModule]));
        notes.push(`Shell + first authenticated list: from the Vite manifest, entry + static imports + ${listModule} + what it awaits before rendering (${awaited.length ? awaited.join(', ') : 'not known for this screen: nothing added'}): ${listFiles.length} files; without the awaited ${((listRow.figure as number) - withoutAwaited / KB).toFixed(1)} kB, ${(withoutAwaited / KB).toFixed(1)} kB.`);
        // Where the figure goes: the largest files, marked (shell) when `index.html` alone loads them too.
        const shellFiles = new Set(staticClosure(manifest, [entry]));
        const bySize = listFiles.map((file) => ({ file, gzip: gzipBytes(readFileSync(join(outDir, file))) })).sort((a, b) => b.gzip - a.gzip);
        const shellGzip = bySize.filter((item) => shellFiles.has(item.file)).reduce((sum, item) => sum + item.gzip, 0);
        notes.push(`Of which the shell (index.html alone): ${(shellGzip / KB).toFixed(1)} kB. Largest: ${bySize.slice(0, 12).map((item) => `${item.file.replace(/^assets\//, '')} ${(item.gzip / KB).toFixed(1)}${shellFiles.has(item.file) ? ' (shell)' : ''}`).join(', ')}.`);
      } else {
        notes.push('Shell + first authenticated list: no route lazy-loads a module under src/features/ outside public/ yet.');
      }
      notes.push(`Baseline: a temp Vite project rendering <p>hello</p> with react-dom, same Vite and @vitejs/plugin-react: ${baseline.files.length} JS file(s).`);
      notes.push('Sizes: each JS body gzipped at level 9 (node:zlib), summed; 1 kB = 1000 bytes.');

      return {
        rows: [
          {
            name: `public home initial JS (gzip, ${method})`,
            figure: homeGzip / KB,
            baseline: baseline.gzip / KB,
            baselineName: 'React + ReactDOM alone',
            unit: 'kB',
            budgetKey: 'publicHomeJsGzipKb',
          },
          transferredRow,
          listRow,
        ],
        notes,
        details: { method, browserError, homeGzipBytes: homeGzip, homeFromManifestBytes: homeFromManifest, homeFiles, responses, baselineGzipBytes: baseline.gzip, baselineFiles: baseline.files, authenticatedCandidates: authenticated },
      };
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
