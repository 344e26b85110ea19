import createClient from 'openapi-fetch';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_DELIVERIES_TEXTS } from '../../src/lib/dashboard-texts';
import { TRACKING_TEXTS } from '../../src/lib/tracking-texts';
import type { paths as ConnectPaths } from '../../src/api/generated/connect';
import { bookedAndPaid } from '../api/booking-helpers';
import { bearer } from '../api/support';
import { apiLogin, launchBrowser, startAppServer, submitLogin, type AppServer } from './support';

// A plain customer's /dashboard in a real browser (issue 4): the delivery they booked and paid shows with its
// waybill under "My deliveries", not the operations dashboard.
const CUSTOMER = 'customer@demo.test';

let server: AppServer;
let browser: Browser;
beforeAll(async () => { [server, browser] = await Promise.all([startAppServer(), launchBrowser()]); });
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('My deliveries', () => {
  it('a customer who booked and paid by balance sees the waybill on /dashboard, and again on its tracking page', async () => {
    // Booked and paid over the API (the wizard itself is tests/e2e/booking.test.ts), as the same customer.
    const { jwtToken } = await apiLogin(server, CUSTOMER);
    const connect = createClient<ConnectPaths>({ baseUrl: `${server.url}/connect`, headers: bearer(jwtToken) });
    const { deliveryId } = await bookedAndPaid(connect);
    const mine = await connect.GET('/deliveries/{cca2}/mine', { params: { path: { cca2: 'za' } } });
    expect(mine.response.status).toBe(200);
    const waybill = mine.data!.items.find((item) => item.id === deliveryId)!.waybill!;
    expect(waybill).toBeTruthy();

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    try {
      await submitLogin(page, server.url, CUSTOMER);
      await page.locator('header').getByRole('link', { name: 'My profile' }).waitFor();
      await page.goto(`${server.url}/dashboard`);
      const list = page.getByTestId('my-deliveries');
      await list.getByRole('heading', { name: MY_DELIVERIES_TEXTS.title }).waitFor({ timeout: 20_000 });
      const row = list.getByTestId(`my-delivery-${deliveryId}`);
      await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain(waybill);
      expect(await row.getByRole('link', { name: MY_DELIVERIES_TEXTS.trackLabel(waybill) }).getAttribute('href')).toMatch(/^\/track\//);
      // Following the Track link opens the public tracking page with the same waybill.
      await row.getByRole('link', { name: MY_DELIVERIES_TEXTS.trackLabel(waybill) }).click();
      await expect.poll(() => page.getByTestId('tracking-waybill').textContent({ timeout: 20_000 }), { timeout: 20_000 }).toBe(waybill);
      expect(await page.getByRole('heading', { level: 1, name: TRACKING_TEXTS.title }).count()).toBe(1);
    } finally {
      await page.context().close();
    }
  }, 180_000);
});
