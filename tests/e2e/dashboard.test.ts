import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSimulator } from '../../scripts/simulate';
import { DEMO_USERS } from '../../server/db/seed';
import type { paths as ConnectPaths } from '../../src/api/generated/connect';
import { DASHBOARD_TEXTS } from '../../src/lib/dashboard-texts';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import {
  JOB_STATUS, JOB_STATUS_LABELS, LOGISTIC_STATUS, LOGISTIC_STATUS_LABELS, TASK_STATUS, TASK_STATUS_LABELS, TASK_TYPE, TASK_TYPE_LABELS,
} from '../../src/lib/statuses';
import { freePort } from '../support/free-port';
import { apiLogin, DEMO_PASSWORD, launchBrowser, startAppServer, submitLogin, type AppServer } from './support';

// The live dashboard in a real browser (issue 5): the driver simulator moves the seeded not-started job of
// driver@demo.test (WBJ0003) while an administrator watches /dashboard; the server restarts; what changed while
// the dashboard was cut off shows once it reconnects (the lists reload over REST after a reconnect).

const DRIVER = 'driver@demo.test';
const driverUser = DEMO_USERS.find((user) => user.email === DRIVER)!;

let server: AppServer;
let browser: Browser;
let env: Record<string, string>;
const simulatorLog: string[] = [];

