import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../server/webhooks/signature';
import { INTEGRATION_TEXTS } from '../../src/lib/integrations';
import { launchBrowser, startAppServer, submitLogin, type AppServer } from './support';

let server: AppServer;
let browser: Browser;
let receiver: Server;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  [server, browser] = await Promise.all([startAppServer({ THROTTLE_PER_ADDRESS: '1000' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhooks in a real browser against the real server', () => {
  it('an administrator adds a webhook, copies the secret shown once, sends a test event and sees it in the log', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const page = await browser.newPage();
    await submitLogin(page, server.url, 'administrator@demo.test');
    await page.waitForURL((location) => !location.pathname.startsWith('/login'));
    await page.goto(`${server.url}/webhooks/add`);
    await page.getByLabel('URL').fill(url);
    await page.getByLabel('Delivery changes').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/webhooks\/edit\/\d+$/);
    const secret = (await page.getByTestId('revealed-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await expect.poll(() => page.getByText(INTEGRATION_TEXTS.secretOnce).count()).toBe(1);

    await page.getByRole('button', { name: INTEGRATION_TEXTS.sendTest }).click();
    await page.getByTestId('webhook-test-result').waitFor();
    expect(await page.getByTestId('webhook-test-result').textContent()).toBe(`${INTEGRATION_TEXTS.testSent} Success (HTTP 204)`);
    await expect.poll(() => page.getByTestId('webhook-attempt').count()).toBe(1);
    expect(await page.getByTestId('webhook-attempt').textContent()).toContain('webhook.test');
    expect(received).toHaveLength(1);
    expect(verifySignature(secret, received[0]!.headers['x-courier-signature'] as string, received[0]!.body)).toBe(true);

    // The secret is not shown again.
    await page.reload();
    await page.getByRole('button', { name: INTEGRATION_TEXTS.sendTest }).waitFor();
    expect(await page.getByTestId('revealed-secret').count()).toBe(0);
    await page.close();
  });
});
