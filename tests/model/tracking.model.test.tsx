import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { TrackingSiteView } from '../../src/features/public/site/tracking';
import { formatWindow } from '../../src/lib/dates';
import { TRACKING_STEPS, TRACKING_TEXTS, trackingStepIndex } from '../../src/lib/tracking-texts';
import { trackingMachine } from '../../src/machines/tracking/tracking.machine';
import { trackingSamples } from '../../src/machines/tracking/tracking.samples';
import { describeModel } from '../support/model-paths';

const TIME_ZONE = 'Africa/Johannesburg';

describeModel({
  machine: trackingMachine,
  scenarios: trackingSamples.scenarios,
  targets: trackingSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock });
    actor.start();
    render(<TrackingSiteView actor={actor} timeZone={TIME_ZONE} />);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'tracking.retry': fireEvent.click(screen.getByRole('button', { name: TRACKING_TEXTS.tryAgain })); break;
            // The tracking hub's connection (the trackingHub actor) reports these; sent as it would.
            case 'hub.connected': case 'hub.down': case 'hub.update': actor.send(event as Parameters<typeof actor.send>[0]); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    loading: () => expect(screen.getByRole('status').textContent).toBe(TRACKING_TEXTS.loading),
    notFound: () => {
      expect(screen.getByTestId('tracking-not-found').textContent).toContain('We could not find a delivery for this tracking link.');
      expect(screen.queryByTestId('tracking-summary')).toBeNull();
    },
    failed: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toContain(snapshot.context.problem!);
      expect(screen.getByRole('button', { name: TRACKING_TEXTS.tryAgain })).toBeTruthy();
    },
    'shown.polling': (snapshot) => expectDelivery(snapshot.context.delivery!),
    'shown.live': (snapshot) => expectDelivery(snapshot.context.delivery!),
    'shown.reloading': (snapshot) => expectDelivery(snapshot.context.delivery!),
    shown: (snapshot) => expectDelivery(snapshot.context.delivery!),
    refreshing: (snapshot) => expectDelivery(snapshot.context.delivery!),
  },
});

function expectDelivery(delivery: NonNullable<ReturnType<typeof trackingMachine.getInitialSnapshot>['context']['delivery']>) {
  expect(screen.getByTestId('tracking-waybill').textContent).toBe(delivery.waybill);
  expect(screen.getByTestId('tracking-pickup-window').textContent)
    .toBe(formatWindow(delivery.pickupWindowStartUtc, delivery.pickupWindowEndUtc, { timeZone: TIME_ZONE }));
  expect(screen.getByTestId('tracking-dropoff-window').textContent)
    .toBe(formatWindow(delivery.dropOffWindowStartUtc, delivery.dropOffWindowEndUtc, { timeZone: TIME_ZONE }));
  expect(screen.getByTestId('tracking-from').textContent).toBe(delivery.origin.description);
  expect(screen.getByTestId('tracking-to').textContent).toBe(delivery.destination.description);
  const steps = within(screen.getByTestId('tracking-steps')).getAllByRole('listitem');
  expect(steps).toHaveLength(TRACKING_STEPS.length);
  const current = steps.findIndex((step) => step.getAttribute('aria-current') === 'step');
  expect(current).toBe(trackingStepIndex(delivery.logisticStatusId));
  expect(screen.getByTestId('tracking-driver').textContent)
    .toBe(delivery.driverLocation ? TRACKING_TEXTS.driverOnTheWay : TRACKING_TEXTS.driverNotAssigned);
}
