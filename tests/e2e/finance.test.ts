import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_ADMIN_TEXTS } from '../../src/lib/finance-admin-texts';
import { FINANCE_TEXTS } from '../../src/lib/finance-texts';
import { formatMoney } from '../../src/lib/money';
import { BULK_TEXTS } from '../../src/resources/bulk';
import { apiLogin, launchBrowser, startAppServer, submitLogin, type AppServer } from './support';

// The finance back office in a real browser against the real server (issue 15's browser test): an administrator
// records funds received from a company and allocates them to its account while the company's administrator, in a
// browser of their own, sees the balance change; a partner requests a withdrawal, an administrator completes it, and
// the partner sees it completed and the balance lowered. One server and one browser for the file.

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface AccountRow { id: number; accountName: string; balance: number; userId: number | null; companyId: number | null }

/** The accounts a seeded user may see, as the API answers them (what the screen is compared with). */
async function accountsOf(email: string): Promise<AccountRow[]> {
  const { jwtToken } = await apiLogin(server, email);
  const response = await fetch(`${server.url}/connect/accounts/za?pageSize=100`, { headers: { Authorization: `Bearer ${jwtToken}` } });
  expect(response.status).toBe(200);
  return (await response.json() as { items: AccountRow[] }).items;
}

/** A signed-in page of its own browser context (its own cookies: two people at two machines). */
async function signedIn(email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await submitLogin(page, server.url, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  return page;
}

/** A cell of a list row, by its column's header (each cell carries it for the stacked phone layout). */
const cellOf = (row: Locator, header: string) => row.locator(`td[data-label="${header}"]`);

/** The balance cell of an account's row on /accounts (the row whose account name is the one given). */
function balanceCell(page: Page, accountName: string) {
  const row = page.getByRole('row').filter({ has: page.locator(`td[data-label="${FINANCE_TEXTS.accountName}"]`, { hasText: new RegExp(`^${escape(accountName)}$`) }) });
  return cellOf(row, FINANCE_TEXTS.balance);
}

async function balanceReads(page: Page, accountName: string, cents: number): Promise<void> {
  await page.goto(`${server.url}/accounts`);
  await expect.poll(() => balanceCell(page, accountName).textContent({ timeout: 15_000 }), { timeout: 15_000 }).toBe(formatMoney(cents));
}

/** Today in the portal's time zone, as the date fields take it (DD-MM-YYYY). */
const today = () => DateTime.now().setZone('Africa/Johannesburg').toFormat('dd-MM-yyyy');

describe('funds received and their allocation', () => {
  it('an administrator records an EFT from a company and allocates it; the company administrator sees the balance change', async () => {
    const companyAccount = (await accountsOf('company.admin@demo.test')).find((account) => account.accountName === 'Acme Retail');
    expect(companyAccount).toBeDefined();
    const before = companyAccount!.balance;

    const company = await signedIn('company.admin@demo.test');
    await balanceReads(company, 'Acme Retail', before);

    const admin = await signedIn('administrator@demo.test');
    await admin.goto(`${server.url}/funds-received/add`);
    const customer = admin.getByRole('combobox', { name: new RegExp(`^${escape(FINANCE_ADMIN_TEXTS.customerCompany)}`) });
    await customer.fill('Acme');
    await admin.getByRole('option', { name: 'Acme Retail', exact: true }).click();
    await admin.getByLabel(new RegExp(`^${FINANCE_ADMIN_TEXTS.amountReceived}`)).fill('250.00');
    const reference = `EFT ${randomUUID().slice(0, 8)}`;
    await admin.getByLabel(new RegExp(`^${FINANCE_ADMIN_TEXTS.reference}`)).fill(reference);
    await admin.getByLabel(new RegExp(`^${FINANCE_ADMIN_TEXTS.receivedOn}`)).fill(today());
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    // Saved: the edit screen of the new record, which links to its allocation.
    await admin.waitForURL(/\/funds-received\/edit\/\d+$/, { timeout: 15_000 });
    await admin.getByRole('link', { name: FINANCE_ADMIN_TEXTS.allocate, exact: true }).click();
    await admin.waitForURL(/\/funds-received\/\d+\/allocation$/);

    const form = admin.getByRole('form', { name: FINANCE_ADMIN_TEXTS.allocationTitle(reference) });
    await form.getByLabel(FINANCE_ADMIN_TEXTS.allocationFor('Acme Retail'), { exact: true }).fill('200.00');
    await expect.poll(() => form.getByTestId('remainder').textContent()).toBe(`${FINANCE_ADMIN_TEXTS.remainder}: ${formatMoney(50_00)}`);
    await form.getByRole('button', { name: FINANCE_ADMIN_TEXTS.allocateButton }).click();
    const allocated = form.getByRole('region', { name: FINANCE_ADMIN_TEXTS.allocated });
    await allocated.getByText(new RegExp(`^Acme Retail: ${escape(formatMoney(200_00))} \\(#\\d+\\)$`)).waitFor({ timeout: 15_000 });

    // The company's administrator, at their own machine: the account holds R 200.00 more.
    await balanceReads(company, 'Acme Retail', before + 200_00);
    await company.context().close();
    await admin.context().close();
  });
});

describe('withdrawals', () => {
  it('a partner requests a withdrawal, an administrator completes it, the partner sees it completed and the balance lowered', async () => {
    // The demo partner's payable account (its partner company's) may hold nothing on a fresh machine: the back
    // office pays R 500.00 into it first, by a received EFT allocated to it (real commands, no SQL).
    const accounts = await accountsOf('partner@demo.test');
    const partnerAccount = accounts.find((account) => account.companyId !== null) ?? accounts[0]!;
    const { jwtToken } = await apiLogin(server, 'administrator@demo.test');
    const asAdmin = (path: string, body: unknown) => fetch(`${server.url}/connect${path}`, {
      method: 'POST', body: JSON.stringify(body),
      headers: { Authorization: `Bearer ${jwtToken}`, 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
    });
    const funds = await asAdmin('/fundsreceived/za', { userId: partnerAccount.companyId === null ? partnerAccount.userId : null, companyId: partnerAccount.companyId, amount: 500_00, reference: 'Partner EFT', receivedOn: DateTime.now().setZone('Africa/Johannesburg').toISODate() });
    expect(funds.status).toBe(201);
    const fundsId = (await funds.json() as { id: number }).id;
    expect((await asAdmin(`/fundsreceived/za/${fundsId}/allocation`, { allocations: [{ accountId: partnerAccount.id, amount: 500_00 }] })).status).toBe(200);
    const before = partnerAccount.balance + 500_00;

    const page = await signedIn('partner@demo.test');
    await balanceReads(page, partnerAccount.accountName, before);
    await page.goto(`${server.url}/withdrawals`);
    await page.getByRole('button', { name: FINANCE_ADMIN_TEXTS.request('withdrawals') }).click();
    const form = page.getByRole('form', { name: FINANCE_ADMIN_TEXTS.request('withdrawals') });
    await form.getByLabel(FINANCE_ADMIN_TEXTS.account, { exact: true }).selectOption({ label: partnerAccount.accountName });
    await form.getByLabel(FINANCE_ADMIN_TEXTS.bankAccountField, { exact: true }).selectOption({ index: 1 });
    await form.getByLabel(FINANCE_ADMIN_TEXTS.amountField, { exact: true }).fill('120.00');
    const reason = `Weekly payout ${randomUUID().slice(0, 8)}`;
    await form.getByLabel(FINANCE_ADMIN_TEXTS.reason, { exact: true }).fill(reason);
    await form.getByRole('button', { name: FINANCE_ADMIN_TEXTS.submit, exact: true }).click();
    const partnerRow = page.getByRole('row').filter({ hasText: reason });
    await cellOf(partnerRow, FINANCE_ADMIN_TEXTS.status).filter({ hasText: /^requested$/ }).waitFor({ timeout: 15_000 });

    const admin = await signedIn('administrator@demo.test');
    await admin.goto(`${server.url}/withdrawals`);
    const adminRow = admin.getByRole('row').filter({ hasText: reason });
    await adminRow.getByRole('checkbox', { name: new RegExp(`^${escape(BULK_TEXTS.selectRow('#'))}\\d+$`) }).check({ timeout: 15_000 });
    await admin.getByRole('region', { name: BULK_TEXTS.bulkActions }).getByRole('button', { name: FINANCE_ADMIN_TEXTS.complete, exact: true }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Yes', exact: true }).click();
    await admin.getByText(FINANCE_ADMIN_TEXTS.completed, { exact: true }).waitFor({ timeout: 15_000 });
    await cellOf(adminRow, FINANCE_ADMIN_TEXTS.status).filter({ hasText: /^completed$/ }).waitFor({ timeout: 15_000 });

    // The partner: the request completed, the account R 120.00 lower.
    await page.reload();
    await cellOf(partnerRow, FINANCE_ADMIN_TEXTS.status).filter({ hasText: /^completed$/ }).waitFor({ timeout: 15_000 });
    await balanceReads(page, partnerAccount.accountName, before - 120_00);
    await page.context().close();
    await admin.context().close();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
