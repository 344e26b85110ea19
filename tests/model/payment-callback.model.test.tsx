import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defaultBookingLogic } from '../../src/features/booking/booking-logic';
import { PAYMENT_CALLBACK_TEXTS } from '../../src/lib/booking-texts';
import type { Quote } from '../../src/machines/booking/booking.model';
import { paymentCallbackMachine, returnLocation } from '../../src/machines/booking/payment-callback.machine';
import type { PaymentCallbackInput } from '../../src/machines/booking/payment-callback.types';
import { paymentCallbackSamples } from '../../src/machines/booking/payment-callback.samples';
import { renderBooking } from '../support/booking-harness';
import { describeModel } from '../support/model-paths';


type Snapshot = ReturnType<typeof paymentCallbackMachine.getInitialSnapshot>;

let router: ReturnType<typeof renderBooking>['router'];

const page = () => within(screen.getByTestId('payment-callback'));

function callbackUrl(input: PaymentCallbackInput): string {
  const query = new URLSearchParams();
  if (input.deliveryId !== null) query.set('deliveryid', String(input.deliveryId));
  query.set('path', input.returnPath);
  query.set('query', input.returnQuery);
  if (input.checkoutId) query.set('id', input.checkoutId);
  if (input.resourcePath) query.set('resourcePath', input.resourcePath);
  return `/paymentcallback?${query.toString()}`;
}

describeModel({
  machine: paymentCallbackMachine,
  scenarios: paymentCallbackSamples.scenarios,
  targets: paymentCallbackSamples.targets,
  guards: true,
  async start(machine, input) {
    // Back on /deliveries/add the wizard reopens the delivery (an administrator may open that route); what it
    // then shows is tests/component/payment-callback.test.tsx's.
    const logic = {
      wizard: defaultBookingLogic.wizard.provide({ actors: { getQuote: fromPromise<Quote, { cca2: string; deliveryId: number }>(() => new Promise(() => undefined)) } }),
      paymentCallback: machine,
    };
    router = renderBooking({ path: callbackUrl(input), logic, roles: ['Administrator'] }).router;
    await screen.findByTestId('payment-callback', {}, { timeout: 5000 });
    return {
      send(event) {
        switch (event.type) {
          case 'callback.retry': fireEvent.click(page().getByRole('button', { name: PAYMENT_CALLBACK_TEXTS.retry })); break;
          case 'callback.return': fireEvent.click(page().getByRole('button', { name: PAYMENT_CALLBACK_TEXTS.backToDelivery })); break;
          default: throw new Error(`No UI action for ${event.type}`);
        }
      },
    };
  },
  states: {
    invalid: () => {
      expect(page().getByRole('alert').textContent).toBe(PAYMENT_CALLBACK_TEXTS.incomplete);
      expect(page().queryByRole('button', { name: PAYMENT_CALLBACK_TEXTS.retry })).toBeNull();
    },
    processing: () => {
      expect(page().getByRole('status').textContent).toBe(PAYMENT_CALLBACK_TEXTS.processing);
      expect(page().queryByRole('button')).toBeNull();
    },
    failed: (snapshot: Snapshot) => {
      expect(page().getByRole('alert').textContent).toContain(snapshot.context.problem!);
      expect(page().getByRole('button', { name: PAYMENT_CALLBACK_TEXTS.retry })).toBeTruthy();
    },
    returning: async (snapshot: Snapshot) => {
      const expected = returnLocation(snapshot.context);
      await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(expected));
      // /deliveries/add reopens the delivery from its query (no router state for the header's button).
      expect(router.state.location.state).toBeNull();
      // The callback page is gone (what the wizard then shows is the component test's).
      await waitFor(() => expect(screen.queryByTestId('payment-callback')).toBeNull());
    },
  },
});
