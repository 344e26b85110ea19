import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { defaultBookingLogic } from '../../src/features/booking/booking-logic';
import { BOOKING_TEXTS, PAY_STEP_TEXTS, PAYMENT_CALLBACK_TEXTS, WIZARD_TEXTS } from '../../src/lib/booking-texts';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import type { Account, AccountOption, Quote, SavedCard } from '../../src/machines/booking/booking.model';
import { sampleQuote } from '../../src/machines/booking/booking.samples-data';
import { payMachine } from '../../src/machines/booking/pay.machine';
import { parsePaymentCallback, paymentCallbackMachine, returnLocation } from '../../src/machines/booking/payment-callback.machine';
import { renderBooking, wizardDialog } from '../support/booking-harness';

const DECLINED = 'transaction declined (invalid card)';
const account: Account = { id: 31, accountName: 'Thandi Nkosi', accountType: 'PostPay', balance: 0, xmin: '1' } as Account;

/** The server's answers: processCardPayment settles to `settled`; the wizard then reloads that same delivery. */
function logicFor(settled: Quote, calls: { process: unknown[] }, gate: Promise<void> = Promise.resolve(),
  options: { pending?: Quote; account?: Account; cards?: SavedCard[] } = {}) {
  let current = options.pending ?? sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING);
  const pay = payMachine.provide({
    actors: {
      loadAccounts: fromPromise<AccountOption[], { cca2: string; deliveryId: number }>(async () => [{ key: 31, value: 'Thandi Nkosi' }]),
      selectAccount: fromPromise<{ quote: Quote; account: Account; cards: SavedCard[] }, { cca2: string; deliveryId: number; xmin: string; accountId: number }>(
        async () => ({ quote: current, account: options.account ?? account, cards: options.cards ?? [] })),
    },
  });
  return {
    wizard: defaultBookingLogic.wizard.provide({
      actors: { getQuote: fromPromise<Quote, { cca2: string; deliveryId: number }>(async () => current), pay },
    }),
    paymentCallback: paymentCallbackMachine.provide({
      actors: {
        processCardPayment: fromPromise<Quote, { cca2: string; deliveryId: number; checkoutId: string; resourcePath: string }>(async ({ input }) => {
          calls.process.push(input);
          await gate;
          current = settled;
          return settled;
        }),
      },
    }),
  };
}

const callback = (query: string, path = '/deliveries/add') =>
  `/paymentcallback?deliveryid=501&path=${encodeURIComponent(path)}&query=${encodeURIComponent(query)}&id=CHK1.sandbox&resourcePath=${encodeURIComponent('/v1/checkouts/CHK1.sandbox/payment')}&deliveryid=501`;

