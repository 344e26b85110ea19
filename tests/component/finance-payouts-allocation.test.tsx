import { serverProcessForTests, SERVER_MODULES, signedInWith } from '../support/real-server';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FINANCE_ADMIN_TEXTS } from '../../src/lib/finance-admin-texts';
import { formatMoney } from '../../src/lib/money';
import { BULK_TEXTS } from '../../src/resources/bulk';
import { renderApp } from '../support/render-app';
import { resolvedPortal } from '../support/shell-harness';

// Withdrawals, advances and the funds allocation screen (issue 15) on the real server: an administrator completes a
// partner-style withdrawal request and cancels an advance from the lists (the spec's answers, typos included, and the
// rows' new status); allocates funds received to a customer's account, the remainder following what is typed, more
// than the remainder refused before it is sent, the allocation listed with its ledger transaction.
const SERVER_SCRIPT = `
import { randomUUID } from 'node:crypto';
import { startTestServer } from ${SERVER_MODULES.support};
const server = await startTestServer();
const key = () => ({ 'Idempotency-Key': randomUUID() });
const companyId = async (name) => (await server.database.sql.executeSql('select id from companies where company_name = $1', [name])).rows[0].id;
const blue = await companyId('Blue Crane Foods');
const acme = await companyId('Acme Retail');
const account = await server.raw('administrator', 'POST', '/accounts/za/manage', { accountName: 'Blue payouts', accountType: 'Prepay', companyId: blue });
const seed = await server.raw('administrator', 'POST', '/fundsreceived/za', { companyId: blue, amount: 1000_00, reference: 'EFT blue', receivedOn: '2026-11-26' });
await server.raw('administrator', 'POST', '/fundsreceived/za/' + seed.body.id + '/allocation', { allocations: [{ accountId: account.body.id, amount: 1000_00 }] }, key());
const bank = await server.raw('administrator', 'POST', '/bankaccounts/za', { companyId: blue, accountHolder: 'Blue Crane Foods', bankName: 'First Bank', branchCode: '250655', accountNumber: '62001234567', bankAccountType: 'Cheque' });
const body = { accountId: account.body.id, bankAccountId: bank.body.id, amount: 100_00, reason: 'Month end' };
const withdrawal = await server.raw('administrator', 'POST', '/payoutrequests/za/withdrawals', body, key());
const advance = await server.raw('administrator', 'POST', '/payoutrequests/za/advances', body, key());
const acmeAccount = await server.raw('administrator', 'POST', '/accounts/za/manage', { accountName: 'Acme allocations', accountType: 'Prepay', companyId: acme });
const funds = await server.raw('administrator', 'POST', '/fundsreceived/za', { companyId: acme, amount: 300_00, reference: 'EFT 777', receivedOn: '2026-11-26' });
// A partner's own funded account and bank account (its company's, or its own when it has none), for the request form.
const partner = server.as('partner');
const partnerRow = (await server.database.sql.executeSql('select id, company_id from users where lower(email) = lower($1)', [partner.email])).rows[0];
const partnerOwner = partnerRow.company_id ? { companyId: partnerRow.company_id } : { userId: partnerRow.id };
const partnerAccount = await server.raw('administrator', 'POST', '/accounts/za/manage', { accountName: 'Partner payouts', accountType: 'Prepay', ...partnerOwner });
const partnerFunds = await server.raw('administrator', 'POST', '/fundsreceived/za', { ...partnerOwner, amount: 500_00, reference: 'EFT partner', receivedOn: '2026-11-26' });
await server.raw('administrator', 'POST', '/fundsreceived/za/' + partnerFunds.body.id + '/allocation', { allocations: [{ accountId: partnerAccount.body.id, amount: 500_00 }] }, key());
const partnerBank = await server.raw('partner', 'POST', '/bankaccounts/za', { accountHolder: 'Precious Partner', bankName: 'Partner Bank', branchCode: '250655', accountNumber: '62009876543', bankAccountType: 'Cheque' });
if (partnerAccount.status !== 201 || partnerBank.status !== 201) throw new Error(JSON.stringify([partnerAccount.body, partnerBank.body]));
const admin = server.as('administrator');
await answer({
  url: server.url, admin: await server.tokenFor(admin.email, 3600), withdrawal: withdrawal.body.id, advance: advance.body.id,
  funds: funds.body.id, acmeAccount: acmeAccount.body.accountName,
  partner: await server.tokenFor(partner.email, 3600), partnerEmail: partner.email, partnerAccount: partnerAccount.body.id, partnerBank: partnerBank.body.id,
});
`;

interface Started {
  url: string; admin: string; withdrawal: number; advance: number; funds: number; acmeAccount: string;
  partner: string; partnerEmail: string; partnerAccount: number; partnerBank: number;
}
const server = serverProcessForTests<Started>(SERVER_SCRIPT);
const WAIT = { timeout: 15_000 };
const asAdmin = (path: string) => renderApp({ portal: resolvedPortal, auth: signedInWith(server.admin, { email: 'administrator@demo.test', firstName: 'Ada', lastName: 'Admin' }), path });

