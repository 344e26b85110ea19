// The public pages rendered ahead of time as the server sends them (server/routes/public-site.ts): the portal's
// values filled in, /google-rating-complete with the configured review link, the app for a signed-in visitor.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../server/auth/sessions';
import { PORTAL_PLACEHOLDERS, publicPageFile, REVIEW_URL_PLACEHOLDER } from '../../src/lib/public-pages';
import { startTestServer, type TestServer } from './support';

const APP = '<!doctype html><title>courier app shell</title>';
const REVIEW_URL = 'https://reviews.example/courier?from=rating&stars=5';
const P = PORTAL_PLACEHOLDERS;
const TEMPLATES: Record<string, string> = {
  '/pricing': `<html data-portal="${P.cca2}"><div id="price-calculator" data-currency="${P.currency}" data-decimals="${P.decimals}"></div><p>${P.name}</p></html>`,
  '/developers': `<html><p>Calls of this portal go to /connect/…/${P.code}/…</p></html>`,
  '/rating-complete': '<html><h1>Thank you for your rating</h1></html>',
  '/google-rating-complete': `<html><h1>Thank you for your rating</h1><a href="${REVIEW_URL_PLACEHOLDER}">Write a public review</a></html>`,
};
let server: TestServer;

beforeAll(async () => {
  const webRoot = await mkdtemp(join(tmpdir(), 'courier-web-'));
  await writeFile(join(webRoot, 'index.html'), APP);
  for (const [path, html] of Object.entries(TEMPLATES)) {
    const file = join(webRoot, publicPageFile(path));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
  }
  server = await startTestServer({ webRoot, publicReviewUrl: REVIEW_URL });
});
afterAll(async () => { await server.close(); });

const load = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers: { Accept: 'text/html', ...headers } });

describe('the pages rendered ahead of time, filled per host', () => {
  it('/pricing gets the portal\'s country, currency and its decimals for the calculator', async () => {
    const response = await load('/pricing');
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(await response.text()).toBe('<html data-portal="ZA"><div id="price-calculator" data-currency="ZAR" data-decimals="2"></div><p>South Africa</p></html>');
  });

  it('/developers names the portal\'s path code in lower case', async () => {
    expect(await (await load('/developers')).text()).toBe('<html><p>Calls of this portal go to /connect/…/za/…</p></html>');
  });

  it('/google-rating-complete offers the configured review link (HTML-escaped); /rating-complete does not', async () => {
    expect(await (await load('/google-rating-complete')).text()).toBe('<html><h1>Thank you for your rating</h1><a href="https://reviews.example/courier?from=rating&#38;stars=5">Write a public review</a></html>');
    expect(await (await load('/rating-complete')).text()).toBe(TEMPLATES['/rating-complete']);
  });

  it('a signed-in visitor gets the app on these pages', async () => {
    for (const path of Object.keys(TEMPLATES)) {
      const response = await load(path, { Cookie: `${SIGNED_IN_COOKIE}=1` });
      expect([path, response.status, await response.text()]).toEqual([path, 200, APP]);
    }
  });
});
