import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { freePort } from '../support/free-port';
import { reserveTestOidcProvider, startTestOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { launchBrowser, startAppServer, type AppServer } from './support';

let server: AppServer;
let provider: TestOidcProvider;
let browser: Browser;

beforeAll(async () => {
  // A real OpenID Connect provider on loopback (never the internet), and our server configured for it.
  const settings = await reserveTestOidcProvider();
  const port = await freePort();
  provider = await startTestOidcProvider(settings, {
    redirectUris: [`http://localhost:${port}/login/external/callback`],
    account: { sub: 'oidc-user-1', email: 'sso.person@example.test', email_verified: true, given_name: 'Sso', family_name: 'Person' },
  });
  [server, browser] = await Promise.all([
    startAppServer({
      PORT: String(port), THROTTLE_PER_ADDRESS: '1000', OIDC_ISSUER: settings.issuer, OIDC_CLIENT_ID: settings.clientId,
      OIDC_CLIENT_SECRET: settings.clientSecret, OIDC_PROVIDER_NAME: 'Test SSO',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.close();
});

describe('external login in a real browser', () => {
  it('goes to the OpenID Connect provider and comes back signed in as a new normal user', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Log in with Test SSO' }).click();
    await page.locator('header').getByRole('link', { name: 'My profile' }).waitFor();
    await page.locator('header').getByRole('link', { name: 'My profile' }).click();
    await page.getByText('sso.person@example.test').first().waitFor();
    await context.close();
  });
});
