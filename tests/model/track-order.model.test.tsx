import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { TrackOrderFormView } from '../../src/features/public/site/track-order-form';
import { PUBLIC_TEXTS } from '../../src/lib/public-texts';
import { trackOrderSamples } from '../../src/machines/public/track-order.samples';
import { describeModel } from '../support/model-paths';

// /track-order (issue 19): the two fields, the one "no match" answer, and the tracking page opened when found.
let opened: string[] = [];

describeModel({
  machine: trackOrderSamples.machine,
  scenarios: trackOrderSamples.scenarios,
  targets: trackOrderSamples.targets,
  guards: true,
  start(machine, input, clock) {
    opened = [];
    const actor = createActor(machine, { input, clock }).start();
    render(<TrackOrderFormView actor={actor} onFound={(hash) => opened.push(hash)} />);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'field.change': {
              const label = event.field === 'searchTerm' ? 'Waybill or order reference' : "Last 4 digits of the recipient's phone number";
              fireEvent.change(screen.getByLabelText(label), { target: { value: event.value } });
              break;
            }
            case 'submit': fireEvent.click(screen.getByRole('button', { name: 'Track' })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    editing: (snapshot) => {
      const { fieldErrors, error } = snapshot.context;
      if (fieldErrors.phoneLast4) expect(screen.getByText(PUBLIC_TEXTS.phoneLast4)).toBeTruthy();
      if (error) expect(screen.getByRole('alert').textContent).toBe(error.message);
      expect((screen.getByLabelText('Waybill or order reference') as HTMLInputElement).value).toBe(snapshot.context.searchTerm);
    },
    searching: () => expect(screen.getByRole('button', { name: /Track/ }).hasAttribute('disabled')).toBe(true),
    found: (snapshot) => expect(opened).toEqual([snapshot.context.trackingHashId]),
  },
});
