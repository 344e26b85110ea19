import type { ActorRef, Snapshot, SnapshotFrom } from 'xstate';
import type { SelectOption } from '../../resources/types';
import type { searchSelectMachine } from '../lists/search-select.machine';
import type { AddressOption } from './booking.actors';
import type { AddressValue, BookingViewer, TimeSlot } from './booking.model';

export type AddressSide = 'originAddress' | 'destinationAddress';

export type AddressSelectSnapshot = SnapshotFrom<typeof searchSelectMachine>;

export interface DeliveryStepInput {
  viewer: BookingViewer;
  originAddress: AddressValue | null;
  destinationAddress: AddressValue | null;
  deliveryDate: string;
  /** The form's stores: a side with a store and no address starts by resolving the store's address. */
  originStoreId?: number | null;
  destinationStoreId?: number | null;
  /** The wizard that runs this step, told about changed addresses; none when the step runs on its own (/flows). */
  wizard?: WizardRef | null;
}

/** The wizard as this step sees it: it takes the address edits and hears which side is being resolved. */
export type WizardRef = ActorRef<Snapshot<unknown>, DeliveryEdit | DeliveryResolving>;

/**
 * Where a side's address comes from: a place chosen in its address select, or a store chosen in its store picker
 * (the store's address becomes the side's address: 001 section 2, 'address search, or store selectors').
 */
export type AddressSource = { kind: 'place'; option: AddressOption } | { kind: 'store'; storeId: number };

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
  /** The choice each side is resolving (both sides may resolve at once). */
  resolving: Record<AddressSide, AddressSource | null>;
  /** 001 section 8: a failed address resolve sets an error (and rejects the selection). */
  addressErrors: Partial<Record<AddressSide, string>>;
  wizard: WizardRef | null;
}

export type DeliveryStepEvent =
  /** From the wizard: the form's date changed (the time slots of that date load). */
  | { type: 'delivery.date'; date: string }
  /** From the view: a side's store picker changed (null: no store). */
  | { type: 'delivery.store'; side: AddressSide; storeId: number | null };

/** The wizard's form values this step's lookups change (the wizard handles `delivery.edit`). */
export interface DeliveryEdit {
  type: 'delivery.edit';
  values: Partial<Record<AddressSide, AddressValue | null> & Record<'originStoreId' | 'destinationStoreId', number | null>>;
}

/** A side's choice is being resolved: the wizard holds a submit until its address arrives (as `delivery.edit`). */
export interface DeliveryResolving {
  type: 'delivery.resolving';
  side: AddressSide;
}

/** One side's select changed: what it holds now. */
export interface SideChoice {
  side: AddressSide;
  selected: SelectOption | null;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags, children). */
export interface DeliveryStepSchema {
  input: DeliveryStepInput;
  context: DeliveryStepContext;
  events: DeliveryStepEvent;
  tags: 'loading';
  /** The address selects, so a view reads them typed from `snapshot.children`. */
  children: { originSearch: 'addressSelect'; destinationSearch: 'addressSelect' };
}
