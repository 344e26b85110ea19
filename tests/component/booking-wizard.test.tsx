import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { defaultBookingLogic } from '../../src/features/booking/booking-logic';
import { cardExpiry, maskedCardNumber, PAY_STEP_TEXTS, WIZARD_TEXTS } from '../../src/lib/booking-texts';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { payMachine } from '../../src/machines/booking/pay.machine';
import { sampleQuote } from '../../src/machines/booking/booking.samples-data';
import type { Account, AccountOption, Quote, SavedCard } from '../../src/machines/booking/booking.types';
import { inWizard, renderBooking, wizardDialog } from '../support/booking-harness';

const never = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => undefined));

describe('booking wizard', () => {
  it("opens from the header's 'New delivery' button for a customer at 'Step 1 of 6'", async () => {
    renderBooking({ path: '/', logic: { wizard: defaultBookingLogic.wizard.provide({ actors: { loadDates: never<string[], { cca2: string; storeId: number | null; companyId: number | null }>() } }) } });
    fireEvent.click(await screen.findByRole('button', { name: WIZARD_TEXTS.newDelivery }, { timeout: 5000 }));
    await wizardDialog();
    expect(inWizard().getByRole('heading', { name: WIZARD_TEXTS.dialogTitle })).toBeTruthy();
    expect(inWizard().getByTestId('step-of').textContent).toBe('Step 1 of 6');
    expect(inWizard().getByRole('button', { name: WIZARD_TEXTS.back }).hasAttribute('disabled')).toBe(true);
    // Next without addresses or date: the messages by the fields.
    fireEvent.click(inWizard().getByRole('button', { name: WIZARD_TEXTS.next }));
    expect(inWizard().getAllByRole('alert').length).toBeGreaterThan(0);
  });

  it("has no 'New delivery' button for a store user", async () => {
    renderBooking({ path: '/', logic: defaultBookingLogic, roles: ['StoreUser'] });
    await screen.findByRole('banner', {}, { timeout: 5000 });
    // The session is restored a moment later: give the header the time to show what it would.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: WIZARD_TEXTS.newDelivery })).toBeNull();
  });

  it('shows totals to an administrator and saved cards as xxxx-xxxx-xxxx-1234 MM/YYYY, Expired', async () => {
    const quote = sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING);
    const account: Account = { id: 31, accountName: 'Thandi Nkosi', accountType: 'PostPay', balance: 0, xmin: '1' };
    const cards = [
      { id: 1, paymentBrand: 'VISA', paymentType: 'DB', holder: 'T Nkosi', lastFourDigits: '1234', expiryMonth: 7, expiryYear: 2030, expired: false },
      { id: 2, paymentBrand: 'MASTER', paymentType: 'DB', holder: 'T Nkosi', lastFourDigits: '0004', expiryMonth: 1, expiryYear: 2020, expired: true },
    ] as SavedCard[];
    const wizard = defaultBookingLogic.wizard.provide({
      actors: {
        getQuote: fromPromise<Quote, { cca2: string; deliveryId: number }>(async () => quote),
        pay: payMachine.provide({
          actors: {
            loadAccounts: fromPromise<AccountOption[], { cca2: string; deliveryId: number }>(async () => [{ key: 31, value: 'Thandi Nkosi' }]),
            selectAccount: fromPromise(async () => ({ quote, account, cards })) as never,
          },
        }),
      },
    });
    renderBooking({ path: '/deliveries/add?deliveryid=501', logic: { wizard }, roles: ['Administrator'] });
    const details = await screen.findByTestId('pay-details', {}, { timeout: 5000 });
    expect(inWizard().getByTestId('step-of').textContent).toBe('Step 6 of 6');
    expect(within(details).getByText(PAY_STEP_TEXTS.creditApplied)).toBeTruthy();
    const rows = within(details).getAllByTestId('saved-card').map((row) => row.textContent);
    expect(maskedCardNumber('1234')).toBe('xxxx-xxxx-xxxx-1234');
    expect(cardExpiry(7, 2030)).toBe('07/2030');
    expect(rows[0]).toContain('xxxx-xxxx-xxxx-1234 07/2030');
    expect(rows[0]).not.toContain(PAY_STEP_TEXTS.expired);
    expect(rows[1]).toContain('xxxx-xxxx-xxxx-0004 01/2020');
    expect(rows[1]).toContain(PAY_STEP_TEXTS.expired);
    expect(within(details).getByRole('button', { name: `${PAY_STEP_TEXTS.payNow} xxxx-xxxx-xxxx-0004` }).hasAttribute('disabled')).toBe(true);
    expect(within(details).getByRole('button', { name: PAY_STEP_TEXTS.postPay })).toBeTruthy();
  });
});
