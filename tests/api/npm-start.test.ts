// What `npm start` prints: each start-up phase in order, the URL only once the server answers, and JSON log lines
// when standard output is not a terminal. Runs the compiled server as `npm start` does (server/launch.mjs), with the
// web build left out (WEB_ROOT elsewhere: the build is vite's and slow; its progress line is in start.ts).
import { execFileSync, spawn } from 'node:child_process';
import { utimesSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const directories: string[] = [];
afterAll(async () => { await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true }))); });

/** Starts `node server/launch.mjs serve` on a data directory; resolves with its output once the URL line is printed and a request to it answered. */
async function startOnce(dataDir: string): Promise<{ output: string; firstAnswer: number }> {
  const child = spawn(process.execPath, ['server/launch.mjs', 'serve'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, PAYMENT_SANDBOX_PORT: '0', WEB_ROOT: '/nonexistent',
      LOG_LEVEL: 'info', DATABASE_URL: '', PAYMENT_PROVIDER_URL: '',
    },
  });
  const exited = new Promise((done) => child.on('exit', done));
  try {
    let output = '';
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => { errors += chunk.toString(); });
    // The request goes out the moment the line arrives, before anything else runs.
    const firstAnswer = await new Promise<number>((done, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const running = /is running at (http:\/\/\S+)/.exec(output);
        if (running) {
          child.stdout.removeAllListeners('data');
          fetch(`${running[1]!.replace('localhost', '127.0.0.1')}/connect/countries/za`, { headers: { accept: 'application/json' } })
            .then((response) => done(response.status), fail);
        }
      });
      child.on('exit', (code) => fail(new Error(`the server stopped (${code}): ${output}${errors}`)));
    });
    return { output, firstAnswer };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const compile = () => execFileSync(process.execPath, ['server/launch.mjs', '--compile'], { encoding: 'utf8' });

describe('npm start', () => {
  it('prints each phase with its duration, then the URL once the server answers; logs are JSON in a pipe; a second start serves before checking the demo data and statistics', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'npm-start-'));
    directories.push(directory);
    const first = await startOnce(join(directory, 'data'));
    expect(first.firstAnswer).toBe(200);

    const lines = first.output.split('\n');
    const order = ['Opening the database…', 'Opening the database: done in', 'Migrating…', 'Migrating: done in',
      'Seeding demo data…', 'Seeding demo data: done in', 'Refreshing statistics…', 'Refreshing statistics: done in',
      'Starting the server…', 'Starting the server: done in', 'is running at'];
    const positions = order.map((text) => lines.findIndex((line) => line.includes(text)));
    expect(positions.every((position) => position >= 0), `${order.filter((_, index) => positions[index]! < 0).join(', ')} missing:\n${first.output}`).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(lines.find((line) => line.includes('Migrating: done in'))).toMatch(/done in \d+\.\d s$/);

    // Not a terminal: the log lines are pino's JSON, and the contract's media types raise no parser warning.
    const logLines = lines.filter((line) => line.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(() => { JSON.parse(line); }).not.toThrow();
    expect(first.output).not.toContain('ContentTypeParser');

    // Nothing to migrate the second time: served at once, the demo data and statistics checked in the background.
    const second = await startOnce(join(directory, 'data'));
    expect(second.firstAnswer).toBe(200);
    expect(second.output).toContain('Nothing to migrate: demo data and statistics are checked in the background');
    expect(second.output).not.toContain('Seeding demo data…');
    expect(second.output).not.toContain('Refreshing statistics…');
  }, 240_000);

  it('compiles the server only when one of its sources changed', () => {
    compile();
    expect(compile()).toBe('');
    // A source file saved again (same content, newer time) is a change.
    const now = new Date();
    utimesSync('server/paths.ts', now, now);
    expect(compile()).toContain('Compiling the server (first start or changed sources): done in');
    expect(compile()).toBe('');
  }, 120_000);
});
