// The real server for jsdom tests (component tests that must run against our own API, not a stub): the app's
// requests for the page's own origin go on to it through forward-fetch.ts (installed by dom-setup.ts). The server
// runs in a process of its own (vite rewrites the server's `new URL(..., import.meta.url)` for jsdom): a script
// starts it, prints one JSON line, and stops when its input ends.
import { forwarding } from './forward-fetch';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { fromPromise } from 'xstate';
import type { SessionOutput } from '../../src/machines/auth/auth.actors';
import { authMachine } from '../../src/machines/auth/auth.machine';

/** Absolute import specifiers for the server script (it runs from a temporary directory). */
export const SERVER_MODULES = {
  support: JSON.stringify(resolve('tests/api/support.ts')),
  booking: JSON.stringify(resolve('tests/api/booking-helpers.ts')),
};

/**
 * Runs `script` (an ES module that starts the test server and ends with `await answer({ url: server.url, ... })`)
 * and forwards the app's requests to the `url` it answers; `stop()` closes the server.
 */
export async function startServerProcess<T extends { url: string }>(script: string): Promise<{ value: T; stop(): Promise<void> }> {
  const file = join(await mkdtemp(join(tmpdir(), 'real-server-')), 'server.mts');
  await writeFile(file, `${script}
async function answer(value) {
  process.stdout.write(JSON.stringify(value) + '\\n');
  process.stdin.resume();
  process.stdin.on('end', async () => { await server.close(); process.exit(0); });
}`);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', file], { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] });
  const value = await new Promise<T>((done, fail) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) done(JSON.parse(line) as T);
    });
    child.on('exit', (code) => fail(new Error(`the test server stopped (${code})`)));
  });
  forwarding.url = value.url;
  return {
    value,
    async stop() {
      // The next file of the worker (they share modules and globals) starts without a server to forward to.
      if (forwarding.url === value.url) forwarding.url = '';
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.on('exit', done));
      child.stdin!.end();
      await exited;
    },
  };
}

/**
 * The file's server process (startServerProcess), started before its tests and stopped after them: answers the
 * object the script answered, filled in once the server is up.
 */
export function serverProcessForTests<T extends { url: string }>(script: string): T {
  const value = {} as T;
  let running: Awaited<ReturnType<typeof startServerProcess<T>>> | undefined;
  beforeAll(async () => {
    running = await startServerProcess<T>(script);
    Object.assign(value, running.value);
  }, 180_000);
  afterAll(async () => { await running?.stop(); }, 60_000);
  return value;
}

/** The auth actor restoring a real session (a token signed by the server) as the app starts. */
export function signedInWith(token: string, profile: { email: string; firstName: string; lastName: string }) {
  return authMachine.provide({
    actors: {
      restoreSession: fromPromise<SessionOutput>(async () => ({
        jwtToken: token,
        profile: {
          ...profile, phoneNumberConfirmed: true, emailConfirmed: true, contactCountryCode: 'ZA', twoFactorEnabled: false, hasProfilePicture: false,
        } as never,
      })),
    },
    actions: { goHomeAndReload: () => undefined },
  });
}
