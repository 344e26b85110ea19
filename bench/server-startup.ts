// Time from spawning the real server until it answers an API request, cold (empty data dir: migrations and
// seed) and warm (same data dir again), next to a bare PGlite open + `select 1` measured the same way. The server
// runs as `npm start` runs it, compiled (server/launch.mjs); its warm start under tsx is printed beside it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Benchmark } from './types';
import { freePort } from '../tests/support/free-port';

const root = new URL('../', import.meta.url).pathname;
const REPEATS = 3;
const READY_TIMEOUT_MS = 120_000;
const probePath = '/connect/countries/za';

/** Every child still running; killed on the way out whatever happens. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the child leads its own process group (detached)
  } catch {
    child.kill(signal);
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Asks SIGTERM first (the server closes PGlite cleanly), SIGKILL if it has not gone after 10 s. */
async function stop(child: ChildProcess): Promise<void> {
  killGroup(child, 'SIGTERM');
  const gone = await Promise.race([exited(child).then(() => true), sleep(10_000).then(() => false)]);
  if (!gone) {
    killGroup(child, 'SIGKILL');
    await exited(child);
  }
  running.delete(child);
}

function launch(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  return { child, output: () => output.slice(-2000) };
}

const COMPILED = ['server/launch.mjs', 'serve'];
const UNDER_TSX = ['--import', 'tsx', 'server/serve.ts'];

/** ms from spawn until GET /connect/countries/za answers 200; the server is stopped afterwards. */
async function timeServerStart(dataDir: string, command = COMPILED): Promise<number> {
  const port = await freePort();
  const began = performance.now();
  const { child, output } = launch(command, {
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: '/nonexistent', LOG_LEVEL: 'warn', DATABASE_URL: '',
  });
  try {
    while (performance.now() - began < READY_TIMEOUT_MS) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${output()}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}${probePath}`);
        await response.arrayBuffer();
        if (response.status === 200) return performance.now() - began;
      } catch {
        // not listening yet
      }
      await sleep(10);
    }
    throw new Error(`server did not answer ${probePath} within ${READY_TIMEOUT_MS} ms:\n${output()}`);
  } finally {
    await stop(child);
  }
}

const baselineScript = `(async () => {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(process.env.BENCH_PGLITE_DIR);
  await db.query('select 1');
  await db.close();
})().catch((error) => { console.error(error); process.exit(1); });`;

/** ms from spawn until a process that opens a file-backed PGlite and runs `select 1` exits. */
async function timePgliteBaseline(dir: string): Promise<number> {
  const began = performance.now();
  const { child, output } = launch(['-e', baselineScript], { BENCH_PGLITE_DIR: dir });
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), READY_TIMEOUT_MS);
  try {
    const code = await exited(child);
    const elapsed = performance.now() - began;
    if (code !== 0) throw new Error(`PGlite baseline exited with ${code}:\n${output()}`);
    return elapsed;
  } finally {
    clearTimeout(timer);
    running.delete(child);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const benchmark: Benchmark = {
  name: 'Server start-up',
  async run() {
    const cold: number[] = [];
    const warm: number[] = [];
    const warmTsx: number[] = [];
    const baseCold: number[] = [];
    const baseWarm: number[] = [];
    const dirs: string[] = [];
    try {
      // Compiled once up front, as the first `npm start` after a change does (about a second, not timed here).
      execFileSync(process.execPath, ['server/launch.mjs', '--compile'], { cwd: root, stdio: 'ignore' });
      for (let round = 0; round < REPEATS; round += 1) {
        const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
        const pgliteDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
        dirs.push(dataDir, pgliteDir);
        cold.push(await timeServerStart(dataDir));
        warm.push(await timeServerStart(dataDir));
        warmTsx.push(await timeServerStart(dataDir, UNDER_TSX));
        baseCold.push(await timePgliteBaseline(pgliteDir));
        baseWarm.push(await timePgliteBaseline(pgliteDir));
      }
    } finally {
      for (const child of [...running]) await stop(child);
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
    const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
    return {
      rows: [
        { name: 'first start, empty data dir (migrations + seed)', figure: median(cold), baseline: median(baseCold), baselineName: 'PGlite open + select 1, new dir', unit: 'ms' },
        { name: 'second start, same data dir (warm)', figure: median(warm), baseline: median(baseWarm), baselineName: 'PGlite open + select 1, existing dir', unit: 'ms' },
        { name: 'second start under tsx (before: TypeScript compiled in the process)', figure: median(warmTsx), baseline: median(warm), baselineName: 'second start compiled', unit: 'ms' },
      ],
      notes: [
        `Median of ${REPEATS}; each: spawn \`node server/launch.mjs serve\` (compiled beforehand; WEB_ROOT=/nonexistent, LOG_LEVEL=warn, free port) until GET ${probePath} answers 200. Goals: first ≤ 8 s, second ≤ 2 s.`,
        `Baseline: spawn \`node -e\` opening a file-backed PGlite and running select 1, until the process exits.`,
        `Runs (ms): first ${list(cold)}; second ${list(warm)}; second under tsx ${list(warmTsx)}; baseline new dir ${list(baseCold)}; baseline existing dir ${list(baseWarm)}.`,
      ],
      details: { coldMs: cold, warmMs: warm, warmUnderTsxMs: warmTsx, baselineNewDirMs: baseCold, baselineExistingDirMs: baseWarm },
    };
  },
};

export default benchmark;
