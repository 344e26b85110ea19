// The booking wizard's validation and payment rules (001 sections 4, 5, 6, 9), written once: the wizard machines
// and the server (server/domain/booking.ts) import the same functions and the same messages. Messages are the
// spec's, verbatim, from VALIDATION_TEXTS; the few the spec does not give are marked "ours".
import { CUSTOM_PARCEL_TYPE_ID, MIN_PARCEL_COUNT, MIN_PARCEL_DIMENSION, PREPAY_ACCOUNT_TYPE } from './constants';
import { BOOKING_TEXTS, VALIDATION_TEXTS } from './error-catalogue';
import { isValidPhone } from './phone';
import { hasAnyRole, STAFF_ROLES, type RoleFlags } from './roles';

/** Field name → message. Empty object: valid. Field names are the request's (dot paths inside arrays). */
export type FieldErrors = Record<string, string>;

export const BOOKING_RULE_TEXTS = {
  pickUpAddressRequired: VALIDATION_TEXTS.pickUpAddressRequired,
  dropOffRequired: VALIDATION_TEXTS.dropOffRequired,
  dateRequired: VALIDATION_TEXTS.dateRequired,
  parcelSizeBeforeContinuing: VALIDATION_TEXTS.parcelSizeBeforeContinuing,
  parcelRequired: VALIDATION_TEXTS.parcelRequired,
  parcelTypeNameRequired: VALIDATION_TEXTS.parcelTypeNameRequired,
  heightRequired: VALIDATION_TEXTS.heightRequired,
  widthRequired: VALIDATION_TEXTS.widthRequired,
  lengthRequired: VALIDATION_TEXTS.lengthRequired,
  weightRequired: VALIDATION_TEXTS.weightRequired,
  selectParcelSize: VALIDATION_TEXTS.selectParcelSize,
  barcodeAlreadyAdded: VALIDATION_TEXTS.barcodeAlreadyAdded,
  deliveryOptionRequired: VALIDATION_TEXTS.deliveryOptionRequired,
  selectPreferredQuote: VALIDATION_TEXTS.selectPreferredQuote,
  nameRequired: VALIDATION_TEXTS.nameRequired,
  codeRequired: VALIDATION_TEXTS.codeRequired,
  phoneRequired: VALIDATION_TEXTS.phoneRequired,
  phoneInvalid: VALIDATION_TEXTS.phoneInvalid,
  missingPhone: VALIDATION_TEXTS.missingPhone,
  expired: BOOKING_TEXTS.expired,
  /** Ours: the spec says "at least 0.01" without a message. */
  atLeastMinimum: (label: string): string => `${label} must be at least ${MIN_PARCEL_DIMENSION}`,
  /** Ours: an expired saved card cannot pay (001 section 5); the spec shows only 'Expired' on the card. */
  cardExpired: 'This card has expired.',
  /** Ours: 001 section 9 "Prepay accounts block post-pay when total due is non-zero". */
  prepayCannotPostPay: 'A Prepay account cannot post-pay while a total is due. Please pay by card.',
} as const;

const blank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && (value.trim() === '' || value.trim() === 'null'));

// ---- Step 1: logistics requirements ----

export interface AddressLike {
  description?: string | null;
  coordinates?: { lat: number; lon: number } | null;
}

export interface DeliveryRequirements {
  originAddress?: AddressLike | null;
  destinationAddress?: AddressLike | null;
  deliveryDate?: string | null;
}

const hasAddress = (address: AddressLike | null | undefined): boolean =>
  !!address && !blank(address.description) && !!address.coordinates;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD string naming a real calendar date. */
export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function validateDeliveryRequirements(form: DeliveryRequirements): FieldErrors {
  const errors: FieldErrors = {};
  if (!hasAddress(form.originAddress)) errors.originAddress = BOOKING_RULE_TEXTS.pickUpAddressRequired;
  if (!hasAddress(form.destinationAddress)) errors.destinationAddress = BOOKING_RULE_TEXTS.dropOffRequired;
  if (!isIsoDate(form.deliveryDate)) errors.deliveryDate = BOOKING_RULE_TEXTS.dateRequired;
  return errors;
}

