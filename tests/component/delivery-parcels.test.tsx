import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { system } from '../../src/ui/theme';
import { DeliveryParcelsView, PARCEL_TEXTS } from '../../src/features/deliveries/DeliveryParcelsView';
import { deliveryParcelsMachine, parcelsOf } from '../../src/machines/deliveries/delivery-parcels.machine';
import type { SaveParcelsInput } from '../../src/machines/deliveries/delivery-parcels.types';

const parcels = [
  { id: 1, name: 'small', deliveryItemName: 'Shoes', parcelTypeId: 1, length: 30, width: 20, height: 15, weight: 2, description: null, barCode: 'WBL000007-1', isFragile: false },
  { id: 2, name: 'Custom', deliveryItemName: 'Vase', parcelTypeId: 4, length: 40, width: 40, height: 60, weight: 5.5, description: 'Glass', barCode: null, isFragile: true },
];

function renderParcels(editable: boolean) {
  const saves: SaveParcelsInput[] = [];
  const actor = createActor(deliveryParcelsMachine.provide({
    actors: { saveParcels: fromPromise(async ({ input }: { input: SaveParcelsInput }) => { saves.push(input); }) },
  }), { input: { cca2: 'ZA', id: 7, xmin: '100', parcels } }).start();
  let saved = 0;
  actor.on('parcels.saved', () => { saved += 1; });
  render(<ChakraProvider value={system}><DeliveryParcelsView actor={actor} editable={editable} /></ChakraProvider>);
  return { saves, saved: () => saved };
}

describe('delivery parcels on the edit screen', { timeout: 30_000 }, () => {
  it('not editable (status or caller): the table only, no edit button', () => {
    renderParcels(false);
    expect(screen.getByText('Vase')).toBeTruthy();
    expect(screen.getByText('Glass')).toBeTruthy();
    expect(screen.queryByRole('button', { name: PARCEL_TEXTS.edit })).toBeNull();
  });

  it('edits name, dimensions (cm), weight (kg), description, barcode and fragile; messages name the field; saves with the xmin', async () => {
    const { saves, saved } = renderParcels(true);
    act(() => { fireEvent.click(screen.getByRole('button', { name: PARCEL_TEXTS.edit })); });
    const [first, second] = screen.getAllByRole('group');
    expect(first!.textContent).toContain(PARCEL_TEXTS.parcel(1, 'small'));
    act(() => {
      fireEvent.change(within(first!).getByLabelText('Length (cm)'), { target: { value: '0' } });
      fireEvent.change(within(second!).getByLabelText('Weight (kg)'), { target: { value: '' } });
      fireEvent.change(within(second!).getByLabelText('Barcode'), { target: { value: 'wbl000007-1' } });
    });
    act(() => { fireEvent.click(screen.getByRole('button', { name: PARCEL_TEXTS.save })); });
    expect(within(first!).getByText('Length must be at least 0.01')).toBeTruthy();
    expect(within(second!).getByText('Weight is required')).toBeTruthy();
    expect(within(second!).getByText('Barcode already added.')).toBeTruthy();
    expect(saves).toEqual([]);

    act(() => {
      fireEvent.change(within(first!).getByLabelText('Length (cm)'), { target: { value: '32.5' } });
      fireEvent.change(within(first!).getByLabelText('Parcel name'), { target: { value: 'Boots' } });
      fireEvent.click(within(first!).getByLabelText('Fragile'));
      fireEvent.change(within(second!).getByLabelText('Weight (kg)'), { target: { value: '6' } });
      fireEvent.change(within(second!).getByLabelText('Barcode'), { target: { value: '' } });
    });
    act(() => { fireEvent.click(screen.getByRole('button', { name: PARCEL_TEXTS.save })); });
    await waitFor(() => expect(saved()).toBe(1), { timeout: 10_000 });
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ cca2: 'ZA', id: 7, xmin: '100' });
    expect(parcelsOf(saves[0]!.drafts)).toEqual([
      { id: 1, name: 'small', parcelType: 1, deliveryItemName: 'Boots', length: 32.5, width: 20, height: 15, weight: 2, description: null, barCode: 'WBL000007-1', isFragile: true },
      { id: 2, name: 'Custom', parcelType: 4, deliveryItemName: 'Vase', length: 40, width: 40, height: 60, weight: 6, description: 'Glass', barCode: null, isFragile: true },
    ]);
  });
});
