import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serverSpawnArgs } from '../../server/node-settings.mjs';
import { freePort } from '../support/free-port';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface AppServer {
  port: number;
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Runs what `npm start` runs (server/launch.mjs start: the compiled server) on a free port with its own data directory. */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'courier-e2e-'));
  let output = '';
  // The card sandbox on a free port too, so a suite never collides with a running `npm start`.
  // One browser on loopback stands for many users: the edge limits (tested in the API suite) stay out of the way.
  // The server's memory settings on the command line (server/node-settings.mjs): the process started is the server.
  const spawned = serverSpawnArgs('start', { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PAYMENT_SANDBOX_PORT: '0', ANONYMOUS_WRITES_PER_MINUTE: '1000000', EXPENSIVE_CALLS_PER_MINUTE: '1000000', MAX_EVENT_LOOP_DELAY_MS: '0', ...env });
  const child: ChildProcess = spawn(process.execPath, spawned.args, { env: spawned.env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => { output += chunk; });
  child.stderr!.on('data', (chunk) => { output += chunk; });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      // Up once it says so (it does only after answering a request of its own) and answers ours.
      if (output.includes('is running at') && (await fetch(`http://127.0.0.1:${port}/connect/countries/za`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    port,
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export const DEMO_PASSWORD = 'Demo-password-1';

/** Signs in through the login form as a person would (the caller waits for what its test expects next). */
export async function submitLogin(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  const form = page.locator('form[aria-labelledby="login-heading"]');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** Signs in over the API (body transport) as a seeded user; the browser tests use it for what a person reads elsewhere. */
export async function apiLogin(server: AppServer, email: string): Promise<{ jwtToken: string; id: number }> {
  const response = await fetch(`${server.url}/identity/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = await response.json() as { jwtToken?: string };
  if (!body.jwtToken) throw new Error(`login ${email}: ${response.status} ${JSON.stringify(body)}`);
  const claims = JSON.parse(Buffer.from(body.jwtToken.split('.')[1]!, 'base64url').toString()) as { id: number };
  return { jwtToken: body.jwtToken, id: claims.id };
}

/** The newest 6-digit code sent to a recipient, read from the outbox the way an administrator does in development. */
export async function latestCode(server: AppServer, recipient: string): Promise<string> {
  const { jwtToken } = await apiLogin(server, 'administrator@demo.test');
  const response = await fetch(`${server.url}/identity/v1/outbox?recipient=${encodeURIComponent(recipient)}`, {
    headers: { Authorization: `Bearer ${jwtToken}` },
  });
  const messages = await response.json() as { body: string }[];
  const code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}
