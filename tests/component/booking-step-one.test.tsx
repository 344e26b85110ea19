// Issue 21, step 1 of the wizard as a user drives it: a pick-up store becomes the pick-up address (item 2), a Next
// clicked while the drop-off is still resolving asks for the quote once it arrives (item 1), and a route beyond every
// service shows why and what to change (item 3).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { toApiError } from '../../src/api/api-error';
import { defaultBookingLogic } from '../../src/features/booking/booking-logic';
import { DELIVERY_STEP_TEXTS, QUOTE_STEP_TEXTS, WIZARD_TEXTS } from '../../src/lib/booking-texts';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { sampleQuote } from '../../src/machines/booking/booking.samples-data';
import type { AddressValue, DeliveryFormValues, Quote } from '../../src/machines/booking/booking.model';
import { addressSelectLogic, deliveryStepMachine } from '../../src/machines/booking/delivery-step.machine';
import { createQuote, getQuote, loadDates, loadParcelTypes, loadStores, loadTimeSlots, resolveAddress } from '../../src/machines/booking/booking.actors';
import { inWizard, renderBooking, stubActor, wizardDialog } from '../support/booking-harness';

vi.setConfig({ testTimeout: 40_000 });

const STORE = { key: '3', value: 'Acme Sea Point' };
const STORE_ADDRESS: AddressValue = { placeId: 'za-sea-point-main-road', description: 'Main Road, Sea Point, Cape Town', coordinates: { lat: -33.916, lon: 18.389 } };
const DROP_OFF: AddressValue = { placeId: 'za-cape-town-cape-town-city-centre', description: 'Cape Town City Centre, Cape Town', coordinates: { lat: -33.9249, lon: 18.4241 } };
const DATE = '2031-03-04';

/** The wizard for a company user: one store, one date, the drop-off search; `resolveDropOff` answers the drop-off's resolve. */
function open(resolveDropOff: () => Promise<AddressValue>, answerQuote: (form: DeliveryFormValues) => Promise<Quote>) {
  const lookups = deliveryStepMachine.provide({
    actors: {
      loadStores: stubActor(loadStores, async () => [STORE]),
      loadDates: stubActor(loadDates, async () => [DATE]),
      loadTimeSlots: stubActor(loadTimeSlots, async () => []),
      resolveAddress: stubActor(resolveAddress, async (input) => (input.storeId ? { ...STORE_ADDRESS, storeId: input.storeId } : resolveDropOff())),
      // The search select's searchOptions is typed for any select (the known cast of addressSelectLogic itself).
      addressSelect: addressSelectLogic.provide({ actors: { searchOptions: fromPromise(async () => [{ key: DROP_OFF.placeId!, value: DROP_OFF.description }]) as never } }),
    },
  });
  const wizard = defaultBookingLogic.wizard.provide({
    actors: {
      deliveryStep: lookups,
      createQuote: stubActor(createQuote, async (input) => answerQuote(input.form)),
      loadParcelTypes: stubActor(loadParcelTypes, async () => []),
    },
  });
  renderBooking({ path: '/deliveries/add', logic: { wizard }, roles: ['CompanyUser'] });
}

async function fillStep(): Promise<void> {
  await wizardDialog();
  const store = await screen.findByRole('combobox', { name: DELIVERY_STEP_TEXTS.pickUpStore }, { timeout: 10_000 });
  fireEvent.change(store, { target: { value: STORE.key } });
  // The store's address is the pick-up address; the address search gives way to it.
  expect((await screen.findByTestId('originAddress-store-address', {}, { timeout: 10_000 })).textContent).toBe(STORE_ADDRESS.description);
  expect(within(inWizard().getByTestId('address-originAddress')).queryByRole('combobox', { name: DELIVERY_STEP_TEXTS.pickUp })).toBeNull();
  const date = inWizard().getByLabelText(new RegExp(`^${DELIVERY_STEP_TEXTS.date}`)) as HTMLSelectElement;
  await waitFor(() => expect([...date.options].map((option) => option.value)).toContain(DATE));
  fireEvent.change(date, { target: { value: DATE } });
  const dropOff = within(inWizard().getByTestId('address-destinationAddress'));
  fireEvent.change(dropOff.getByRole('combobox', { name: DELIVERY_STEP_TEXTS.dropOff }), { target: { value: 'Cape Town' } });
  fireEvent.click(await dropOff.findByRole('button', { name: DROP_OFF.description }, { timeout: 5000 }));
}

const next = () => inWizard().getByRole('button', { name: WIZARD_TEXTS.next });

describe('wizard step 1 (issue 21)', () => {
  it('a Next clicked while the drop-off resolves asks for the quote once it arrives, with the pick-up store and its address', async () => {
    let arrive: (address: AddressValue) => void = () => undefined;
    const forms: DeliveryFormValues[] = [];
    open(() => new Promise((resolve) => { arrive = resolve; }), async (form) => { forms.push(form); return new Promise<Quote>(() => undefined); });
    await fillStep();
    // The drop-off is still resolving: Next is clicked now.
    fireEvent.click(next());
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 20)); });
    expect(forms).toEqual([]);
    expect(inWizard().queryByRole('alert')).toBeNull();
    await act(async () => { arrive(DROP_OFF); });
    await waitFor(() => expect(forms).toHaveLength(1));
    expect(forms[0]!.originStoreId).toBe(3);
    expect(forms[0]!.originAddress).toEqual({ ...STORE_ADDRESS, storeId: 3 });
    expect(forms[0]!.destinationAddress).toEqual(DROP_OFF);
    expect(forms[0]!.deliveryDate).toBe(DATE);
  });

  it('a route beyond every service says why and what to change, on step 1', async () => {
    const text = 'No service is offered for this route: it is 1398 km and our services go up to 200 km. Choose a pick-up and drop-off address closer together.';
    open(async () => DROP_OFF, async () => { throw toApiError(422, { message: text }, '/connect/deliveries/createquotes/ZA'); });
    await fillStep();
    await waitFor(() => expect(screen.getByTestId('delivery-step')).toBeTruthy());
    await waitFor(() => expect(within(inWizard().getByTestId('address-destinationAddress')).queryByRole('status')).toBeNull());
    fireEvent.click(next());
    expect((await screen.findByTestId('booking-problem', {}, { timeout: 5000 })).textContent).toContain(text);
    expect(inWizard().getByTestId('step-of').textContent).toBe(WIZARD_TEXTS.stepOf(1));
  });
});


describe('quotes with no option (issue 21 item 3)', () => {
  it('say that no service is offered and what to change', async () => {
    const quote = { ...sampleQuote(PAYMENT_STATUS.NOT_SELECTED), deliveryQuotes: [] };
    const wizard = defaultBookingLogic.wizard.provide({ actors: { getQuote: stubActor(getQuote, async () => quote), loadTimeSlots: stubActor(loadTimeSlots, async () => []) } });
    renderBooking({ path: '/', logic: { wizard }, state: { bookingDeliveryId: quote.deliveryId } });
    expect((await screen.findByTestId('no-service', {}, { timeout: 10_000 })).textContent).toBe(QUOTE_STEP_TEXTS.noService);
  });
});
