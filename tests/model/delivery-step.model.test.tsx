import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defaultBookingLogic } from '../../src/features/booking/booking-logic';
import { DELIVERY_STEP_TEXTS, WIZARD_TEXTS } from '../../src/lib/booking-texts';
import { SEARCH_DEBOUNCE_MS } from '../../src/lib/constants';
import { SEARCH_TEXTS } from '../../src/lib/error-catalogue';
import { isoDateToDisplay } from '../../src/lib/dates';
import { addressSelectLogic, deliveryStepMachine } from '../../src/machines/booking/delivery-step.machine';
import type { AddressSide } from '../../src/machines/booking/delivery-step.types';
import { deliveryStepSamples, sampleAddressOption } from '../../src/machines/booking/delivery-step.samples';
import { inWizard, renderBooking, wizardDialog } from '../support/booking-harness';
import { chartCan, describeModel } from '../support/model-paths';


type Snapshot = ReturnType<typeof deliveryStepMachine.getInitialSnapshot>;

const SIDE_LABELS = { originAddress: DELIVERY_STEP_TEXTS.pickUp, destinationAddress: DELIVERY_STEP_TEXTS.dropOff } as const;
const SELECT_SIDES: Record<string, AddressSide> = { originSearch: 'originAddress', destinationSearch: 'destinationAddress' };

let clock: { increment(ms: number): void } | undefined;
/** The chart under test (its guards observed), for what the view cannot offer: `chartCan`. */
let chart: typeof deliveryStepMachine;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const addressBox = (side: AddressSide) => inWizard().getByTestId(`address-${side}`);
const dateField = () => inWizard().getByLabelText(new RegExp(`^${DELIVERY_STEP_TEXTS.date}`)) as HTMLSelectElement | HTMLInputElement;
const timeSelect = () => inWizard().getByLabelText(new RegExp(`^${DELIVERY_STEP_TEXTS.time}`)) as HTMLSelectElement;
const alerts = () => inWizard().queryAllByRole('alert').map((node) => node.textContent);
const count = (texts: (string | null)[], text: string) => texts.filter((shown) => shown === text).length;

/** A side being resolved is busy and says so. */
function resolvingShown(side: AddressSide) {
  expect(addressBox(side).getAttribute('aria-busy')).toBe('true');
  expect(within(addressBox(side)).getByRole('status').textContent).toBe(WIZARD_TEXTS.loading);
}

/** 'Oops! something went wrong' shows once per failed lookup (dates, time slots). */
function failuresShown(snapshot: Snapshot) {
  const expected = Number(snapshot.matches({ lookups: 'failed' })) + Number(snapshot.matches({ slots: 'failed' }));
  expect(count(alerts(), DELIVERY_STEP_TEXTS.somethingWentWrong)).toBe(expected);
}

