import createClient from 'openapi-fetch';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths as ConnectPaths } from '../../src/api/generated/connect';
import { createHash } from 'node:crypto';
import { DASHBOARD_TEXTS, MY_DELIVERIES_TEXTS } from '../../src/lib/dashboard-texts';
import { JOB_SCREEN_TEXTS } from '../../src/lib/jobs-texts';
import { VISITOR_CHAT_TEXTS } from '../../src/lib/visitor-chat';
import { bookedAndPaid } from '../api/booking-helpers';
import { bearer } from '../api/support';
import { apiLogin, launchBrowser, startAppServer, submitLogin, type AppServer } from './support';

// Issue 21 item 17: the customer's and the driver's screens on a phone (390 × 844). None scrolls the page
// sideways, the header keeps its menu button (which opens the drawer with the account links), lists are cards.
// Screenshots go to /tmp/phone-layout-*.png for a look.
const PHONE = { width: 390, height: 844 };
const CUSTOMER = 'customer@demo.test';
const DRIVER = 'driver@demo.test';
const ADMINISTRATOR = 'administrator@demo.test';

let server: AppServer;
let browser: Browser;
beforeAll(async () => { [server, browser] = await Promise.all([startAppServer(), launchBrowser()]); });
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  return context.newPage();
}

/** Dialogs and drawers have finished opening (a screenshot mid-animation shows them half transparent). */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

/** The page does not scroll sideways: nothing is wider than the screen. */
async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: `/tmp/phone-layout-${screen}.png` });
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, `${screen}: page ${widths.scroll} px wide on a ${widths.inner} px screen`).toBeLessThanOrEqual(widths.inner);
}

/** The header's menu button is on screen and opens the drawer, whose account section has My profile and Logout. */
async function expectDrawerFromHeader(page: Page, screen: string): Promise<void> {
  const button = page.locator('header').getByRole('button', { name: 'Open menu' });
  expect(await button.isVisible()).toBe(true);
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  // The account links are not in the header on a phone: the drawer has them.
  expect(await page.locator('header').getByRole('link', { name: 'Logout' }).isVisible()).toBe(false);
  await button.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('navigation', { name: 'Main' }).waitFor();
  await drawer.getByRole('region', { name: 'Account' }).getByRole('link', { name: 'Logout' }).waitFor();
  await settled(page);
  await page.screenshot({ path: `/tmp/phone-layout-${screen}-drawer.png` });
  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await drawer.waitFor({ state: 'hidden' });
}

