import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { financePaths } from '../../src/features/finance/paths';
import { FINANCE_TEXTS, TRANSACTION_TYPE_OPTIONS } from '../../src/lib/finance-texts';
import { formatMoney } from '../../src/lib/money';
import { listMachine } from '../../src/machines/lists/list.machine';
import type { LoadPageInput } from '../../src/machines/lists/list.types';
import type { FinanceAccount, FinanceTransaction } from '../../src/resources/finance';
import type { ListParams, Page, ResourceRow } from '../../src/resources/types';
import { ListView } from '../../src/ui/admin/ListView';
import { withFixedFilters } from '../../src/ui/admin/nested-list';
import { system } from '../../src/ui/theme';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['accounts', 'accountTransactions']));

const render_ = (ui: ReactNode) => render(<ChakraProvider value={system}><MemoryRouter>{ui}</MemoryRouter></ChakraProvider>);
const paging = (totalItems: number) => ({ page: 1, pageSize: 20, totalPages: 1, totalItems });

function listOf<Row extends ResourceRow>(resource: LoadPageInput['resource'], rows: Row[], search = '') {
  const asked: ListParams[] = [];
  const actor = createActor(listMachine.provide({
    actors: {
      loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async ({ input }) => {
        asked.push(input.params);
        return { items: rows, paging: paging(rows.length) };
      }),
    },
  }), { input: { resource, cca2: 'ZA', search } }).start();
  return { actor, asked };
}

const account = (overrides: Partial<FinanceAccount> = {}): FinanceAccount & ResourceRow => ({
  id: 6, xmin: '12', accountName: 'Acme Retail', accountType: 'PostPay', ownerName: 'Acme Retail', userId: null, companyId: 1, storeId: null,
  balance: -123_456, isActive: true, createdAt: '2026-11-01T08:00:00Z', ...overrides,
});
const transaction = (overrides: Partial<FinanceTransaction> = {}): FinanceTransaction => ({
  id: 41, xmin: '41', createdAt: '2026-11-25T08:30:00Z', transactionType: 'Invoice', transactionStatus: 'Posted',
  description: 'Delivery 312 (WB00000312)', deliveryId: 312, waybill: 'WB00000312', reversalOfId: null, amount: -11_500, balanceAfter: -123_456, ...overrides,
});

describe('accounts (/accounts)', () => {
  it('shows each account with its owner and balance in the portal\'s money, and opens its statement', async () => {
    const { actor } = listOf('accounts', [account(), account({ id: 7, accountName: 'Thandi', accountType: 'Prepay', ownerName: 'Thandi Nkosi', balance: 5_000 })]);
    render_(<ListView actor={actor} mayEdit={false} rowAction={(row) => <a href={financePaths.transactions(row.id)}>{FINANCE_TEXTS.viewTransactions}</a>} />);
    const acme = (await screen.findAllByText('Acme Retail'))[0]!.closest('tr')!;
    expect(acme.textContent).toContain(formatMoney(-123_456));
    expect(within(acme).getByText('PostPay')).toBeTruthy();
    expect(document.body.textContent).toContain(formatMoney(5_000));
    expect(screen.getAllByRole('link', { name: FINANCE_TEXTS.viewTransactions }).map((link) => link.getAttribute('href'))).toEqual(['/accounts/6/transactions', '/accounts/7/transactions']);
    const type = screen.getByRole('combobox', { name: FINANCE_TEXTS.accountType }) as HTMLSelectElement;
    expect([...type.options].map((option) => option.value)).toEqual(expect.arrayContaining(['Prepay', 'PostPay', 'System']));
  });
});

describe('an account\'s statement (/accounts/:accountId/transactions)', () => {
  it('asks for the account of the path, lists amount and balance after, and filters by type, status and dates', async () => {
    const { actor, asked } = listOf('accountTransactions', [
      transaction({ id: 42, transactionType: 'Credit', description: 'Full refund of cancelled delivery 312 (WB00000312)', amount: 11_500, balanceAfter: -111_956 }),
      transaction(),
    ], withFixedFilters('?transactionType=Credit', { accountId: '6' }));
    render_(<ListView actor={actor} mayEdit={false} />);
    const refund = (await screen.findByText('Full refund of cancelled delivery 312 (WB00000312)')).closest('tr')!;
    expect(refund.textContent).toContain(formatMoney(11_500));
    expect(refund.textContent).toContain(formatMoney(-111_956));
    expect(asked[0]!.filters).toEqual({ accountId: '6', transactionType: 'Credit' });
    const type = screen.getByRole('combobox', { name: FINANCE_TEXTS.transactionType }) as HTMLSelectElement;
    expect([...type.options].map((option) => option.value).filter(Boolean)).toEqual([...TRANSACTION_TYPE_OPTIONS]);
    expect(screen.getByRole('combobox', { name: FINANCE_TEXTS.transactionStatus })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: FINANCE_TEXTS.startDate })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: FINANCE_TEXTS.endDate })).toBeTruthy();
  });
});
