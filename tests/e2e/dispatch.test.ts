import createClient from 'openapi-fetch';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/seed';
import type { paths as ConnectPaths } from '../../src/api/generated/connect';
import { DASHBOARD_TEXTS, DEPOSIT_TEXTS, DRIVER_DEPOSITS_TEXTS } from '../../src/lib/dashboard-texts';
import { SUCCESS_TEXTS } from '../../src/lib/error-catalogue';
import { formatDistance, markerLabel } from '../../src/lib/distance';
import { DRIVER_PICKER_TEXTS, JOB_BUILDING_TEXTS, JOB_FIGURES_TEXTS, JOB_SCREEN_TEXTS, TASK_ACTION_LABELS } from '../../src/lib/jobs-texts';
import { formatMoney } from '../../src/lib/money';
import { DROP_OFF_PROOF_TEXTS, PROOF_TEXTS } from '../../src/lib/proof-of-delivery';
import { JOB_STATUS, JOB_STATUS_LABELS, LOGISTIC_STATUS, TASK_STATUS, TASK_STATUS_LABELS } from '../../src/lib/statuses';
import { apiLogin, launchBrowser, startAppServer, submitLogin, type AppServer } from './support';

// Issue 20's browser tests, on one server: a dispatcher builds a job from three ready deliveries, sees its route and
// cost, assigns it from the drivers nearest first, and the driver (a phone) completes it with a signature and the
// recipient's one-time code while the dispatcher's dashboard follows every step; and an administrator's role change
// reaches a user's open session (its menus) without a reload.

const DISPATCHER = 'management@demo.test';
const DRIVER = 'driver@demo.test';
const driverUser = DEMO_USERS.find((user) => user.email === DRIVER)!;
const DRIVER_NAME = `${driverUser.firstName} ${driverUser.lastName}`;
const PHONE = { width: 390, height: 844 };
/** The map's distance caption (src/ui/RouteMap.tsx's ROUTE_MAP_TEXTS.distance; that module needs a DOM to import). */
const DISTANCE = 'Distance';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function connectAs(email: string) {
  const { jwtToken } = await apiLogin(server, email);
  return createClient<ConnectPaths>({ baseUrl: `${server.url}/connect`, headers: { Authorization: `Bearer ${jwtToken}` } });
}

/** The one-time code the outbox sent for a delivery's drop-off (the newest such message), as the recipient reads it. */
async function codeSentFor(waybill: string): Promise<string> {
  const { jwtToken } = await apiLogin(server, 'administrator@demo.test');
  const prefix = PROOF_TEXTS.codeMessage(waybill, '');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${server.url}/identity/v1/outbox?pageSize=50`, { headers: { Authorization: `Bearer ${jwtToken}` } });
    const messages = await response.json() as { body: string }[];
    const code = messages.find((message) => message.body.startsWith(prefix))?.body.slice(prefix.length);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code was sent for ${waybill}`);
}

