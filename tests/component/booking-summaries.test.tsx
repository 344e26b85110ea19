// Issue 21, items 4, 6 and 18 (the pay step): what the wizard tells before and after paying. Quotes name the pick-up
// date, each Details sub-step the address it is for, Accept the service, windows and parcels (the price only to who
// may see quote prices); the pay step says what a balance covers and what the card is charged, with one Back and one
// primary style; the success summary shows what was charged to which method, the amount paid and the receipt.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultBookingLogic } from '../../src/features/booking/booking-logic';
import { STEP_FORM_ID } from '../../src/features/booking/booking-ui';
import { formatMoney } from '../../src/lib/money';
import type { StoredRole } from '../../src/lib/roles';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { sampleQuote } from '../../src/machines/booking/booking.samples-data';
import type { Account, AccountOption, Checkout, DeliveryQuote, Quote, SavedCard } from '../../src/machines/booking/booking.model';
import { detailsMachine } from '../../src/machines/booking/details.machine';
import { payMachine } from '../../src/machines/booking/pay.machine';
import { getQuote, loadAccounts, loadTimeSlots, loadWidget, paymentCheckout, saveAdditional, saveDestination, saveOrigin, selectAccount } from '../../src/machines/booking/booking.actors';
import { inWizard, renderBooking, stubActor } from '../support/booking-harness';

vi.setConfig({ testTimeout: 40_000 });

const WAIT = { timeout: 15_000 };
/** An answer that never comes. */
const pending = () => new Promise<never>(() => undefined);

type WizardActors = NonNullable<NonNullable<Parameters<typeof defaultBookingLogic.wizard.provide>[0]>['actors']>;

/** Options on 4 March 2030 (Africa/Johannesburg), expiring an hour from now. */
function options(): DeliveryQuote[] {
  const expires = new Date(Date.now() + 3_600_000).toISOString();
  return [
    { id: 11, slaType: 'Standard', priceExcl: 10000, vatRate: 0.15, pricingTier: null, pickupWindowStartUtc: '2030-03-04T06:00:00Z', pickupWindowEndUtc: '2030-03-04T08:00:00Z',
      dropOffWindowStartUtc: '2030-03-04T12:00:00Z', dropOffWindowEndUtc: '2030-03-05T08:00:00Z', quoteExpirationUtc: expires },
    { id: 12, slaType: 'Priority', priceExcl: 20000, vatRate: 0.15, pricingTier: null, pickupWindowStartUtc: '2030-03-04T07:00:00Z', pickupWindowEndUtc: '2030-03-04T08:00:00Z',
      dropOffWindowStartUtc: '2030-03-04T09:00:00Z', dropOffWindowEndUtc: '2030-03-04T10:00:00Z', quoteExpirationUtc: expires },
  ];
}

const quoteOn = (status: number, overrides: Partial<Quote> = {}) => sampleQuote(status, {
  deliveryQuotes: options(), readyForCollectionDateOnlyUtc: '2030-03-04', ...overrides,
});

function openOn(quote: Quote, roles: readonly StoredRole[] = [], actors: WizardActors = {}, extra: Partial<Parameters<typeof renderBooking>[0]> = {}) {
  const logic = { wizard: defaultBookingLogic.wizard.provide({ actors: { getQuote: stubActor(getQuote, async () => quote), loadTimeSlots: stubActor(loadTimeSlots, async () => []), ...actors } }) };
  return roles.length > 0
    ? renderBooking({ path: `/deliveries/add?deliveryid=${quote.deliveryId}`, logic, roles, ...extra })
    : renderBooking({ path: '/', logic, state: { bookingDeliveryId: quote.deliveryId }, ...extra });
}

function payWith(quote: Quote, account: Account, cards: SavedCard[] = []) {
  const accounts: AccountOption[] = [{ key: account.id, value: account.accountName }];
  return payMachine.provide({
    actors: {
      loadAccounts: stubActor(loadAccounts, async () => accounts),
      selectAccount: stubActor(selectAccount, async () => ({ quote, account, cards })),
      paymentCheckout: stubActor(paymentCheckout, async (): Promise<Checkout> => ({ checkoutId: 'chk-1', widgetScriptUrl: 'about:blank', amount: quote.paymentTotalDue, currency: 'ZAR', brands: 'VISA MASTER', returnUrl: '/paymentcallback?deliveryid=501' })),
      loadWidget: stubActor(loadWidget, pending),
    },
  });
}

