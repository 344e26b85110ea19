import { serverProcessForTests, SERVER_MODULES, signedInWith } from '../support/real-server';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FINANCE_TEXTS } from '../../src/lib/finance-texts';
import { renderApp } from '../support/render-app';
import { resolvedPortal } from '../support/shell-harness';

// The statement → one transaction (issue 15) on the real server: a customer who paid from their balance opens the
// invoice from their account's statement and sees its items and totals; another account's transaction is not found.
const SERVER_SCRIPT = `
import { startTestServer } from ${SERVER_MODULES.support};
import { bookedAndPaid } from ${SERVER_MODULES.booking};
const server = await startTestServer();
const customer = server.as('customer');
const { deliveryId } = await bookedAndPaid(customer.connect);
const [account] = (await customer.connect.GET('/accounts/{cca2}', { params: { path: { cca2: 'za' }, query: { select: true } } })).data;
const accountId = Number(account.key);
const statement = (await customer.connect.GET('/accounts/{cca2}/{id}/transactions', { params: { path: { cca2: 'za', id: accountId } } })).data;
const invoice = statement.items.find((item) => item.deliveryId === deliveryId);
const detail = (await customer.connect.GET('/transactions/{cca2}/{transactionId}/transactionItems', { params: { path: { cca2: 'za', transactionId: invoice.id }, query: { accountId } } })).data;
const admin = server.as('administrator');
const companies = (await admin.connect.GET('/companies/{cca2}', { params: { path: { cca2: 'za' }, query: { search: 'Acme Retail' } } })).data;
const acme = companies.items[0];
const acmeAccounts = (await admin.connect.GET('/accounts/{cca2}', { params: { path: { cca2: 'za' }, query: { companyid: acme.id } } })).data;
await answer({
  url: server.url, customer: await server.tokenFor(customer.email, 3600), accountId, invoice, detail,
  admin: await server.tokenFor(admin.email, 3600), acme: { id: acme.id, accounts: acmeAccounts.items.map((item) => item.accountName) },
});
`;

interface Started {
  url: string; customer: string; accountId: number;
  invoice: { id: number; description: string };
  detail: { items: { description: string }[]; total: number };
  admin: string; acme: { id: number; accounts: string[] };
}
const server = serverProcessForTests<Started>(SERVER_SCRIPT);
const WAIT = { timeout: 15_000 };

describe('a transaction of an account (/accounts/:accountId/transactions/:transactionId)', () => {
  it('opens from the statement with its items, totals and download', async () => {
    renderApp({ portal: resolvedPortal, auth: signedInWith(server.customer, { email: 'customer@demo.test', firstName: 'Chloe', lastName: 'Customer' }), path: `/accounts/${server.accountId}/transactions` });
    const view = await screen.findByRole('link', { name: FINANCE_TEXTS.view(server.invoice.id) }, WAIT);
    act(() => { fireEvent.click(view); });
    expect(await screen.findByRole('heading', { name: FINANCE_TEXTS.transactionTitle(server.invoice.id) }, WAIT)).toBeTruthy();
    expect((await screen.findByTestId(`transaction-${FINANCE_TEXTS.description}`, {}, WAIT)).textContent).toBe(server.invoice.description);
    const items = within(screen.getByRole('region', { name: FINANCE_TEXTS.items })).getAllByRole('row').slice(1);
    expect(items.map((row) => row.textContent)).toEqual(server.detail.items.map((item) => expect.stringContaining(item.description)));
    expect(server.detail.items.length).toBeGreaterThan(0);
    expect(screen.getByTestId(`transaction-${FINANCE_TEXTS.total}`).textContent).toMatch(new RegExp(`${Math.floor(server.detail.total / 100)}[,.]\\d{2}$`));
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  }, 120_000);

  it("a company's accounts under the company (/companies/:id/accounts), linked from its edit screen", async () => {
    renderApp({ portal: resolvedPortal, auth: signedInWith(server.admin, { email: 'administrator@demo.test', firstName: 'Ada', lastName: 'Admin' }), path: `/companies/edit/${server.acme.id}` });
    const links = await screen.findByRole('navigation', { name: 'More about this company' }, WAIT);
    act(() => { fireEvent.click(within(links).getByRole('link', { name: FINANCE_TEXTS.accounts })); });
    expect(server.acme.accounts.length).toBeGreaterThan(0);
    for (const name of server.acme.accounts) expect((await screen.findAllByText(name, {}, WAIT)).length).toBeGreaterThan(0);
    const rows = screen.getAllByRole('link', { name: /^Transactions of / });
    expect(rows).toHaveLength(server.acme.accounts.length);
    expect(rows[0]!.getAttribute('href')).toMatch(new RegExp(`^/companies/${server.acme.id}/accounts/\\d+/transactions$`));
  }, 60_000);

  it('a transaction that is not the account\'s to show says so', async () => {
    renderApp({ portal: resolvedPortal, auth: signedInWith(server.customer, { email: 'customer@demo.test', firstName: 'Chloe', lastName: 'Customer' }), path: `/accounts/${server.accountId}/transactions/999999` });
    expect((await screen.findByText(FINANCE_TEXTS.notFound, {}, WAIT))).toBeTruthy();
  }, 60_000);
});
