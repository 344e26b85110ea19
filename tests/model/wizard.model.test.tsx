import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';

import { fromPromise, type AnyActorRef } from 'xstate';
import { ACCEPT_STEP_TEXTS, DELIVERY_STEP_TEXTS, PARCEL_STEP_TEXTS, QUOTE_STEP_TEXTS, WIZARD_TEXTS } from '../../src/lib/booking-texts';
import { SEARCH_DEBOUNCE_MS, SERVICE_LEVELS } from '../../src/lib/constants';
import type { AddressValue } from '../../src/machines/booking/booking.model';
import { addressSelectLogic, deliveryStepMachine } from '../../src/machines/booking/delivery-step.machine';
import type { AddressSide } from '../../src/machines/booking/delivery-step.types';
import { sampleDates, sampleTimeSlots } from '../../src/machines/booking/delivery-step.samples';
import { QUOTE_SAMPLE_NOW } from '../../src/machines/booking/quote-expiry.samples';
import { canGoBack, canGoToStep, wizardMachine } from '../../src/machines/booking/wizard.machine';
import { sampleCustomParcel, sampleDropOff, samplePickUp, wizardSamples } from '../../src/machines/booking/wizard.samples';
import { inWizard, preloadBooking, renderBooking, wizardDialog } from '../support/booking-harness';
import { chartCan, describeModel } from '../support/model-paths';

type Snapshot = ReturnType<typeof wizardMachine.getInitialSnapshot>;

afterEach(() => vi.restoreAllMocks());

const ADDRESSES: Record<string, AddressValue> = { [samplePickUp.placeId!]: samplePickUp, [sampleDropOff.placeId!]: sampleDropOff };
const OPTIONS = Object.values(ADDRESSES).map((address) => ({ key: address.placeId!, value: address.description }));

/** Resolves held back by `delivery.resolving`, by placeId. */
const held = new Map<string, { promise: Promise<void>; release: () => void }>();
function hold(placeId: string) {
  let release = () => undefined as void;
  const promise = new Promise<void>((resolve) => { release = resolve; });
  held.set(placeId, { promise, release });
}