describeModel({
  machine: deliveryStepMachine,
  scenarios: deliveryStepSamples.scenarios,
  targets: deliveryStepSamples.targets,
  guards: true,
  async start(machine, input, simulated) {
    clock = simulated;
    chart = machine;
    // The address selects are the shared search select (real), answering the address search at once.
    const lookups = machine.provide({
      actors: { addressSelect: addressSelectLogic.provide({ actors: { searchOptions: fromPromise(async () => [sampleAddressOption]) as never } }) } as never,
    });
    const logic = { wizard: defaultBookingLogic.wizard.provide({ actors: { deliveryStep: lookups } as never }) };
    // /deliveries/add (staff, company and store roles) opens the wizard at step 1.
    const store = input.viewer.permissions.isStoreUser;
    // A store user's own store comes from the token (the wizard starts with it as the pick-up store).
    const { actors } = renderBooking({
      path: '/deliveries/add', logic, roles: [store ? 'StoreUser' : 'Administrator'], clock: simulated,
      ...(input.originStoreId && { permissions: { storeId: input.originStoreId, companyId: input.viewer.permissions.companyId } }),
    });
    await wizardDialog();
    await screen.findByTestId('delivery-step', {}, { timeout: 5000 });
    await screen.findByTestId('address-originAddress', {}, { timeout: 5000 });
    if (input.deliveryDate) {
      // Step 1 entered again with its date: the date typed, then the step prop asks for step 1 (no quote yet).
      fireEvent.change(dateField(), { target: { value: isoDateToDisplay(input.deliveryDate) } });
      const wizard = actors.findLast((actor) => typeof actor.src !== 'string' && 'id' in actor.src && actor.src.id === 'wizard')!;
      await act(async () => { wizard.send({ type: 'wizard.step', step: 0 }); });
      await screen.findByTestId('address-originAddress', {}, { timeout: 5000 });
    }
    return {
      async send(event) {
        if (event.type === 'delivery.date') {
          // A select of the available dates holds the ISO date; an administrator's date field is typed DD-MM-YYYY.
          const field = dateField();
          fireEvent.change(field, { target: { value: field instanceof HTMLSelectElement ? event.date : isoDateToDisplay(event.date) } });
          // A typed date emptied applies when the field is left.
          if (!(field instanceof HTMLSelectElement)) fireEvent.blur(field);
          return;
        }
        if (event.type === 'delivery.store') {
          const picker = inWizard().getByRole('combobox', { name: event.side === 'originAddress' ? DELIVERY_STEP_TEXTS.pickUpStore : DELIVERY_STEP_TEXTS.dropOffStore });
          fireEvent.change(picker, { target: { value: event.storeId === null ? '' : String(event.storeId) } });
          await settle();
          return;
        }
        const side = SELECT_SIDES[event.type.replace('xstate.snapshot.', '')];
        if (!side) throw new Error(`No UI action for ${event.type}`);
        const box = within(addressBox(side));
        const selected = (event as unknown as { snapshot: { context: { selected: { value: string } | null } } }).snapshot.context.selected;
        if (selected) {
          fireEvent.change(box.getByRole('combobox', { name: SIDE_LABELS[side] }), { target: { value: selected.value.slice(0, 6) } });
          await act(async () => { clock?.increment(SEARCH_DEBOUNCE_MS); });
          fireEvent.click(await box.findByRole('button', { name: selected.value }));
        } else {
          // Clearing is offered only while something is chosen.
          const clear = box.queryByRole('button', { name: `Clear ${SIDE_LABELS[side]}` });
          if (clear) fireEvent.click(clear);
        }
        await settle();
      },
    };
  },
  states: {
    lookups: (snapshot) => {
      expect(inWizard().getByTestId('step-of').textContent).toBe(WIZARD_TEXTS.stepOf(1));
      // Store pickers only with stores.
      const pickers = inWizard().queryAllByRole('combobox', { name: DELIVERY_STEP_TEXTS.pickUpStore });
      expect(pickers).toHaveLength(snapshot.context.stores.length > 0 ? 1 : 0);
      if (pickers.length) {
        expect([...(pickers[0] as HTMLSelectElement).options].slice(1).map((option) => option.textContent)).toEqual(snapshot.context.stores.map((s) => s.value));
      }
      failuresShown(snapshot);
    },
    'lookups.loadingStores': () => expect(dateField().getAttribute('aria-busy')).toBe('true'),
    'lookups.loadingDates': () => {
      const field = dateField();
      if (field instanceof HTMLSelectElement) expect(field.getAttribute('aria-busy')).toBe('true');
      expect(count(alerts(), DELIVERY_STEP_TEXTS.noDatesAvailable)).toBe(0);
    },
    'lookups.ready': (snapshot) => {
      const field = dateField();
      // Administrators pick any date; the others choose from the available dates.
      if (field instanceof HTMLSelectElement) expect([...field.options].slice(1).map((option) => option.value)).toEqual(snapshot.context.dates);
      else expect(field.getAttribute('placeholder')).toBe('DD-MM-YYYY');
      expect(count(alerts(), DELIVERY_STEP_TEXTS.noDatesAvailable)).toBe(0);
    },
    'lookups.noDates': () => expect(count(alerts(), DELIVERY_STEP_TEXTS.noDatesAvailable)).toBe(1),
    'lookups.failed': () => expect(count(alerts(), DELIVERY_STEP_TEXTS.noDatesAvailable)).toBe(0),
    slots: (snapshot) => {
      const field = dateField();
      expect(field.value).toBe(field instanceof HTMLSelectElement ? snapshot.context.date : isoDateToDisplay(snapshot.context.date));
      failuresShown(snapshot);
    },
    'slots.noDate': (snapshot) => {
      expect(timeSelect().disabled).toBe(true);
      // Without a date, an empty one changes nothing (the wizard tells only a changed date).
      expect(chartCan(chart, snapshot, { type: 'delivery.date', date: '' })).toBe(false);
    },
    'slots.loading': () => { expect(timeSelect().disabled).toBe(false); expect(timeSelect().getAttribute('aria-busy')).toBe('true'); },
    'slots.ready': (snapshot) => {
      expect(timeSelect().getAttribute('aria-busy')).toBe('false');
      expect([...timeSelect().options].map((option) => option.value)).toEqual(expect.arrayContaining(snapshot.context.timeSlots.map((slot) => slot.time)));
    },
    'slots.failed': () => expect(timeSelect().getAttribute('aria-busy')).toBe('false'),
    address: (snapshot) => {
      for (const side of ['originAddress', 'destinationAddress'] as const) {
        const box = within(addressBox(side));
        const source = snapshot.context.resolving[side];
        const storePicked = box.queryByRole('combobox', { name: SIDE_LABELS[side] }) === null;
        if (storePicked) {
          // A picked store replaces the address select: its address shows once resolved (001 section 2).
          expect(source?.kind === 'place').toBe(false);
          expect(box.queryByTestId(`${side}-store-address`)?.textContent ?? null).toBe(source ? null : snapshot.context[side]?.description ?? null);
        } else {
          // The shared select with the address texts (001 section 5).
          expect((box.getByRole('combobox', { name: SIDE_LABELS[side] }) as HTMLInputElement).placeholder).toBe(SEARCH_TEXTS.enterAddress);
          // The select shows the choice being resolved, else the address the wizard holds (a store's address
          // shows beside its picker: until the stores list is there, the select shows none).
          const address = snapshot.context[side];
          const shown = source?.kind === 'place' ? source.option.description : address?.storeId ? null : address?.description ?? null;
          expect(box.queryByTestId('search-select-selected')?.textContent ?? null).toBe(shown);
        }
        expect(box.queryByTestId(`${side}-error`)?.textContent ?? null).toBe(snapshot.context.addressErrors[side] ?? null);
      }
    },
    'address.originAddress': () => undefined,
    'address.destinationAddress': () => undefined,
    'address.originAddress.idle': () => expect(addressBox('originAddress').getAttribute('aria-busy')).toBe('false'),
    'address.destinationAddress.idle': () => expect(addressBox('destinationAddress').getAttribute('aria-busy')).toBe('false'),
    'address.originAddress.resolving': () => resolvingShown('originAddress'),
    'address.destinationAddress.resolving': () => resolvingShown('destinationAddress'),
  },
});
