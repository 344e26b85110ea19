// The booking wizard's data (001 section 3), as the client holds it: shared by the booking machines, so not one machine's types file.
import { CUSTOM_PARCEL_TYPE_ID } from '../../lib/constants';
import { PAYMENT_STATUS } from '../../lib/statuses';
import { hasAnyRole, STAFF_ROLES, type Permissions } from '../../lib/roles';

import type { components } from '../../api/generated/connect';

type Schemas = components['schemas'];
export type AddressValue = Schemas['BookingAddress'];
export type DeliveryQuote = Schemas['BookingDeliveryQuote'];
export type Parcel = Schemas['BookingParcel'];
export type ParcelType = Schemas['BookingParcelType'];
export type Quote = Schemas['BookingQuote'];
export type SavedCard = Schemas['BookingPaymentCard'];
export type Account = Schemas['BookingAccount'];
export type TimeSlot = Schemas['BookingTimeSlot'];
export type Checkout = Schemas['BookingCheckout'];

/** Step 1's form (001 section 3 "Delivery form values"). */
export interface DeliveryFormValues {
  originAddress: AddressValue | null;
  destinationAddress: AddressValue | null;
  deliveryDate: string;
  deliveryTime: string;
  isRoundTrip: boolean;
  originStoreId?: number | null;
  destinationStoreId?: number | null;
}

export interface AccountOption {
  key: number;
  value: string;
}

/** Who books: the token's permissions and the profile whose details 'my details' copies (or the delivery's store's). */
export interface BookingViewer {
  /** The portal's country code: every wizard call sits under it. */
  cca2: string;
  permissions: Permissions;
  profile: {
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string | null;
    contactCountryCode: string;
    unitName: string | null;
    unitNumber: string | null;
  } | null;
}

/**
 * 001 section 6: quote prices for administrator, management operator and staff. The spec does not show the
 * "privileged" check for balance, totals and the breakdown: we use the same three roles.
 */
export function seesPrices(permissions: Permissions): boolean {
  return hasAnyRole(permissions, STAFF_ROLES);
}
export const seesTotals = seesPrices;
export const seesPriceBreakdown = seesPrices;

export function isPaid(quote: Quote | null): boolean {
  return quote?.paymentStatusId === PAYMENT_STATUS.PAID;
}

/** 001 section 3: the client adds a 'Custom' parcel type with id 4 (its dimensions are not shown). */
export const CUSTOM_PARCEL_TYPE: ParcelType = { id: CUSTOM_PARCEL_TYPE_ID, name: 'Custom', length: 0, width: 0, height: 0, weight: 0 };