async function signIn(page: Page, email: string): Promise<void> {
  await submitLogin(page, server.url, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

/**
 * The chat button covers nothing one can press or read a control of, wherever the page is scrolled to: it is in
 * the page's flow on a phone (it floated over the tracking map's controls and the footer's links).
 */
async function expectChatCoversNothing(page: Page, screen: string): Promise<void> {
  const chat = page.getByRole('button', { name: VISITOR_CHAT_TEXTS.open });
  expect(await chat.evaluate((element) => getComputedStyle(element).position), screen).toBe('static');
  const covered = await chat.evaluate(async (button) => {
    const hits = new Set<string>();
    const interactive = 'a, button, input, select, textarea, [tabindex]:not([tabindex="-1"]), .leaflet-control, [data-testid="route-map-surface"]';
    for (let y = 0; y <= document.documentElement.scrollHeight; y += 40) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const own = button.getBoundingClientRect();
      for (const element of document.querySelectorAll(interactive)) {
        if (element === button || element.contains(button)) continue;
        const box = element.getBoundingClientRect();
        if (box.width && box.height && box.left < own.right && box.right > own.left && box.top < own.bottom && box.bottom > own.top) {
          hits.add(element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName);
        }
      }
    }
    return [...hits];
  });
  expect(covered, `${screen}: the chat button covers ${covered.join(', ')}`).toEqual([]);
}

describe('a phone-sized screen (390 × 844)', () => {
  it('the customer: dashboard as cards, the wizard\'s first step, tracking with its map; no sideways scroll', async () => {
    const { jwtToken } = await apiLogin(server, CUSTOMER);
    const connect = createClient<ConnectPaths>({ baseUrl: `${server.url}/connect`, headers: bearer(jwtToken) });
    const { deliveryId } = await bookedAndPaid(connect);
    const page = await phonePage();
    try {
      await signIn(page, CUSTOMER);
      await page.goto(`${server.url}/dashboard`);
      const list = page.getByTestId('my-deliveries');
      await list.getByTestId(`my-delivery-${deliveryId}`).waitFor({ timeout: 20_000 });
      // A card: the row is a block no wider than the screen, its cells lines labelled by their column.
      const row = list.getByTestId(`my-delivery-${deliveryId}`);
      expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe('block');
      expect((await row.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
      expect(await row.locator('td').first().getAttribute('data-label')).toBe(MY_DELIVERIES_TEXTS.waybill);
      await expectNoSidewaysScroll(page, 'dashboard');
      await expectDrawerFromHeader(page, 'dashboard');

      // The booking wizard's first step: the page and the dialog stay within the screen.
      await page.locator('header').getByRole('button', { name: 'New delivery' }).click();
      const wizard = page.getByTestId('booking-wizard');
      await expect.poll(() => wizard.getByTestId('step-of').textContent(), { timeout: 20_000 }).toBe('Step 1 of 6');
      await expectNoSidewaysScroll(page, 'wizard-step-1');
      const dialog = (await wizard.boundingBox())!;
      expect(dialog.x).toBeGreaterThanOrEqual(0);
      expect(dialog.x + dialog.width).toBeLessThanOrEqual(PHONE.width);
      await page.keyboard.press('Escape');

      // Tracking, from the card's Track link.
      await page.goto(`${server.url}/dashboard`);
      await row.getByRole('link', { name: /^Track/ }).click();
      await page.getByTestId('tracking-waybill').waitFor({ timeout: 20_000 });
      await page.getByTestId('route-map-surface').scrollIntoViewIfNeeded();
      await page.locator('[data-testid="map-marker"]').first().waitFor({ timeout: 20_000 });
      await expectNoSidewaysScroll(page, 'tracking');
      // The tracking map (static without map tiles): every stop lies wholly inside it, none cut off at an edge.
      const surface = (await page.getByTestId('route-map-surface').boundingBox())!;
      for (const marker of await page.locator('[data-testid="map-marker"]').all()) {
        const box = (await marker.boundingBox())!;
        const inside = box.x >= surface.x && box.x + box.width <= surface.x + surface.width && box.y >= surface.y && box.y + box.height <= surface.y + surface.height;
        expect(inside, `marker ${await marker.getAttribute('data-label')} inside the map`).toBe(true);
      }
      await expectChatCoversNothing(page, 'tracking');
      await expectDrawerFromHeader(page, 'tracking');
    } finally {
      await page.context().close();
    }
  }, 240_000);

  it('the driver: their jobs as cards and a job\'s tasks; no sideways scroll', async () => {
    const page = await phonePage();
    try {
      await signIn(page, DRIVER);
      await page.goto(`${server.url}/jobs`);
      const deliveriesLink = page.getByRole('link', { name: /^Deliveries of job/ }).first();
      await deliveriesLink.waitFor({ timeout: 20_000 });
      const table = page.getByRole('table', { name: 'Jobs' });
      expect(await table.locator('tbody tr').first().evaluate((element) => getComputedStyle(element).display)).toBe('block');
      await expectNoSidewaysScroll(page, 'driver-jobs');
      await expectDrawerFromHeader(page, 'driver-jobs');

      await deliveriesLink.click();
      await page.getByRole('table', { name: JOB_SCREEN_TEXTS.tasks }).waitFor({ timeout: 20_000 });
      await expectNoSidewaysScroll(page, 'driver-job');
      // Issue 21 item 18: a screen's primary actions are the theme's solid buttons, in the spec's secondary colour
      // darkened to carry white text (#D92B4E).
      const startJob = page.getByRole('group', { name: JOB_SCREEN_TEXTS.actions }).getByRole('button').first();
      expect(await startJob.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(217, 43, 78)');
    } finally {
      await page.context().close();
    }
  }, 240_000);

  it('the administrator: the dashboard\'s lists scroll in their own region, the map one tab away', async () => {
    const page = await phonePage();
    try {
      await signIn(page, ADMINISTRATOR);
      await page.goto(`${server.url}/dashboard`);
      const region = page.getByRole('region', { name: DASHBOARD_TEXTS.listRegion(DASHBOARD_TEXTS.deliveries) });
      await region.getByRole('row').nth(2).waitFor({ timeout: 20_000 });
      await expectNoSidewaysScroll(page, 'admin-dashboard');
      // The seeded deliveries (over a hundred) stacked above the map made the page about 7,350 px tall.
      const sizes = await region.evaluate((element) => ({ page: document.documentElement.scrollHeight, scroll: element.scrollHeight, shown: element.clientHeight, tabIndex: element.tabIndex }));
      expect(sizes.scroll, 'the list scrolls in its region').toBeGreaterThan(sizes.shown);
      expect(sizes.tabIndex).toBe(0);
      expect(sizes.page, `page ${sizes.page} px tall`).toBeLessThan(2 * PHONE.height);
      // The parts of the console are tabs on the first screen; the map's tab shows it there, without scrolling.
      const sections = page.getByRole('tablist', { name: DASHBOARD_TEXTS.sections });
      expect((await sections.boundingBox())!.y).toBeLessThan(PHONE.height);
      await sections.getByRole('tab', { name: DASHBOARD_TEXTS.sectionMap }).click();
      const map = page.getByRole('region', { name: DASHBOARD_TEXTS.map });
      await map.locator('.leaflet-container').waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect((await map.boundingBox())!.y).toBeLessThan(PHONE.height - 200);
      await expectNoSidewaysScroll(page, 'admin-dashboard-map');
    } finally {
      await page.context().close();
    }
  }, 240_000);

  it('a visitor tracking a delivery: the chat button covers none of the page\'s controls', async () => {
    const page = await phonePage();
    try {
      // The page rendered ahead of time (no session), a seeded delivery with its map (server/db/seed-operations.ts).
      const hash = createHash('sha256').update('courier-demo:WBJ0005').digest('hex').slice(0, 24);
      await page.goto(`${server.url}/track/${hash}`);
      await page.locator('[data-testid="map-marker"]').first().waitFor({ timeout: 20_000 });
      await expectNoSidewaysScroll(page, 'visitor-tracking');
      await expectChatCoversNothing(page, 'visitor-tracking');
    } finally {
      await page.context().close();
    }
  }, 240_000);
});
