import { assign, enqueueActions, setup } from 'xstate';
import { COMPANY_ROLES, hasAnyRole, STORE_ROLES } from '../../lib/roles';
import type { SelectOption } from '../../resources/types';
import { searchSelectMachine } from '../lists/search-select.machine';
import { loadDates, loadStores, loadTimeSlots, resolveAddress, searchAddresses } from './booking.actors';
import { outputParams } from '../shared/shared.actions';
import { problemText } from './booking.errors';
import type { AddressValue, TimeSlot } from './booking.model';
import type { DeliveryStepSchema, AddressSide, AddressSelectSnapshot, AddressSource, DeliveryEdit, DeliveryStepContext, SideChoice } from './delivery-step.types';

/** The search select of each side, by the id of its invoked actor. */
export const ADDRESS_SELECT_IDS = { originAddress: 'originSearch', destinationAddress: 'destinationSearch' } as const satisfies Record<AddressSide, string>;

/**
 * An address select: the shared search select whose search is the address search (GET addresses/{cca2}). Named
 * `...Logic`, not `...Machine`: the /flows catalogue lists it once, as the search select it is.
 */
export const addressSelectLogic = searchSelectMachine.provide({ actors: { searchOptions: searchAddresses } });

const storeToResolve = (storeId: number | null | undefined, address: AddressValue | null): AddressSource | null =>
  storeId && !address ? { kind: 'store', storeId } : null;

const toOption = (address: AddressValue | null): SelectOption | null =>
  address ? { key: address.placeId ?? address.description, value: address.description } : null;

/** A store picker's change as a side's region sees it: `picked` is the side whose picker changed. */
interface StorePick { side: AddressSide; picked: AddressSide; storeId: number | null }

/** The form's store field of a side. */
const STORE_FIELDS = { originAddress: 'originStoreId', destinationAddress: 'destinationStoreId' } as const satisfies Record<AddressSide, string>;

/** The invoked resolve of each side (both sides may resolve at once). */
export const RESOLVE_IDS = { originAddress: 'resolveOriginAddress', destinationAddress: 'resolveDestinationAddress' } as const satisfies Record<AddressSide, string>;

/** Tells the wizard about changed form values (a step run on its own has no wizard). */
function tellWizard(context: DeliveryStepContext, values: DeliveryEdit['values']): void {
  context.wizard?.send({ type: 'delivery.edit', values });
}

/** The store a side holds or is resolving. */
function storeOf(context: DeliveryStepContext, side: AddressSide): number | null {
  const source = context.resolving[side];
  if (source) return source.kind === 'store' ? source.storeId : null;
  return context[side]?.storeId ?? null;
}

/** The place key a side holds or is resolving: a choice in its select equal to it is no change. */
function placeKey(context: DeliveryStepContext, side: AddressSide): string | null {
  const source = context.resolving[side];
  if (source) return source.kind === 'place' ? source.option.placeId : null;
  return context.chosen[side];
}

/**
 * The transitions of one side's select (in the side's own region, so only that side's resolve restarts): a new
 * choice is resolved, clearing it clears the form's address.
 */
function addressSelect(side: AddressSide) {
  // Generated test paths send snapshot events without a snapshot.
  const choice = ({ event }: { event: { snapshot?: AddressSelectSnapshot } }): SideChoice => ({ side, selected: event.snapshot?.context.selected ?? null });
  return [
    // A new choice starts (or restarts) its side's resolve, whatever the other side is doing: never dropped.
    { guard: { type: 'newChoice' as const, params: choice }, target: '.resolving', actions: { type: 'startResolving' as const, params: choice } },
    { guard: { type: 'cleared' as const, params: choice }, target: '.idle', actions: [{ type: 'clearSide' as const, params: { side } }, { type: 'editWizard' as const, params: { side, address: null } }] },
  ];
}

