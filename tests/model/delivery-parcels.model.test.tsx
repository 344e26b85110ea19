import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { system } from '../../src/ui/theme';
import { DeliveryParcelsView, PARCEL_TEXTS } from '../../src/features/deliveries/DeliveryParcelsView';
import { deliveryParcelsMachine } from '../../src/machines/deliveries/delivery-parcels.machine';
import { deliveryParcelsSamples } from '../../src/machines/deliveries/delivery-parcels.samples';
import { describeModel } from '../support/model-paths';


let saved = 0;

const LABELS: Record<string, string> = {
  deliveryItemName: 'Parcel name', length: 'Length (cm)', width: 'Width (cm)', height: 'Height (cm)', weight: 'Weight (kg)',
  description: 'Description', barCode: 'Barcode', isFragile: 'Fragile',
};

const group = (index: number) => screen.getAllByRole('group')[index]!;

describeModel({
  machine: deliveryParcelsMachine,
  scenarios: deliveryParcelsSamples.scenarios,
  targets: deliveryParcelsSamples.targets,
  guards: true,
  start(machine, input, clock) {
    saved = 0;
    const actor = createActor(machine, { input, clock });
    actor.on('parcels.saved', () => { saved += 1; });
    actor.start();
    render(<ChakraProvider value={system}><DeliveryParcelsView actor={actor} editable /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'parcels.edit': fireEvent.click(screen.getByRole('button', { name: PARCEL_TEXTS.edit })); break;
            case 'parcels.change': {
              const input = within(group(event.index as number)).getByLabelText(LABELS[event.field as string]!);
              if (event.field === 'isFragile') fireEvent.click(input);
              else fireEvent.change(input, { target: { value: event.value } });
              break;
            }
            case 'parcels.save': fireEvent.click(screen.getByRole('button', { name: PARCEL_TEXTS.save })); break;
            case 'parcels.cancel': fireEvent.click(screen.getByRole('button', { name: PARCEL_TEXTS.cancel })); break;
            case 'parcels.dismiss': fireEvent.click(screen.getByRole('button', { name: PARCEL_TEXTS.dismiss })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    viewing: (snapshot) => {
      expect(screen.getByRole('table')).toBeTruthy();
      expect(screen.getByText(snapshot.context.parcels[0]!.deliveryItemName!)).toBeTruthy();
      expect(screen.getByRole('button', { name: PARCEL_TEXTS.edit })).toBeTruthy();
      expect(screen.queryAllByRole('group')).toHaveLength(0);
    },
    editing: (snapshot) => {
      const { drafts, errors } = snapshot.context;
      expect(screen.getAllByRole('group')).toHaveLength(drafts.length);
      const length = within(group(0)).getByLabelText(LABELS.length!) as HTMLInputElement;
      expect(length.value).toBe(drafts[0]!.length);
      // Each message sits under its field, which it names ('Length must be at least 0.01', 'Weight is required').
      for (const [key, message] of Object.entries(errors)) {
        const field = key.split('.').at(-1)!;
        const input = within(group(Number(key.split('.')[1]))).getByLabelText(LABELS[field]!);
        expect(input.getAttribute('aria-invalid')).toBe('true');
        expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(message);
        expect(message.toLowerCase()).toContain(field === 'barCode' ? 'barcode' : LABELS[field]!.split(' ')[0]!.toLowerCase());
      }
      // The field messages are announced (role alert, each under its field); nothing else is.
      expect(screen.queryAllByRole('alert').filter((alert) => !alert.id.endsWith('-error'))).toEqual([]);
      expect(screen.queryAllByRole('alert')).toHaveLength(Object.keys(errors).length);
    },
    saving: () => {
      expect((screen.getByRole('button', { name: PARCEL_TEXTS.cancel }) as HTMLButtonElement).disabled).toBe(true);
      expect(saved).toBe(0);
    },
    failed: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toContain(snapshot.context.error!.message);
      // The edits are kept.
      expect((within(group(0)).getByLabelText(LABELS.length!) as HTMLInputElement).value).toBe(snapshot.context.drafts[0]!.length);
    },
  },
});