/** The background the page's style sheets give an element through its classes (the last rule that sets one). */
function backgroundOf(element: Element): string | undefined {
  const classes = [...element.classList];
  let background: string | undefined;
  for (const sheet of [...document.styleSheets]) {
    for (const rule of [...sheet.cssRules]) {
      if (!(rule instanceof CSSStyleRule) || !classes.some((name) => rule.selectorText === `.${name}`)) continue;
      background = rule.style.getPropertyValue('background') || rule.style.getPropertyValue('background-color') || background;
    }
  }
  return background;
}

const PARCELS: Quote['deliveryItems'] = [
  { id: 1, name: 'small', parcelType: 1, length: 30, width: 20, height: 15, weight: 2, isFragile: true, description: 'Books' },
  { id: 2, name: 'Custom', parcelType: 4, deliveryItemName: 'Guitar', length: 110, width: 40, height: 15, weight: 4.5, isFragile: false },
];

describe('issue 21 item 4: the pick-up date, the address of each contact, and what Accept accepts', () => {
  it('Quotes name the pick-up date the windows are on', async () => {
    openOn(quoteOn(PAYMENT_STATUS.NOT_SELECTED));
    expect((await screen.findByTestId('quote-pick-up-date', {}, WAIT)).textContent).toBe('Pick-up date: Mon 04-03-2030');
  });

  it('Pick-up and Drop-off say which address their contact is for', async () => {
    const quote = quoteOn(PAYMENT_STATUS.DETAILS_OUTSTANDING);
    openOn(quote, [], { details: detailsMachine.provide({ actors: {
      saveOrigin: stubActor(saveOrigin, async () => quote), saveDestination: stubActor(saveDestination, async () => quote), saveAdditional: stubActor(saveAdditional, pending),
    } }) });
    expect((await screen.findByTestId('contact-origin-address', {}, WAIT)).textContent).toBe('Pick-up address: 1 Long Street, Cape Town');
    fireEvent.click(within(document.getElementById(STEP_FORM_ID)!).getByRole('button', { name: 'Next' }));
    const destination = within(await screen.findByTestId('contact-destination', {}, WAIT));
    expect(destination.getByTestId('contact-destination-address').textContent).toBe('Drop-off address: 10 Main Road, Claremont');
  });

  it('Accept shows a customer the service, pick-up date, windows and parcels, but no price', async () => {
    openOn(quoteOn(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE, { selectedDeliveryQuoteId: 12, deliveryItems: PARCELS }));
    const summary = within(await screen.findByTestId('accept-summary', {}, WAIT));
    expect(summary.getByTestId('accept-service').textContent).toBe('Precise');
    expect(summary.getByTestId('accept-pick-up-date').textContent).toBe('Mon 04-03-2030');
    expect(summary.getByTestId('accept-pick-up-window').textContent).toBe('09:00–10:00');
    expect(summary.getByTestId('accept-drop-off-window').textContent).toBe('11:00–12:00');
    const parcels = within(summary.getByTestId('accept-parcels'));
    expect(parcels.getByText('2 parcel(s)')).toBeTruthy();
    expect(parcels.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'small 30 × 20 × 15 cm, 2 kg · Fragile · Books', 'Guitar 110 × 40 × 15 cm, 4.5 kg',
    ]);
    expect(summary.queryByTestId('accept-total')).toBeNull();
    expect(summary.queryByText(/R\s/)).toBeNull();
  });

  it('Accept shows staff the same with the price (VAT in)', async () => {
    openOn(quoteOn(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE, { selectedDeliveryQuoteId: 11, deliveryItems: PARCELS }), ['StaffOperator']);
    const summary = within(await screen.findByTestId('accept-summary', {}, WAIT));
    expect(summary.getByTestId('accept-service').textContent).toBe('Flexible');
    // A drop-off window ending the next day says so.
    expect(summary.getByTestId('accept-drop-off-window').textContent).toBe('14:00–Tue 5 Mar 10:00');
    expect(summary.getByTestId('accept-total').textContent).toBe(formatMoney(11500));
  });
});

