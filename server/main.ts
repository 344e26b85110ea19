import type { AddressInfo } from 'node:net';
import { APP_VERSION } from '../src/lib/constants';
import { loadConfig } from './config';
import { DatabaseUnreachableError } from './db/database';
import { SANDBOX_CARDS, startPaymentSandbox } from './payments/sandbox';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed';
import { readableLogDestination } from './log-format';
import { startServer } from './server';
import { silentProgress, type Progress } from './startup-progress';

/**
 * Runs the server until SIGINT/SIGTERM: prints each start-up phase, then the URL and the demo logins once the server
 * answers. Logs are JSON lines, except on a terminal, where they are short readable lines.
 */
export async function main(progress: Progress = silentProgress): Promise<void> {
  // The card provider sandbox on its own port, unless a real provider is configured (PAYMENT_PROVIDER_URL).
  let sandboxLine: string[] = [];
  if (!process.env.PAYMENT_PROVIDER_URL) {
    const sandbox = await startPaymentSandbox({ port: loadConfig().paymentSandboxPort });
    process.env.PAYMENT_PROVIDER_URL = sandbox.url;
    sandboxLine = [`  Card provider sandbox at ${sandbox.url} (test cards: ${SANDBOX_CARDS.success} succeeds, ${SANDBOX_CARDS.declined} declines)`];
  }
  let server;
  try {
    server = await startServer({ progress, logDestination: process.stdout.isTTY ? readableLogDestination() : undefined });
  } catch (error) {
    if (error instanceof DatabaseUnreachableError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { config } = server;
  const { port } = server.app.server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  const url = `http://${host}:${port}`;
  // `listen` has resolved; one real request proves the server answers before we say it runs.
  await answers(server.url);
  const lines = [
    '',
    `  Courier platform ${APP_VERSION} is running at ${url}`,
    `  Database: ${server.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    ...sandboxLine,
    '',
    `  Demo logins (password ${DEMO_PASSWORD}):`,
    ...DEMO_USERS.map((user) => `    ${user.email.padEnd(28)} ${describeDemoUser(user)}`),
    '',
  ];
  console.log(lines.join('\n'));
  const stop = async (signal: string) => {
    server.logger.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/** Waits (up to 10 s) until `url` answers an HTTP request. */
async function answers(url: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/`, { headers: { accept: 'application/json' } });
      await response.body?.cancel();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

function describeDemoUser(user: (typeof DEMO_USERS)[number]): string {
  const notes = [user.roles.join(', ') || 'normal user'];
  if (user.emailConfirmed === false) notes.push('email not confirmed');
  if (user.twoFactorEnabled) notes.push('two-factor on (code in the outbox)');
  return notes.join(', ');
}
