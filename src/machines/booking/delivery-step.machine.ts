import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { COMPANY_ROLES, hasAnyRole, STORE_ROLES } from '../../lib/roles';
import type { SelectOption } from '../../resources/types';
import { searchSelectMachine } from '../lists/search-select.machine';
import { loadDates, loadStores, loadTimeSlots, resolveAddress, searchAddresses, type AddressOption } from './booking.actors';
import { problemText } from './booking.errors';
import type { AddressValue, BookingViewer, TimeSlot } from './booking.types';

export type AddressSide = 'originAddress' | 'destinationAddress';

/** The search select of each side, by the id of its invoked actor. */
export const ADDRESS_SELECT_IDS = { originAddress: 'originSearch', destinationAddress: 'destinationSearch' } as const satisfies Record<AddressSide, string>;

/**
 * An address select: the shared search select whose search is the address search (GET addresses/{cca2}). Named
 * `...Logic`, not `...Machine`: the /flows catalogue lists it once, as the search select it is.
 */
export const addressSelectLogic = searchSelectMachine.provide({ actors: { searchOptions: searchAddresses as never } });

type AddressSelectSnapshot = SnapshotFrom<typeof searchSelectMachine>;

export interface DeliveryStepInput {
  viewer: BookingViewer;
  originAddress: AddressValue | null;
  destinationAddress: AddressValue | null;
  deliveryDate: string;
}

export interface DeliveryStepContext {
  cca2: string;
  storeId: number | null;
  companyId: number | null;
  /** Company and store roles get the stores list (001 section 2). */
  loadsStores: boolean;
  dates: string[];
  stores: SelectOption[];
  timeSlots: TimeSlot[];
  date: string;
  originAddress: AddressValue | null;
  destinationAddress: AddressValue | null;
  /** The placeId each side's form value came from: a different choice in its select is resolved. */
  chosen: Record<AddressSide, string | null>;
  /** The choice being resolved. */
  resolving: { side: AddressSide; option: AddressOption } | null;
  /** 001 section 8: a failed address resolve sets an error (and rejects the selection). */
  addressErrors: Partial<Record<AddressSide, string>>;
}

export type DeliveryStepEvent =
  /** From the wizard: the form's date changed (the time slots of that date load). */
  | { type: 'delivery.date'; date: string };

/** The wizard's form values this step's lookups change (the wizard handles `delivery.edit`). */
export interface DeliveryEdit {
  type: 'delivery.edit';
  values: Partial<Record<AddressSide, AddressValue | null>>;
}

const toOption = (address: AddressValue | null): SelectOption | null =>
  address ? { key: address.placeId ?? address.description, value: address.description } : null;

const selectedOf = (event: unknown): SelectOption | null =>
  ((event as { snapshot?: AddressSelectSnapshot }).snapshot?.context?.selected ?? null) as SelectOption | null;

/** Tells the wizard (its parent) about a changed address; a machine run on its own (the /flows simulator) has none. */
function editParent(side: AddressSide, value: (context: DeliveryStepContext, event: unknown) => AddressValue | null) {
  return enqueueActions(({ context, event, self, enqueue }) => {
    if (!(self as unknown as { _parent?: unknown })._parent) return;
    const edit: DeliveryEdit = { type: 'delivery.edit', values: { [side]: value(context as DeliveryStepContext, event) } };
    enqueue.sendParent(edit as never);
  });
}

/** The transitions of one side's select: a new choice is resolved, clearing it clears the form's address. */
function addressSelect(side: AddressSide) {
  return [
    {
      guard: { type: 'newChoice' as const, params: { side } },
      target: '.address.resolving',
      actions: assign(({ context, event }: { context: DeliveryStepContext; event: unknown }) => {
        const option = selectedOf(event)!;
        return { resolving: { side, option: { placeId: option.key, description: option.value } }, addressErrors: { ...context.addressErrors, [side]: undefined } };
      }),
    },
    {
      guard: { type: 'cleared' as const, params: { side } },
      actions: [
        assign(({ context }: { context: DeliveryStepContext }) => ({ chosen: { ...context.chosen, [side]: null }, [side]: null })),
        editParent(side, () => null),
      ],
    },
  ];
}

/**
 * Wizard step 1's lookups (001 sections 2, 5, 8): the stores list for company and store roles, the available
 * pick-up dates for the store and company ('No dates available', 'Oops! something went wrong'), the time slots of
 * the chosen date (the time select is disabled until a date is chosen), and the pick-up and drop-off address
 * selects (the shared search select: minimum 3 characters, 500 ms debounce) whose choice is resolved to an address
 * with coordinates and handed to the wizard; a failed resolve shows its error and rejects the selection.
 * The wizard keeps the form values and the submit.
 */
