// The booking wizard's labels, headings, placeholders, footnotes and buttons (001 sections 2 and 5), copied
// verbatim (typos included). Messages shared with other areas stay in error-catalogue.ts and are re-exported.
import { BOOKING_TEXTS, ERROR_TEXTS, VALIDATION_TEXTS } from './error-catalogue';
import { CARD_EXPIRY_MONTH_DIGITS, CARD_EXPIRY_YEAR_DIGITS, CARD_NUMBER_MASK_PREFIX, WIZARD_STEPS } from './constants';

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
  loading: 'Loading...',
  /** Ours: retry loading a delivery that could not be loaded. */
  retry: 'Try again',
  // Success screen (001 section 1)
  goToDashboard: 'Go to dashboard',
  placeAnotherOrder: 'Place another order',
  /** Ours: the success summary's heading (the spec names only its buttons). */
  paidHeading: 'Your delivery is paid',
  deliveryFailed: BOOKING_TEXTS.deliveryFailed,
  deliveryExpired: BOOKING_TEXTS.deliveryExpired,
  reattemptDelivery: BOOKING_TEXTS.reattemptDelivery,
} as const;

export const DELIVERY_STEP_TEXTS = {
  /** Ours: field labels of step 1 (the spec names the fields, not their labels). */
  pickUp: 'Pick-up address',
  dropOff: 'Drop-off address',
  pickUpStore: 'Pick-up store',
  dropOffStore: 'Drop-off store',
  date: 'Date',
  time: 'Time slot',
  roundTrip: 'Round trip',
  showMap: 'Show map',
  addressPlaceholder: 'Enter an address...',
  searchPlaceholder: 'Enter search term...',
  startTyping: 'Start typing...',
  minimumSearch: 'Minimum of 3 characters for a search...',
  noMatchingAddresses: 'No matching addresses found.',
  noMatchingResults: 'No matching results.',
  notFound: 'Not found! No matching results.',
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
  expired: BOOKING_TEXTS.expired,
  expiresIn: BOOKING_TEXTS.expiresIn,
  /** Ours: the quote list's accessible name and window captions. */
  options: 'Delivery options',
  pickUpWindow: 'Pick-up',
  dropOffWindow: 'Drop-off',
} as const;

export const DETAILS_STEP_TEXTS = {
  subSteps: ['Pick-up', 'Drop-off', 'Additional details (optional)'] as const,
  myDetails: 'Use my details',
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
} as const;

export const PAY_STEP_TEXTS = {
  subSteps: ['Account', 'Details', 'Payment'] as const,
  selectAccount: 'Select an account with which to pay',
  accountPlaceholder: 'Enter an account name',
  accountSearchPlaceholder: 'Enter an account name...',
  noMatchingAccounts: 'No matching accounts found.',
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
  acceptedBrands: 'Visa, Mastercard, American Express, Diners Club',
  saveCard: 'Save card details *',
  allStepsCompleted: 'All steps completed',
  reset: 'Reset',
  paymentFailed: BOOKING_TEXTS.paymentFailed,
} as const;

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
