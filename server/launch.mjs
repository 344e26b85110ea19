// `npm start` (and the browser suite) run the server as JavaScript compiled ahead of time, not TypeScript compiled
// in the process on every start: it loads about twice as fast and idles on less memory (docs/decisions.md, "The
// server runs compiled"). `node server/launch.mjs <entry>` compiles server/<entry>.ts and everything it imports to
// dist-server/<entry>.mjs with esbuild when one of those files changed since the last compile (a second or so), then
// runs it. Packages stay in node_modules (not bundled), so the compiled file is only our own code, with one exception:
// fastify-openapi-glue is bundled with server/openapi-prevalidated.mjs in place of its validator, because the compile
// also validates the OpenAPI contracts and writes them as JSON (server/openapi-compile.mjs), so a start neither parses
// their YAML nor checks them against the OpenAPI meta-schema again (issue 23, "Server start-up"). The compile also
// draws the demo seed's images once (server/demo-media-build.ts), which a fresh seed otherwise drew and measured.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasServerSettings, SERVER_ENV, SERVER_NODE_FLAGS } from './node-settings.mjs';

const ENTRIES = ['start', 'serve'];
const root = fileURLToPath(new URL('../', import.meta.url));
const outDir = join(root, 'dist-server');
/** What the last compile read, with each file's modification time then (esbuild's metafile lists them). */
const stampFile = join(outDir, 'inputs.json');
/** Not read by esbuild but deciding what the compiled code links to. */
const ALSO = ['package-lock.json', 'tsconfig.json'];
/** The glue whose validator the compiled server replaces, and the major version the replacement was written for. */
const GLUE = 'fastify-openapi-glue';
const GLUE_MAJOR = '4.';
/** Compiled and run by the compile: draws the demo images once, to dist-server/demo-media.json (server/db/seed-media.ts). */
const DEMO_MEDIA_BUILD = 'demo-media-build';
const demoMediaFile = join(outDir, 'demo-media.json');

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

async function isStale() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return true;
  }
  if ([...ENTRIES, DEMO_MEDIA_BUILD].some((name) => !existsSync(join(outDir, `${name}.mjs`))) || !existsSync(demoMediaFile)) return true;
  const { contractFiles, compiledContractPath } = await import('./openapi-compile.mjs');
  const contracts = contractFiles(root);
  if (contracts.some((file) => !(file in stamp) || !existsSync(compiledContractPath(outDir, file.slice(8, -5))))) return true;
  return Object.entries(stamp).some(([path, mtime]) => modified(path) !== mtime);
}

/** Every package stays external except the glue, which is bundled with the contracts' validator replaced. */
const gluePrevalidated = {
  name: 'openapi-glue-prevalidated',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === GLUE) return undefined;
      if (args.path === '@seriousme/openapi-schema-validator' && args.importer.includes(`/node_modules/${GLUE}/`)) {
        return { path: join(root, 'server', 'openapi-prevalidated.mjs') };
      }
      return { path: args.path, external: true };
    });
  },
};

async function compile() {
  const { build } = await import('esbuild');
  const { compileContracts, contractFiles } = await import('./openapi-compile.mjs');
  const started = Date.now();
  const glueVersion = JSON.parse(readFileSync(join(root, 'node_modules', GLUE, 'package.json'), 'utf8')).version;
  if (!glueVersion.startsWith(GLUE_MAJOR)) {
    throw new Error(`${GLUE} ${glueVersion}: check server/openapi-prevalidated.mjs against its lib/Parser.js, then GLUE_MAJOR in server/launch.mjs`);
  }
  // An invalid contract stops here, before anything is written.
  await compileContracts(root, outDir);
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries([...ENTRIES, DEMO_MEDIA_BUILD].map((name) => [name, `server/${name}.ts`])),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [gluePrevalidated],
    // server/openapi-documents.ts reads the contracts from dist-server/openapi/*.json, the seed its images from
    // dist-server/demo-media.json.
    define: { OPENAPI_PRECOMPILED: 'true', DEMO_MEDIA_PRECOMPUTED: 'true' },
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  await import(pathToFileURL(join(outDir, `${DEMO_MEDIA_BUILD}.mjs`)).href);
  const inputs = [...Object.keys(result.metafile.inputs), ...ALSO, ...contractFiles(root)];
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

/**
 * Node started without the server's memory settings (server/node-settings.mjs; `npm start`, a bare `node
 * server/launch.mjs`): run the server in a child process that has them, this one only passing signals on. Its own
 * process group, so a terminal's Ctrl-C reaches it once (from here), not twice; it stops if this process dies.
 */
function runWithSettings() {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'], detached: true, env: { ...SERVER_ENV, ...process.env, SERVER_LAUNCHED_BY: String(process.pid) },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)));
}

async function main() {
  if (await isStale()) {
    mkdirSync(outDir, { recursive: true });
    await step('Compiling the server (first start or changed sources)', compile);
  }
  if (entry === '--compile') return;
  if (process.env.SERVER_LAUNCHED_BY && process.channel) {
    // Started by runWithSettings: its end (even SIGKILL) closes the channel; stop as on SIGTERM then.
    process.channel.unref();
    process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  }
  // Stack traces name the TypeScript files and lines.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(join(outDir, `${entry}.mjs`)).href);
}

// Without the settings, this process only starts the one that has them (which compiles if needed, then runs).
if (entry !== '--compile' && !hasServerSettings()) runWithSettings();
else await main();
