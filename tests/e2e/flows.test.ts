import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, startAppServer, type AppServer } from './support';

/**
 * The machine the simulator test drives: the largest one with a scenario catalogue. The booking wizard has no
 * `wizard.samples.ts` yet; switch this to 'wizard' when it has.
 */
const SIMULATED_MACHINE = 'auth';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ THROTTLE_PER_ADDRESS: '1000' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function logIn(page: Page, email: string) {
  await page.goto(`${server.url}/login`);
  const form = page.locator('form[aria-labelledby="login-heading"]');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.locator('header').getByRole('link', { name: 'My profile' }).waitFor();
}

const activeStates = (page: Page) => page.locator('[data-state].active').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')));

/** Whether the highlighted states leave `before` shortly (the view re-renders after the click). */
async function movedFrom(page: Page, before: (string | null)[]): Promise<boolean> {
  try {
    await expect.poll(() => activeStates(page), { timeout: 1_500 }).not.toEqual(before);
    return true;
  } catch {
    return false;
  }
}

describe('/flows in a real browser (production build: administrators)', () => {
  it('simulates a machine, overlays a test path, and follows the app live in another page', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await logIn(page, 'administrator@demo.test');

    await page.goto(`${server.url}/flows?machine=${SIMULATED_MACHINE}&view=simulate`);
    await page.getByRole('region', { name: `Diagram of ${SIMULATED_MACHINE}` }).waitFor({ timeout: 30_000 });
    let before = await activeStates(page);
    expect(before.length).toBeGreaterThan(0);
    // Three events that move the chart: an enabled event may also be one that stays (a self-transition).
    for (let step = 0; step < 3; step += 1) {
      const events = page.getByRole('list', { name: 'Enabled events' }).getByRole('button');
      await events.first().waitFor();
      let moved = false;
      for (let index = 0; index < await events.count() && !moved; index += 1) {
        await events.nth(index).click();
        moved = await movedFrom(page, before);
      }
      expect(moved, `no enabled event moved ${SIMULATED_MACHINE} out of ${before.join(', ')}`).toBe(true);
      before = await activeStates(page);
    }

    await page.getByRole('tab', { name: 'Test paths' }).click();
    const paths = page.getByRole('list', { name: 'Test paths' }).getByRole('button');
    await paths.first().waitFor({ timeout: 60_000 });
    await paths.nth(Math.min(3, (await paths.count()) - 1)).click();
    await expect.poll(() => page.locator('[data-transition].on-path').count()).toBeGreaterThan(0);
    expect(await page.getByRole('group', { name: 'Coverage' }).textContent()).toMatch(/States reached: \d+ \/ \d+/);

    // Live: a second page of the same browser opens the profile; its screen actor shows up on /flows.
    await page.goto(`${server.url}/flows?machine=profile&view=live`);
    await page.getByText('No running actor of profile yet.').waitFor();
    const other = await context.newPage();
    await other.goto(`${server.url}/profile`);
    await other.getByRole('heading', { name: 'My profile' }).waitFor();
    await expect.poll(() => page.getByTestId('live-state').first().textContent(), { timeout: 15_000 }).toContain('ready');
    await expect.poll(() => page.locator('[data-state].active').count()).toBeGreaterThan(0);
    await context.close();
  });
});
