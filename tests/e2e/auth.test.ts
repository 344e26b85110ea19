import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, DEMO_PASSWORD, latestCode, launchBrowser, startAppServer, type AppServer, submitLogin } from './support';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  // Every test signs in from 127.0.0.1; the per-address throttle is for the internet, not for this suite.
  [server, browser] = await Promise.all([startAppServer({ THROTTLE_PER_ADDRESS: '1000' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function logIn(page: Page, email: string) {
  await submitLogin(page, server.url, email);
}

const header = (page: Page) => page.locator('header');

describe('signing in, in a real browser against the real server', () => {
  it('logs in with two-factor, the code read from the outbox, and keeps the refresh token out of script reach', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, 'twofactor@demo.test');
    await page.getByRole('heading', { name: 'Two-factor verification' }).waitFor();
    expect(page.url()).toBe(`${server.url}/two-factor`);

    const code = await latestCode(server, 'twofactor@demo.test');
    await page.getByLabel('Code').fill(code);
    await page.keyboard.press('Enter');
    await header(page).getByRole('link', { name: 'My profile' }).waitFor();

    // The refresh token lives only in an HttpOnly cookie; scripts and storage never see a token.
    const cookies = await context.cookies();
    const refresh = cookies.find((cookie) => cookie.name === 'courier_rt');
    expect(refresh?.httpOnly).toBe(true);
    expect(refresh?.sameSite).toBe('Strict');
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toMatch(/eyJ/);

    // A reload restores the session from the cookie.
    await page.reload();
    await header(page).getByRole('link', { name: 'My profile' }).waitFor();

    // The code was single use: the same code cannot sign in again.
    const reuse = await fetch(`${server.url}/identity/v1/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'twofactor@demo.test', password: DEMO_PASSWORD }),
    }).then((response) => response.json()) as { twoFactorHash: string };
    const second = await fetch(`${server.url}/identity/v1/twoFactor/verify`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ twoFactorHash: reuse.twoFactorHash, code }),
    });
    expect(second.ok).toBe(false);
    await context.close();
  });

  it('lets a person finish two-factor sign-in by hand with the code an administrator reads on /outbox', async () => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await logIn(admin, 'administrator@demo.test');
    await header(admin).getByRole('link', { name: 'My profile' }).waitFor();

    const userContext = await browser.newContext();
    const user = await userContext.newPage();
    await logIn(user, 'twofactor@demo.test');
    await user.getByRole('heading', { name: 'Two-factor verification' }).waitFor();

    await admin.goto(`${server.url}/outbox`);
    await admin.getByLabel('Recipient').fill('twofactor@demo.test');
    const newest = admin.getByRole('list', { name: 'Outbox' }).getByRole('listitem').first();
    await newest.getByText('Your sign-in code', { exact: true }).waitFor();
    const code = (await newest.locator('pre').textContent())?.match(/\b\d{6}\b/)?.[0];
    expect(code).toBe(await latestCode(server, 'twofactor@demo.test'));

    await user.getByLabel('Code').fill(code!);
    await user.keyboard.press('Enter');
    await header(user).getByRole('link', { name: 'My profile' }).waitFor();
    await Promise.all([adminContext.close(), userContext.close()]);
  });

  it('sends a signed-out visitor of a guarded page to /login and back after signing in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/profile`);
    await page.waitForURL(`${server.url}/login`);
    const form = page.locator('form[aria-labelledby="login-heading"]');
    await form.getByLabel('Email').fill('customer@demo.test');
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${server.url}/profile`);
    await context.close();
  });

  it('lets an administrator impersonate a store user and stop, back to their own login', async () => {
    const storeUser = await apiLogin(server, 'store.user@demo.test');
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, 'administrator@demo.test');
    await header(page).getByRole('link', { name: 'My profile' }).waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByLabel('User id').fill(String(storeUser.id));
    await page.getByRole('button', { name: 'Impersonate' }).click();

    const impersonation = header(page).getByRole('button', { name: 'My profile (acting as store.user@demo.test)' });
    await impersonation.waitFor();
    // Both sessions are kept, each in its own HttpOnly cookie.
    const names = (await context.cookies()).map((cookie) => cookie.name).sort();
    expect(names).toEqual(['courier_rt', 'courier_rt_imp', 'courier_signed_in']);

    await impersonation.click();
    await page.getByRole('menuitem', { name: 'Impersonated profile' }).waitFor();
    await page.getByRole('menuitem', { name: 'Stop impersonation' }).click();

    // Stop goes to / and reloads as the administrator again.
    await page.waitForURL(`${server.url}/`);
    await header(page).getByRole('link', { name: 'My profile' }).waitFor();
    expect(await header(page).getByRole('button', { name: /acting as/ }).count()).toBe(0);
    expect((await context.cookies()).map((cookie) => cookie.name).sort()).toEqual(['courier_rt', 'courier_signed_in']);
    await context.close();
  });

  it('shares idle state between two tabs: activity in one keeps the other alive, and the timeout logs both out', async () => {
    const context = await browser.newContext();
    const first = await context.newPage();
    const second = await context.newPage();
    await first.clock.install();
    await logIn(first, 'customer@demo.test');
    await header(first).getByRole('link', { name: 'My profile' }).waitFor();
    await second.goto(server.url);
    await header(second).getByRole('link', { name: 'My profile' }).waitFor();
    const prompt = first.getByRole('alertdialog', { name: 'Are you still there?' });

    // Playwright's clock belongs to the browser context: both tabs' time moves together, as in a real browser.
    // Half an hour quiet, then the user works in the second tab: the hour starts again in the first too.
    await first.clock.fastForward('30:00');
    await second.mouse.move(10, 10);
    await second.mouse.move(200, 200);
    await first.waitForTimeout(500);
    await first.clock.fastForward('30:00');
    expect(await prompt.count()).toBe(0);

    // 57 minutes after that activity: the prompt, 3 minutes before the 1-hour timeout. Continue keeps the session.
    await first.clock.fastForward('27:01');
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Continue' }).click();
    await prompt.waitFor({ state: 'detached' });
    await header(first).getByRole('link', { name: 'My profile' }).waitFor();

    // Nobody answers the next prompt: the timeout logs out this tab and the other one.
    await first.clock.fastForward('57:01');
    await prompt.waitFor();
    await first.clock.fastForward('03:00');
    await header(first).getByRole('link', { name: 'Log in / Sign up' }).waitFor();
    await header(second).getByRole('link', { name: 'Log in / Sign up' }).waitFor();
    await context.close();
  });

  it('registers a passkey from the profile, then logs in with it (Chromium\'s virtual authenticator)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A platform authenticator that holds discoverable credentials and verifies the user, like a fingerprint reader.
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true,
        isUserVerified: true, automaticPresenceSimulation: true,
      },
    });
    await logIn(page, 'partner@demo.test');
    await header(page).getByRole('link', { name: 'My profile' }).click();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('list', { name: 'Your passkeys' }).getByText(/^Passkey \d{4}-\d{2}-\d{2}$/).waitFor();

    await header(page).getByRole('link', { name: 'Logout' }).click();
    await header(page).getByRole('link', { name: 'Log in / Sign up' }).waitFor();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Log in with a passkey' }).click();
    await header(page).getByRole('link', { name: 'My profile' }).waitFor();
    await context.close();
  });

  it('logs out every tab when the user logs out in one', async () => {
    const context = await browser.newContext();
    const first = await context.newPage();
    const second = await context.newPage();
    await logIn(first, 'company.user@demo.test');
    await header(first).getByRole('link', { name: 'My profile' }).waitFor();
    await second.goto(server.url);
    await header(second).getByRole('link', { name: 'My profile' }).waitFor();
    await header(first).getByRole('link', { name: 'Logout' }).click();
    await header(first).getByRole('link', { name: 'Log in / Sign up' }).waitFor();
    await header(second).getByRole('link', { name: 'Log in / Sign up' }).waitFor();
    // The session is really gone: a reload of the second tab stays signed out.
    await second.reload();
    await header(second).getByRole('link', { name: 'Log in / Sign up' }).waitFor();
    await context.close();
  });
});
