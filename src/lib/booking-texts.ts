// The booking wizard's labels, headings, placeholders, footnotes and buttons (001 sections 2 and 5), copied
// verbatim (typos included). Messages shared with other areas stay in error-catalogue.ts and are re-exported.
import { BOOKING_TEXTS, ERROR_TEXTS, SEARCH_TEXTS, VALIDATION_TEXTS } from './error-catalogue';
import {
  ACCEPTED_CARD_BRANDS, CARD_EXPIRY_MONTH_DIGITS, CARD_EXPIRY_YEAR_DIGITS, CARD_NUMBER_MASK_PREFIX, DATE_FORMATS, DEFAULT_DELIVERY_TIME, MIN_SEARCH_LENGTH,
  PAY_SUB_STEPS, WIZARD_STEPS,
} from './constants';
import { formatDate } from './date-format';

export { BOOKING_TEXTS, VALIDATION_TEXTS };

export const WIZARD_TEXTS = {
  steps: WIZARD_STEPS,
  stepOf: BOOKING_TEXTS.stepOf,
  back: 'Back',
  next: 'Next',
  finish: 'Finish',
  /** Ours: the dialog's accessible name and close button. */
  dialogTitle: 'New delivery',
  close: 'Close',
  newDelivery: 'New delivery',
  /** Ours: the accessible name of the six-step stepper. */
  stepperLabel: 'Booking steps',
  loading: 'Loading...',
  /** Ours: retry loading a delivery that could not be loaded. */
  retry: 'Try again',
  // Success screen (001 section 1)
  goToDashboard: 'Go to dashboard',
  placeAnotherOrder: 'Place another order',
  /** Ours: the success summary's heading (the spec names only its buttons). */
  paidHeading: 'Your delivery is paid',
  /** Ours: the summary's captions and its tracking link (/track/{hash}). */
  waybill: 'Waybill',
  service: 'Service',
  pickUpWindow: 'Pick-up',
  trackDelivery: 'Track your delivery',
  deliveryFailed: BOOKING_TEXTS.deliveryFailed,
  deliveryExpired: BOOKING_TEXTS.deliveryExpired,
  reattemptDelivery: BOOKING_TEXTS.reattemptDelivery,
} as const;

/** Ours: a day as options and windows show it, 'Tue 4 Mar' (Luxon tokens; values stay YYYY-MM-DD / UTC). */
export const DAY_LABEL_FORMAT = DATE_FORMATS.dayLabel;

// 001 section 2: the target of 'Go to dashboard' on the payment-success screen; in shell-constants.ts, where the
// header's New delivery button reads it without these texts (issue 19).
export { SUCCESS_DASHBOARD_PATH } from './shell-constants';

export const DELIVERY_STEP_TEXTS = {
  /** Ours: field labels of step 1 (the spec names the fields, not their labels). */
  pickUp: 'Pick-up address',
  dropOff: 'Drop-off address',
  pickUpStore: 'Pick-up store',
  dropOffStore: 'Drop-off store',
  date: 'Date',
  time: 'Time slot',
  /** Ours: the default time '02:00' (001 section 9), which starts no slot: the server quotes the date's first open slot. */
  firstAvailable: 'First available',
  roundTrip: 'Round trip',
  showMap: 'Show map',
  /** Ours: the accessible name of the map region (its stops are listed as 'A: …', 'B: …'). */
  mapLabel: 'Route map',
  // The search selects' texts (001 section 5), from the shared catalogue.
  addressPlaceholder: SEARCH_TEXTS.enterAddress,
  searchPlaceholder: SEARCH_TEXTS.enterSearchTerm,
  startTyping: SEARCH_TEXTS.startTyping,
  minimumSearch: SEARCH_TEXTS.minimum(MIN_SEARCH_LENGTH),
  noMatchingAddresses: SEARCH_TEXTS.noMatchingAddresses,
  noMatchingResults: SEARCH_TEXTS.noMatchingResults,
  notFound: SEARCH_TEXTS.notFoundNoMatchingResults,
  noDatesAvailable: BOOKING_TEXTS.noDatesAvailable,
  somethingWentWrong: BOOKING_TEXTS.somethingWentWrong,
} as const;

