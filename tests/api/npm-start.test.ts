// What `npm start` prints (issue "What a new user trips over", item 19): each start-up phase in order, the URL only
// once the server answers, and JSON log lines when standard output is not a terminal. Runs server/main.ts as
// `npm start` does after its build step (the build itself is vite's and slow; its progress line is in start.ts).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const directories: string[] = [];
afterAll(async () => { await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true }))); });

describe('npm start', () => {
  it('prints each phase with its duration, then the URL once the server answers; logs are JSON in a pipe', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'npm-start-'));
    directories.push(directory);
    const script = join(directory, 'start.mts');
    await writeFile(script, `import { main } from ${JSON.stringify(resolve('server/main.ts'))};
import { printedProgress } from ${JSON.stringify(resolve('server/startup-progress.ts'))};
await main(printedProgress());
`);
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(directory, 'data'), PAYMENT_SANDBOX_PORT: '0',
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
            fetch(`${running[1]!.replace('localhost', '127.0.0.1')}/`, { headers: { accept: 'application/json' } })
              .then((response) => done(response.status), fail);
          }
        });
        child.on('exit', (code) => fail(new Error(`the server stopped (${code}): ${output}${errors}`)));
      });
      expect(firstAnswer).toBeLessThan(500);

      const lines = output.split('\n');
      const order = ['Opening the database…', 'Opening the database: done in', 'Migrating…', 'Migrating: done in',
        'Seeding demo data…', 'Seeding demo data: done in', 'Refreshing statistics…', 'Refreshing statistics: done in',
        'Starting the server…', 'Starting the server: done in', 'is running at'];
      const positions = order.map((text) => lines.findIndex((line) => line.includes(text)));
      expect(positions.every((position) => position >= 0), `${order.filter((_, index) => positions[index]! < 0).join(', ')} missing:\n${output}`).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(lines.find((line) => line.includes('Migrating: done in'))).toMatch(/done in \d+\.\d s$/);

      // Not a terminal: the log lines are pino's JSON, and the contract's media types raise no parser warning.
      const logLines = lines.filter((line) => line.startsWith('{'));
      expect(logLines.length).toBeGreaterThan(0);
      for (const line of logLines) expect(() => JSON.parse(line) as unknown).not.toThrow();
      expect(output).not.toContain('ContentTypeParser');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 180_000);
});
