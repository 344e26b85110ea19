import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startAppServer, type AppServer, submitLogin } from './support';

/** The machine the simulator test drives: the largest one, the booking wizard (issue 7 names it). */
const SIMULATED_MACHINE = 'wizard';

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
  await submitLogin(page, server.url, email);
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

    // Open /flows and select the booking wizard in the list of machines, then its simulator.
    await page.goto(`${server.url}/flows`);
    await page.getByRole('navigation', { name: 'Machines' }).getByRole('button', { name: new RegExp(`^${SIMULATED_MACHINE}\\b`) }).click();
    await page.getByRole('tab', { name: 'Simulate' }).click();
    await page.getByRole('region', { name: `Diagram of ${SIMULATED_MACHINE}` }).waitFor({ timeout: 30_000 });
    // Book like a product person would: fill step 1, submit, get the quote, choose a parcel, submit.
    const take = async (type: string, nth = 0) => {
      const buttons = page.getByRole('list', { name: 'Enabled events' }).getByRole('button', { name: new RegExp(`^${type.replace(/\./g, '\\.')}( \\(|$)`) });
      await buttons.nth(nth).click();
    };
    let before = await activeStates(page);
    expect(before.length).toBeGreaterThan(0);
    for (let value = 0; value < 3; value += 1) await take('delivery.edit', value);
    for (const [type, nth] of [['step.submit', 0], ['xstate.done.actor.createQuote', 0]] as const) {
      await take(type, nth);
      expect(await movedFrom(page, before), `${type} did not move ${SIMULATED_MACHINE} out of ${before.join(', ')}`).toBe(true);
      before = await activeStates(page);
    }
    await take('parcels.change');
    await take('step.submit');
    expect(await movedFrom(page, before), `step.submit did not move the parcels step out of ${before.join(', ')}`).toBe(true);

    await page.getByRole('tab', { name: 'Test paths' }).click();
    const paths = page.getByRole('list', { name: 'Test paths' }).getByRole('button');
    await paths.first().waitFor({ timeout: 60_000 });
    await paths.nth(Math.min(3, (await paths.count()) - 1)).click();
    await expect.poll(() => page.locator('[data-transition].on-path').count()).toBeGreaterThan(0);
    expect(await page.getByRole('group', { name: 'Coverage' }).textContent()).toMatch(/States reached: \d+ \/ \d+/);
    // The chosen path, replayed in the simulator of the built app, ends where the path does.
    await page.getByRole('button', { name: 'Replay in the simulator' }).click();
    expect(await page.getByTestId('replay-result').getAttribute('data-matches')).toBe('true');

    // Live: a second page of the same browser starts a booking; its wizard actor shows up on /flows and its
    // state follows the page (the Delivery step's form).
    await page.goto(`${server.url}/flows?machine=wizard&view=live`);
    await page.getByText('No running actor of wizard yet.').waitFor();
    const other = await context.newPage();
    await other.goto(`${server.url}/deliveries/add`);
    await other.getByTestId('booking-wizard').waitFor();
    await expect.poll(() => page.getByTestId('live-state').first().textContent(), { timeout: 15_000 }).toContain('delivery');
    await expect.poll(() => page.locator('[data-state].active').count()).toBeGreaterThan(0);
    await context.close();
  });

  // QA: every generated path of one machine, replayed in the built app (docs/qa-guide.md):
  // FLOWS_PATHS=<machine id> npx vitest run --config vitest.e2e.config.ts tests/e2e/flows.test.ts
  it.runIf(process.env.FLOWS_PATHS)(`replays every test path of ${process.env.FLOWS_PATHS ?? 'a machine'} in the simulator`, async () => {
    const machine = process.env.FLOWS_PATHS!;
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await logIn(page, 'administrator@demo.test');
    await page.goto(`${server.url}/flows?machine=${machine}&view=paths`);
    const paths = page.getByRole('list', { name: 'Test paths' }).getByRole('button');
    await paths.first().waitFor({ timeout: 60_000 });
    const count = await paths.count();
    const differ: string[] = [];
    for (let index = 0; index < count; index += 1) {
      await page.getByRole('tab', { name: 'Test paths' }).click();
      await paths.nth(index).click();
      await page.getByRole('button', { name: 'Replay in the simulator' }).click();
      const result = page.getByTestId('replay-result');
      if (await result.getAttribute('data-matches') !== 'true') differ.push(await result.textContent() ?? `path ${index}`);
    }
    expect(differ, `paths of ${machine} that did not end where they should`).toEqual([]);
    await context.close();
  }, 600_000);
});
