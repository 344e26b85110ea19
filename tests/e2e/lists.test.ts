import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_BUILDING_TEXTS } from '../../src/lib/jobs-texts';
import { BULK_TEXTS } from '../../src/resources/bulk';
import { USER_MENU_TEXTS } from '../../src/lib/shell-texts';
import { apiLogin, launchBrowser, startAppServer, type AppServer, submitLogin } from './support';

let server: AppServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ THROTTLE_PER_ADDRESS: '1000' }), launchBrowser()]);
  context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await logIn(page, 'administrator@demo.test');
  await page.close();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function logIn(page: Page, email: string) {
  await submitLogin(page, server.url, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** On a phone, /deliveries with a row far down the list ticked (the page scrolled to it). */
async function tickFarRowOnPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/deliveries`);
  const boxes = page.locator('[role="row"] input[type="checkbox"]');
  await boxes.nth(12).waitFor();
  await boxes.nth(12).scrollIntoViewIfNeeded();
  await boxes.nth(12).check();
}

/** The waybills of the table as shown. */
async function waybills(page: Page): Promise<string[]> {
  // The row's checkbox (bulk actions) comes first, the row action (Edit) second, the waybill third.
  const cells = page.locator('table tbody tr td:nth-child(3)');
  await cells.first().waitFor();
  return cells.allTextContents();
}

describe('back-office lists in a real browser against the real server', () => {
  it('filters deliveries; the URL alone restores the same list in a fresh page; the export is that list', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/deliveries`);
    await page.getByRole('combobox', { name: 'Logistic status' }).selectOption({ label: 'Delivered' });
    await page.waitForURL(/logisticstatuses=30001/);
    // The table shows the filtered page: every row Delivered (the seventh column is the status).
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('table tbody tr td:nth-child(7)')];
      return cells.length > 0 && cells.every((cell) => cell.textContent === 'Delivered');
    });
    const before = await page.getByText(/^\d+ records?$/).textContent();
    await page.getByRole('combobox', { name: 'SLA type' }).selectOption('Priority');
    await page.waitForURL(/slaType=Priority/);
    await page.waitForFunction((text) => [...document.querySelectorAll('*')].some((element) => element.children.length === 0
      && /^\d+ records?$/.test(element.textContent ?? '') && element.textContent !== text), before);
    await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'));
    const filtered = await waybills(page);
    expect(filtered.length).toBeGreaterThan(0);
    const shared = page.url();

    const fresh = await context.newPage();
    await fresh.goto(shared);
    await fresh.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'));
    expect(await waybills(fresh)).toEqual(filtered);
    expect(await fresh.getByRole('combobox', { name: 'Logistic status' }).inputValue()).toBe('30001');

    const [download] = await Promise.all([fresh.waitForEvent('download'), fresh.getByRole('button', { name: 'Export', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe('Deliveries.xlsx');
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Deliveries');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const { jwtToken } = await apiLogin(server, 'administrator@demo.test');
    const query = new URL(shared).search.replace(/^\?/, '');
    const total = await (await fetch(`${server.url}/connect/deliveries/za?${query}&aggregationsOnly=true`, { headers: { Authorization: `Bearer ${jwtToken}` } })).json() as { paging: { totalItems: number } };
    expect(rows.length - 1).toBe(total.paging.totalItems);
    expect(rows.slice(1).every((row) => row[7] === 'Delivered' && row[12] === 'Priority')).toBe(true);
    expect(rows.slice(1).map((row) => row[1])).toEqual(expect.arrayContaining(filtered));

    // Items: the parcels of the same deliveries, one row each.
    const [itemsDownload] = await Promise.all([fresh.waitForEvent('download'), fresh.getByRole('button', { name: 'Export items' }).click()]);
    expect(itemsDownload.suggestedFilename()).toBe('Items.xlsx');
    const items = new ExcelJS.Workbook();
    await items.xlsx.readFile(await itemsDownload.path());
    const itemRows: unknown[][] = [];
    items.worksheets[0]!.eachRow((row) => itemRows.push((row.values as unknown[]).slice(1)));
    expect(itemRows[0]![0]).toBe('Waybill');
    const listed = new Set(rows.slice(1).map((row) => row[1]));
    expect(itemRows.length).toBeGreaterThan(1);
    expect(itemRows.slice(1).every((row) => listed.has(row[0]) && row[4] === 'Delivered')).toBe(true);
    await Promise.all([page.close(), fresh.close()]);
  });

  it('loads the job builder with the first row selected on /deliveries, and keeps it when the selection is cleared', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/deliveries`);
    await waybills(page);
    const builder = page.getByRole('region', { name: JOB_BUILDING_TEXTS.region });
    expect(await builder.count()).toBe(0);
    const firstBox = page.locator('table tbody tr').first().getByRole('checkbox');
    await firstBox.check();
    await builder.getByText(/^1 selected/).waitFor();
    await firstBox.uncheck();
    // Nothing selected: the builder hides again (its chart stays, ready for the next selection).
    await builder.waitFor({ state: 'hidden' });
    await firstBox.check();
    await builder.getByText(/^1 selected/).waitFor();
    await page.close();
  });

  it('keeps the selection tools in view on a phone when a row far down the list is ticked', async () => {
    const page = await context.newPage();
    await tickFarRowOnPhone(page);
    const create = page.getByRole('region', { name: JOB_BUILDING_TEXTS.region }).getByRole('button', { name: JOB_BUILDING_TEXTS.create(1) });
    await create.waitFor();
    // In the viewport, below the header, without scrolling back up.
    const box = (await create.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThan(844);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.close();
  });

  it('while impersonating on a phone, the selection tools stop under the impersonation bar, not beneath it', async () => {
    const impersonating = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await impersonating.newPage();
    await logIn(page, 'administrator@demo.test');
    await page.locator('header').getByRole('link', { name: 'My profile' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByLabel(USER_MENU_TEXTS.impersonateUserId).fill(String((await apiLogin(server, 'company.admin@demo.test')).id));
    await page.getByRole('button', { name: USER_MENU_TEXTS.impersonateButton }).click();
    const bar = page.getByRole('region', { name: USER_MENU_TEXTS.impersonationBar });
    await bar.waitFor();
    // On a phone the bar wraps to three lines: the list's sticky part must stop under all of them.
    await tickFarRowOnPhone(page);
    const count = page.getByText(BULK_TEXTS.selected(1));
    await count.waitFor();
    const under = (await bar.boundingBox())!;
    const tools = (await count.boundingBox())!;
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect(under.height).toBeGreaterThan(60);
    expect(tools.y).toBeGreaterThanOrEqual(under.y + under.height);
    expect(tools.y + tools.height).toBeLessThan(844);
    await impersonating.close();
  });

  it('edits a store in two tabs and shows the conflict with the current version', async () => {
    const { jwtToken } = await apiLogin(server, 'administrator@demo.test');
    const list = await (await fetch(`${server.url}/connect/stores/za?search=Durbanville`, { headers: { Authorization: `Bearer ${jwtToken}` } })).json() as { items: { id: number }[] };
    const id = list.items[0]!.id;
    const [first, second] = await Promise.all([context.newPage(), context.newPage()]);
    await Promise.all([first.goto(`${server.url}/stores/edit/${id}`), second.goto(`${server.url}/stores/edit/${id}`)]);
    await Promise.all([first.getByLabel('Contact name').waitFor(), second.getByLabel('Contact name').waitFor()]);

    await first.getByLabel('Contact name').fill('First tab');
    await first.getByRole('button', { name: 'Save' }).click();
    await first.getByText('Successsfully updated').first().waitFor();

    await second.getByLabel('Contact name').fill('Second tab');
    await second.getByRole('button', { name: 'Save' }).click();
    await second.getByText('Someone else changed this record').waitFor();
    expect(await second.getByTestId('current-contactName').textContent()).toContain('First tab');
    expect(await second.getByLabel('Contact name').inputValue()).toBe('Second tab');
    await Promise.all([first.close(), second.close()]);
  });
});