describe('issue 21 items 6 and 18: what each payment method is charged, one Back, one primary style', () => {
  const account = (overrides: Partial<Account> = {}): Account => ({ id: 31, accountName: 'Chloe Customer', accountType: 'Prepay', balance: 5625, xmin: '1', ...overrides });

  it('tells a customer what the balance covers and what the card is charged; the step shows one Back', async () => {
    const quote = quoteOn(PAYMENT_STATUS.PAYMENT_PENDING, { paymentTotal: 20000, paymentCreditApplied: 5625, paymentTotalDue: 14375 });
    const cards = [{ id: 1, paymentBrand: 'VISA', paymentType: 'DB', holder: 'C Customer', lastFourDigits: '1234', expiryMonth: 7, expiryYear: 2030, expired: false }] as SavedCard[];
    openOn(quote, [], { pay: payWith(quote, account(), cards) });
    const details = within(await screen.findByTestId('pay-details', {}, WAIT));
    expect(details.getByTestId('payment-split').textContent)
      .toBe(`${formatMoney(5625)} comes from your account balance; your card is charged ${formatMoney(14375)}.`);
    // The customer still sees no price breakdown (001 section 6).
    expect(details.queryByTestId('pay-totals')).toBeNull();
    expect(inWizard().getAllByRole('button', { name: 'Back' })).toHaveLength(1);
    expect(within(inWizard().getByTestId('wizard-footer')).queryByRole('button', { name: 'Back' })).toBeNull();
    // 'Pay now' is styled as the other primary buttons (the dialog's Next, 'Pay with new card'), not Chakra's default solid.
    const payNow = details.getByRole('button', { name: 'Pay now xxxx-xxxx-xxxx-1234' });
    const payWithNewCard = details.getByRole('button', { name: 'Pay with new card' });
    expect(backgroundOf(payNow)).toBe('var(--chakra-colors-secondary)');
    expect(backgroundOf(payWithNewCard)).toBe('var(--chakra-colors-secondary)');
    // The card form says it too, again with one Back.
    fireEvent.click(payWithNewCard);
    const payment = within(await screen.findByTestId('pay-payment', {}, WAIT));
    expect(payment.getByTestId('payment-split')).toBeTruthy();
    expect(inWizard().getAllByRole('button', { name: 'Back' })).toHaveLength(1);
    // Back to the account: there the footer's Back (to Accept) is the step's only one.
    fireEvent.click(payment.getByRole('button', { name: 'Back' }));
    fireEvent.click(within(await screen.findByTestId('pay-details', {}, WAIT)).getByRole('button', { name: 'Back' }));
    await screen.findByTestId('pay-account', {}, WAIT);
    await waitFor(() => expect(within(inWizard().getByTestId('wizard-footer')).getAllByRole('button', { name: 'Back' })).toHaveLength(1));
  });

  it('says nothing of a split when the card pays it all', async () => {
    const quote = quoteOn(PAYMENT_STATUS.PAYMENT_PENDING);
    openOn(quote, [], { pay: payWith(quote, account({ balance: 0 })) });
    const details = within(await screen.findByTestId('pay-details', {}, WAIT));
    expect(details.queryByTestId('payment-split')).toBeNull();
  });

  it('the success summary shows a customer what was charged to which method, the amount paid, and the receipt', async () => {
    const paid = quoteOn(PAYMENT_STATUS.PAID, {
      waybill: 'WB0000501', trackingHash: 'abc123', selectedDeliveryQuoteId: 11,
      amountsPaid: [{ method: 'account', amount: 5625 }, { method: 'card', amount: 14375 }],
    });
    openOn(paid);
    const success = within(await screen.findByTestId('booking-success', {}, WAIT));
    const summary = within(success.getByTestId('booking-success-summary'));
    expect(summary.getAllByRole('term').map((term) => term.textContent)).toEqual(['Waybill', 'Service', 'Pick-up', 'Account', 'Card', 'Amount paid']);
    expect(within(summary.getByTestId('paid-account')).getByRole('definition').textContent).toBe(formatMoney(5625));
    expect(within(summary.getByTestId('paid-card')).getByRole('definition').textContent).toBe(formatMoney(14375));
    expect(summary.getByTestId('amount-paid').textContent).toBe(formatMoney(20000));
    expect(success.getByRole('button', { name: 'Download the receipt of WB0000501 (PDF)' })).toBeTruthy();
  });
});
