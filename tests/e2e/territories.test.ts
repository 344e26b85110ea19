import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLYGON_TEXTS } from '../../src/lib/territory-texts';
import { launchBrowser, startAppServer, type AppServer, submitLogin } from './support';

let server: AppServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ THROTTLE_PER_ADDRESS: '1000' }), launchBrowser()]);
  context = await browser.newContext();
  const page = await context.newPage();
  await submitLogin(page, server.url, 'administrator@demo.test');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.close();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('territories in a real browser against the real server', () => {
  it('draws an exception with three clicks on the map, saves it, and finds it again after a reload; arrow keys move a vertex', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/territories`);
    await page.getByRole('link', { name: 'Edit Cape Town' }).click();
    await page.waitForURL(/\/territories\/edit\/\d+$/);
    const territoryId = /\/territories\/edit\/(\d+)$/.exec(page.url())![1];
    await page.getByRole('link', { name: 'Add exception' }).click();
    await page.waitForURL(`${server.url}/territories/edit/${territoryId}/exceptions/add`);

    await page.getByLabel(/Area name/).fill('Rondebosch Common');
    await page.getByRole('button', { name: POLYGON_TEXTS.draw }).click();
    const surface = page.getByTestId('polygon-map-surface');
    const box = (await surface.boundingBox())!;
    for (const [x, y] of [[0.3, 0.3], [0.7, 0.3], [0.5, 0.7]] as const) {
      await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    }
    await page.getByText(POLYGON_TEXTS.drawing(3)).waitFor();
    await page.getByRole('button', { name: POLYGON_TEXTS.close }).click();
    await page.getByRole('button', { name: POLYGON_TEXTS.save }).click();
    await page.waitForURL(new RegExp(`/territories/${territoryId}/exceptions/\\d+$`));

    await page.reload();
    await page.getByText(POLYGON_TEXTS.editing(3)).waitFor();
    expect(await page.getByLabel(/Area name/).inputValue()).toBe('Rondebosch Common');
    const latitude = page.getByLabel(`${POLYGON_TEXTS.vertex(1)} ${POLYGON_TEXTS.latitude}`);
    const before = Number(await latitude.inputValue());
    await page.getByRole('button', { name: new RegExp(`^${POLYGON_TEXTS.vertex(1)}:`) }).focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => Number(await latitude.inputValue())).toBeGreaterThan(before);
    // The seeded areas of the territory are drawn for context.
    expect(await page.getByTestId('polygon-other').count()).toBeGreaterThanOrEqual(3);
  });
});