export const deliveryStepMachine = setup({
  types: {
    input: {} as DeliveryStepInput,
    context: {} as DeliveryStepContext,
    events: {} as DeliveryStepEvent,
    tags: {} as 'loading',
  },
  actors: { loadStores, loadDates, loadTimeSlots, resolveAddress, addressSelect: addressSelectLogic },
  actions: {
    setStores: assign(({ event }) => ({ stores: (event as unknown as { output: SelectOption[] }).output ?? [] })),
    setDates: assign(({ event }) => ({ dates: (event as unknown as { output: string[] }).output ?? [] })),
    clearDates: assign({ dates: [] }),
    setSlots: assign(({ event }) => ({ timeSlots: (event as unknown as { output: TimeSlot[] }).output ?? [] })),
    clearSlots: assign({ timeSlots: [] }),
    setDate: assign((_, params: { date: string }) => ({ date: params.date, timeSlots: [] })),
    resolved: enqueueActions(({ context, event, enqueue, self }) => {
      const { side, option } = context.resolving!;
      const address = (event as unknown as { output: AddressValue }).output;
      enqueue.assign({ chosen: { ...context.chosen, [side]: option.placeId }, [side]: address, resolving: null });
      if ((self as unknown as { _parent?: unknown })._parent) enqueue.sendParent({ type: 'delivery.edit', values: { [side]: address } } satisfies DeliveryEdit as never);
    }),
    // 001 section 8: a failed resolve sets an error and rejects the selection (the select is cleared, and so is
    // the form's address of that side).
    rejected: enqueueActions(({ context, event, enqueue, self }) => {
      const { side } = context.resolving!;
      enqueue.assign({
        addressErrors: { ...context.addressErrors, [side]: problemText((event as unknown as { error: unknown }).error) },
        chosen: { ...context.chosen, [side]: null }, [side]: null, resolving: null,
      });
      enqueue.sendTo(ADDRESS_SELECT_IDS[side], { type: 'select.clear' });
      if ((self as unknown as { _parent?: unknown })._parent) enqueue.sendParent({ type: 'delivery.edit', values: { [side]: null } } satisfies DeliveryEdit as never);
    }),
  },
  guards: {
    loadsStores: ({ context }) => context.loadsStores,
    hasDates: ({ event }) => ((event as unknown as { output?: string[] }).output ?? []).length > 0,
    hasDate: ({ context }) => context.date !== '',
    dateGiven: (_, params: { date: string }) => typeof params.date === 'string' && params.date !== '',
    dateCleared: (_, params: { date: string }) => params.date === '',
    // A choice other than the side's current address, while no other choice is being resolved.
    newChoice: ({ context, event }, params: { side: AddressSide }) => {
      const selected = selectedOf(event);
      return context.resolving === null && selected !== null && selected.key !== context.chosen[params.side];
    },
    cleared: ({ context, event }, params: { side: AddressSide }) =>
      context.resolving === null && selectedOf(event) === null && context.chosen[params.side] !== null,
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
    resolving: null,
    addressErrors: {},
  }),
  invoke: [
    {
      id: ADDRESS_SELECT_IDS.originAddress,
      src: 'addressSelect',
      // `resource` only feeds the select's default search, replaced here by the address search.
      input: ({ context }) => ({ resource: 'stores', cca2: context.cca2, selected: toOption(context.originAddress) }),
      // Typed by hand: the select's snapshot events are read through selectedOf.
      onSnapshot: addressSelect('originAddress') as never,
    },
    {
      id: ADDRESS_SELECT_IDS.destinationAddress,
      src: 'addressSelect',
      input: ({ context }) => ({ resource: 'stores', cca2: context.cca2, selected: toOption(context.destinationAddress) }),
      onSnapshot: addressSelect('destinationAddress') as never,
    },
  ],
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
            onDone: { target: 'loadingDates', actions: 'setStores' },
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
            onDone: [{ guard: 'hasDates', target: 'ready', actions: 'setDates' }, { target: 'noDates', actions: 'clearDates' }],
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
            onDone: { target: 'ready', actions: 'setSlots' },
            onError: 'failed',
          },
        },
        ready: { description: 'The time select offers the slots of the date.' },
        failed: { description: "'Oops! something went wrong'" },
      },
    },
    address: {
      description: 'A choice in an address select is resolved to the address with coordinates.',
      initial: 'idle',
      states: {
        idle: {},
        resolving: {
          tags: ['loading'],
          invoke: {
            id: 'resolveAddress',
            src: 'resolveAddress',
            input: ({ context }) => ({ cca2: context.cca2, option: context.resolving!.option }),
            onDone: { target: 'idle', actions: 'resolved' },
            onError: { target: 'idle', actions: 'rejected' },
          },
        },
      },
    },
  },
});
