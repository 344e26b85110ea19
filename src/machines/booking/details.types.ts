import type { BookingViewer, Quote } from './booking.model';
import type { ContactErrors } from './booking.validation';

export type DetailsOutput = { result: 'saved'; quote: Quote } | { result: 'back' };

export type AddressType = 'residential' | 'business';

/** One side of the contact form (001 section 3 "Contact form"), as typed. */
export interface ContactValues {
  contactName: string;
  contactCountry: string;
  /** The national number in the mask '(000) 000-0000'. */
  phoneNumber: string;
  buildingName: string;
  buildingUnit: string;
  remarks: string;
  addressType: AddressType;
  sameAsUser: boolean;
}

export interface AdditionalValues {
  orderReference: string;
  customerIdentifier: string;
}

export type ContactSide = 'origin' | 'destination';

export type ContactField = Exclude<keyof ContactValues, 'sameAsUser'>;

export interface DetailsInput {
  quote: Quote;
  viewer: BookingViewer;
}

export interface DetailsContext {
  quote: Quote;
  viewer: BookingViewer;
  origin: ContactValues;
  destination: ContactValues;
  additional: AdditionalValues;
  errors: ContactErrors;
  problem: string | null;
  wentBack: boolean;
}

export type DetailsEvent =
  | { type: 'details.edit'; side: ContactSide; field: ContactField; value: string }
  | { type: 'details.editAdditional'; field: keyof AdditionalValues; value: string }
  | { type: 'details.myDetails'; side: ContactSide; checked: boolean }
  | { type: 'details.submit' }
  | { type: 'details.back' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface DetailsSchema {
  input: DetailsInput;
  context: DetailsContext;
  events: DetailsEvent;
  output: DetailsOutput;
  tags: 'busy';
}
