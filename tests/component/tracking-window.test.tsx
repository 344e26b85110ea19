import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { TrackingSiteView } from '../../src/features/public/site/tracking';
import { trackingMachine } from '../../src/machines/tracking/tracking.machine';
import { sampleTracking } from '../../src/machines/tracking/tracking.samples';
import type { TrackingDelivery, TrackingInput } from '../../src/machines/tracking/tracking.types';

// Issue 'What a new user trips over' #8: a drop-off window ending on another day lost its end day ('10:00–10:00').
describe('the tracking page windows', () => {
  it('shows the end day of a drop-off window that ends on another day, as the quote did', async () => {
    const delivery: TrackingDelivery = {
      ...sampleTracking,
      // Tue 24 Nov 10:00 to Wed 25 Nov 10:00 in Johannesburg.
      dropOffWindowStartUtc: '2026-11-24T08:00:00.000Z', dropOffWindowEndUtc: '2026-11-25T08:00:00.000Z',
    };
    const loader = fromPromise<TrackingDelivery, TrackingInput>(() => Promise.resolve(delivery));
    const actor = createActor(trackingMachine.provide({ actors: { loadTracking: loader, refreshTracking: loader } }),
      { input: { cca2: 'za', hash: delivery.trackingHashId } });
    actor.start();
    render(<TrackingSiteView actor={actor} timeZone="Africa/Johannesburg" />);
    expect((await screen.findByTestId('tracking-dropoff-window')).textContent).toBe('Tue 24 Nov 10:00–Wed 25 Nov 10:00');
    expect(screen.getByTestId('tracking-pickup-window').textContent).toBe('Tue 24 Nov 08:00–10:00');
    actor.stop();
  });

  it('letters the map stops A and B when the delivery goes through no hub, and A, B, C through one', async () => {
    const stops = async (delivery: TrackingDelivery) => {
      const loader = fromPromise<TrackingDelivery, TrackingInput>(() => Promise.resolve(delivery));
      const actor = createActor(trackingMachine.provide({ actors: { loadTracking: loader, refreshTracking: loader } }),
        { input: { cca2: 'za', hash: delivery.trackingHashId } }).start();
      const view = render(<TrackingSiteView actor={actor} timeZone="Africa/Johannesburg" />);
      await screen.findByTestId('tracking-summary');
      const labels = screen.getAllByTestId('map-marker').map((marker) => marker.getAttribute('data-label'));
      view.unmount();
      actor.stop();
      return labels;
    };
    expect(await stops({ ...sampleTracking, hub: null })).toEqual(['A', 'B']);
    // A driver at the pick-up: drawn first, so the stops' letters stay on top of it.
    const atPickUp = { lat: sampleTracking.origin.coordinates.lat, lon: sampleTracking.origin.coordinates.lon, at: '2026-11-24T08:30:00.000Z' };
    expect(await stops({ ...sampleTracking, hub: null, driverLocation: atPickUp })).toEqual(['Driver', 'A', 'B']);
    expect(await stops({ ...sampleTracking, hub: { hubName: 'Montague Gardens hub', description: '1 Hub Road, Montague Gardens', coordinates: { lat: -33.86, lon: 18.52 } } })).toEqual(['A', 'B', 'C']);
  });
});