/** A side's store picker changed (the event names its side): a store is resolved to its address; none, none. */
function storePicker(side: AddressSide) {
  const pick = ({ event }: { event: { side: AddressSide; storeId: number | null } }) => ({ side, picked: event.side, storeId: event.storeId });
  return [
    { guard: { type: 'storeGiven' as const, params: pick }, target: '.resolving', actions: { type: 'startStore' as const, params: ({ event }: { event: { storeId: number | null } }) => ({ side, storeId: event.storeId! }) } },
    { guard: { type: 'storeCleared' as const, params: pick }, target: '.idle', actions: { type: 'clearStore' as const, params: { side } } },
  ];
}

/** One side: its address select, and the resolve of its choice (a place or a store) to an address with coordinates. */
function sideRegion(side: AddressSide) {
  return {
    initial: 'start',
    invoke: {
      id: ADDRESS_SELECT_IDS[side],
      src: 'addressSelect' as const,
      // `resource` only feeds the select's default search, replaced here by the address search.
      input: ({ context }: { context: DeliveryStepContext }) => ({ resource: 'stores' as const, cca2: context.cca2, selected: toOption(context[side]) }),
      onSnapshot: addressSelect(side),
    },
    on: { 'delivery.store': storePicker(side) },
    states: {
      // A store from the token (or a reopened form) with no address yet: its address is resolved at once.
      start: { always: [{ guard: { type: 'resolvingSide' as const, params: { side } }, target: 'resolving' }, { target: 'idle' }] },
      idle: {},
      resolving: {
        tags: ['loading' as const],
        entry: { type: 'tellResolving' as const, params: { side } },
        invoke: {
          id: RESOLVE_IDS[side],
          src: 'resolveAddress' as const,
          input: ({ context }: { context: DeliveryStepContext }) => {
            const source = context.resolving[side]!;
            return source.kind === 'place' ? { cca2: context.cca2, option: source.option } : { cca2: context.cca2, storeId: source.storeId };
          },
          onDone: { target: 'idle', actions: { type: 'resolved' as const, params: ({ event }: { event: { output: AddressValue } }) => ({ side, address: event.output }) } },
          onError: { target: 'idle', actions: { type: 'rejected' as const, params: ({ event }: { event: { error: unknown } }) => ({ side, error: event.error }) } },
        },
      },
    },
  };
}

/**
 * Wizard step 1's lookups (001 sections 2, 5, 8): the stores list for company and store roles, the available
 * pick-up dates for the store and company ('No dates available', 'Oops! something went wrong'), the time slots of
 * the chosen date (the time select is disabled until a date is chosen), and the pick-up and drop-off address
 * selects (the shared search select: minimum 3 characters, 500 ms debounce) or store pickers whose choice is
 * resolved to an address with coordinates and handed to the wizard; a failed resolve shows its error and rejects
 * the selection. Each side resolves on its own, and the wizard hears when one starts, so a Next clicked meanwhile
 * waits for the address instead of finding it missing. The wizard keeps the form values and the submit.
 */
