// The wizard's use of the shared booking rules (001 section 5): the rules and their messages live once in
// src/lib/booking-rules.ts (server and client); this module only adapts the wizard's form values to them.
import {
  sameAsUserPhoneMissing, validateContact as contactRules, validateDeliveryRequirements, validateParcels as parcelRules,
  validateQuoteSelection, BOOKING_RULE_TEXTS,
} from '../../lib/booking-rules';
import type { DeliveryFormValues, Parcel } from './booking.model';

export type ContactErrors = Partial<Record<'contactName' | 'contactCountry' | 'phoneNumber', string>>;
export type DeliveryErrors = Partial<Record<'originAddress' | 'destinationAddress' | 'deliveryDate', string>>;

export function validateContact(values: { contactName: string; contactCountry: string; phoneNumber: string; sameAsUser: boolean }): ContactErrors {
  const rules = contactRules({ ContactName: values.contactName, ContactCountry: values.contactCountry, PhoneNumber: values.phoneNumber });
  const errors: ContactErrors = {};
  if (rules.ContactName) errors.contactName = rules.ContactName;
  if (rules.ContactCountry) errors.contactCountry = rules.ContactCountry;
  if (rules.PhoneNumber) errors.phoneNumber = rules.PhoneNumber;
  // Inline 'Missing phone number' when same-as-user is ticked and the phone is empty.
  if (sameAsUserPhoneMissing(values.sameAsUser, values.phoneNumber)) errors.phoneNumber = BOOKING_RULE_TEXTS.missingPhone;
  return errors;
}

export function validateDelivery(values: DeliveryFormValues): DeliveryErrors {
  return validateDeliveryRequirements(values) as DeliveryErrors;
}

/** The first parcel message, or null when the parcels may be sent. */
export function validateParcels(parcels: Parcel[]): string | null {
  return Object.values(parcelRules(parcels))[0] ?? null;
}

export function validateQuoteChoice(quoteId: number | null): string | null {
  return validateQuoteSelection(quoteId).quoteId ?? null;
}