describe('/paymentcallback', () => {
  it("reads the provider's return address and keeps only paths of this app", () => {
    const params = parsePaymentCallback('?deliveryid=7&path=/dashboard&query=%3Ftab%3D2&id=X&resourcePath=/v1/checkouts/X/payment&deliveryid=8');
    expect(params).toEqual({ deliveryId: 7, checkoutId: 'X', resourcePath: '/v1/checkouts/X/payment', returnPath: '/dashboard', returnQuery: 'tab=2' });
    expect(returnLocation(params)).toBe('/dashboard?tab=2');
    expect(returnLocation({ ...params, returnPath: '/deliveries/add', returnQuery: '' })).toBe('/deliveries/add?deliveryid=7');
    expect(parsePaymentCallback('?path=//evil.example/x').returnPath).toBe('/');
    expect(parsePaymentCallback('?path=https://evil.example/').returnPath).toBe('/');
    expect(parsePaymentCallback('?path=/paymentcallback').returnPath).toBe('/');
    expect(parsePaymentCallback('?deliveryid=abc').deliveryId).toBeNull();
    expect(returnLocation({ deliveryId: 5, returnPath: '/deliveries/add', returnQuery: 'deliveryid=1' })).toBe('/deliveries/add?deliveryid=5');
  });

  it("shows 'Processing payment ...', settles the payment, then the wizard shows the provider's failure on the Pay step", async () => {
    const calls = { process: [] as unknown[] };
    const settled = sampleQuote(PAYMENT_STATUS.PAYMENT_FAILED, { paymentPeachPaymentFailureDescription: DECLINED });
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    const { router } = renderBooking({ path: callback('?from=header'), logic: logicFor(settled, calls, gate), roles: ['Administrator'] });
    const page = within(await screen.findByTestId('payment-callback', {}, { timeout: 5000 }));
    expect(page.getByRole('status').textContent).toBe(PAYMENT_CALLBACK_TEXTS.processing);
    open();

    const wizard = within(await wizardDialog());
    await waitFor(() => expect(router.state.location.pathname).toBe('/deliveries/add'));
    expect(router.state.location.search).toBe('?from=header&deliveryid=501');
    expect(calls.process).toEqual([{ cca2: 'ZA', deliveryId: 501, checkoutId: 'CHK1.sandbox', resourcePath: '/v1/checkouts/CHK1.sandbox/payment' }]);
    expect((await wizard.findByTestId('step-of')).textContent).toBe(WIZARD_TEXTS.stepOf(6));
    // The provider's description, once.
    expect((await wizard.findByText(BOOKING_TEXTS.paymentFailed(DECLINED))).textContent).toBe(BOOKING_TEXTS.paymentFailed(DECLINED));
    // A way to try again: the account is the only one, so the payment details show with 'Pay by card' (no saved card).
    const retry = await wizard.findByRole('button', { name: PAY_STEP_TEXTS.payByCard });
    expect(retry.hasAttribute('disabled')).toBe(false);
    expect(wizard.getByRole('button', { name: WIZARD_TEXTS.finish }).hasAttribute('disabled')).toBe(true);
  });

  it("returns to the success summary with 'Go to dashboard' and 'Place another order' when the payment is PAID", async () => {
    const calls = { process: [] as unknown[] };
    const { router } = renderBooking({ path: callback(''), logic: logicFor(sampleQuote(PAYMENT_STATUS.PAID), calls), roles: ['Administrator'] });
    const wizard = within(await wizardDialog());
    await wizard.findByTestId('booking-success');
    expect(router.state.location.search).toBe('?deliveryid=501');
    expect(wizard.getByRole('button', { name: WIZARD_TEXTS.goToDashboard })).toBeTruthy();
    fireEvent.click(wizard.getByRole('button', { name: WIZARD_TEXTS.placeAnotherOrder }));
    await waitFor(() => expect(within(screen.getByTestId('booking-wizard')).queryByTestId('booking-success')).toBeNull());
  });

  it("returns to any other page, where the header's 'New delivery' reopens the wizard on the delivery", async () => {
    const calls = { process: [] as unknown[] };
    const { router } = renderBooking({ path: callback('', '/'), logic: logicFor(sampleQuote(PAYMENT_STATUS.PAID), calls), roles: ['Administrator'] });
    const wizard = within(await wizardDialog());
    await wizard.findByTestId('booking-success');
    expect(router.state.location.pathname).toBe('/');
    // The reopening is once: the router state is cleared.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    fireEvent.click(wizard.getByRole('button', { name: WIZARD_TEXTS.goToDashboard }));
    await waitFor(() => expect(screen.queryByTestId('booking-wizard')).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('an incomplete return address processes nothing and leads back', async () => {
    const calls = { process: [] as unknown[] };
    const { router } = renderBooking({ path: '/paymentcallback?deliveryid=501', logic: logicFor(sampleQuote(PAYMENT_STATUS.PAID), calls), roles: ['Administrator'] });
    const page = within(await screen.findByTestId('payment-callback', {}, { timeout: 5000 }));
    expect(page.getByRole('alert').textContent).toBe(PAYMENT_CALLBACK_TEXTS.incomplete);
    fireEvent.click(page.getByRole('button', { name: PAYMENT_CALLBACK_TEXTS.backToDelivery }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.process).toEqual([]);
  });

  it("Pay step for a customer: Total Due without the privileged totals, saved cards masked with MM/YYYY and 'Expired'", async () => {
    const cards: SavedCard[] = [
      { id: 1, paymentBrand: 'VISA', paymentType: 'DB', holder: 'T Nkosi', lastFourDigits: '0000', expiryMonth: 7, expiryYear: 2031, expired: false },
      { id: 2, paymentBrand: 'MASTER', paymentType: 'DB', holder: 'T Nkosi', lastFourDigits: '5454', expiryMonth: 1, expiryYear: 2020, expired: true },
    ];
    const prepay = { ...account, accountType: 'Prepay' } as Account;
    const pending = sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING, { paymentTotal: 20000, paymentCreditApplied: 5000, paymentOutStanding: 0, paymentTotalDue: 15000 });
    // A plain customer reopening the delivery from the header (router state, as after /paymentcallback).
    renderBooking({ path: '/', state: { bookingDeliveryId: 501 }, logic: logicFor(pending, { process: [] }, undefined, { pending, account: prepay, cards }) });
    const wizard = within(await wizardDialog());
    const details = within(await wizard.findByTestId('pay-details', {}, { timeout: 5000 }));
    expect(details.getByTestId('total-due').textContent).toContain(PAY_STEP_TEXTS.totalDue);
    expect(details.queryByText(PAY_STEP_TEXTS.creditApplied)).toBeNull();
    expect(details.queryByText(PAY_STEP_TEXTS.currentBalance, { exact: false })).toBeNull();
    const rows = details.getAllByTestId('saved-card');
    expect(rows[0]!.textContent).toContain('VISA DB T Nkosi xxxx-xxxx-xxxx-0000 07/2031');
    expect(rows[1]!.textContent).toContain('xxxx-xxxx-xxxx-5454 01/2020');
    expect(rows[1]!.textContent).toContain(PAY_STEP_TEXTS.expired);
    expect(details.getByRole('button', { name: `${PAY_STEP_TEXTS.payNow} xxxx-xxxx-xxxx-5454` }).hasAttribute('disabled')).toBe(true);
    expect(details.getByRole('button', { name: `${PAY_STEP_TEXTS.payNow} xxxx-xxxx-xxxx-0000` }).hasAttribute('disabled')).toBe(false);
    // Beside saved cards the new-card button reads 'Pay with new card'; a Prepay account with a total due cannot post-pay.
    expect(details.getByRole('button', { name: PAY_STEP_TEXTS.payWithNewCard })).toBeTruthy();
    expect(details.queryByRole('button', { name: PAY_STEP_TEXTS.postPay })).toBeNull();
    expect(details.getByText(PAY_STEP_TEXTS.acceptedBrands)).toBeTruthy();
  });

  it('Pay step for an administrator: Total, Credit Applied, Outstanding only when above 0, Total Due; nothing due hides the card button', async () => {
    const settledUp = sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING, { paymentTotal: 20000, paymentCreditApplied: 20000, paymentOutStanding: 0, paymentTotalDue: 0 });
    renderBooking({ path: '/deliveries/add?deliveryid=501', roles: ['Administrator'], logic: logicFor(settledUp, { process: [] }, undefined, { pending: settledUp }) });
    const wizard = within(await wizardDialog());
    const details = within(await wizard.findByTestId('pay-details', {}, { timeout: 5000 }));
    expect(details.getByText(PAY_STEP_TEXTS.total)).toBeTruthy();
    expect(details.getByText(PAY_STEP_TEXTS.creditApplied)).toBeTruthy();
    expect(details.queryByText(PAY_STEP_TEXTS.outstanding)).toBeNull();
    expect(details.queryByRole('button', { name: PAY_STEP_TEXTS.payByCard })).toBeNull();
    // Nothing due on a post-pay account: the button reads 'Pay'.
    expect(details.getByRole('button', { name: PAY_STEP_TEXTS.pay })).toBeTruthy();
  });
});