export const deliveryStepMachine = setup({
  types: {} as DeliveryStepSchema,
  actors: { loadStores, loadDates, loadTimeSlots, resolveAddress, addressSelect: addressSelectLogic },
  actions: {
    setStores: assign((_, stores: SelectOption[] | undefined) => ({ stores: stores ?? [] })),
    setDates: assign((_, dates: string[] | undefined) => ({ dates: dates ?? [] })),
    clearDates: assign({ dates: [] }),
    setSlots: assign((_, timeSlots: TimeSlot[] | undefined) => ({ timeSlots: timeSlots ?? [] })),
    clearSlots: assign({ timeSlots: [] }),
    setDate: assign((_, params: { date: string }) => ({ date: params.date, timeSlots: [] })),
    startResolving: assign(({ context }, params: SideChoice) => {
      const option = params.selected!;
      return {
        resolving: { ...context.resolving, [params.side]: { kind: 'place', option: { placeId: option.key, description: option.value } } },
        addressErrors: { ...context.addressErrors, [params.side]: undefined },
      };
    }),
    // A store picked: its address becomes the side's address once resolved (the select's own choice is dropped).
    startStore: enqueueActions(({ context, enqueue }, params: { side: AddressSide; storeId: number }) => {
      enqueue.assign({
        resolving: { ...context.resolving, [params.side]: { kind: 'store', storeId: params.storeId } },
        chosen: { ...context.chosen, [params.side]: null },
        addressErrors: { ...context.addressErrors, [params.side]: undefined },
      });
      if (context.chosen[params.side] !== null) enqueue.sendTo(ADDRESS_SELECT_IDS[params.side], { type: 'select.clear' });
      enqueue(() => tellWizard(context, { [STORE_FIELDS[params.side]]: params.storeId }));
    }),
    // No store: the store's address goes with it.
    clearStore: enqueueActions(({ context, enqueue }, params: { side: AddressSide }) => {
      enqueue.assign({ resolving: { ...context.resolving, [params.side]: null }, [params.side]: null });
      enqueue(() => tellWizard(context, { [params.side]: null, [STORE_FIELDS[params.side]]: null }));
    }),
    clearSide: assign(({ context }, params: { side: AddressSide }) => ({
      chosen: { ...context.chosen, [params.side]: null }, resolving: { ...context.resolving, [params.side]: null }, [params.side]: null,
    })),
    editWizard: ({ context }, params: { side: AddressSide; address: AddressValue | null }) => tellWizard(context, { [params.side]: params.address }),
    tellResolving: ({ context }, params: { side: AddressSide }) => context.wizard?.send({ type: 'delivery.resolving', side: params.side }),
    resolved: enqueueActions(({ context, enqueue }, params: { side: AddressSide; address: AddressValue }) => {
      const { side, address } = params;
      const source = context.resolving[side]!;
      const storeId = source.kind === 'store' ? source.storeId : null;
      const value = storeId ? { ...address, storeId } : address;
      enqueue.assign({
        chosen: { ...context.chosen, [side]: source.kind === 'place' ? source.option.placeId : null },
        [side]: value, resolving: { ...context.resolving, [side]: null },
      });
      // A place replaces the side's store; a store's address carries its storeId.
      enqueue(() => tellWizard(context, { [side]: value, [STORE_FIELDS[side]]: storeId }));
    }),
    // 001 section 8: a failed resolve sets an error and rejects the selection (the select or the store picker is
    // cleared, and so is the form's address of that side).
    rejected: enqueueActions(({ context, enqueue }, params: { side: AddressSide; error: unknown }) => {
      const { side } = params;
      const store = context.resolving[side]?.kind === 'store';
      enqueue.assign({
        addressErrors: { ...context.addressErrors, [side]: problemText(params.error) },
        chosen: { ...context.chosen, [side]: null }, [side]: null, resolving: { ...context.resolving, [side]: null },
      });
      if (!store) enqueue.sendTo(ADDRESS_SELECT_IDS[side], { type: 'select.clear' });
      enqueue(() => tellWizard(context, store ? { [side]: null, [STORE_FIELDS[side]]: null } : { [side]: null }));
    }),
  },
  guards: {
    loadsStores: ({ context }) => context.loadsStores,
    hasDates: (_, dates: string[] | undefined) => (dates ?? []).length > 0,
    hasDate: ({ context }) => context.date !== '',
    dateGiven: (_, params: { date: string }) => typeof params.date === 'string' && params.date !== '',
    // The date emptied (the wizard tells only a changed date: never an empty one again).
    dateCleared: ({ context }, params: { date: string }) => params.date === '' && context.date !== '',
    // A choice other than the side's current (or resolving) place.
    newChoice: ({ context }, params: SideChoice) => params.selected !== null && params.selected.key !== placeKey(context, params.side),
    // The select emptied while it held (or resolved) a place; a store's resolve is not the select's to cancel.
    cleared: ({ context }, params: SideChoice) => params.selected === null && placeKey(context, params.side) !== null,
    resolvingSide: ({ context }, params: { side: AddressSide }) => context.resolving[params.side] !== null,
    // Only company and store roles have store pickers.
    storeGiven: ({ context }, params: StorePick) => params.picked === params.side
      && context.stores.some((store) => store.key === String(params.storeId)) && params.storeId !== storeOf(context, params.side),
    storeCleared: ({ context }, params: StorePick) => params.picked === params.side && params.storeId === null && storeOf(context, params.side) !== null,
  },
}).createMachine({
  id: 'deliveryStep',
  description: "Wizard step 1's lookups: stores, available dates, time slots of the date, and the two address selects resolved to addresses.",
  context: ({ input }) => ({
    cca2: input.viewer.cca2,
    storeId: input.viewer.permissions.storeId,
    companyId: input.viewer.permissions.companyId,
    loadsStores: hasAnyRole(input.viewer.permissions, [...COMPANY_ROLES, ...STORE_ROLES]),
    dates: [],
    stores: [],
    timeSlots: [],
    date: input.deliveryDate,
    originAddress: input.originAddress,
    destinationAddress: input.destinationAddress,
    chosen: { originAddress: toOption(input.originAddress)?.key ?? null, destinationAddress: toOption(input.destinationAddress)?.key ?? null },
    // A store with no address yet (a store user's own store) is resolved to its address at once.
    resolving: {
      originAddress: storeToResolve(input.originStoreId, input.originAddress),
      destinationAddress: storeToResolve(input.destinationStoreId, input.destinationAddress),
    },
    addressErrors: {},
    wizard: input.wizard ?? null,
  }),
  type: 'parallel',
  states: {
    lookups: {
      description: 'The stores list (company and store roles), then the available pick-up dates.',
      initial: 'start',
      states: {
        start: { always: [{ guard: 'loadsStores', target: 'loadingStores' }, { target: 'loadingDates' }] },
        loadingStores: {
          description: 'Loading the stores of the pickers (a failure leaves the list empty).',
          tags: ['loading'],
          invoke: {
            id: 'loadStores',
            src: 'loadStores',
            input: ({ context }) => ({ cca2: context.cca2 }),
            onDone: { target: 'loadingDates', actions: { type: 'setStores', params: outputParams } },
            onError: { target: 'loadingDates', actions: assign({ stores: [] }) },
          },
        },
        loadingDates: {
          description: 'Loading the pick-up dates of the store and company.',
          tags: ['loading'],
          invoke: {
            id: 'loadDates',
            src: 'loadDates',
            input: ({ context }) => ({ cca2: context.cca2, storeId: context.storeId, companyId: context.companyId }),
            onDone: [{ guard: { type: 'hasDates', params: outputParams }, target: 'ready', actions: { type: 'setDates', params: outputParams } }, { target: 'noDates', actions: 'clearDates' }],
            onError: { target: 'failed', actions: 'clearDates' },
          },
        },
        ready: { description: 'The date select offers the available dates.' },
        noDates: { description: "'No dates available'" },
        failed: { description: "'Oops! something went wrong'" },
      },
    },
    slots: {
      description: 'The time slots of the chosen date.',
      initial: 'start',
      on: {
        'delivery.date': [
          { guard: { type: 'dateGiven', params: ({ event }) => ({ date: event.date }) }, target: '.loading', actions: { type: 'setDate', params: ({ event }) => ({ date: event.date }) } },
          { guard: { type: 'dateCleared', params: ({ event }) => ({ date: event.date }) }, target: '.noDate', actions: { type: 'setDate', params: ({ event }) => ({ date: event.date }) } },
        ],
      },
      states: {
        start: { always: [{ guard: 'hasDate', target: 'loading' }, { target: 'noDate' }] },
        noDate: { description: 'The time select is disabled until a date is chosen.' },
        loading: {
          tags: ['loading'],
          entry: 'clearSlots',
          invoke: {
            id: 'loadTimeSlots',
            src: 'loadTimeSlots',
            input: ({ context }) => ({ cca2: context.cca2, localDate: context.date }),
            onDone: { target: 'ready', actions: { type: 'setSlots', params: outputParams } },
            onError: 'failed',
          },
        },
        ready: { description: 'The time select offers the slots of the date.' },
        failed: { description: "'Oops! something went wrong'" },
      },
    },
    address: {
      description: "Each side's choice (a place in its address select, or a store) is resolved to the address with coordinates.",
      type: 'parallel',
      states: { originAddress: sideRegion('originAddress'), destinationAddress: sideRegion('destinationAddress') },
    },
  },
});
