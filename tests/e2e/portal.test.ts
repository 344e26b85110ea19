import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_TEXTS } from '../../src/lib/error-catalogue';
import { launchBrowser, startAppServer, type AppServer } from './support';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('start-up in a real browser against npm start\'s server', () => {
  it('prints the URL and the demo logins', () => {
    expect(server.output()).toContain(`is running at http://localhost:${server.port}`);
    expect(server.output()).toContain('customer@demo.test');
    expect(server.output()).toContain('Demo-password-1');
  });

  it('shows the splash while the portal loads, then the home screen with ZA in the header', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    // Hold the real portal answer back a moment so the splash can be seen; the answer itself is the server's.
    await page.route('**/connect/countries/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    // A screen of the app (the public pages are rendered ahead of time: no splash, see the next test).
    await page.goto(`${server.url}/login`);
    await page.getByRole('status').filter({ hasText: 'Loading...' }).waitFor();
    const cca2 = page.getByTestId('portal-cca2');
    await cca2.waitFor();
    expect(await cca2.textContent()).toBe('ZA');
    expect(await page.getByTestId('environment-badge').textContent()).toBe('local');
    await page.locator('#login-heading').filter({ hasText: SIGN_IN_TEXTS.loginHeading }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends the public home as HTML rendered ahead of time, filled with the portal of the host: no app script', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    const scripts: string[] = [];
    page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Deliveries across South Africa, booked in minutes' }).waitFor();
    expect(await page.getByTestId('portal-cca2').textContent()).toBe('ZA');
    expect(await page.getByTestId('environment-badge').textContent()).toBe('local');
    expect(scripts.some((path) => /\/assets\/(index|react)-/.test(path))).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says "Unknown host ..." for a host with no portal', async () => {
    const page = await browser.newPage();
    await page.goto(`http://qq.localhost:${server.port}/`);
    await page.getByRole('heading', { name: 'Unknown host ...' }).waitFor();
    expect(await page.getByTestId('portal-cca2').count()).toBe(0);
    await page.close();
  });

  it('serves deep links to the app, which shows its error screen for an unknown path', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByText('Not found: /no/such/page').count()).toBe(1);
    await page.close();
  });

  it('opens the drawer with the version, by keyboard', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.waitFor();
    await menu.focus();
    await page.keyboard.press('Enter');
    const version = page.getByTestId('app-version');
    await version.waitFor();
    expect(await version.innerText()).toMatch(/^Version 3\.0\.2558 · built \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    await page.keyboard.press('Escape');
    await version.waitFor({ state: 'detached' });
    await page.close();
  });
});
