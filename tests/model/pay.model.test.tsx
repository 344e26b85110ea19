import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise, type AnyActorRef } from 'xstate';
import { defaultBookingLogic } from '../../src/features/booking/booking-logic';
import { cardExpiry, maskedCardNumber, PAY_STEP_TEXTS, WIZARD_TEXTS } from '../../src/lib/booking-texts';
import { formatMoney } from '../../src/lib/money';
import type { Quote } from '../../src/machines/booking/booking.types';
import { canPostPay, payMachine, readSaveCard } from '../../src/machines/booking/pay.machine';
import { paySamples } from '../../src/machines/booking/pay.samples';
import { inWizard, renderBooking, wizardDialog } from '../support/booking-harness';
import { describeModel } from '../support/model-paths';


type Snapshot = ReturnType<typeof payMachine.getInitialSnapshot>;

let actors: AnyActorRef[] = [];

const part = (testId: string) => within(inWizard().getByTestId(testId));
const accountSelect = () => part('pay-account').getByRole('combobox') as HTMLSelectElement;
const submitButton = () => inWizard().getByTestId('pay-account').querySelector('button[type="submit"]') as HTMLButtonElement;
const newCardButton = () => part('pay-details').getByRole('button', { name: PAY_STEP_TEXTS.payWithNewCard }) as HTMLButtonElement;

function problemShown(snapshot: Snapshot) {
  const shown = inWizard().queryByTestId('booking-problem');
  if (snapshot.context.problem) expect(shown?.textContent).toContain(snapshot.context.problem);
  else expect(shown).toBeNull();
}

function subStep(index: number) {
  expect(inWizard().getByText(PAY_STEP_TEXTS.subSteps[index]!).getAttribute('aria-current')).toBe('step');
  expect(inWizard().getByTestId('step-of').textContent).toBe(WIZARD_TEXTS.stepOf(6));
  expect(inWizard().getByRole('button', { name: WIZARD_TEXTS.finish }).hasAttribute('disabled')).toBe(true);
}

const detailsBusy = () => expect(newCardButton().hasAttribute('disabled')).toBe(true);

