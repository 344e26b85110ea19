import createClient from 'openapi-fetch';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths as ConnectPaths } from '../../src/api/generated/connect';
import { DASHBOARD_TEXTS } from '../../src/lib/dashboard-texts';
import { JOB_ACTION_LABELS, JOB_SCREEN_TEXTS, TASK_ACTION_LABELS } from '../../src/lib/jobs-texts';
import {
  JOB_STATUS, JOB_STATUS_LABELS, LOGISTIC_STATUS, LOGISTIC_STATUS_LABELS, TASK_STATUS, TASK_STATUS_LABELS, TASK_TYPE, TASK_TYPE_LABELS,
} from '../../src/lib/statuses';
import { apiLogin, launchBrowser, startAppServer, submitLogin, type AppServer } from './support';
import { DROP_OFF_PROOF_TEXTS } from '../../src/lib/proof-of-delivery';

// The driver's side in a real browser (issue 5 acceptance): driver@demo.test signs in, finds their jobs on /jobs,
// opens the job not started and works its tasks through the job screen's buttons, which offer only what the
// charts allow; an operator's dashboard in a second browser context follows every step live.

const DRIVER = 'driver@demo.test';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The seeded job of the driver that is not started yet (its id differs per database). */
async function notStartedJobOf(): Promise<number> {
  const driver = await apiLogin(server, DRIVER);
  const connect = createClient<ConnectPaths>({ baseUrl: `${server.url}/connect`, headers: { Authorization: `Bearer ${driver.jwtToken}` } });
  const { data } = await connect.GET('/jobs/{cca2}', {
    params: { path: { cca2: 'za' }, query: { driverid: driver.id, jobStatuses: [JOB_STATUS.NOT_STARTED], pageSize: 20 } },
  });
  expect(data?.items).toHaveLength(1);
  return data!.items[0]!.id;
}

/** A dashboard row with the left side bar's tab that lists it (issue 20: the lists are tabs, one shown at a time). */
type TabbedRow = Locator & { dashboardTab?: string };
const onTab = (row: Locator, tab: string): TabbedRow => Object.assign(row, { dashboardTab: tab });

async function cellReads(row: TabbedRow, column: number, text: string, timeout = 15_000): Promise<void> {
  if (row.dashboardTab) await row.page().getByRole('tab', { name: new RegExp(`^${row.dashboardTab} \\(`) }).click();
  await row.locator('td').nth(column).filter({ hasText: new RegExp(`^${text}$`) }).waitFor({ timeout });
}

/** The operator's dashboard: a job's row, a delivery's row, a task row of an expanded job. */
const dashboard = {
  job: (page: Page, jobId: number) => onTab(page.getByRole('table', { name: DASHBOARD_TEXTS.jobs })
    .locator('tr').filter({ has: page.getByRole('button', { name: DASHBOARD_TEXTS.openDetails('job', jobId), exact: true }) }), DASHBOARD_TEXTS.jobs),
  delivery: (page: Page, waybill: string) => onTab(page.getByRole('table', { name: DASHBOARD_TEXTS.deliveries })
    .locator('tr').filter({ has: page.getByRole('button', { name: DASHBOARD_TEXTS.openDetails('delivery', waybill), exact: true }) }), DASHBOARD_TEXTS.deliveries),
  task: (page: Page, jobId: number, type: string) => onTab(page.getByRole('cell', { name: DASHBOARD_TEXTS.showTasks(jobId), exact: true })
    .locator('tbody tr').filter({ has: page.locator('td').nth(1).filter({ hasText: new RegExp(`^${type}$`) }) }), DASHBOARD_TEXTS.jobs),
};

const PICK_UP = TASK_TYPE_LABELS[TASK_TYPE.STORE_PICK_UP];
const DROP_OFF = TASK_TYPE_LABELS[TASK_TYPE.DROP_OFF];

/** A task button of the job screen, named after the action and the task ("Start (Store pick-up 1)"). */
function taskButton(page: Page, action: keyof typeof TASK_ACTION_LABELS, type: string, order: number): Locator {
  return page.getByRole('button', { name: `${TASK_ACTION_LABELS[action]} (${type} ${order})`, exact: true });
}

