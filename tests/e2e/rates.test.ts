import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, quoteDisplayPriceCents } from '../../src/lib/money';
import { RATE_TEXTS } from '../../src/lib/rate-texts';
import { launchBrowser, startAppServer, submitLogin, type AppServer } from './support';

/**
 * Rates and bulk data in a real browser against the real server (issue 16): an operator changes prices from a
 * sheet and the next quote uses them; a store imports its deliveries from a sheet and finds them in the list.
 */
let server: AppServer;
let browser: Browser;
let sheets: string;

beforeAll(async () => {
  [server, browser, sheets] = await Promise.all([startAppServer(), launchBrowser(), mkdtemp(join(tmpdir(), 'rates-e2e-'))]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let trail: string[] = [];
async function signIn(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('response', (response) => { if (response.status() >= 400) trail.push(`${response.status()} ${response.request().method()} ${response.url()}`); });
  page.on('pageerror', (error) => trail.push(`pageerror ${error.message}`));
  await submitLogin(page, server.url, email);
  await page.locator('header').getByRole('link', { name: 'My profile' }).waitFor();
  return page;
}

/** Runs a test body; on failure prints where the browser was and the refused calls. */
async function reported(page: () => Page | undefined, body: () => Promise<void>) {
  trail = [];
  try {
    await body();
  } catch (error) {
    const open = page();
    if (open) console.error(`At ${open.url()}\n${await open.locator('body').ariaSnapshot({ timeout: 2_000 }).catch(() => '')}`);
    console.error(trail.join('\n'));
    throw error;
  } finally {
    await page()?.context().close();
  }
}

const progressOf = (page: Page) => page.getByRole('progressbar', { name: 'Submit progress' });
/** The bar is followed until it reads 100 (the bulk indexer events, or the poll behind them). */
async function watchToCompletion(page: Page): Promise<number[]> {
  const seen: number[] = [];
  await expect.poll(async () => {
    const now = Number(await progressOf(page).getAttribute('aria-valuenow'));
    if (seen.at(-1) !== now) seen.push(now);
    return now;
  }, { timeout: 30_000, interval: 100 }).toBe(100);
  return seen;
}

/** The list's body rows as their cells' texts. */
const rowsOf = (table: Locator) => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));

/** The new price of Standard small parcels up to 25 km, every day: R 222.22 excl. VAT (no seeded rate has it). */
const NEW_PRICE_CENTS = 22_222;
const RATE_HEADER = 'Name,Rate type,SlaType,Parcel Type,Day of the week,Start km,End km,Price';
/**
 * Rows 2 to 4 are good; row 5 lacks its day (fixed on the edit screen); row 6 lacks all but its price and keeps
 * its errors. Each good row names an existing rate's key and range, so it changes that rate's price.
 */
const RATE_SHEET = [
  RATE_HEADER,
  'E2E Standard 0-10 weekday,Base,Standard,1,Weekday,0,10,222.22',
  'E2E Standard 0-10 weekend,Base,Standard,1,Weekend,0,10,222.22',
  'E2E Standard 10-25 weekday,Base,Standard,1,Weekday,10,25,222.22',
  'E2E Standard 10-25 weekend,Base,Standard,1,,10,25,222.22',
  'E2E nothing but a price,,,,,,,99',
].join('\n');

describe('rates and bulk data in a real browser against the real server', () => {
  it('an operator uploads a rate sheet, fixes a row, previews the impact, submits it to 100 % and the next quote uses the new price', async () => {
    let page: Page | undefined;
    await reported(() => page, async () => {
      page = await signIn('management@demo.test');
      const file = join(sheets, 'standard-prices.csv');
      await writeFile(file, RATE_SHEET);
      await page.goto(`${server.url}/rates/batches/add`);
      await page.getByLabel('Rate sheet (.xlsx or .csv)').setInputFiles(file);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText(RATE_TEXTS.fileUploaded).first().waitFor();
      await page.getByText('standard-prices.csv: 3 valid rows, 2 rows with errors').waitFor();

      // The rows with their errors, in the spec's words (002 section 5).
      await page.getByRole('link', { name: 'View the rows' }).click();
      const table = page.getByRole('table');
      await table.locator('tbody tr', { hasText: 'E2E nothing but a price' }).waitFor();
      const rows = await rowsOf(table);
      const withName = (name: string) => rows.find((cells) => cells.some((cell) => cell === name))!.join(' | ');
      for (const good of ['E2E Standard 0-10 weekday', 'E2E Standard 0-10 weekend', 'E2E Standard 10-25 weekday']) {
        expect(withName(good)).not.toMatch(/required|Select Day/);
      }
      expect(withName('E2E Standard 10-25 weekend')).toContain(RATE_TEXTS.dayOfWeekRequired);
      const broken = withName('E2E nothing but a price');
      for (const text of ['Start km  is required', 'End km  is required', 'SlaType is required', 'Parcel Type is required', 'Rate type is required', 'Select Day of the week']) {
        expect(broken).toContain(text);
      }

      // One row fixed on its edit screen: its day of the week.
      const fixable = table.locator('tbody tr', { hasText: 'E2E Standard 10-25 weekend' });
      await fixable.getByRole('link', { name: /^Edit rate upload #\d+$/ }).click();
      await page.getByRole('heading', { name: RATE_TEXTS.updateRateUpload }).waitFor();
      await page.getByText(RATE_TEXTS.dayOfWeekRequired).waitFor();
      await page.getByLabel('Day of the week').selectOption('Weekend');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('This row has no errors: it becomes a rate when the batch is submitted.').waitFor();
      await page.getByRole('link', { name: 'Back', exact: true }).click();

      // Back to the batch: its counts as they are now, the impact preview, the submit.
      await page.getByRole('link', { name: 'Preview and submit the batch' }).click();
      await page.getByText('standard-prices.csv: 4 valid rows, 1 rows with errors').waitFor();
      await page.getByRole('button', { name: 'Preview impact' }).click();
      const impact = page.getByRole('region', { name: 'Impact on the last 30 days' });
      await impact.waitFor();
      expect(await impact.textContent()).toContain('4 rows change or add a rate.');
      // The seed's last 30 days include Standard small parcels under 25 km: some are priced differently.
      expect(await impact.textContent()).toMatch(/[1-9]\d* of \d+ quotes would be priced differently/);
      await page.getByRole('button', { name: 'Submit batch' }).click();
      await page.getByText(RATE_TEXTS.batchSubmitted).first().waitFor();
      const seen = await watchToCompletion(page);
      expect(seen.at(-1)).toBe(100);
      await page.getByRole('status').filter({ hasText: 'Completed: 4 rates created or changed.' }).waitFor();

      // The next quote (the booking wizard's step 3, where staff see prices) is at the new price.
      const portal = await (await fetch(`${server.url}/connect/countries/za`)).json() as { vatRate: number };
      await page.locator('header').getByRole('button', { name: 'New delivery' }).click();
      const wizard = page.getByTestId('booking-wizard');
      const stepOf = (n: number) => expect.poll(() => wizard.getByTestId('step-of').textContent(), { timeout: 20_000 }).toBe(`Step ${n} of 6`);
      const next = () => wizard.getByTestId('wizard-footer').getByRole('button', { name: 'Next', exact: true }).click();
      await stepOf(1);
      for (const [label, place] of [['Pick-up address', 'Gardens'], ['Drop-off address', 'Claremont']] as const) {
        await wizard.getByRole('combobox', { name: label }).fill(place);
        await wizard.getByRole('option', { name: place }).first().click();
      }
      const date = wizard.getByRole('combobox', { name: 'Date' });
      await expect.poll(() => date.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
      await date.selectOption({ index: 1 });
      await next();
      await stepOf(2);
      await wizard.getByRole('button', { name: /small/i }).first().click();
      await expect.poll(() => wizard.getByText('1 parcel(s)').count()).toBeGreaterThan(0);
      await next();
      await stepOf(3);
      const flexible = wizard.getByTestId('quote-option').filter({ hasText: 'Flexible' });
      const shown = await flexible.getByTestId('quote-price').textContent();
      expect(shown).toContain(formatMoney(quoteDisplayPriceCents(NEW_PRICE_CENTS, portal.vatRate, false)));
    });
  });

  it('a store administrator imports deliveries for the store from a sheet and finds them in the deliveries list', async () => {
    let page: Page | undefined;
    await reported(() => page, async () => {
      page = await signIn('store.admin@demo.test');
      // The store's own record, from the stores list (a store's staff see their store only), and its delivery uploads.
      await page.goto(`${server.url}/stores`);
      const storeRow = page.getByRole('table').locator('tbody tr').first();
      await storeRow.getByRole('link', { name: /^Edit / }).waitFor();
      const storeName = (await storeRow.getByRole('link', { name: /^Edit / }).getAttribute('aria-label'))!.replace(/^Edit /, '');
      await storeRow.getByRole('link', { name: /^Edit / }).click();
      await page.getByRole('link', { name: 'Delivery uploads' }).click();
      // The store by its name, not its number.
      await page.getByRole('heading', { name: `Delivery uploads of ${storeName}` }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toContain(storeName);
      expect(await page.locator('body').textContent()).not.toMatch(/store #\d/i);

      const reference = `E2E-${DateTime.now().toFormat('HHmmss')}`;
      let day = DateTime.now().setZone('Africa/Johannesburg').plus({ days: 2 });
      while (day.weekday !== 3) day = day.plus({ days: 1 });
      const file = join(sheets, 'store-deliveries.csv');
      await writeFile(file, [
        'Order reference,Drop-off address,Drop-off contact,Drop-off phone,Date,Service level,Parcel type,Parcels',
        `${reference}-1,Cape Town City Centre,Thandi Nkosi,+27821234567,${day.toISODate()},Standard,Small,1`,
        `${reference}-2,Claremont,Johan Botha,+27827654321,${day.toISODate()},Standard,Medium,2`,
        `${reference}-3,,,12,,Overnight,Huge,1`,
      ].join('\n'));
      await page.getByLabel('Delivery sheet (.xlsx or .csv)').setInputFiles(file);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText('store-deliveries.csv: 2 valid rows, 1 rows with errors').waitFor();

      // The rows under the store, named in the crumbs; then back to submit.
      await page.getByRole('link', { name: 'View the rows' }).click();
      await page.getByRole('table').locator('tbody tr', { hasText: `${reference}-3` }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toContain(storeName);
      await page.getByRole('link', { name: 'Open the batch to submit it' }).click();
      await page.getByText('store-deliveries.csv: 2 valid rows, 1 rows with errors').waitFor();
      await page.getByRole('button', { name: 'Submit batch' }).click();
      await watchToCompletion(page);
      await page.getByRole('status').filter({ hasText: "Completed: 2 deliveries created and charged to the store's account." }).waitFor();

      // The deliveries list finds them by their order reference, at this store.
      await page.goto(`${server.url}/deliveries`);
      await page.getByRole('searchbox', { name: 'Search' }).fill(reference);
      await expect.poll(async () => (await rowsOf(page!.getByRole('table'))).map((cells) => cells.join(' | ')).filter((text) => text.includes(reference)).length, { timeout: 15_000 }).toBe(2);
      const found = (await rowsOf(page.getByRole('table'))).map((cells) => cells.join(' | '));
      expect(found.filter((text) => text.includes(`${reference}-1`) && text.includes(storeName))).toHaveLength(1);
      expect(found.filter((text) => text.includes(`${reference}-2`) && text.includes(storeName))).toHaveLength(1);
      expect(found.some((text) => text.includes(`${reference}-3`))).toBe(false);
    });
  });
});