describeModel({
  machine: payMachine,
  scenarios: paySamples.scenarios,
  async start(machine, input) {
    localStorage.clear();
    // The wizard reopens the delivery at step 6 (payment pending) and runs this pay chart there.
    const logic = {
      wizard: defaultBookingLogic.wizard.provide({ actors: { getQuote: fromPromise<Quote, { cca2: string; deliveryId: number }>(async () => input.quote), pay: machine } }),
    };
    // An administrator: the totals show.
    const rendered = renderBooking({ path: `/deliveries/add?deliveryid=${input.quote.deliveryId}`, logic, roles: ['Administrator'] });
    actors = rendered.actors;
    await wizardDialog();
    await screen.findByTestId('pay-account', {}, { timeout: 5000 });
    return {
      send(event) {
        switch (event.type) {
          case 'pay.chooseAccount': fireEvent.change(accountSelect(), { target: { value: String(event.accountId) } }); break;
          case 'pay.next': fireEvent.click(submitButton()); break;
          case 'pay.postPay': fireEvent.click(part('pay-details').getByRole('button', { name: PAY_STEP_TEXTS.postPay })); break;
          case 'pay.newCard': fireEvent.click(newCardButton()); break;
          case 'pay.savedCard': fireEvent.click(part('pay-details').getByRole('button', { name: `${PAY_STEP_TEXTS.payNow} ${maskedCardNumber(cardOf(event.cardId as number))}` })); break;
          case 'pay.removeCard': fireEvent.click(part('pay-details').getByRole('button', { name: `${PAY_STEP_TEXTS.remove} ${maskedCardNumber(cardOf(event.cardId as number))}` })); break;
          case 'pay.saveCard': fireEvent.click(part('pay-payment').getByRole('checkbox', { name: PAY_STEP_TEXTS.saveCard })); break;
          case 'pay.back': fireEvent.click(part(inWizard().queryByTestId('pay-payment') ? 'pay-payment' : 'pay-details').getByRole('button', { name: PAY_STEP_TEXTS.back })); break;
          case 'pay.reset': fireEvent.click(part('pay-completed').getByRole('button', { name: PAY_STEP_TEXTS.reset })); break;
          case 'pay.submitted': {
            // The provider's card form calling back on submit (the widget loader's onSubmit).
            const widget = actors.findLast((actor) => actor.id === 'loadWidget') as unknown as { options: { input: { onSubmit(): void } } };
            widget.options.input.onSubmit();
            break;
          }
          default: throw new Error(`No UI action for ${event.type}`);
        }
      },
    };
  },
  states: {
    account: (snapshot) => { subStep(0); problemShown(snapshot); },
    'account.loading': () => expect(accountSelect().disabled).toBe(true),
    'account.choosing': (snapshot) => {
      const options = [...accountSelect().options].slice(1).map((option) => option.textContent);
      expect(options).toEqual(snapshot.context.accounts.map((account) => account.value));
      expect(accountSelect().value).toBe(snapshot.context.accountId === null ? '' : String(snapshot.context.accountId));
      expect(submitButton().disabled).toBe(snapshot.context.accountId === null);
    },
    'account.selecting': () => expect(submitButton().disabled).toBe(true),
    details: (snapshot) => {
      subStep(1);
      problemShown(snapshot);
      expect(part('pay-details').getByRole('heading', { name: PAY_STEP_TEXTS.paymentDetails })).toBeTruthy();
      expect(part('pay-details').getByTestId('total-due').textContent).toBe(`${PAY_STEP_TEXTS.totalDue}: ${formatMoney(snapshot.context.quote.paymentTotalDue)}`);
      // Totals for privileged users.
      expect(part('pay-details').getByText(PAY_STEP_TEXTS.creditApplied)).toBeTruthy();
      const rows = part('pay-details').queryAllByTestId('saved-card');
      expect(rows).toHaveLength(snapshot.context.cards.length);
      snapshot.context.cards.forEach((card, index) => {
        const text = rows[index]!.textContent!;
        expect(text).toContain(`${maskedCardNumber(card.lastFourDigits)} ${cardExpiry(card.expiryMonth, card.expiryYear)}`);
        expect(text.includes(PAY_STEP_TEXTS.expired)).toBe(card.expired);
      });
    },
    'details.idle': (snapshot) => {
      expect(newCardButton().hasAttribute('disabled')).toBe(snapshot.context.quote.paymentTotalDue <= 0);
      // An expired card cannot pay (001 section 5): its 'Pay now' is disabled and the chart refuses it.
      for (const card of snapshot.context.cards) {
        const payNow = part('pay-details').getByRole('button', { name: `${PAY_STEP_TEXTS.payNow} ${maskedCardNumber(card.lastFourDigits)}` }) as HTMLButtonElement;
        expect(payNow.disabled).toBe(card.expired);
        expect(snapshot.can({ type: 'pay.savedCard', cardId: card.id })).toBe(!card.expired);
      }
      // Post pay: hidden (and refused) for a Prepay account with a total due (001 section 2).
      const postPay = part('pay-details').queryByRole('button', { name: PAY_STEP_TEXTS.postPay });
      expect(postPay !== null).toBe(canPostPay(snapshot.context.account, snapshot.context.quote) && snapshot.context.quote.paymentTotalDue > 0);
      expect(snapshot.can({ type: 'pay.postPay' })).toBe(canPostPay(snapshot.context.account, snapshot.context.quote));
    },
    'details.payingBalance': detailsBusy,
    'details.payingSavedCard': detailsBusy,
    'details.removingCard': detailsBusy,
    'details.requestingCheckout': detailsBusy,
    payment: (snapshot) => {
      subStep(2);
      problemShown(snapshot);
      expect((part('pay-payment').getByRole('checkbox', { name: PAY_STEP_TEXTS.saveCard }) as HTMLInputElement).checked).toBe(snapshot.context.saveCard);
      // The choice is kept in the browser per delivery (001 section 4).
      expect(readSaveCard(snapshot.context.quote.deliveryId)).toBe(snapshot.context.saveCard);
      expect(part('pay-payment').getByTestId('payment-total-due').textContent).toBe(`${PAY_STEP_TEXTS.totalDue}: ${formatMoney(snapshot.context.quote.paymentTotalDue)}`);
    },
    'payment.loadingWidget': () => expect(part('pay-payment').getByRole('status')).toBeTruthy(),
    'payment.renewingCheckout': () => expect(part('pay-payment').getByRole('status')).toBeTruthy(),
    'payment.ready': (snapshot) => {
      expect(part('pay-payment').queryByRole('status')).toBeNull();
      const form = part('pay-payment').getByTestId('payment-widget');
      expect(form.className).toBe('paymentWidgets');
      expect(form.getAttribute('data-brands')).toBe(snapshot.context.checkout!.brands);
    },
    'payment.widgetFailed': () => expect(part('pay-payment').queryByRole('status')).toBeNull(),
    completed: () => {
      expect(part('pay-completed').getByText(PAY_STEP_TEXTS.allStepsCompleted)).toBeTruthy();
    },
    paid: async () => {
      await screen.findByTestId('booking-success');
      expect(inWizard().getByRole('button', { name: WIZARD_TEXTS.goToDashboard })).toBeTruthy();
      expect(inWizard().getByRole('button', { name: WIZARD_TEXTS.placeAnotherOrder })).toBeTruthy();
    },
  },
});

function cardOf(id: number): string {
  return id === 1 ? '4242' : '0004';
}
