import type { AddressSide } from './delivery-step.types';
import type { BookingViewer, DeliveryFormValues, Parcel, ParcelType, Quote, TimeSlot } from './booking.model';
import type { DetailsOutput } from './details.types';
import type { DeliveryErrors } from './booking.validation';

export interface WizardInput {
  viewer: BookingViewer;
  /** Reopen an existing delivery (after the card provider's return, or from a list). */
  deliveryId?: number | null;
}

export interface WizardErrors extends DeliveryErrors {
  parcels?: string;
  quoteId?: string;
}

export interface WizardContext {
  viewer: BookingViewer;
  deliveryId: number | null;
  quote: Quote | null;
  activeStep: number;
  /** The step a submit is heading for; reset to the current one on a server error (001 section 4). */
  pendingStep: number;
  /** The step prop's step while the quote has no data yet (001 section 4): the reopened delivery lands on it. */
  requestedStep: number | null;
  form: DeliveryFormValues;
  parcels: Parcel[];
  errors: WizardErrors;
  problem: string | null;
  /** The parcel types of step 2 (GET parceltypes, plus Custom). */
  parcelTypes: ParcelType[];
  /** Step 3's 'First available timeslot' choices: the time slots of the quote's date. */
  timeSlots: TimeSlot[];
  /** Step 1's sides whose address is being resolved: a Next meanwhile waits for them (issue 21: it was lost). */
  resolvingSides: AddressSide[];
}

export type WizardEvent =
  /** A form value of step 1 (from the view, or an address resolved by the delivery step's lookups). */
  | { type: 'delivery.edit'; values: Partial<DeliveryFormValues> }
  /** From the delivery step's lookups: a side's choice is being resolved (its address follows as `delivery.edit`). */
  | { type: 'delivery.resolving'; side: AddressSide }
  | { type: 'parcels.change'; parcels: Parcel[] }
  | { type: 'step.submit'; quoteId?: number | null }
  | { type: 'step.back' }
  | { type: 'step.goto'; step: number }
  | { type: 'wizard.step'; step: number }
  | { type: 'quote.timeSlot'; quoteId: number; deliveryTime: string }
  | { type: 'wizard.reattempt' }
  | { type: 'wizard.close' };

export type PayOutput = { result: 'paid'; quote: Quote };

/** What a step's call or sub-chart ends with: the saved quote (Details may end with 'back' instead). */
export type StepOutput = Quote | DetailsOutput | PayOutput;

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface WizardSchema {
  input: WizardInput;
  context: WizardContext;
  events: WizardEvent;
  tags: 'busy' | 'loading';
}