/** A dashboard row with the left side bar's tab that lists it (one tab is shown at a time). */
async function openTab(page: Page, tab: string): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${tab} \\(`) }).click();
}

function jobRow(page: Page, jobId: number): Locator {
  return page.getByRole('table', { name: DASHBOARD_TEXTS.jobs })
    .locator('tr').filter({ has: page.getByRole('button', { name: DASHBOARD_TEXTS.openDetails('job', jobId), exact: true }) });
}

/** A task of the expanded job on the dashboard, by its order in the job. */
function taskRow(page: Page, jobId: number, order: number): Locator {
  return page.getByRole('cell', { name: DASHBOARD_TEXTS.showTasks(jobId), exact: true })
    .locator('tbody tr').filter({ has: page.locator('td').nth(0).filter({ hasText: new RegExp(`^${order}$`) }) });
}

async function cellReads(page: Page, row: Locator, column: number, text: string, timeout = 15_000): Promise<void> {
  await openTab(page, DASHBOARD_TEXTS.jobs);
  await row.locator('td').nth(column).filter({ hasText: new RegExp(`^${text}$`) }).waitFor({ timeout });
}

/** Draws a stroke on the signature pad with the pointer, as a finger would. */
async function sign(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 60);
  await page.mouse.down();
  for (const [x, y] of [[80, 30], [140, 90], [200, 40], [260, 70]] as const) await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
  await page.mouse.up();
}

/** The links of the main menu, as the user opens it. */
async function mainMenuLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  // A click before the page is interactive does nothing: press again until the drawer opens.
  await expect.poll(async () => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    return nav.waitFor({ timeout: 3_000 }).then(() => true, () => false);
  }, { timeout: 30_000, interval: 500 }).toBe(true);
  const links = await nav.getByRole('link').allTextContents();
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'hidden' });
  return links;
}

const WORK = ['start', 'arrived', 'completepickup', 'completedropoff'] as const;

describe('dispatch in the browser (issue 20)', () => {
  it('a dispatcher builds a job from three ready deliveries, sees its route and cost, assigns it, and watches the driver complete it with a signature and a code', async () => {
    // Three ready deliveries in no job, of one Johannesburg store (near the driver), each with a recipient's phone.
    const admin = await connectAs('administrator@demo.test');
    const { data: ready } = await admin.GET('/jobs/readydeliveries/{cca2}', { params: { path: { cca2: 'za' }, query: {} } });
    const byStore = new Map<number, typeof ready>();
    for (const delivery of ready ?? []) {
      if (!delivery.waybill?.startsWith('WBL') || delivery.storeId === null || delivery.originAddress.coordinates.lat < -30) continue;
      byStore.set(delivery.storeId, [...(byStore.get(delivery.storeId) ?? []), delivery]);
    }
    const [, ofStore] = [...byStore.entries()].find(([, rows]) => (rows?.length ?? 0) >= 3)!;
    const chosen = ofStore!.slice(0, 3);
    const waybills = chosen.map((delivery) => delivery.waybill!);
    const companyId = chosen[0]!.companyId!;
    expect(chosen.every((delivery) => delivery.companyId === companyId && delivery.logisticStatusId === LOGISTIC_STATUS.READY)).toBe(true);

    // The company's drop-offs need a signature and the recipient's one-time code (its proof settings, every level).
    const saved = await admin.PUT('/proofofdelivery/settings/{cca2}/{companyId}', {
      params: { path: { cca2: 'za', companyId } },
      body: { slaType: '*', signature: 'required', photo: 'off', barcode: 'off', code: 'required' },
    });
    expect(saved.response.status).toBe(200);

    // The dispatcher, on the dashboard's jobs tab, chooses the three among the ready deliveries and builds a new job.
    const dispatcherContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const dispatcher = await dispatcherContext.newPage();
    await submitLogin(dispatcher, server.url, DISPATCHER);
    await dispatcher.waitForURL((url) => !url.pathname.startsWith('/login'));
    await dispatcher.goto(`${server.url}/dashboard`);
    await dispatcher.getByRole('tab', { name: /^Jobs \(/ }).click();
    await dispatcher.getByRole('button', { name: JOB_BUILDING_TEXTS.openBuilder, exact: true }).click();
    const builder = dispatcher.getByRole('region', { name: JOB_BUILDING_TEXTS.region });
    for (const waybill of waybills) await builder.getByRole('checkbox', { name: JOB_BUILDING_TEXTS.choose(waybill), exact: true }).check();
    await builder.getByText(JOB_BUILDING_TEXTS.selected(3, 3), { exact: true }).waitFor();
    await builder.getByRole('button', { name: JOB_BUILDING_TEXTS.create(3), exact: true }).click();
    const built = builder.getByRole('status').filter({ hasText: /^Job \d+ now has 3 deliveries\./ });
    await built.waitFor();
    const jobId = Number(/^Job (\d+)/.exec((await built.textContent()) ?? '')![1]);

    // The job's screen: its cost (jobcost) and its route (the stops lettered A, B … with the km to 2 decimals).
    await builder.getByRole('link', { name: JOB_BUILDING_TEXTS.openJob(jobId), exact: true }).click();
    await dispatcher.waitForURL(`${server.url}/jobs/edit/${jobId}`);
    const manager = await connectAs(DISPATCHER);
    const { data: cost } = await manager.GET('/jobs/jobcost/{cca2}/{id}', { params: { path: { cca2: 'za', id: jobId } } });
    const { data: route } = await manager.GET('/jobs/jobRoute/{cca2}/{id}', { params: { path: { cca2: 'za', id: jobId } } });
    expect(cost!.totalExcl).toBeGreaterThan(0);
    expect(route!.stops.map((stop) => stop.label)).toEqual(route!.stops.map((_, index) => markerLabel(index)));
    expect(route!.stops.length).toBe(6);
    const costTable = dispatcher.getByRole('table', { name: JOB_FIGURES_TEXTS.cost });
    await costTable.getByRole('row').last().getByText(formatMoney(cost!.totalExcl), { exact: true }).waitFor();
    await dispatcher.getByRole('button', { name: JOB_FIGURES_TEXTS.route, exact: true }).click();
    const routeDialog = dispatcher.getByRole('dialog', { name: JOB_FIGURES_TEXTS.routeTitle(jobId) });
    await routeDialog.getByTestId('route-distance').filter({ hasText: `${DISTANCE}: ${formatDistance(route!.distanceKm)}` }).waitFor();
    expect(formatDistance(route!.distanceKm)).toMatch(/^\d+\.\d{2} km$/);
    const letters = await routeDialog.getByTestId('map-marker').evaluateAll((markers) => markers.map((marker) => marker.getAttribute('data-label')));
    // Issue 21 item 18: the route is fitted with room for Leaflet's zoom control, so no stop hides under it.
    const zoom = (await routeDialog.locator('.leaflet-control-zoom').boundingBox())!;
    for (const marker of await routeDialog.getByTestId('map-marker').all()) {
      const box = (await marker.boundingBox())!;
      const overlaps = box.x < zoom.x + zoom.width && box.x + box.width > zoom.x && box.y < zoom.y + zoom.height && box.y + box.height > zoom.y;
      expect(overlaps, `marker ${await marker.getAttribute('data-label')} under the zoom control`).toBe(false);
    }
    expect(letters).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    const listed = await routeDialog.getByRole('list', { name: JOB_FIGURES_TEXTS.route, exact: true }).getByRole('listitem').allTextContents();
    expect(listed.map((text) => text.split(' · ')[0])).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(waybills.every((waybill) => listed.some((text) => text.includes(waybill)))).toBe(true);
    await routeDialog.getByRole('button', { name: JOB_FIGURES_TEXTS.close, exact: true }).first().click();
    await routeDialog.waitFor({ state: 'detached' });

    // The dashboard: the new job, unassigned; its details offer the drivers nearest the first pick-up first.
    await dispatcher.goto(`${server.url}/dashboard`);
    const job = jobRow(dispatcher, jobId);
    await cellReads(dispatcher, job, 1, JOB_STATUS_LABELS[JOB_STATUS.UNASSIGNED], 30_000);
    await dispatcher.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 30_000 });
    await dispatcher.getByRole('button', { name: DASHBOARD_TEXTS.openDetails('job', jobId), exact: true }).click();
    const details = dispatcher.getByRole('complementary', { name: DASHBOARD_TEXTS.rightSidebar });
    const consoleCost = details.getByRole('table', { name: JOB_FIGURES_TEXTS.cost });
    await consoleCost.getByText(formatMoney(cost!.totalExcl), { exact: true }).waitFor();
    await details.getByRole('button', { name: DRIVER_PICKER_TEXTS.open, exact: true }).click();
    const picker = details.getByRole('list', { name: DRIVER_PICKER_TEXTS.title });
    await picker.getByRole('button', { name: DRIVER_PICKER_TEXTS.pick(DRIVER_NAME), exact: true }).waitFor();
    // Nearest first among those who can take work now (the first availability listed).
    const offeredDrivers = (await picker.getByRole('listitem').allTextContents()).map((text) => text.split(' · '));
    const firstAvailability = offeredDrivers[0]![1];
    const kms = offeredDrivers.filter((parts) => parts[1] === firstAvailability && /km/.test(parts[2] ?? '')).map((parts) => Number.parseFloat(parts[2]!));
    expect(kms.length).toBeGreaterThan(0);
    expect(kms).toEqual([...kms].sort((a, b) => a - b));
    expect(offeredDrivers.find((parts) => parts[0] === DRIVER_NAME)?.[2]).not.toContain(DRIVER_PICKER_TEXTS.far);
    await picker.getByRole('button', { name: DRIVER_PICKER_TEXTS.pick(DRIVER_NAME), exact: true }).click();
    await cellReads(dispatcher, job, 1, JOB_STATUS_LABELS[JOB_STATUS.NOT_STARTED]);
    await cellReads(dispatcher, job, 2, DRIVER_NAME);
    await dispatcher.getByRole('button', { name: DASHBOARD_TEXTS.showTasks(jobId), exact: true }).click();
    for (let order = 1; order <= 6; order += 1) await cellReads(dispatcher, taskRow(dispatcher, jobId, order), 2, TASK_STATUS_LABELS[TASK_STATUS.NOT_STARTED]);

    // The driver, on a phone: the job's screen, worked through what the charts offer, in order.
    const driverContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const driver = await driverContext.newPage();
    await submitLogin(driver, server.url, DRIVER);
    await driver.waitForURL((url) => !url.pathname.startsWith('/login'));
    await driver.goto(`${server.url}/jobs/${jobId}/deliveries`);
    const tasks = driver.getByRole('table', { name: JOB_SCREEN_TEXTS.tasks });
    await tasks.getByRole('button').first().waitFor();
    const { data: jobDetails } = await manager.GET('/jobs/{cca2}/{id}', { params: { path: { cca2: 'za', id: jobId } } });
    const waybillOfOrder = new Map(jobDetails!.tasks.map((task) => [task.taskJobOrder, task.waybill ?? '']));
    let steps = 0;
    for (;;) {
      const labels = await tasks.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
      const next = labels.map((label) => /^(.+) \((.+) (\d+)\)$/.exec(label))
        .find((match) => match && WORK.some((action) => TASK_ACTION_LABELS[action] === match[1]));
      if (!next) break;
      const [label, actionLabel, , orderText] = next;
      const order = Number(orderText);
      const action = WORK.find((name) => TASK_ACTION_LABELS[name] === actionLabel)!;
      await tasks.getByRole('button', { name: label, exact: true }).click();
      if (action === 'completedropoff') {
        // The proof dialog: a signature drawn on the pad and the code the recipient received when the drop-off started.
        const proof = driver.getByRole('dialog');
        const pad = proof.getByRole('img', { name: DROP_OFF_PROOF_TEXTS.signaturePad });
        await pad.waitFor();
        const complete = proof.getByRole('button', { name: DROP_OFF_PROOF_TEXTS.complete, exact: true });
        // Nothing given yet: Complete waits for what is required.
        expect(await complete.isDisabled()).toBe(true);
        await sign(driver, pad);
        await proof.getByText(DROP_OFF_PROOF_TEXTS.signed, { exact: true }).waitFor();
        await proof.getByLabel(DROP_OFF_PROOF_TEXTS.codeInput).fill(await codeSentFor(waybillOfOrder.get(order)!));
        await complete.click();
        await proof.getByText(DROP_OFF_PROOF_TEXTS.completed, { exact: true }).waitFor();
        await proof.getByRole('button', { name: DROP_OFF_PROOF_TEXTS.close, exact: true }).click();
        await proof.waitFor({ state: 'detached' });
      }
      await tasks.getByRole('button', { name: label, exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
      // The dispatcher sees the step without a reload: a started task is in progress, a finished one leaves the list.
      const row = taskRow(dispatcher, jobId, order);
      if (action === 'start') await cellReads(dispatcher, row, 2, TASK_STATUS_LABELS[TASK_STATUS.IN_PROGRESS]);
      if (action === 'completepickup' || action === 'completedropoff') await row.waitFor({ state: 'detached', timeout: 15_000 });
      if (steps === 0) await cellReads(dispatcher, job, 1, JOB_STATUS_LABELS[JOB_STATUS.IN_PROGRESS]);
      steps += 1;
    }
    // Three pick-ups and three drop-offs, each started, arrived at and completed.
    expect(steps).toBe(18);
    await cellReads(dispatcher, job, 1, JOB_STATUS_LABELS[JOB_STATUS.COMPLETED]);

    // Each delivery's proof pack holds the drawn signature and the verified code.
    for (const delivery of chosen) {
      const { data: pack } = await manager.GET('/deliveries/proof/{cca2}/{id}', { params: { path: { cca2: 'za', id: delivery.deliveryId } } });
      expect(pack!.proofs).toHaveLength(1);
      expect(pack!.proofs[0]).toMatchObject({ codeVerified: true, signatureMethod: 'drawn' });
      expect(pack!.proofs[0]!.signature).toMatch(/^data:image\/png;base64,/);
    }
    await driverContext.close();
    await dispatcherContext.close();
  }, 180_000);

  it('an administrator changes a user\'s role on the users screen, and the user\'s open session changes menus without a reload', async () => {
    const USER = 'customer@demo.test';
    const { id: userId } = await apiLogin(server, USER);
    // The user's session, open on their profile: a customer's menus.
    const userContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const user = await userContext.newPage();
    await submitLogin(user, server.url, USER);
    await user.waitForURL((url) => !url.pathname.startsWith('/login'));
    await user.goto(`${server.url}/profile`);
    const before = await mainMenuLinks(user);
    expect(before).toContain('My deliveries');
    expect(before).not.toContain('Users');
    // Marks this page: a reload would lose the mark.
    await user.evaluate(() => { document.body.dataset.e2eMark = 'same page'; });

    // The administrator makes them a staff operator on the users screen.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    await submitLogin(admin, server.url, 'administrator@demo.test');
    await admin.waitForURL((url) => !url.pathname.startsWith('/login'));
    await admin.goto(`${server.url}/users?search=${encodeURIComponent(USER)}`);
    await admin.getByRole('link', { name: 'Edit Chloe Customer', exact: true }).click();
    await admin.waitForURL(`${server.url}/users/edit/${userId}`);
    const roles = admin.getByRole('textbox', { name: 'Roles (separate with ,)' });
    await roles.waitFor();
    expect(await roles.inputValue()).toBe('');
    await roles.fill('StaffOperator');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByText(SUCCESS_TEXTS.updated).first().waitFor();

    // The open session gets the staff operator's menus through the identity hub (reloadProfile), no reload.
    await expect.poll(async () => mainMenuLinks(user), { timeout: 30_000, interval: 1_000 }).toContain('Users');
    const after = await mainMenuLinks(user);
    expect(after).toContain('Dashboard');
    expect(after).not.toContain('My deliveries');
    expect(await user.evaluate(() => document.body.dataset.e2eMark)).toBe('same page');
    await adminContext.close();
    await userContext.close();
  }, 90_000);

  it('a dispatcher records a driver\'s cash deposit in the dashboard\'s deposit modal; the driver\'s deposits list it and open its Cash Debit and Cash Credit', async () => {
    const DEPOSITOR = 'Thabo Mokoena'; // driver2@demo.test
    const { id: driverId } = await apiLogin(server, 'driver2@demo.test');
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await submitLogin(page, server.url, DISPATCHER);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${server.url}/dashboard`);
    await openTab(page, DASHBOARD_TEXTS.drivers);
    await page.getByRole('button', { name: DASHBOARD_TEXTS.openDetails('driver', DEPOSITOR), exact: true }).click();
    const details = page.getByRole('complementary', { name: DASHBOARD_TEXTS.rightSidebar });
    await details.getByRole('button', { name: DEPOSIT_TEXTS.open, exact: true }).click();
    const modal = page.getByRole('dialog', { name: DEPOSIT_TEXTS.title(DEPOSITOR) });
    await modal.getByLabel(DEPOSIT_TEXTS.amount).fill('250.50');
    await modal.getByLabel(DEPOSIT_TEXTS.reference).fill('E2E slip 4711');
    await modal.getByRole('button', { name: DEPOSIT_TEXTS.submit, exact: true }).click();
    await modal.getByText(DEPOSIT_TEXTS.recorded(formatMoney(25_050), 'E2E slip 4711'), { exact: true }).waitFor();
    await modal.getByRole('button', { name: DEPOSIT_TEXTS.close, exact: true }).click();

    // The driver's deposits, from their details: the one just recorded, and its two ledger postings.
    await details.getByRole('link', { name: DRIVER_DEPOSITS_TEXTS.open, exact: true }).click();
    await page.waitForURL(`${server.url}/users/${driverId}/deposits`);
    const row = page.getByRole('row').filter({ hasText: 'E2E slip 4711' });
    await row.waitFor();
    expect(await row.textContent()).toContain(formatMoney(25_050));
    await page.getByRole('link', { name: DRIVER_DEPOSITS_TEXTS.ledgerOf('E2E slip 4711'), exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/users/${driverId}/accounts/`));
    const postings = page.getByRole('row').filter({ hasText: 'E2E slip 4711' });
    await postings.nth(1).waitFor();
    const types = (await postings.allTextContents()).map((text) => (text.includes('Cash Credit') ? 'Cash Credit' : text.includes('Cash Debit') ? 'Cash Debit' : text));
    expect(types.sort()).toEqual(['Cash Credit', 'Cash Debit']);
    await context.close();
  }, 90_000);
});