/** The task buttons the job screen offers now, by their accessible names. */
async function offered(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: JOB_SCREEN_TEXTS.tasks });
  return table.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
}

/** Presses a task button and waits until the job screen has reloaded the job (the button is gone or enabled again). */
async function press(page: Page, action: keyof typeof TASK_ACTION_LABELS, type: string, order: number): Promise<void> {
  const button = taskButton(page, action, type, order);
  await button.click();
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached', timeout: 15_000 });
}

describe('a driver works a job in the browser while an operator watches the dashboard', () => {
  it('offers only what the charts allow, and every step shows live on the dashboard', async () => {
    const jobId = await notStartedJobOf();

    // The operator: /dashboard with the job's tasks expanded.
    const operatorContext = await browser.newContext();
    const operator = await operatorContext.newPage();
    await submitLogin(operator, server.url, 'administrator@demo.test');
    await operator.waitForURL((url) => !url.pathname.startsWith('/login'));
    await operator.goto(`${server.url}/dashboard`);
    const job = dashboard.job(operator, jobId);
    await cellReads(job, 1, JOB_STATUS_LABELS[JOB_STATUS.NOT_STARTED], 30_000);
    await operator.getByRole('button', { name: DASHBOARD_TEXTS.showTasks(jobId), exact: true }).click();
    const pickUpRow = dashboard.task(operator, jobId, PICK_UP);
    const dropOffRow = dashboard.task(operator, jobId, DROP_OFF);
    const delivery = dashboard.delivery(operator, 'WBJ0003');
    await cellReads(pickUpRow, 2, TASK_STATUS_LABELS[TASK_STATUS.NOT_STARTED]);
    await cellReads(delivery, 1, LOGISTIC_STATUS_LABELS[LOGISTIC_STATUS.PENDING_PICK_UP]);
    await operator.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 30_000 });

    // The driver, in a browser of their own: their jobs on /jobs, then the one not started.
    const driverContext = await browser.newContext();
    const driver = await driverContext.newPage();
    await submitLogin(driver, server.url, DRIVER);
    await driver.waitForURL((url) => !url.pathname.startsWith('/login'));
    await driver.goto(`${server.url}/jobs`);
    await driver.getByRole('link', { name: JOB_SCREEN_TEXTS.deliveriesOf(jobId), exact: true }).click();
    await driver.waitForURL(`${server.url}/jobs/${jobId}/deliveries`);
    await driver.getByRole('article', { name: 'WBJ0003' }).waitFor();
    // Not offered: completing the pick-up before arriving, anything on the drop-off before the parcels are
    // collected, and the dispatcher's calls (unassign, reverse).
    await taskButton(driver, 'start', PICK_UP, 1).waitFor();
    expect(await offered(driver)).toEqual([`${TASK_ACTION_LABELS.start} (${PICK_UP} 1)`]);
    const jobActions = driver.getByRole('group', { name: JOB_SCREEN_TEXTS.actions });
    expect(await jobActions.getByRole('button', { name: JOB_ACTION_LABELS.unassign }).count()).toBe(0);
    expect(await jobActions.getByRole('button', { name: JOB_ACTION_LABELS.reverse }).count()).toBe(0);

    // Start the pick-up: the job starts with it; the dashboard shows both without a reload.
    await press(driver, 'start', PICK_UP, 1);
    await cellReads(job, 1, JOB_STATUS_LABELS[JOB_STATUS.IN_PROGRESS]);
    await cellReads(pickUpRow, 2, TASK_STATUS_LABELS[TASK_STATUS.IN_PROGRESS]);
    await taskButton(driver, 'arrived', PICK_UP, 1).waitFor();
    expect(await offered(driver)).toEqual([
      `${TASK_ACTION_LABELS.arrived} (${PICK_UP} 1)`, `${TASK_ACTION_LABELS.exceptionpickup} (${PICK_UP} 1)`,
    ]);

    // Arrive and collect: the finished pick-up leaves the dashboard's live list, the delivery is collected.
    await press(driver, 'arrived', PICK_UP, 1);
    await press(driver, 'completepickup', PICK_UP, 1);
    await pickUpRow.waitFor({ state: 'detached', timeout: 15_000 });
    await cellReads(delivery, 1, LOGISTIC_STATUS_LABELS[LOGISTIC_STATUS.COLLECTED]);
    // Only now may the drop-off start.
    await taskButton(driver, 'start', DROP_OFF, 2).waitFor();
    expect(await offered(driver)).toEqual([`${TASK_ACTION_LABELS.start} (${DROP_OFF} 2)`]);

    // The drop-off: start, arrive, complete. The dashboard follows to the end of the job.
    await press(driver, 'start', DROP_OFF, 2);
    await cellReads(dropOffRow, 2, TASK_STATUS_LABELS[TASK_STATUS.IN_PROGRESS]);
    await cellReads(delivery, 1, LOGISTIC_STATUS_LABELS[LOGISTIC_STATUS.PENDING_DROP_OFF]);
    await press(driver, 'arrived', DROP_OFF, 2);
    await press(driver, 'completedropoff', DROP_OFF, 2);
    // The proof of delivery dialog: this company asks for none, so the driver completes it as it is.
    const proof = driver.getByRole('dialog');
    await proof.getByText(DROP_OFF_PROOF_TEXTS.nothingNeeded).waitFor();
    await proof.getByRole('button', { name: DROP_OFF_PROOF_TEXTS.complete, exact: true }).click();
    await proof.getByText(DROP_OFF_PROOF_TEXTS.completed).waitFor();
    await proof.getByRole('button', { name: DROP_OFF_PROOF_TEXTS.close, exact: true }).click();
    await cellReads(job, 1, JOB_STATUS_LABELS[JOB_STATUS.COMPLETED]);
    await dropOffRow.waitFor({ state: 'detached', timeout: 15_000 });
    // Nothing is left to offer on a completed job.
    await driver.getByText(JOB_STATUS_LABELS[JOB_STATUS.COMPLETED], { exact: true }).first().waitFor();
    expect(await offered(driver)).toEqual([]);

    // A forbidden transition through the API changes nothing: completing the finished pick-up again is 409.
    const { jwtToken } = await apiLogin(server, DRIVER);
    const connect = createClient<ConnectPaths>({ baseUrl: `${server.url}/connect`, headers: { Authorization: `Bearer ${jwtToken}` } });
    const { data: details } = await connect.GET('/jobs/{cca2}/{id}', { params: { path: { cca2: 'za', id: jobId } } });
    const pickUpTask = details!.tasks.find((task) => task.taskJobOrder === 1)!;
    const refused = await connect.PUT('/tasks/completepickup/{cca2}/{id}', { params: { path: { cca2: 'za', id: pickUpTask.id } } });
    expect(refused.response.status).toBe(409);

    // The operator scans the delivery's waybill (a keyboard-wedge scanner types it and presses Enter): its
    // details open beside the lists.
    await operator.getByRole('button', { name: DASHBOARD_TEXTS.scanner.open, exact: true }).click();
    const scan = operator.getByRole('textbox', { name: DASHBOARD_TEXTS.scanner.field });
    await scan.fill('NO-SUCH-CODE');
    await scan.press('Enter');
    await operator.getByRole('alert').filter({ hasText: DASHBOARD_TEXTS.scanner.notFound('NO-SUCH-CODE') }).waitFor();
    await scan.fill('wbj0003');
    await scan.press('Enter');
    const detailsBar = operator.getByRole('complementary', { name: DASHBOARD_TEXTS.rightSidebar });
    await detailsBar.getByText('WBJ0003', { exact: true }).waitFor();
    await detailsBar.getByText(LOGISTIC_STATUS_LABELS[LOGISTIC_STATUS.DELIVERED], { exact: true }).waitFor();

    await driverContext.close();
    await operatorContext.close();
  }, 120_000);
});