/** The pick-up date must come from the available-dates list (001 section 2, 5). */
export function isAvailableDate(date: string, availableDates: readonly string[]): boolean {
  return availableDates.includes(date);
}

// ---- Step 2: parcels ----

export interface ParcelLike {
  name?: string | null;
  parcelType?: number | null;
  deliveryItemName?: string | null;
  length?: number | null;
  width?: number | null;
  height?: number | null;
  weight?: number | null;
  barCode?: string | null;
}

const DIMENSIONS = [
  ['height', 'Height', BOOKING_RULE_TEXTS.heightRequired],
  ['width', 'Width', BOOKING_RULE_TEXTS.widthRequired],
  ['length', 'Length', BOOKING_RULE_TEXTS.lengthRequired],
  ['weight', 'Weight', BOOKING_RULE_TEXTS.weightRequired],
] as const;

/** One parcel row: name, height, width, length and weight required, each dimension at least 0.01. */
export function validateParcel(parcel: ParcelLike, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(parcel.name)) errors[`${prefix}name`] = BOOKING_RULE_TEXTS.parcelTypeNameRequired;
  for (const [field, label, required] of DIMENSIONS) {
    const value = parcel[field];
    if (value === undefined || value === null || Number.isNaN(value)) errors[`${prefix}${field}`] = required;
    else if (value < MIN_PARCEL_DIMENSION) errors[`${prefix}${field}`] = BOOKING_RULE_TEXTS.atLeastMinimum(label);
  }
  return errors;
}

/** The custom parcel form additionally needs deliveryItemName ('Parcel is required': our reading of the spec). */
export function validateCustomParcel(parcel: ParcelLike): FieldErrors {
  const errors = validateParcel(parcel);
  if (blank(parcel.deliveryItemName)) errors.deliveryItemName = BOOKING_RULE_TEXTS.parcelRequired;
  return errors;
}

export const isCustomParcel = (parcel: ParcelLike): boolean => parcel.parcelType === CUSTOM_PARCEL_TYPE_ID;

/** Whether a barcode is already on another parcel of the same delivery (case-insensitive, trimmed). */
export function isDuplicateBarcode(barCode: string | null | undefined, others: readonly ParcelLike[]): boolean {
  if (blank(barCode)) return false;
  const wanted = barCode!.trim().toLowerCase();
  return others.some((other) => !blank(other.barCode) && other.barCode!.trim().toLowerCase() === wanted);
}

/** Step 2: at least one parcel, each valid, no barcode twice. Keys: deliveryItems, deliveryItems.{i}.{field}. */
export function validateParcels(items: readonly ParcelLike[] | null | undefined): FieldErrors {
  const list = items ?? [];
  if (list.length < MIN_PARCEL_COUNT) return { deliveryItems: BOOKING_RULE_TEXTS.parcelSizeBeforeContinuing };
  const errors: FieldErrors = {};
  list.forEach((parcel, index) => {
    Object.assign(errors, validateParcel(parcel, `deliveryItems.${index}.`));
    if (isCustomParcel(parcel) && blank(parcel.deliveryItemName)) {
      errors[`deliveryItems.${index}.deliveryItemName`] = BOOKING_RULE_TEXTS.parcelRequired;
    }
    if (isDuplicateBarcode(parcel.barCode, list.slice(0, index))) {
      errors[`deliveryItems.${index}.barCode`] = BOOKING_RULE_TEXTS.barcodeAlreadyAdded;
    }
  });
  return errors;
}

// ---- Step 3: quotes ----

/** Nothing selected: 'Please select your preferred quote to continue.'; not a number of at least 1: 'Delivery option is required'. */
export function validateQuoteSelection(quoteId: number | null | undefined): FieldErrors {
  if (quoteId === undefined || quoteId === null) return { quoteId: BOOKING_RULE_TEXTS.selectPreferredQuote };
  if (!Number.isInteger(quoteId) || quoteId < 1) return { quoteId: BOOKING_RULE_TEXTS.deliveryOptionRequired };
  return {};
}

