import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DepositsList, depositLedgerPath } from '../../src/features/finance/DriverDepositsPage';
import { DRIVER_DEPOSITS_TEXTS } from '../../src/lib/dashboard-texts';
import { formatMoney } from '../../src/lib/money';
import { listMachine } from '../../src/machines/lists/list.machine';
import type { LoadPageInput } from '../../src/machines/lists/list.types';
import { depositsPage, type DriverDepositRow } from '../../src/resources/driver-deposits';
import { usersResource, type UserAdmin } from '../../src/resources/users';
import type { ListParams, Page, ResourceRow } from '../../src/resources/types';
import { withFixedFilters } from '../../src/ui/admin/nested-list';
import { system } from '../../src/ui/theme';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['driverDeposits', 'users']));

// Issue 20: the deposits the dashboard's deposit modal recorded, listed per driver (/users/:id/deposits), each
// opening its Cash Debit and Cash Credit in the driver's account statement.

const render_ = (ui: ReactNode) => render(<ChakraProvider value={system}><MemoryRouter>{ui}</MemoryRouter></ChakraProvider>);

const deposit = (overrides: Partial<DriverDepositRow> = {}): DriverDepositRow => ({
  id: 12, xmin: '12', driverId: 7, amountCents: 125_050, reference: 'FNB slip 00417', note: 'Morning round',
  depositedAt: '2026-11-26T09:30:00Z', recordedByUserId: 2, createdAt: '2026-11-26T09:45:00Z', accountId: 31, ...overrides,
});

function listOf(rows: DriverDepositRow[], search: string) {
  const asked: ListParams[] = [];
  const actor = createActor(listMachine.provide({
    actors: {
      loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async ({ input }) => {
        asked.push(input.params);
        return { items: rows, paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: rows.length } };
      }),
    },
  }), { input: { resource: 'driverDeposits', cca2: 'ZA', search } }).start();
  return { actor, asked };
}

describe("a driver's deposits (/users/:id/deposits)", () => {
  it('asks for the driver of the path, lists amount, slip and note, and links each deposit to its ledger postings', async () => {
    const { actor, asked } = listOf([deposit(), deposit({ id: 13, xmin: '13', amountCents: 1_000, reference: 'Till slip 9982', note: null })], withFixedFilters('', { driverId: '7' }));
    render_(<DepositsList actor={actor} userId={7} mayReadLedger />);
    const first = (await screen.findByText('FNB slip 00417')).closest('tr')!;
    expect(first.textContent).toContain(formatMoney(125_050));
    expect(first.textContent).toContain('Morning round');
    expect(asked[0]!.filters).toEqual({ driverId: '7' });
    const ledger = screen.getByRole('link', { name: DRIVER_DEPOSITS_TEXTS.ledgerOf('FNB slip 00417') });
    expect(ledger.getAttribute('href')).toBe('/users/7/accounts/31/transactions?search=deposit%2012%20(');
    expect(screen.getByRole('link', { name: DRIVER_DEPOSITS_TEXTS.ledgerOf('Till slip 9982') }).getAttribute('href')).toContain('deposit%2013%20(');
  });

  it('offers no ledger link to those who may not read statements, nor before the driver has an account', async () => {
    const { actor } = listOf([deposit()], withFixedFilters('', { driverId: '7' }));
    render_(<DepositsList actor={actor} userId={7} mayReadLedger={false} />);
    await screen.findByText('FNB slip 00417');
    expect(screen.queryByRole('link', { name: DRIVER_DEPOSITS_TEXTS.ledgerOf('FNB slip 00417') })).toBeNull();
    expect(depositLedgerPath(7, { id: 12, accountId: null })).toBeNull();
  });

  it("cuts the driver's whole list into the list's pages, each row carrying the ledger account", () => {
    const items = Array.from({ length: 25 }, (_, index) => deposit({ id: index + 1 }));
    const params: ListParams = { page: 2, pageSize: 20, sortBy: '', sortDirection: 'asc', search: '', filters: { driverId: '7' } };
    const page = depositsPage({ items, totalCents: 0, accountId: 31 }, params);
    expect(page.items.map((row) => row.id)).toEqual([21, 22, 23, 24, 25]);
    expect(page.items.every((row) => row.accountId === 31 && row.xmin === String(row.id))).toBe(true);
    expect(page.paging).toEqual({ page: 2, pageSize: 20, totalItems: 25, totalPages: 2 });
  });
});

describe("the user's edit screen links to deposits", () => {
  it('for a driver only: a user who is not a driver has none (the link would open the 404 page)', () => {
    const link = usersResource.related!.find((candidate) => candidate.label === DRIVER_DEPOSITS_TEXTS.title)!;
    const user = (roles: string[]) => ({ id: 7, xmin: '1', roles }) as Partial<UserAdmin> as UserAdmin;
    expect(link.shownFor!(user(['Driver', 'Partner']))).toBe(true);
    expect(link.shownFor!(user(['StaffOperator']))).toBe(false);
  });
});