export const PARCEL_STEP_TEXTS = {
  heading: 'Add your consignment',
  custom: 'Custom',
  isFragile: 'Is it fragile',
  description: 'Description',
  edit: 'Edit',
  remove: 'Remove',
  selectParcelSize: VALIDATION_TEXTS.selectParcelSize,
  parcelCount: (n: number): string => `${n} parcel(s)`,
  /** The custom parcel dialog's two titles. */
  addCustom: 'Add custom package',
  editPackage: 'Edit package',
  /** Ours: closes the custom parcel form. */
  cancel: 'Cancel',
  /** Ours: a parcel's barcode (a duplicate within the delivery: 'Barcode already added.'). */
  barcode: 'Barcode',
  name: 'Name',
  length: 'Length',
  width: 'Width',
  height: 'Height',
  weight: 'Weight',
} as const;

export const QUOTE_STEP_TEXTS = {
  firstAvailableTimeslot: BOOKING_TEXTS.firstAvailableTimeslot,
  subjectAdditionalCharges: BOOKING_TEXTS.subjectAdditionalCharges,
  roundTripFootnote: BOOKING_TEXTS.roundTripFootnote,
  highRiskFootnote: BOOKING_TEXTS.highRiskFootnote,
  // Ours (issue 21): a delivery no service is offered for (a route too long is refused on step 1 already).
  noService: 'No service is offered for these parcels on this date. Go back to change the parcels, the date or the addresses.',
  expired: BOOKING_TEXTS.expired,
  expiresIn: BOOKING_TEXTS.expiresIn,
  /** Ours: the quote list's accessible name and window captions. */
  options: 'Delivery options',
  /** Ours: read after the price marker '*' (its tooltip is the spec's 'Subject addtional charge(s)'). */
  priceMarker: '*',
  pickUpWindow: 'Pick-up',
  dropOffWindow: 'Drop-off',
  /** Ours (issue 21): the day the options are quoted for, above them. */
  pickUpDate: 'Pick-up date',
} as const;

export const DETAILS_STEP_TEXTS = {
  subSteps: ['Pick-up', 'Drop-off', 'Additional details (optional)'] as const,
  /** Ours: the accessible name of the three sub-steps. */
  subStepsLabel: 'Contact details steps',
  /** Ours (issue 21): which address a contact sub-step is for. */
  addressFor: { origin: 'Pick-up address', destination: 'Drop-off address' } as const,
  myDetails: 'Use my details',
  /** Ours: why 'my details' is unusable (001 section 2: a confirmed phone number or a store is needed). */
  myDetailsUnavailable: 'Confirm your phone number in your profile to use your details.',
  /** Ours: labels of the contact fields (the spec names the fields). */
  name: 'Name',
  email: 'Email',
  country: 'Country code',
  phone: 'Phone number',
  buildingName: 'Building name',
  buildingUnit: 'Unit',
  remarks: 'Remarks',
  addressType: 'Address type',
  residential: 'Residential',
  business: 'Business',
  orderReference: 'Order reference',
  customerIdentifier: 'Customer identifier',
} as const;

export const ACCEPT_STEP_TEXTS = {
  heading: 'Please confirm your delivery details',
  /** Ours: captions of the summary and the breakdown. */
  pickUp: 'Pick-up',
  dropOff: 'Drop-off',
  subtotal: 'Subtotal',
  vat: (percent: number): string => `VAT (${percent}%)`,
  total: 'Total',
  /** Ours (issue 21): what is being accepted besides the addresses. */
  service: 'Service',
  pickUpDate: 'Pick-up date',
  pickUpWindow: 'Pick-up window',
  dropOffWindow: 'Drop-off window',
  parcels: 'Parcels',
  fragile: 'Fragile',
} as const;

export const PAY_STEP_TEXTS = {
  subSteps: PAY_SUB_STEPS,
  /** Ours: the accessible name of the three sub-steps. */
  subStepsLabel: 'Payment steps',
  selectAccount: 'Select an account with which to pay',
  accountPlaceholder: 'Enter an account name',
  accountSearchPlaceholder: SEARCH_TEXTS.enterAccountName,
  noMatchingAccounts: SEARCH_TEXTS.noMatchingAccounts,
  currentBalance: 'Current Balance',
  paymentDetails: 'Delivery payment details',
  total: 'Total',
  creditApplied: 'Credit Applied',
  outstanding: 'Outstanding',
  totalDue: 'Total Due',
  savedCards: 'Charge the last credit card you used',
  remove: 'Remove',
  payNow: 'Pay now',
  expired: BOOKING_TEXTS.expired,
  back: 'Back',
  next: 'Next',
  payByCard: 'Pay by card',
  payWithNewCard: 'Pay with new card',
  postPay: 'Post pay',
  pay: 'Pay',
  acceptedBrands: ACCEPTED_CARD_BRANDS.join(', '),
  saveCard: 'Save card details *',
  /** Ours: the accessible name of the provider's card form. */
  cardForm: 'Card details',
  allStepsCompleted: 'All steps completed',
  reset: 'Reset',
  paymentFailed: BOOKING_TEXTS.paymentFailed,
} as const;

