import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { freePort } from '../support/free-port';
import { launchBrowser, startAppServer, type AppServer, submitLogin } from './support';

let server: AppServer;
let browser: Browser;
let env: Record<string, string>;

beforeAll(async () => {
  // A fixed port and data directory, so the restarted server is the same one (same signing key and sessions).
  env = { PORT: String(await freePort()), DATA_DIR: await mkdtemp(join(tmpdir(), 'courier-e2e-rt-')) };
  [server, browser] = await Promise.all([startAppServer(env), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function logIn(page: Page, email: string) {
  await submitLogin(page, server.url, email);
}

/** Resolves with the next hub socket the page opens, once the server has answered its handshake. */
function nextHubSocket(page: Page): Promise<WebSocket> {
  return new Promise((resolve) => {
    const onSocket = (socket: WebSocket) => {
      if (!socket.url().includes('/hubs/dashboard')) return;
      page.off('websocket', onSocket);
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('{}\u001e')) resolve(socket);
      });
    };
    page.on('websocket', onSocket);
  });
}

describe('the real-time connection in a real browser', () => {
  it('connects once signed in, shows the banner while the server restarts, then reconnects', async () => {
    const page = await browser.newPage();
    const first = nextHubSocket(page);
    await logIn(page, 'administrator@demo.test');
    const socket = await first;
    // The browser client puts the token on the socket URL (the server never logs it).
    expect(socket.url()).toMatch(/\/hubs\/dashboard\?id=[^&]+&access_token=/);
    await page.getByTestId('connection-banner').waitFor({ state: 'detached' });

    const second = nextHubSocket(page);
    await server.stop();
    const banner = page.getByTestId('connection-banner');
    // A loaded machine was seen to take longer than the default 30 s here (2 runs in 6): the failure says what showed.
    await banner.filter({ hasText: ERROR_TEXTS.connectionLost }).waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      const read = await banner.textContent({ timeout: 1_000 }).catch(() => '(none)');
      const heading = await page.locator('h1, h2').first().textContent({ timeout: 1_000 }).catch(() => '(none)');
      throw new Error(`no "${ERROR_TEXTS.connectionLost}" banner; the banner read: ${read}; the page: ${page.url()}, heading ${heading}`, { cause: error });
    });
    expect(await banner.textContent()).toMatch(/^Connection lost\. Trying to reconnect in: \d+/);
    expect(server.output()).not.toContain('access_token=ey');

    server = await startAppServer(env);
    await second;
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    // What failed while the server was down (a list's load, a part's code) recovers by itself once it is back.
    await expect.poll(() => page.getByRole('alert').allTextContents(), { timeout: 30_000 }).toEqual([]);
    await page.close();
  }, 180_000);
});
