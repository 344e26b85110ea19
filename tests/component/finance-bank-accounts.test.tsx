import { serverProcessForTests, SERVER_MODULES, signedInWith } from '../support/real-server';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FINANCE_ADMIN_TEXTS } from '../../src/lib/finance-admin-texts';
import { FINANCE_TEXTS } from '../../src/lib/finance-texts';
import { LIST_TEXTS } from '../../src/lib/resource-texts';
import { renderApp } from '../support/render-app';
import { resolvedPortal } from '../support/shell-harness';

// Bank accounts (/bank-accounts, issue 15) and the accounts list's Add/Edit on the real server: a partner sees its own
// bank accounts with their numbers masked and no Create or Edit (those routes are administrator and management, 000
// section 6); an administrator sees every one in full and may add; the accounts list offers Add and Edit to them.
const SERVER_SCRIPT = `
import { startTestServer } from ${SERVER_MODULES.support};
const server = await startTestServer();
const partner = server.as('partner');
const own = await server.raw('partner', 'POST', '/bankaccounts/za', {
  accountHolder: 'Precious Partner', bankName: 'Partner Bank', branchCode: '250655', accountNumber: '62009876543', bankAccountType: 'Cheque',
});
const admin = server.as('administrator');
await answer({ url: server.url, partner: await server.tokenFor(partner.email, 3600), partnerEmail: partner.email, admin: await server.tokenFor(admin.email, 3600), own: own.body });
`;

interface Started { url: string; partner: string; partnerEmail: string; admin: string; own: { id: number; accountNumber: string } }
const server = serverProcessForTests<Started>(SERVER_SCRIPT);
const WAIT = { timeout: 15_000 };

describe('bank accounts (/bank-accounts)', () => {
  it('shows a partner its own, masked, with no Create or Edit leading to a forbidden screen', async () => {
    renderApp({ portal: resolvedPortal, auth: signedInWith(server.partner, { email: server.partnerEmail, firstName: 'Precious', lastName: 'Partner' }), path: '/bank-accounts' });
    const row = (await screen.findByText('Partner Bank', {}, WAIT)).closest('tr')!;
    expect(server.own.accountNumber).toBe('••••6543');
    expect(within(row).getByText('••••6543')).toBeTruthy();
    expect(document.body.textContent).not.toContain('62009876543');
    expect(screen.queryByRole('link', { name: LIST_TEXTS.create })).toBeNull();
    expect(within(row).queryByRole('link', { name: /^Edit/ })).toBeNull();
  });

  it('shows an administrator every bank account in full, with Create and Edit', async () => {
    renderApp({ portal: resolvedPortal, auth: signedInWith(server.admin, { email: 'administrator@demo.test', firstName: 'Ada', lastName: 'Admin' }), path: '/bank-accounts' });
    const row = (await screen.findByText('Partner Bank', {}, WAIT)).closest('tr')!;
    expect(within(row).getByText('62009876543')).toBeTruthy();
    expect(within(row).getByRole('link', { name: /^Edit/ }).getAttribute('href')).toBe(`/bank-accounts/edit/${server.own.id}`);
    expect((await screen.findByRole('link', { name: LIST_TEXTS.create }, WAIT)).getAttribute('href')).toBe('/bank-accounts/add');
    expect(screen.getByRole('columnheader', { name: new RegExp(FINANCE_ADMIN_TEXTS.accountNumber) })).toBeTruthy();
  });
});

describe('accounts (/accounts): add and edit', () => {
  it('offers an administrator Create and, beside each customer account statement, Edit', async () => {
    renderApp({ portal: resolvedPortal, auth: signedInWith(server.admin, { email: 'administrator@demo.test', firstName: 'Ada', lastName: 'Admin' }), path: '/accounts' });
    const statements = await screen.findAllByRole('link', { name: new RegExp(`^${FINANCE_TEXTS.viewTransactionsOf('')}`) }, WAIT);
    expect(statements.length).toBeGreaterThan(0);
    expect((await screen.findByRole('link', { name: LIST_TEXTS.create }, WAIT)).getAttribute('href')).toBe('/accounts/add');
    const edits = screen.getAllByRole('link', { name: new RegExp(`^${FINANCE_TEXTS.editAccountOf('')}`) });
    expect(edits.length).toBeGreaterThan(0);
    expect(edits[0]!.getAttribute('href')).toMatch(/^\/accounts\/edit\/\d+$/);
  });

  it('opens the edit form of an account with its name', async () => {
    renderApp({ portal: resolvedPortal, auth: signedInWith(server.admin, { email: 'administrator@demo.test', firstName: 'Ada', lastName: 'Admin' }), path: '/accounts' });
    const edit = (await screen.findAllByRole('link', { name: new RegExp(`^${FINANCE_TEXTS.editAccountOf('')}`) }, WAIT))[0]!;
    const name = edit.getAttribute('aria-label')!.replace(FINANCE_TEXTS.editAccountOf(''), '');
    const href = edit.getAttribute('href')!;
    cleanup();
    renderApp({ portal: resolvedPortal, auth: signedInWith(server.admin, { email: 'administrator@demo.test', firstName: 'Ada', lastName: 'Admin' }), path: href });
    const field = await screen.findAllByDisplayValue(name, {}, WAIT);
    expect(field.length).toBeGreaterThan(0);
    expect(screen.queryAllByLabelText(/^Type/).filter((node) => node.tagName === 'SELECT')).toHaveLength(0);
  });
});