/** A pick-up date option: 'Tue 4 Mar' for 2025-03-04 (the value stays YYYY-MM-DD). */
export function dayLabel(date: string): string {
  return formatDate(`${date}T00:00:00Z`, DAY_LABEL_FORMAT, 'UTC') || date;
}

/** A pick-up date as the quotes, Accept and the receipt show it: 'Tue 04-03-2025' (DD-MM-YYYY, 001 section 9, with its weekday). */
export function pickUpDateLabel(date: string | null | undefined): string {
  return date ? formatDate(`${date}T12:00:00Z`, `ccc ${DATE_FORMATS.displayDate}`, 'UTC') || date : '';
}

/** A parcel as Accept lists it: 'Small 30 × 20 × 10 cm, 2 kg'. */
export function parcelLabel(parcel: { name?: string; deliveryItemName?: string | null; length?: number | null; width?: number | null; height?: number | null; weight?: number | null }): string {
  const size = [parcel.length, parcel.width, parcel.height].every((value) => typeof value === 'number')
    ? ` ${parcel.length} × ${parcel.width} × ${parcel.height} cm` : '';
  const weight = typeof parcel.weight === 'number' ? `, ${parcel.weight} kg` : '';
  return `${parcel.deliveryItemName || parcel.name || ''}${size}${weight}`;
}

/** A time option: the default '02:00' starts no slot and reads 'First available'; other times as they are. */
export function timeLabel(time: string): string {
  return time === DEFAULT_DELIVERY_TIME ? DELIVERY_STEP_TEXTS.firstAvailable : time;
}

/** 001 section 9: xxxx-xxxx-xxxx-{last four}. */
export function maskedCardNumber(lastFourDigits: string): string {
  return `${CARD_NUMBER_MASK_PREFIX}${lastFourDigits}`;
}

/** 001 section 9: the month padded to 2 digits and the year to 4: MM/YYYY. */
export function cardExpiry(month: number | string, year: number | string): string {
  const yy = String(year);
  const fullYear = yy.length <= 2 ? `20${yy.padStart(2, '0')}` : yy;
  return `${String(month).padStart(CARD_EXPIRY_MONTH_DIGITS, '0')}/${fullYear.padStart(CARD_EXPIRY_YEAR_DIGITS, '0')}`;
}

/** /paymentcallback (001 section 2): 'Processing payment ...' is the spec's; the rest is ours. */
export const PAYMENT_CALLBACK_TEXTS = {
  processing: ERROR_TEXTS.processingPayment,
  /** Ours: the address lacks id, deliveryid or resourcePath. */
  incomplete: 'This payment return address is incomplete: there is no payment to process.',
  /** Ours: after a failure to reach the server or the provider. */
  retry: 'Try again',
  /** Ours: back to the wizard (or home) without a result. */
  backToDelivery: 'Return to your delivery',
} as const;

/**
 * Ours (issue 21): what was charged to which payment method, on the pay step, the success summary, the dashboard
 * and the receipt. The spec hides quote prices from normal users, not what they paid.
 */
export const PAID_TEXTS = {
  methods: { account: 'Account', card: 'Card' } as const,
  amountPaid: 'Amount paid',
  /** Pay step, before paying, when a Prepay balance covers part of the price. */
  split: (fromBalance: string, toCard: string): string => `${fromBalance} comes from your account balance; your card is charged ${toCard}.`,
  receipt: 'Receipt',
  receiptLabel: (reference: string): string => `Download the receipt of ${reference} (PDF)`,
  receiptFailed: 'The receipt could not be downloaded. Please try again.',
} as const;

/** Ours (issue 21): the receipt PDF's texts. */
export const RECEIPT_TEXTS = {
  title: 'Receipt',
  deliveryNumber: 'Delivery number',
  waybill: 'Waybill',
  paidOn: 'Date paid',
  pickUpDate: 'Pick-up date',
  route: 'Route',
  service: 'Service',
  paymentMethods: 'Paid by payment method',
  total: 'Total paid',
  refunded: 'Refunded',
  cancellationFee: 'Cancellation fee',
  refundedOn: 'Date refunded',
  fileName: (reference: string): string => `Receipt-${reference}.pdf`,
} as const;
