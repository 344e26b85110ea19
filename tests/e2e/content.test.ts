import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANNOUNCEMENTS } from '../../server/db/seed-content';
import { DATE_INPUT_TEXTS } from '../../src/lib/resource-texts';
import { launchBrowser, startAppServer, type AppServer, submitLogin } from './support';

let server: AppServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ THROTTLE_PER_ADDRESS: '1000' }), launchBrowser()]);
  context = await browser.newContext();
  const page = await context.newPage();
  await submitLogin(page, server.url, 'staff@demo.test');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.close();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const current = DEMO_ANNOUNCEMENTS[0];

describe('announcements and media in a real browser against the real server', () => {
  it('shows the current announcement as a banner until the user dismisses it, also after a reload', async () => {
    const page: Page = await context.newPage();
    await page.goto(`${server.url}/announcements`);
    const banner = page.getByRole('region', { name: 'Announcements' });
    await banner.getByText(current.title).waitFor();
    await banner.getByRole('button', { name: `Dismiss ${current.title}` }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    // The list screen shows it (as a row), the banner does not come back.
    await page.locator('table tbody tr').filter({ hasText: current.title }).waitFor();
    expect(await page.getByRole('region', { name: 'Announcements' }).count()).toBe(0);
  });

  it('adds an announcement through the form; an impossible date is refused; then it shows in the banner', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/announcements/add`);
    await page.getByLabel(/^Title/).fill('Gate closed on Sunday');
    await page.getByLabel(/^Message/).fill('Collect parcels from the side entrance.');
    // Dates are typed DD-MM-YYYY (000 section 9); a day that does not exist is refused by the field itself.
    await page.getByRole('textbox', { name: /^Start date/ }).fill('30-02-2026');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(DATE_INPUT_TEXTS.invalid).waitFor();
    await page.getByRole('textbox', { name: /^Start date/ }).fill('05-01-2026');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/announcements\/edit\/\d+/);
    await page.reload();
    await page.getByRole('region', { name: 'Announcements' }).getByText('Gate closed on Sunday').waitFor();
  });

  it('the delivery pictures grid loads its thumbnails through signed URLs and opens the full image', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/media/delivery-pictures`);
    const grid = page.getByRole('list', { name: 'Delivery Pictures' });
    await grid.waitFor();
    expect(await grid.getByRole('listitem').count()).toBe(8);
    await page.waitForFunction(() => [...document.querySelectorAll('ul[aria-label="Delivery Pictures"] img')]
      .every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth === 320));
    await page.getByRole('button', { name: 'aiScore' }).click();
    await page.waitForURL(/sortby=aiScore/);
    await grid.getByRole('listitem').first().getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('320 × 240').waitFor();
    await page.waitForFunction(() => (document.querySelector('[role="dialog"] img') as HTMLImageElement | null)?.naturalWidth === 320);
  });
});
