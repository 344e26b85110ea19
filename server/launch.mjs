// `npm start` (and the browser suite) run the server as JavaScript compiled ahead of time, not TypeScript compiled
// in the process on every start: it loads about twice as fast and idles on less memory (docs/decisions.md, "The
// server runs compiled"). `node server/launch.mjs <entry>` compiles server/<entry>.ts and everything it imports to
// dist-server/<entry>.mjs with esbuild when one of those files changed since the last compile (a second or so), then
// runs it. Packages stay in node_modules (not bundled), so the compiled file is only our own code.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ENTRIES = ['start', 'serve'];
const root = fileURLToPath(new URL('../', import.meta.url));
const outDir = join(root, 'dist-server');
/** What the last compile read, with each file's modification time then (esbuild's metafile lists them). */
const stampFile = join(outDir, 'inputs.json');
/** Not read by esbuild but deciding what the compiled code links to. */
const ALSO = ['package-lock.json', 'tsconfig.json'];

// `--compile` only compiles (the browser suite does it once before starting several servers at the same time).
const entry = process.argv[2] ?? 'start';
if (![...ENTRIES, '--compile'].includes(entry)) {
  console.error(`Usage: node server/launch.mjs <${ENTRIES.join('|')}|--compile>`);
  process.exit(2);
}

const modified = (path) => {
  try {
    return statSync(join(root, path)).mtimeMs;
  } catch {
    return undefined;
  }
};

function isStale() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return true;
  }
  if (ENTRIES.some((name) => !existsSync(join(outDir, `${name}.mjs`)))) return true;
  return Object.entries(stamp).some(([path, mtime]) => modified(path) !== mtime);
}

async function compile() {
  const { build } = await import('esbuild');
  const started = Date.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(ENTRIES.map((name) => [name, `server/${name}.ts`])),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = [...Object.keys(result.metafile.inputs), ...ALSO];
  const stamp = Object.fromEntries(inputs.map((path) => [path, modified(path)]));
  // A file saved while compiling may not be in the output: leave no stamp, so the next start compiles again.
  if (Object.values(stamp).some((mtime) => mtime === undefined || mtime >= started)) return;
  const temporary = `${stampFile}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify(stamp));
  renameSync(temporary, stampFile);
}

async function step(label, run) {
  const started = performance.now();
  process.stdout.write(`  ${label}…\n`);
  await run();
  process.stdout.write(`  ${label}: done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

if (isStale()) {
  mkdirSync(outDir, { recursive: true });
  await step('Compiling the server (first start or changed sources)', compile);
}
if (entry !== '--compile') {
  // Stack traces name the TypeScript files and lines.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(join(outDir, `${entry}.mjs`)).href);
}
