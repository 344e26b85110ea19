import { serverProcessForTests, SERVER_MODULES, signedInWith } from '../support/real-server';
import { resolve } from 'node:path';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FINANCE_TEXTS } from '../../src/lib/finance-texts';
import { LIST_TEXTS } from '../../src/lib/resource-texts';
import { renderApp } from '../support/render-app';
import { resolvedPortal } from '../support/shell-harness';

// The account screens under their owner (issue 15; 000 section 2): /users/:id/accounts, /companies/:id/accounts and
// /stores/:id/accounts offer Create and Edit under the same owner; the add form opens with the owner filled in and,
// saved on the real server, creates that owner's account and stays under the owner's screen.
const SERVER_SCRIPT = `
import { eq } from ${JSON.stringify(resolve('node_modules/drizzle-orm/index.js'))};
import { companies, stores, users } from ${JSON.stringify(resolve('server/db/schema.ts'))};
import { startTestServer } from ${SERVER_MODULES.support};
const server = await startTestServer();
const { db } = server.database;
const [acme] = await db.select().from(companies).where(eq(companies.companyName, 'Acme Retail'));
const [store] = await db.select().from(stores).where(eq(stores.storeName, 'Acme Sandton City'));
const [customer] = await db.select().from(users).where(eq(users.email, 'customer@demo.test'));
const admin = server.as('administrator');
await answer({
  url: server.url, admin: await server.tokenFor(admin.email, 3600),
  owners: {
    companies: { id: acme.id, name: acme.companyName },
    stores: { id: store.id, name: store.storeName },
    users: { id: customer.id, name: customer.firstName + ' ' + customer.lastName },
  },
});
`;

type OwnerKind = 'companies' | 'stores' | 'users';
interface Started { url: string; admin: string; owners: Record<OwnerKind, { id: number; name: string }> }
const server = serverProcessForTests<Started>(SERVER_SCRIPT);
const WAIT = { timeout: 15_000 };
const asAdmin = () => signedInWith(server.admin, { email: 'administrator@demo.test', firstName: 'Ada', lastName: 'Admin' });
const FIELD: Record<OwnerKind, string> = { companies: 'companyId', stores: 'storeId', users: 'userId' };

describe('accounts under their owner', () => {
  it('the owner\'s list offers Create and Edit under the same owner', async () => {
    const { id } = server.owners.companies;
    renderApp({ portal: resolvedPortal, auth: asAdmin(), path: `/companies/${id}/accounts` });
    expect((await screen.findByRole('link', { name: LIST_TEXTS.create }, WAIT)).getAttribute('href')).toBe(`/companies/${id}/accounts/add`);
    const edits = await screen.findAllByRole('link', { name: new RegExp(`^${FINANCE_TEXTS.editAccountOf('')}`) }, WAIT);
    expect(edits.length).toBeGreaterThan(0);
    for (const edit of edits) expect(edit.getAttribute('href')).toMatch(new RegExp(`^/companies/${id}/accounts/edit/\\d+$`));
  });

  it.each(['companies', 'stores', 'users'] as const)('/%s/:id/accounts/add opens with the owner filled in and saves that owner\'s account', async (kind) => {
    const owner = server.owners[kind];
    const { router } = renderApp({ portal: resolvedPortal, auth: asAdmin(), path: `/${kind}/${owner.id}/accounts/add` });
    const lookup = await screen.findByTestId(`lookup-${FIELD[kind]}`, {}, WAIT);
    // The lookup names the owner the path gave (read from the server).
    await waitFor(() => expect(within(lookup).getByTestId('search-select-selected').textContent).toBe(owner.name), WAIT);
    const name = `Nested ${kind} ${Date.now()}`;
    fireEvent.change(screen.getByLabelText(/^Account/), { target: { value: name } });
    fireEvent.change(screen.getByLabelText(/^Type/), { target: { value: 'Prepay' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Saved: the new account's edit screen, still under the owner.
    await waitFor(() => expect(router.state.location.pathname).toMatch(new RegExp(`^/${kind}/${owner.id}/accounts/edit/\\d+$`)), WAIT);
    expect(await screen.findAllByDisplayValue(name, {}, WAIT)).not.toHaveLength(0);
    // The crumbs lead back to the owner's accounts, where the server lists the new one (it filters by the owner).
    const back = screen.getAllByRole('link', { name: FINANCE_TEXTS.accounts }).find((link) => link.getAttribute('href') === `/${kind}/${owner.id}/accounts`);
    expect(back).toBeDefined();
    cleanup();
    renderApp({ portal: resolvedPortal, auth: asAdmin(), path: `/${kind}/${owner.id}/accounts` });
    expect(await screen.findByRole('link', { name: FINANCE_TEXTS.viewTransactionsOf(name) }, WAIT)).toBeTruthy();
  });
});
