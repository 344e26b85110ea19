import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise, type AnyActorRef } from 'xstate';
import { defaultBookingLogic } from '../../src/features/booking/booking-logic';
import { cardExpiry, maskedCardNumber, PAY_STEP_TEXTS, WIZARD_TEXTS } from '../../src/lib/booking-texts';
import { formatMoney } from '../../src/lib/money';
import type { Quote } from '../../src/machines/booking/booking.model';
import { accountSelectLogic, ACCOUNT_SELECT_ID, canPostPay, payMachine, readSaveCard } from '../../src/machines/booking/pay.machine';
import { paySamples } from '../../src/machines/booking/pay.samples';
import type { SelectOption } from '../../src/resources/types';
import { inWizard, renderBooking, wizardDialog } from '../support/booking-harness';
import { describeModel } from '../support/model-paths';


type Snapshot = ReturnType<typeof payMachine.getInitialSnapshot>;

let actors: AnyActorRef[] = [];

const part = (testId: string) => within(inWizard().getByTestId(testId));
const accountSelect = () => part('pay-account').getByRole('combobox', { name: /^Select an account with which to pay/ }) as HTMLInputElement;
const chosenShown = () => part('pay-account').queryByTestId('search-select-selected')?.textContent ?? null;
/** What the account search answers next: the option the scenario picks. */
let offered: SelectOption[] = [];
const submitButton = () => inWizard().getByTestId('pay-account').querySelector('button[type="submit"]') as HTMLButtonElement;
/** 'Pay with new card' ('Pay by card' without saved cards): offered only while something is due. */
const newCardButton = () => part('pay-details').queryByRole('button', { name: new RegExp(`^(${PAY_STEP_TEXTS.payWithNewCard}|${PAY_STEP_TEXTS.payByCard})$`) }) as HTMLButtonElement | null;
/** 'Post pay', or 'Pay' when nothing is due (the balance covers it). */
const postPayButton = () => part('pay-details').queryByRole('button', { name: new RegExp(`^(${PAY_STEP_TEXTS.postPay}|${PAY_STEP_TEXTS.pay})$`) }) as HTMLButtonElement | null;

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

/** The running pay chart (the wizard's child the view renders), to ask what it would take now. */
const running = () => actors.findLast((actor) => actor.id === 'pay')!.getSnapshot() as Snapshot;

const detailsBusy = () => {
  expect(part('pay-details').getByRole('button', { name: PAY_STEP_TEXTS.back }).hasAttribute('disabled')).toBe(true);
  const newCard = newCardButton();
  if (newCard) expect(newCard.hasAttribute('disabled')).toBe(true);
};

describeModel({
  machine: payMachine,
  scenarios: paySamples.scenarios,
  targets: paySamples.targets,
  guards: true,
  // By construction: the screen's Remove buttons are its listed cards, so no user event asks for another.
  guardExemptions: { cardListed: 'never false: Remove is offered only on a card the step lists' },
  async start(machine, input) {
    localStorage.clear();
    // The account search select is the shared search select (real), answering the payable-accounts search at once.
    const payChart = machine.provide({
      actors: { accountSelect: accountSelectLogic.provide({ actors: { searchOptions: fromPromise(async () => offered) as never } }) } as never,
    }) as typeof machine;
    // The wizard reopens the delivery at step 6 (payment pending) and runs this pay chart there.
    const logic = {
      wizard: defaultBookingLogic.wizard.provide({ actors: { getQuote: fromPromise<Quote, { cca2: string; deliveryId: number }>(async () => input.quote), pay: payChart } }),
    };
    // An administrator: the totals show.
    const rendered = renderBooking({ path: `/deliveries/add?deliveryid=${input.quote.deliveryId}`, logic, roles: ['Administrator'] });
    actors = rendered.actors;
    await wizardDialog();
    await screen.findByTestId('pay-account', {}, { timeout: 5000 });
    return {
      async send(event) {
        if (event.type === `xstate.snapshot.${ACCOUNT_SELECT_ID}`) {
          // Typing part of the account's name, then picking it; or clearing the choice.
          const selected = (event as unknown as { snapshot: { context: { selected: SelectOption | null } } }).snapshot.context.selected;
          if (selected) {
            offered = [selected];
            fireEvent.change(accountSelect(), { target: { value: selected.value.slice(0, 4) } });
            fireEvent.click(await part('pay-account').findByRole('button', { name: selected.value }, { timeout: 3000 }));
          } else {
            const clear = part('pay-account').queryByRole('button', { name: /^Clear Select an account with which to pay/ });
            if (clear) fireEvent.click(clear);
          }
          return;
        }
        switch (event.type) {
          case 'pay.next': fireEvent.click(submitButton()); break;
          case 'pay.postPay': fireEvent.click(postPayButton()!); break;
          case 'pay.newCard': fireEvent.click(newCardButton()!); break;
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
    'account.loading': () => {
      expect(accountSelect().disabled).toBe(true);
      expect(accountSelect().placeholder).toBe(PAY_STEP_TEXTS.accountPlaceholder);
    },
    'account.choosing': (snapshot) => {
      // The account search select: 'Enter an account name', the chosen account's name, Next only with an account.
      expect(accountSelect().disabled).toBe(false);
      expect(accountSelect().placeholder).toBe(PAY_STEP_TEXTS.accountPlaceholder);
      const chosen = snapshot.context.accounts.find((account) => account.key === snapshot.context.accountId)?.value
        ?? (snapshot.context.accountId === null ? null : snapshot.context.account?.accountName);
      // An account picked in the search while the payable list failed to load: the select shows the name picked.
      if (snapshot.context.accountId !== null && chosen === undefined) expect(chosenShown()).not.toBeNull();
      else expect(chosenShown()).toBe(chosen ?? null);
      expect(submitButton().disabled).toBe(snapshot.context.accountId === null);
      // The running chart agrees: Next is taken only with an account (its guard).
      expect(running().can({ type: 'pay.next' })).toBe(snapshot.context.accountId !== null);
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
      const due = snapshot.context.quote.paymentTotalDue;
      // A new card only while something is due: offered (enabled) then, absent otherwise.
      const newCard = newCardButton();
      expect(newCard !== null).toBe(due > 0);
      if (newCard) expect(newCard.hasAttribute('disabled')).toBe(false);
      // An expired card cannot pay (001 section 5): its 'Pay now' is disabled and the chart refuses it.
      for (const card of snapshot.context.cards) {
        const payNow = part('pay-details').getByRole('button', { name: `${PAY_STEP_TEXTS.payNow} ${maskedCardNumber(card.lastFourDigits)}` }) as HTMLButtonElement;
        expect(payNow.disabled).toBe(card.expired);
        expect(running().can({ type: 'pay.savedCard', cardId: card.id })).toBe(!card.expired);
      }
      // Post pay: hidden (and refused) for a Prepay account with a total due (001 section 2); 'Pay' when nothing is due.
      const postPay = postPayButton();
      expect(postPay !== null).toBe(canPostPay(snapshot.context.account, snapshot.context.quote));
      if (postPay) expect(postPay.textContent).toBe(due > 0 ? PAY_STEP_TEXTS.postPay : PAY_STEP_TEXTS.pay);
      expect(running().can({ type: 'pay.postPay' })).toBe(canPostPay(snapshot.context.account, snapshot.context.quote));
      // The running chart refuses a new card when nothing is due (somethingDue).
      expect(running().can({ type: 'pay.newCard' })).toBe(due > 0);
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
      // The submitted card form is still in the page (its frame finishes the payment), hidden.
      expect(inWizard().getByTestId('payment-widget').closest('[hidden]')).not.toBeNull();
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