export function isQuoteExpired(quoteExpirationUtc: string | Date, now: Date = new Date()): boolean {
  return new Date(quoteExpirationUtc).getTime() <= now.getTime();
}

const UNITS = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
] as const;

/** The countdown of an option: '45 seconds', '12 minutes', '3 hours', '2 days' (whole units, largest first), or null once expired. */
export function expiryCountdown(quoteExpirationUtc: string | Date, now: Date = new Date()): string | null {
  const seconds = Math.floor((new Date(quoteExpirationUtc).getTime() - now.getTime()) / 1000);
  if (seconds <= 0) return null;
  for (const [unit, size] of UNITS) {
    if (seconds >= size) {
      const n = Math.floor(seconds / size);
      return `${n} ${unit}${n === 1 ? '' : 's'}`;
    }
  }
  return null;
}

/** 'Expires in {countdown}' or 'Expired' (001 section 4). */
export function expiryText(quoteExpirationUtc: string | Date, now: Date = new Date()): string {
  const countdown = expiryCountdown(quoteExpirationUtc, now);
  return countdown === null ? BOOKING_TEXTS.expired : BOOKING_TEXTS.expiresIn(countdown);
}

/** Quote prices: administrator, management operator and staff only (001 section 6). */
export function canSeePrices(permissions: RoleFlags | null | undefined): boolean {
  return !!permissions && hasAnyRole(permissions, STAFF_ROLES);
}

// ---- Step 4: contact details ----

export interface ContactLike {
  ContactName?: string | null;
  ContactCountry?: string | null;
  PhoneNumber?: string | null;
}

/** Origin, destination and additional details: name, country code, phone present and matching the pattern. */
export function validateContact(contact: ContactLike | null | undefined, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(contact?.ContactName)) errors[`${prefix}ContactName`] = BOOKING_RULE_TEXTS.nameRequired;
  if (blank(contact?.ContactCountry)) errors[`${prefix}ContactCountry`] = BOOKING_RULE_TEXTS.codeRequired;
  if (blank(contact?.PhoneNumber)) errors[`${prefix}PhoneNumber`] = BOOKING_RULE_TEXTS.phoneRequired;
  else if (!isValidPhone(contact!.PhoneNumber!)) errors[`${prefix}PhoneNumber`] = BOOKING_RULE_TEXTS.phoneInvalid;
  return errors;
}

/** Inline 'Missing phone number': same-as-user is ticked but the user's phone is empty. */
export function sameAsUserPhoneMissing(sameAsUser: boolean, phoneNumber: string | null | undefined): boolean {
  return sameAsUser && blank(phoneNumber);
}

/** The 'my details' checkbox is usable only when the user's phone is confirmed or a store is set. */
export function canUseMyDetails(phoneNumberConfirmed: boolean, storeId: number | null | undefined): boolean {
  return phoneNumberConfirmed || (!!storeId && storeId > 0);
}

// ---- Step 6: pay ----

/** A card expires after the last day of its expiry month (UTC). */
export function isCardExpired(expiryMonth: number, expiryYear: number, now: Date = new Date()): boolean {
  const firstOfNextMonth = Date.UTC(expiryYear, expiryMonth, 1);
  return now.getTime() >= firstOfNextMonth;
}

/** 'Post pay' is hidden (and refused) for Prepay accounts with a non-zero total due. */
export function canPostPay(accountType: string | null | undefined, totalDueCents: number): boolean {
  return !(accountType === PREPAY_ACCOUNT_TYPE && totalDueCents !== 0);
}

/** 'Pay by card' / 'Pay with new card' is hidden when the total due is 0. */
export function canPayByCard(totalDueCents: number): boolean {
  return totalDueCents > 0;
}

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;
