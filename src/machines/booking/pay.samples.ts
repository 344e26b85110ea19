import { toApiError } from '../../api/api-error';
import { PAYMENT_STATUS } from '../../lib/statuses';
import { defineSamples } from '../samples';
import { sampleCustomer, sampleQuote } from './booking.samples-data';
import { ACCOUNT_SELECT_ID, payMachine } from './pay.machine';

const quote = sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING);
const account = { id: 31, accountName: 'Thandi Nkosi', accountType: 'PostPay' as const, balance: 0, xmin: '1' };
/** The same account on Prepay: it cannot post-pay while a total is due (001 section 2). */
const prepay = { ...account, accountType: 'Prepay' as const };
/** A Prepay balance that covers the whole price: nothing is due, 'Pay' settles it from the balance (no card). */
const covered = sampleQuote(PAYMENT_STATUS.PAYMENT_PENDING, { paymentCreditApplied: quote.paymentTotal, paymentTotalDue: 0 });
const funded = { ...prepay, balance: 50_000 };
const cards = [
  { id: 1, paymentBrand: 'VISA', paymentType: 'DB', holder: 'T Nkosi', lastFourDigits: '4242', expiryMonth: 7, expiryYear: 2030, expired: false },
  { id: 2, paymentBrand: 'MASTER', paymentType: 'DB', holder: 'T Nkosi', lastFourDigits: '0004', expiryMonth: 1, expiryYear: 2020, expired: true },
];

/** The account search select's snapshot with `selected` (what the pay chart reads of it). */
const chosen = (selected: { key: string; value: string } | null) => ({ type: `xstate.snapshot.${ACCOUNT_SELECT_ID}`, snapshot: { context: { selected } } });

export const paySamples = defineSamples(payMachine, [{
  name: 'a customer paying for a delivery',
  input: { quote, viewer: sampleCustomer },
  events: [
    { type: 'xstate.done.actor.loadAccounts', output: [{ key: 31, value: 'Thandi Nkosi' }, { key: 32, value: 'Nkosi Trading' }] },
    { type: 'xstate.done.actor.loadAccounts', output: [{ key: 31, value: 'Thandi Nkosi' }] },
    // The account search select: an account picked, and the choice cleared.
    chosen({ key: '31', value: 'Thandi Nkosi' }),
    chosen(null),
    { type: 'xstate.done.actor.selectAccount', output: { quote, account, cards } },
    // Post pay refused: Prepay with a total due.
    { type: 'xstate.done.actor.selectAccount', output: { quote, account: prepay, cards } },
    { type: 'pay.savedCard', cardId: 1 },
    { type: 'pay.removeCard', cardId: 2 },
    { type: 'xstate.done.actor.removeCard', output: { cardId: 2 } },
    { type: 'xstate.done.actor.payBySavedCard', output: sampleQuote(PAYMENT_STATUS.PAID) },
    { type: 'xstate.done.actor.payBySavedCard', output: sampleQuote(PAYMENT_STATUS.PAYMENT_FAILED, { paymentPeachPaymentFailureDescription: 'Transaction declined' }) },
    { type: 'xstate.done.actor.payByBalance', output: sampleQuote(PAYMENT_STATUS.PAID) },
    { type: 'xstate.done.actor.paymentCheckout', output: { checkoutId: 'chk_1', widgetScriptUrl: '/sandbox/v1/paymentWidgets.js', amount: 14375, currency: 'ZAR', brands: 'VISA MASTER' } },
    { type: 'xstate.error.actor.loadWidget', error: new Error('The payment form could not be loaded.') },
    { type: 'pay.saveCard', checked: true },
    { type: 'xstate.error.actor.payByBalance', error: toApiError(422, { message: 'A Prepay account cannot post-pay while a total is due. Please pay by card.' }, '/connect/deliveries/payByBalance/ZA/501') },
  ],
}, {
  // Nothing due: 'Pay' settles it from the balance, and no new card is offered (the only path that shows it).
  name: 'a customer whose prepaid balance covers the price',
  input: { quote, viewer: sampleCustomer },
  events: [
    { type: 'xstate.done.actor.loadAccounts', output: [{ key: 31, value: 'Thandi Nkosi' }] },
    chosen({ key: '31', value: 'Thandi Nkosi' }),
    { type: 'xstate.done.actor.selectAccount', output: { quote: covered, account: funded, cards: [] } },
    { type: 'xstate.done.actor.payByBalance', output: sampleQuote(PAYMENT_STATUS.PAID) },
  ],
}], 'transitions');
