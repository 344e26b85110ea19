import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startAppServer, type AppServer, submitLogin } from './support';

let server: AppServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ THROTTLE_PER_ADDRESS: '1000' }), launchBrowser()]);
  context = await browser.newContext({ acceptDownloads: true });
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

/** The table's rows as [SLA type, On time, Late] and the chart's listed data as "label: On time n, Late m". */
async function tableAndChart(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  const rows = await page.locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  const chart = await page.getByTestId('report-chart-data').locator('li').allTextContents();
  return { rows, chart };
}

describe('a report in a real browser against the real server', () => {
  it('opens Service Levels, filters it, the chart and table agree, and exports it', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/reports/service-levels`);
    await page.getByRole('table').waitFor();
    // chart.js drew on the canvas (it loads with the report screen only).
    await page.waitForFunction(() => {
      const canvas = document.querySelector('figure canvas') as HTMLCanvasElement | null;
      return canvas !== null && canvas.width > 0 && canvas.toDataURL().length > 2000;
    });
    const columns = await page.locator('table thead th').allTextContents();
    const at = (name: string) => columns.findIndex((text) => text.replace(/ [↑↓]$/, '') === name);
    const agree = ({ rows, chart }: { rows: string[][]; chart: string[] }) => {
      const fromTable = rows.filter((row) => row.length > 1).map((row) => `${row[at('SLA type')]}: On time ${row[at('On time')]}, Late ${row[at('Late')]}`);
      expect(chart.sort()).toEqual(fromTable.sort());
    };
    const opened = await tableAndChart(page);
    // The demo seed has deliveries in the last 30 days: the report is not empty.
    expect(opened.chart.length).toBeGreaterThan(0);
    agree(opened);
    await page.screenshot({ path: '/tmp/reports-e2e-service-levels.png', fullPage: true });

    await page.getByRole('combobox', { name: 'SLA type' }).selectOption('Standard');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForFunction(() => [...document.querySelectorAll('table tbody tr')].every((tr) => !/Priority|Hyperlocal/.test(tr.textContent ?? '')));
    const filtered = await tableAndChart(page);
    agree(filtered);
    // The address is a link to the same figures.
    await page.waitForURL(/slaTypes=Standard/);
    const fresh = await context.newPage();
    await fresh.goto(page.url());
    await fresh.getByRole('table').waitFor();
    expect((await tableAndChart(fresh)).rows).toEqual(filtered.rows);
    await fresh.close();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('Service Levels.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toContain('On-time %');
    expect(rows.slice(1).map((row) => row[0])).toEqual(filtered.rows.filter((row) => row.length > 1).map((row) => row[at('SLA type')]));
    await page.close();
  });
});
