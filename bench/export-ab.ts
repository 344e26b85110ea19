// A/B of the compiled server's memory during one export (issues 17, 23; not part of `npm run bench`): for each variant
// in turn, round after round, a server in a process of its own (`node <flags> server/launch.mjs serve`, in the
// variant's directory, e.g. a copy of another commit), its VmRSS after AB_IDLE_MS idle and its peak (every 50 ms)
// while a client reads the export (AB_PATH, default Delivery Arrival from 2026-01-01 to AB_END) to its end, with the
// rows per second and the load average. Used for docs/benchmarks.md "Exports lean".
// AB_DB=<url of a report database, e.g. a copy of reports_1m> AB_VARIANTS='name:ENV=V,ENV2=V|--flag --flag2|/dir;name2:…'
// AB_ROUNDS=2 node --import tsx bench/export-ab.ts
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { signAccessToken } from '../server/auth/tokens';
import { refreshTokenFamilies, users } from '../server/db/schema';
import { startServer } from '../server/server';
import { freePort } from '../tests/support/free-port';

const db = process.env.AB_DB!;
const dataDir = await mkdtemp(join(tmpdir(), 'ab-'));
const server = await startServer({
  seed: false,
  config: { port: 0, host: '127.0.0.1', dataDir, inMemoryDatabase: false, databaseUrl: db, webRoot: join(dataDir, 'no-web'), logLevel: 'warn',
    anonymousWritesPerMinute: 1_000_000, expensiveCallsPerMinute: 1_000_000, maxEventLoopDelayMs: 0 },
  env: {},
});
const [user] = await server.database.db.select().from(users).where(eq(users.email, 'administrator@demo.test'));
const [family] = await server.database.db.insert(refreshTokenFamilies).values({ userId: user!.id, absoluteExpiresAt: new Date(Date.now() + 86_400_000) }).returning();
const token = await signAccessToken(server.keys, user!, 7200, undefined, family!.id);
await server.close();

const rss = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;
const variants = (process.env.AB_VARIANTS ?? 'default:').split(';').map((text) => {
  const [name, rest = ''] = text.split(':');
  const [envText = '', flagText = '', cwd = process.cwd()] = rest.split('|');
  const env = Object.fromEntries(envText.split(',').filter(Boolean).map((pair) => pair.split('=') as [string, string]));
  return { name: name!, env, cwd, flags: flagText.split(' ').filter(Boolean) };
});
const rounds = Number(process.env.AB_ROUNDS ?? 1);
const path = process.env.AB_PATH ?? `/connect/reports/za/deliveryArrival?startDate=2026-01-01&endDate=${process.env.AB_END ?? '2026-04-03'}&exportExcel=true`;
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
for (let round = 0; round < rounds; round += 1) {
  for (const variant of variants) {
    const port = await freePort();
    const child = spawn(process.execPath, [...variant.flags, 'server/launch.mjs', 'serve'], {
      cwd: variant.cwd, detached: true, stdio: ['ignore', process.env.AB_LOG ? openSync(`${process.env.AB_LOG}-${variant.name}-${round}.log`, 'w') : 'ignore', 'inherit'],
      env: { ...process.env, ...variant.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: '/nonexistent', LOG_LEVEL: 'warn', DATABASE_URL: db },
    });
    const url = `http://127.0.0.1:${port}`;
    for (;;) {
      try { const response = await fetch(`${url}/connect/countries/za`); await response.arrayBuffer(); if (response.ok) break; } catch { /* not yet */ }
      await sleep(100);
    }
    await sleep(Number(process.env.AB_IDLE_MS ?? 5000));
    const pid = Number(process.env.AB_PID_OF_CHILD ? readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim() : child.pid);
    const idle = rss(pid);
    let peak = idle;
    const timer = setInterval(() => { try { peak = Math.max(peak, rss(pid)); } catch { /* gone */ } }, 50);
    const began = performance.now();
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    let bytes = 0;
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
    const ms = performance.now() - began;
    clearInterval(timer);
    const total = Number(response.headers.get('x-total-count'));
    console.log(`${variant.name.padEnd(14)} round ${round + 1}: status ${response.status}, idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)}), `
      + `${total} rows in ${(ms / 1000).toFixed(1)} s = ${(total / (ms / 1000)).toFixed(0)} rows/s, ${(bytes / 1048576).toFixed(1)} MB; load ${load()}`);
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
process.exit(0);