beforeAll(async () => {
  // A fixed port and data directory, so the restarted server is the same one (same signing key and sessions).
  env = { PORT: String(await freePort()), DATA_DIR: await mkdtemp(join(tmpdir(), 'courier-e2e-dash-')) };
  [server, browser] = await Promise.all([startAppServer(env), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** One run of the simulator for driver@demo.test only, in-process, a fixed number of fast ticks. */
async function simulate(url: string, ticks: number): Promise<void> {
  await runSimulator({
    url, cca2: 'za', tickMs: 50, stepKm: 10_000, drivers: [DRIVER], password: DEMO_PASSWORD, maxTicks: ticks,
    log: (line) => { simulatorLog.push(line); },
  });
}

/** The seeded job of the driver that is not started yet (its id differs per database). */
async function notStartedJobOf(url: string): Promise<number> {
  const driver = await apiLogin(server, DRIVER);
  const connect = createClient<ConnectPaths>({ baseUrl: `${url}/connect`, headers: { Authorization: `Bearer ${driver.jwtToken}` } });
  const { data } = await connect.GET('/jobs/{cca2}', {
    params: { path: { cca2: 'za' }, query: { driverid: driver.id, jobStatuses: [JOB_STATUS.NOT_STARTED], pageSize: 20 } },
  });
  const jobs = data?.items ?? [];
  expect(jobs).toHaveLength(1);
  return jobs[0]!.id;
}

/** A dashboard row with the left side bar's tab that lists it (issue 20: the lists are tabs, one shown at a time). */
type TabbedRow = Locator & { dashboardTab?: string };
const onTab = (row: Locator, tab: string): TabbedRow => Object.assign(row, { dashboardTab: tab });

/** Waits until the cell at `column` of `row` reads exactly `text` (what the dispatcher sees). */
async function cellReads(row: TabbedRow, column: number, text: string, timeout = 15_000): Promise<void> {
  if (row.dashboardTab) await row.page().getByRole('tab', { name: new RegExp(`^${row.dashboardTab} \\(`) }).click();
  await row.locator('td').nth(column).filter({ hasText: new RegExp(`^${text}$`) }).waitFor({ timeout });
}

function jobRow(page: Page, jobId: number): Locator {
  return onTab(page.getByRole('table', { name: DASHBOARD_TEXTS.jobs })
    .locator('tr').filter({ has: page.getByRole('button', { name: DASHBOARD_TEXTS.openDetails('job', jobId), exact: true }) }), DASHBOARD_TEXTS.jobs);
}

/** The job's delivery in the Deliveries table, by its waybill. */
function deliveryRow(page: Page, waybill: string): Locator {
  return onTab(page.getByRole('table', { name: DASHBOARD_TEXTS.deliveries })
    .locator('tr').filter({ has: page.getByRole('button', { name: DASHBOARD_TEXTS.openDetails('delivery', waybill), exact: true }) }), DASHBOARD_TEXTS.deliveries);
}

function taskRow(page: Page, jobId: number, type: string): Locator {
  return onTab(page.getByRole('cell', { name: DASHBOARD_TEXTS.showTasks(jobId), exact: true })
    .locator('tbody tr').filter({ has: page.locator('td').nth(1).filter({ hasText: new RegExp(`^${type}$`) }) }), DASHBOARD_TEXTS.jobs);
}

describe('the live dashboard in a real browser', () => {
  it('follows the simulator live, and after a server restart shows what changed while it was cut off', async () => {
    const jobId = await notStartedJobOf(server.url);
    const page = await browser.newPage();
    await submitLogin(page, server.url, 'administrator@demo.test');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${server.url}/dashboard`);

    // What the dispatcher sees first: the job not started, its driver, its two tasks not started.
    const job = jobRow(page, jobId);
    await cellReads(job, 1, JOB_STATUS_LABELS[JOB_STATUS.NOT_STARTED], 30_000);
    await cellReads(job, 2, `${driverUser.firstName} ${driverUser.lastName}`);
    await page.getByRole('button', { name: DASHBOARD_TEXTS.showTasks(jobId), exact: true }).click();
    const pickUp = taskRow(page, jobId, TASK_TYPE_LABELS[TASK_TYPE.STORE_PICK_UP]);
    const dropOff = taskRow(page, jobId, TASK_TYPE_LABELS[TASK_TYPE.DROP_OFF]);
    await cellReads(pickUp, 2, TASK_STATUS_LABELS[TASK_STATUS.NOT_STARTED]);
    await cellReads(dropOff, 2, TASK_STATUS_LABELS[TASK_STATUS.NOT_STARTED]);
    // Its delivery is among the deliveries in play (not crowded out by the newest quotes and cancellations).
    const delivery = deliveryRow(page, 'WBJ0003');
    await cellReads(delivery, 1, LOGISTIC_STATUS_LABELS[LOGISTIC_STATUS.PENDING_PICK_UP]);
    await page.getByTestId('connection-banner').waitFor({ state: 'detached' });

    // One tick of the simulator: the driver starts the pick-up, which starts the job. It shows live, no reload.
    await simulate(server.url, 1);
    expect(simulatorLog.join('\n')).toContain(': started');
    await cellReads(job, 1, JOB_STATUS_LABELS[JOB_STATUS.IN_PROGRESS]);
    await cellReads(pickUp, 2, TASK_STATUS_LABELS[TASK_STATUS.IN_PROGRESS]);
    await cellReads(dropOff, 2, TASK_STATUS_LABELS[TASK_STATUS.NOT_STARTED]);

    // Marks this page: a full reload (instead of the live merge and the REST reload) would lose the mark.
    await page.evaluate(() => { document.body.dataset.e2eMark = 'same page'; });

    // The server goes down: the banner counts down to the next attempt.
    await server.stop();
    const banner = page.getByTestId('connection-banner');
    await banner.filter({ hasText: ERROR_TEXTS.connectionLost }).waitFor();
    expect(await banner.textContent()).toMatch(/^Connection lost\. Trying to reconnect in: \d+/);

    // While the dashboard is cut off, the same data serves elsewhere (another port) and the simulator carries
    // on: the driver reaches the pick-up, arrives, collects the parcel and starts the drop-off. None of it can
    // reach the page live.
    const elsewhere = await startAppServer({ ...env, PORT: String(await freePort()) });
    try {
      await simulate(elsewhere.url, 4);
    } finally {
      await elsewhere.stop();
    }
    expect(simulatorLog.join('\n')).toMatch(/: picked up\n(.*\n)*.*: started/);
    // Still the old state on the page, and still cut off.
    await cellReads(pickUp, 2, TASK_STATUS_LABELS[TASK_STATUS.IN_PROGRESS]);
    await cellReads(dropOff, 2, TASK_STATUS_LABELS[TASK_STATUS.NOT_STARTED]);
    expect(await banner.count()).toBe(1);

    // The server is back on its port: the dashboard reconnects by itself and shows the current state.
    server = await startAppServer(env);
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    // The collected pick-up (a finished task) has left the live list; the drop-off is under way.
    await pickUp.waitFor({ state: 'detached' });
    await cellReads(dropOff, 2, TASK_STATUS_LABELS[TASK_STATUS.IN_PROGRESS]);
    await cellReads(delivery, 1, LOGISTIC_STATUS_LABELS[LOGISTIC_STATUS.PENDING_DROP_OFF]);
    await cellReads(job, 1, JOB_STATUS_LABELS[JOB_STATUS.IN_PROGRESS]);
    expect(page.url()).toBe(`${server.url}/dashboard`);
    expect(await page.evaluate(() => document.body.dataset.e2eMark)).toBe('same page');
    expect(await page.getByRole('alert').filter({ hasText: ERROR_TEXTS.noResponse }).count()).toBe(0);
    await page.close();
  }, 150_000);
});