async function decide(id: number, action: string, answer: string) {
  const box = await screen.findByRole('checkbox', { name: BULK_TEXTS.selectRow(`#${id}`) }, WAIT);
  act(() => { fireEvent.click(box); });
  const button = await screen.findByRole('button', { name: action }, WAIT);
  act(() => { fireEvent.click(button); });
  const dialog = await screen.findByRole('alertdialog', undefined, WAIT);
  act(() => { fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' })); });
  expect(await screen.findByText(answer, {}, WAIT)).toBeTruthy();
}

describe('withdrawals and advances (/withdrawals, /advances)', () => {
  it('an administrator completes a requested withdrawal: the spec\'s answer, the row completed', async () => {
    asAdmin('/withdrawals');
    expect(await screen.findByRole('button', { name: FINANCE_ADMIN_TEXTS.request('withdrawals') }, WAIT)).toBeTruthy();
    await decide(server.withdrawal, FINANCE_ADMIN_TEXTS.complete, FINANCE_ADMIN_TEXTS.completed);
    await waitFor(() => {
      const row = screen.getByRole('checkbox', { name: BULK_TEXTS.selectRow(`#${server.withdrawal}`) }).closest('tr')!;
      expect(row.textContent).toContain('completed');
    }, WAIT);
  });

  it('a partner requests a withdrawal from its own account to its own bank account; it is listed as requested', async () => {
    renderApp({ portal: resolvedPortal, auth: signedInWith(server.partner, { email: server.partnerEmail, firstName: 'Precious', lastName: 'Partner' }), path: '/withdrawals' });
    const open = await screen.findByRole('button', { name: FINANCE_ADMIN_TEXTS.request('withdrawals') }, WAIT);
    act(() => { fireEvent.click(open); });
    const form = await screen.findByRole('form', { name: FINANCE_ADMIN_TEXTS.request('withdrawals') }, WAIT);
    await waitFor(() => expect(form.getAttribute('aria-busy')).toBe('false'), WAIT);
    // Nothing chosen: the form names each missing field and sends nothing.
    act(() => { fireEvent.click(within(form).getByRole('button', { name: FINANCE_ADMIN_TEXTS.submit })); });
    expect(within(form).getByText(FINANCE_ADMIN_TEXTS.accountRequired)).toBeTruthy();
    act(() => { fireEvent.change(within(form).getByLabelText(FINANCE_ADMIN_TEXTS.account), { target: { value: String(server.partnerAccount) } }); });
    act(() => { fireEvent.change(within(form).getByLabelText(FINANCE_ADMIN_TEXTS.bankAccountField), { target: { value: String(server.partnerBank) } }); });
    act(() => { fireEvent.change(within(form).getByLabelText(FINANCE_ADMIN_TEXTS.amountField), { target: { value: '75.25' } }); });
    act(() => { fireEvent.click(within(form).getByRole('button', { name: FINANCE_ADMIN_TEXTS.submit })); });
    // The list reloads with the new request (money as the list formats it: its own spacing).
    const [cell] = await screen.findAllByText((_, node) => node?.tagName === 'TD' && /75[,.]25/.test(node.textContent ?? ''), {}, WAIT);
    expect(cell!.closest('tr')!.textContent).toContain('requested');
    expect(cell!.closest('tr')!.textContent).toContain('Partner payouts');
  });

  it('an administrator cancels a requested advance: the spec\'s answer, the row cancelled', async () => {
    asAdmin('/advances');
    await decide(server.advance, FINANCE_ADMIN_TEXTS.cancel, FINANCE_ADMIN_TEXTS.cancelled);
    await waitFor(() => {
      const row = screen.getByRole('checkbox', { name: BULK_TEXTS.selectRow(`#${server.advance}`) }).closest('tr')!;
      expect(row.textContent).toContain('cancelled');
    }, WAIT);
  });
});

describe('funds allocation (/funds-received/:id/allocation)', () => {
  it('follows the remainder, refuses more than is left before sending, and lists the allocation with its transaction', async () => {
    asAdmin(`/funds-received/${server.funds}/allocation`);
    const amount = await screen.findByLabelText(FINANCE_ADMIN_TEXTS.allocationFor(server.acmeAccount), {}, WAIT);
    const allocate = () => screen.getByRole('button', { name: FINANCE_ADMIN_TEXTS.allocateButton }) as HTMLButtonElement;
    expect(screen.getByTestId('remainder').textContent).toBe(`${FINANCE_ADMIN_TEXTS.remainder}: ${formatMoney(300_00)}`);

    act(() => { fireEvent.change(amount, { target: { value: '300.01' } }); });
    expect(screen.getByText(FINANCE_ADMIN_TEXTS.overAllocated)).toBeTruthy();
    expect(allocate().disabled).toBe(true);

    act(() => { fireEvent.change(amount, { target: { value: '120.50' } }); });
    expect(screen.getByTestId('remainder').textContent).toBe(`${FINANCE_ADMIN_TEXTS.remainder}: ${formatMoney(179_50)}`);
    expect(screen.queryByText(FINANCE_ADMIN_TEXTS.overAllocated)).toBeNull();
    act(() => { fireEvent.click(allocate()); });

    const allocated = await screen.findByRole('region', { name: FINANCE_ADMIN_TEXTS.allocated }, WAIT);
    expect(allocated.textContent).toMatch(new RegExp(`${server.acmeAccount}: ${formatMoney(120_50).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(#\\d+\\)`));
    await waitFor(() => expect(document.body.textContent).toContain(`${FINANCE_ADMIN_TEXTS.unallocated} ${formatMoney(179_50)}`), WAIT);
  });
});