/** Step 1's lookups answer at once (their own paths are the delivery step's model test). */
const answeredLookups = deliveryStepMachine.provide({
  actors: {
    loadStores: fromPromise(async () => []),
    loadDates: fromPromise(async () => sampleDates),
    loadTimeSlots: fromPromise(async () => sampleTimeSlots),
    // A held place answers only when the path's `delivery.edit` of its side releases it (a slow resolve).
    resolveAddress: fromPromise(async ({ input }: { input: { option: { placeId: string } } }) => {
      const gate = held.get(input.option.placeId);
      if (gate) await gate.promise;
      return ADDRESSES[input.option.placeId]!;
    }),
    addressSelect: addressSelectLogic.provide({ actors: { searchOptions: fromPromise(async () => OPTIONS) as never } }),
  } as never,
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const nextButton = () => inWizard().getByRole('button', { name: WIZARD_TEXTS.next }) as HTMLButtonElement;
const backButton = () => inWizard().getByRole('button', { name: WIZARD_TEXTS.back }) as HTMLButtonElement;
const stepOf = (step: number) => expect(inWizard().getByTestId('step-of').textContent).toBe(WIZARD_TEXTS.stepOf(step));
const problemShown = (snapshot: Snapshot) => expect(inWizard().getByTestId('booking-problem').textContent).toContain(snapshot.context.problem!);
const noProblem = () => expect(inWizard().queryByTestId('booking-problem')).toBeNull();
/** A reopened PAYMENT_FAILED delivery keeps "Payment failed because '…'" on screen until the next call or Back. */
const problemAsContext = (snapshot: Snapshot) => (snapshot.context.problem ? problemShown(snapshot) : noProblem());
const footer = () => within(inWizard().getByTestId('wizard-footer'));
/** Next is replaced by a spacer (001 section 2): an empty element hidden from readers, no Next button. */
const spacer = () => {
  expect(inWizard().queryByRole('button', { name: WIZARD_TEXTS.next })).toBeNull();
  expect(footer().getByTestId('next-spacer').getAttribute('aria-hidden')).toBe('true');
  expect(footer().getByTestId('next-spacer').textContent).toBe('');
};
/** While the wizard saves: the spacer, and the footer's polite status says it is working. */
const busy = () => {
  spacer();
  const status = footer().getByRole('status');
  expect(status.getAttribute('aria-live')).toBe('polite');
  expect(status.textContent).toBe(WIZARD_TEXTS.loading);
};
const idle = () => {
  expect(nextButton().disabled).toBe(false);
  expect(footer().queryByTestId('next-spacer')).toBeNull();
  expect(footer().getByRole('status').textContent).toBe('');
};
const addressBox = (side: AddressSide) => inWizard().getByTestId(`address-${side}`);

async function chooseAddress(side: AddressSide, address: AddressValue) {
  const box = await waitFor(() => addressBox(side));
  fireEvent.change(within(box).getByRole('combobox', { name: side === 'originAddress' ? DELIVERY_STEP_TEXTS.pickUp : DELIVERY_STEP_TEXTS.dropOff }), { target: { value: address.description.slice(0, 6) } });
  await act(async () => { clock?.increment(SEARCH_DEBOUNCE_MS); });
  fireEvent.click(await within(box).findByRole('button', { name: address.description }));
  await settle();
}

let clock: { increment(ms: number): void } | undefined;
/** The chart under test (its guards observed), for what the view cannot offer: `chartCan`. */
let chart: typeof wizardMachine;
let actors: AnyActorRef[] = [];
/** The running wizard (for the step prop, which is not a user action). */
const wizardActor = () => actors.findLast((actor) => (actor as unknown as { logic?: { id?: string } }).logic?.id === 'wizard')!;

/** The first path of the file also waits for the app's lazy screens to load (seconds on a loaded CI machine). */
const FIRST_RENDER_MS = 15_000;

describeModel({
  machine: wizardMachine,
  scenarios: wizardSamples.scenarios,
  targets: wizardSamples.targets,
  guards: true,
  async start(machine, input, simulated) {
    clock = simulated;
    chart = machine;
    held.clear();
    // The quotes' expiry reads the wall clock: pinned to the samples' start plus the simulated time.
    vi.spyOn(Date, 'now').mockImplementation(() => QUOTE_SAMPLE_NOW + simulated.now());
    await preloadBooking();
    const wizard = machine.provide({ actors: { deliveryStep: answeredLookups } as never });
    // A customer opens the wizard from the header; back from the card provider it reopens on the delivery.
    ({ actors } = renderBooking({
      path: '/', logic: { wizard }, clock: simulated,
      ...(input.deliveryId && { state: { bookingDeliveryId: input.deliveryId } }),
    }));
    if (!input.deliveryId) fireEvent.click(await screen.findByRole('button', { name: WIZARD_TEXTS.newDelivery }, { timeout: FIRST_RENDER_MS }));
    await wizardDialog();
    return {
      async send(event) {
        switch (event.type) {
          // A drop-off choice whose resolve is slow (issue 21: Next clicked meanwhile was lost).
          case 'delivery.resolving': {
            const clear = within(addressBox('destinationAddress')).queryByRole('button', { name: `Clear ${DELIVERY_STEP_TEXTS.dropOff}` });
            if (clear && wizardActor().getSnapshot().matches({ steps: { delivery: 'invalid' } })) {
              // Choosing the drop-off again means clearing it first, an edit that ends `invalid`: a walk's resolve
              // right after a refused Next goes to the chart as the delivery step chart sends it (its edit follows).
              await act(async () => { wizardActor().send(event); });
              break;
            }
            if (clear) { fireEvent.click(clear); await settle(); }
            hold(sampleDropOff.placeId!);
            await chooseAddress('destinationAddress', sampleDropOff);
            break;
          }
          case 'delivery.edit': {
            const values = event.values as Record<string, unknown>;
            const slow = 'destinationAddress' in values && held.get(sampleDropOff.placeId!);
            if (slow) {
              held.delete(sampleDropOff.placeId!);
              slow.release();
              await settle();
            } else if (['originAddress', 'destinationAddress'].some((side) => side in values
              && wizardActor().getSnapshot().context.form[side as AddressSide]?.placeId === (values[side] as AddressValue).placeId)) {
              // The address already chosen: choosing it again changes nothing on the page (no edit is sent), so a
              // walk's repeated sample goes to the chart as the delivery step chart would send it.
              await act(async () => { wizardActor().send(event); });
            } else if ('originAddress' in values) await chooseAddress('originAddress', values.originAddress as AddressValue);
            else if ('destinationAddress' in values) await chooseAddress('destinationAddress', values.destinationAddress as AddressValue);
            else if ('deliveryDate' in values) {
              const select = inWizard().getByLabelText(new RegExp(`^${DELIVERY_STEP_TEXTS.date}`)) as HTMLSelectElement;
              await waitFor(() => expect([...select.options].map((option) => option.value)).toContain(values.deliveryDate));
              fireEvent.change(select, { target: { value: values.deliveryDate } });
            } else throw new Error(`No UI action for delivery.edit ${JSON.stringify(values)}`);
            break;
          }
          case 'step.submit': {
            // While a call runs Next is gone: a double click's second click reaches the chart before it goes.
            if (!inWizard().queryByRole('button', { name: WIZARD_TEXTS.next })) {
              await act(async () => { wizardActor().send(event); });
              break;
            }
            // The quote's choice is step 3's (a walk may send this sample on another step, where Next ignores it).
            const radio = event.quoteId && inWizard().queryByRole('radio', { name: new RegExp(SERVICE_LEVELS.Priority) });
            if (radio) fireEvent.click(radio);
            fireEvent.click(nextButton());
            break;
          }
          case 'parcels.change': {
            // The sample's list is the custom parcel alone: a reopened delivery's own parcels are removed first.
            const removes = () => inWizard().queryAllByRole('button', { name: new RegExp(`^${PARCEL_STEP_TEXTS.remove} `) });
            while (removes().length > 0) fireEvent.click(removes()[0]!);
            fireEvent.click(inWizard().getByRole('button', { name: PARCEL_STEP_TEXTS.custom }));
            const form = within(inWizard().getByTestId('custom-parcel'));
            const field = (label: string) => form.getByLabelText(new RegExp(`^${label}`));
            fireEvent.change(field(PARCEL_STEP_TEXTS.name), { target: { value: sampleCustomParcel.deliveryItemName } });
            for (const size of ['length', 'width', 'height', 'weight'] as const) {
              fireEvent.change(field(PARCEL_STEP_TEXTS[size]), { target: { value: String(sampleCustomParcel[size]) } });
            }
            fireEvent.click(form.getByRole('button', { name: PARCEL_STEP_TEXTS.addCustom }));
            break;
          }
          case 'quote.timeSlot':
            fireEvent.change(inWizard().getByRole('combobox', { name: QUOTE_STEP_TEXTS.firstAvailableTimeslot }), { target: { value: event.deliveryTime } });
            break;
          case 'step.goto':
            fireEvent.click(inWizard().getByRole('button', { name: `${(event.step as number) + 1}. ${WIZARD_TEXTS.steps[event.step as number]}` }));
            break;
          case 'step.back': fireEvent.click(backButton()); break;
          case 'wizard.reattempt':
            fireEvent.click(inWizard().getByRole('button', { name: inWizard().queryByTestId('delivery-failed') ? WIZARD_TEXTS.reattemptDelivery : WIZARD_TEXTS.retry }));
            break;
          // The step prop of <BookingWizard> changed (its effect sends this).
          case 'wizard.step': await act(async () => { wizardActor().send(event); }); break;
          case 'wizard.close': fireEvent.click(inWizard().getByRole('button', { name: WIZARD_TEXTS.close })); break;
          default: throw new Error(`No UI action for ${event.type}`);
        }
      },
    };
  },
  states: {
    // No quote data and a step other than 1: the spinner (001 section 2); a requested step waits for the data.
    loading: (snapshot) => {
      expect(inWizard().getByRole('status').textContent).toContain(WIZARD_TEXTS.loading);
      expect(inWizard().queryByTestId('step-of')).toBeNull();
      // A step prop of one of the six steps is kept for the landing; any other is ignored.
      expect(chartCan(chart, snapshot, { type: 'wizard.step', step: 2 })).toBe(true);
      expect(chartCan(chart, snapshot, { type: 'wizard.step', step: WIZARD_TEXTS.steps.length })).toBe(false);
    },
    loadFailed: (snapshot) => {
      problemShown(snapshot);
      expect(inWizard().getByRole('button', { name: WIZARD_TEXTS.retry })).toBeTruthy();
    },
    steps: (snapshot) => {
      stepOf(snapshot.context.activeStep + 1);
      // Back is disabled on step 1 and while a call runs; earlier steps are buttons, later ones are not reachable.
      const busyNow = snapshot.hasTag('busy');
      expect(backButton().disabled).toBe(!canGoBack(snapshot));
      expect(canGoBack(snapshot)).toBe(snapshot.context.activeStep > 0 && !busyNow);
      WIZARD_TEXTS.steps.forEach((title, index) => {
        const button = inWizard().getByRole('button', { name: `${index + 1}. ${title}` }) as HTMLButtonElement;
        expect(button.getAttribute('aria-current')).toBe(index === snapshot.context.activeStep ? 'step' : null);
        expect(button.disabled).toBe(!canGoToStep(snapshot, index));
        expect(canGoToStep(snapshot, index)).toBe(index < snapshot.context.activeStep && !busyNow);
      });
      // The step prop moves to Delivery only while there is no quote data (and no call runs).
      expect(chartCan(chart, snapshot, { type: 'wizard.step', step: 0 })).toBe(snapshot.context.quote === null && !busyNow);
    },
    'steps.delivery': async (snapshot) => {
      expect(inWizard().getByTestId('delivery-step')).toBeTruthy();
      const { form } = snapshot.context;
      for (const side of ['originAddress', 'destinationAddress'] as const) {
        const shown = within(addressBox(side)).queryByTestId('search-select-selected');
        // A side being resolved shows the choice on its way.
        const resolving = snapshot.context.resolvingSides.includes(side) ? sampleDropOff.description : null;
        expect(shown?.textContent ?? null).toBe(resolving ?? form[side]?.description ?? null);
      }
      const date = inWizard().getByLabelText(new RegExp(`^${DELIVERY_STEP_TEXTS.date}`)) as HTMLSelectElement;
      await waitFor(() => expect(date.value).toBe(form.deliveryDate));
      expect((inWizard().getByRole('checkbox', { name: DELIVERY_STEP_TEXTS.roundTrip }) as HTMLInputElement).checked).toBe(form.isRoundTrip);
    },
    'steps.delivery.editing': () => { idle(); noProblem(); expect(inWizard().queryAllByRole('alert')).toEqual([]); },
    'steps.delivery.invalid': (snapshot) => {
      idle();
      const alerts = inWizard().getAllByRole('alert').map((node) => node.textContent);
      expect(alerts).toEqual(expect.arrayContaining(Object.values(snapshot.context.errors)));
      expect(alerts.length).toBeGreaterThan(0);
    },
    'steps.delivery.failed': (snapshot) => { idle(); problemShown(snapshot); },
    // Next while the drop-off resolves: the wizard is busy and asks for the quote once the address arrives.
    'steps.delivery.awaitingAddress': busy,
    'steps.delivery.creating': busy,
    'steps.delivery.updating': busy,
    'steps.parcels': (snapshot) => {
      expect(inWizard().getByRole('heading', { name: PARCEL_STEP_TEXTS.heading })).toBeTruthy();
      expect(inWizard().getByTestId('parcel-count').textContent).toBe(PARCEL_STEP_TEXTS.parcelCount(snapshot.context.parcels.length));
      expect(inWizard().queryAllByTestId('parcel').map((row) => row.textContent)).toEqual(
        snapshot.context.parcels.map((parcel) => expect.stringContaining(parcel.deliveryItemName ?? parcel.name!)));
      // The loaded types as tiles, Custom always last.
      const tiles = inWizard().getAllByTestId('parcel-type').map((tile) => tile.textContent);
      expect(tiles.at(-1)).toBe(PARCEL_STEP_TEXTS.custom);
      expect(tiles).toHaveLength(Math.max(snapshot.context.parcelTypes.length, 1));
      // The catalogue loads once per visit: with it shown, a second answer is refused (the tiles stay as they are).
      expect(chartCan(chart, snapshot, { type: 'xstate.done.actor.loadParcelTypes', output: [] })).toBe(snapshot.context.parcelTypes.length === 0);
    },
    'steps.parcels.editing': (snapshot) => {
      idle();
      noProblem();
      expect(inWizard().queryByTestId('parcels-hint')?.textContent ?? null).toBe(snapshot.context.parcels.length === 0 ? PARCEL_STEP_TEXTS.selectParcelSize : null);
    },
    'steps.parcels.invalid': (snapshot) => {
      expect(inWizard().getByTestId('parcels-error').textContent).toBe(snapshot.context.errors.parcels);
      expect(inWizard().queryByTestId('parcels-hint')).toBeNull();
    },
    'steps.parcels.failed': problemShown,
    'steps.parcels.submitting': busy,
    'steps.quotes': (snapshot) => {
      const options = within(inWizard().getByRole('radiogroup', { name: QUOTE_STEP_TEXTS.options })).getAllByTestId('quote-option');
      expect(options.map((option) => option.textContent)).toEqual(
        snapshot.context.quote!.deliveryQuotes.map((quote) => expect.stringContaining(SERVICE_LEVELS[quote.slaType])));
      // A customer sees no prices.
      expect(inWizard().queryByTestId('quote-price')).toBeNull();
      const slot = inWizard().getByRole('combobox', { name: QUOTE_STEP_TEXTS.firstAvailableTimeslot }) as HTMLSelectElement;
      expect([...slot.options].map((option) => option.value)).toEqual(expect.arrayContaining(snapshot.context.timeSlots.map((s) => s.time)));
      // The date's time slots load once per visit: with them offered, a second answer is refused.
      expect(chartCan(chart, snapshot, { type: 'xstate.done.actor.loadTimeSlots', output: [] })).toBe(snapshot.context.timeSlots.length === 0);
    },
    'steps.quotes.editing': (snapshot) => {
      idle();
      problemAsContext(snapshot);
      expect(inWizard().queryByTestId('quote-error')).toBeNull();
      // Only a time slot of the date is taken: the select's other option is the quote's own time (no change).
      const { quote, timeSlots } = snapshot.context;
      const offered = new Set(timeSlots.map((slot) => slot.time));
      for (const deliveryTime of [quote!.readyForCollectionTimeSlotLocal ?? '', ...offered]) {
        expect(chartCan(chart, snapshot, { type: 'quote.timeSlot', quoteId: quote!.deliveryQuotes[0]!.id, deliveryTime })).toBe(offered.has(deliveryTime));
      }
    },
    'steps.quotes.invalid': (snapshot) => expect(inWizard().getByTestId('quote-error').textContent).toBe(snapshot.context.errors.quoteId),
    'steps.quotes.failed': problemShown,
    'steps.quotes.changingTimeSlot': () => {
      busy();
      expect(inWizard().getByRole('combobox', { name: QUOTE_STEP_TEXTS.firstAvailableTimeslot }).getAttribute('aria-busy')).toBe('true');
    },
    'steps.quotes.submitting': busy,
    // The details sub-chart is answered by its output here (its own paths: details.model.test.tsx).
    // The footer shows a spacer on step 4 until the last details sub-step (the details view has its own Next).
    'steps.details': () => { stepOf(4); expect(inWizard().getByText(WIZARD_TEXTS.loading)).toBeTruthy(); spacer(); },
    'steps.accept': async () => { await screen.findByRole('heading', { name: ACCEPT_STEP_TEXTS.heading }); stepOf(5); },
    'steps.accept.reviewing': (snapshot) => { idle(); problemAsContext(snapshot); },
    'steps.accept.failed': problemShown,
    'steps.accept.submitting': busy,
    // The pay sub-chart is answered by its output here (its own paths: pay.model.test.tsx).
    'steps.pay': (snapshot) => {
      stepOf(6);
      expect(inWizard().getByRole('button', { name: WIZARD_TEXTS.finish }).hasAttribute('disabled')).toBe(true);
      if (snapshot.context.problem) problemShown(snapshot);
    },
    paid: async (snapshot) => {
      await screen.findByTestId('booking-success');
      // Once paid: no Back, no earlier step to click (001 section 2).
      expect(canGoBack(snapshot)).toBe(false);
      expect([0, 1, 2, 3, 4, 5].some((step) => canGoToStep(snapshot, step))).toBe(false);
      expect(inWizard().queryByRole('button', { name: WIZARD_TEXTS.back })).toBeNull();
      expect(inWizard().getByRole('button', { name: WIZARD_TEXTS.goToDashboard })).toBeTruthy();
      expect(inWizard().getByRole('button', { name: WIZARD_TEXTS.placeAnotherOrder })).toBeTruthy();
      expect(inWizard().queryByTestId('step-of')).toBeNull();
    },
    failed: () => {
      const view = within(inWizard().getByTestId('delivery-failed'));
      expect(view.getByRole('heading', { name: WIZARD_TEXTS.deliveryFailed })).toBeTruthy();
      expect(view.getByText(WIZARD_TEXTS.deliveryExpired)).toBeTruthy();
    },
    'failed.idle': () => {
      noProblem();
      expect((inWizard().getByRole('button', { name: WIZARD_TEXTS.reattemptDelivery }) as HTMLButtonElement).disabled).toBe(false);
    },
    'failed.problem': problemShown,
    'failed.reattempting': () => expect((inWizard().getByRole('button', { name: WIZARD_TEXTS.reattemptDelivery }) as HTMLButtonElement).disabled).toBe(true),
    closed: async () => {
      await waitFor(() => expect(screen.queryByTestId('booking-wizard')).toBeNull());
    },
  },
});
