import { assign, enqueueActions, setup, type ActorRef, type Snapshot, type SnapshotFrom } from 'xstate';
import { COMPANY_ROLES, hasAnyRole, STORE_ROLES } from '../../lib/roles';
import type { SelectOption } from '../../resources/types';
import { searchSelectMachine } from '../lists/search-select.machine';
import { loadDates, loadStores, loadTimeSlots, resolveAddress, searchAddresses, type AddressOption } from './booking.actors';
import { errorParams, outputParams } from '../shared/shared.actions';
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
  /** The wizard that runs this step, told about changed addresses; none when the step runs on its own (/flows). */
  wizard?: WizardRef | null;
}

/** The wizard as this step sees it: it takes the address edits. */
export type WizardRef = ActorRef<Snapshot<unknown>, DeliveryEdit>;

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
  wizard: WizardRef | null;
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

/** One side's select changed: what it holds now. */
interface SideChoice {
  side: AddressSide;
  selected: SelectOption | null;
}

/** Tells the wizard about a changed address (a step run on its own has no wizard). */
function tellWizard(context: DeliveryStepContext, side: AddressSide, address: AddressValue | null): void {
  context.wizard?.send({ type: 'delivery.edit', values: { [side]: address } });
}

/** The transitions of one side's select: a new choice is resolved, clearing it clears the form's address. */
function addressSelect(side: AddressSide) {
  // Generated test paths send snapshot events without a snapshot.
  const choice = ({ event }: { event: { snapshot?: AddressSelectSnapshot } }): SideChoice => ({ side, selected: event.snapshot?.context.selected ?? null });
  return [
    { guard: { type: 'newChoice' as const, params: choice }, target: '.address.resolving', actions: { type: 'startResolving' as const, params: choice } },
    { guard: { type: 'cleared' as const, params: choice }, actions: [{ type: 'clearSide' as const, params: { side } }, { type: 'editWizard' as const, params: { side, address: null } }] },
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
    children: {} as { originSearch: 'addressSelect'; destinationSearch: 'addressSelect' },
  },
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
      return { resolving: { side: params.side, option: { placeId: option.key, description: option.value } }, addressErrors: { ...context.addressErrors, [params.side]: undefined } };
    }),
    clearSide: assign(({ context }, params: { side: AddressSide }) => ({ chosen: { ...context.chosen, [params.side]: null }, [params.side]: null })),
    editWizard: ({ context }, params: { side: AddressSide; address: AddressValue | null }) => tellWizard(context, params.side, params.address),
    resolved: enqueueActions(({ context, enqueue }, address: AddressValue) => {
      const { side, option } = context.resolving!;
      enqueue.assign({ chosen: { ...context.chosen, [side]: option.placeId }, [side]: address, resolving: null });
      enqueue(() => tellWizard(context, side, address));
    }),
    // 001 section 8: a failed resolve sets an error and rejects the selection (the select is cleared, and so is
    // the form's address of that side).
    rejected: enqueueActions(({ context, enqueue }, params: { error: unknown }) => {
      const { side } = context.resolving!;
      enqueue.assign({
        addressErrors: { ...context.addressErrors, [side]: problemText(params.error) },
        chosen: { ...context.chosen, [side]: null }, [side]: null, resolving: null,
      });
      enqueue.sendTo(ADDRESS_SELECT_IDS[side], { type: 'select.clear' });
      enqueue(() => tellWizard(context, side, null));
    }),
  },
  guards: {
    loadsStores: ({ context }) => context.loadsStores,
    hasDates: (_, dates: string[] | undefined) => (dates ?? []).length > 0,
    hasDate: ({ context }) => context.date !== '',
    dateGiven: (_, params: { date: string }) => typeof params.date === 'string' && params.date !== '',
    dateCleared: (_, params: { date: string }) => params.date === '',
    // A choice other than the side's current address, while no other choice is being resolved.
    newChoice: ({ context }, params: SideChoice) =>
      context.resolving === null && params.selected !== null && params.selected.key !== context.chosen[params.side],
    cleared: ({ context }, params: SideChoice) => context.resolving === null && params.selected === null && context.chosen[params.side] !== null,
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
    wizard: input.wizard ?? null,
  }),
  invoke: [
    {
      id: ADDRESS_SELECT_IDS.originAddress,
      src: 'addressSelect',
      // `resource` only feeds the select's default search, replaced here by the address search.
      input: ({ context }) => ({ resource: 'stores', cca2: context.cca2, selected: toOption(context.originAddress) }),
      onSnapshot: addressSelect('originAddress'),
    },
    {
      id: ADDRESS_SELECT_IDS.destinationAddress,
      src: 'addressSelect',
      input: ({ context }) => ({ resource: 'stores', cca2: context.cca2, selected: toOption(context.destinationAddress) }),
      onSnapshot: addressSelect('destinationAddress'),
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
            onDone: { target: 'idle', actions: { type: 'resolved', params: outputParams } },
            onError: { target: 'idle', actions: { type: 'rejected', params: errorParams } },
          },
        },
      },
    },
  },
});
