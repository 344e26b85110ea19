// The scripts a page loads, as the benchmarks that measure a first load count them.
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/db/demo-password';

export interface LoadedScript {
  name: string;
  gzip: number;
  /** Bytes on the wire: the body as sent (compressed or not) plus the response headers. */
  sent: number;
  /** The decoded body: what the same response would weigh sent uncompressed. */
  decoded: number;
  encoding: string;
}

export interface Loaded { gzip: number; sent: number; files: LoadedScript[] }

/** Records every script response of the page: its body gzipped at level 9, and its bytes as sent (body + headers). */
export function recordScripts(page: Page): () => Promise<Loaded> {
  const bodies: Array<Promise<LoadedScript>> = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && !(response.headers()['content-type'] ?? '').includes('javascript')) return;
    bodies.push(Promise.all([response.body(), response.finished().then(() => response.request().sizes())]).then(([body, sizes]) => ({
      name: new URL(response.url()).pathname.split('/').pop()!,
      gzip: gzipSync(body, { level: 9 }).length,
      sent: sizes.responseBodySize + sizes.responseHeadersSize,
      decoded: body.length,
      encoding: response.headers()['content-encoding'] ?? 'none',
    })));
  });
  return async () => {
    const files = await Promise.all(bodies);
    return { gzip: files.reduce((sum, file) => sum + file.gzip, 0), sent: files.reduce((sum, file) => sum + file.sent, 0), files };
  };
}

/**
 * A browser profile signed in through the login form, its cache then cleared: the next tab opened in it is a
 * returning user's, with the session cookie and nothing cached.
 */
export async function signedInContext(browser: Browser, serverUrl: string, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const login = await context.newPage();
  await login.goto(`${serverUrl}/login`);
  const form = login.locator('form[aria-labelledby="login-heading"]');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await login.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  await login.close();
  const cdp = await context.newCDPSession(await context.newPage());
  await cdp.send('Network.clearBrowserCache');
  return context;
}
