import { WIZARD_STEP_COUNT } from './constants';

// User-visible texts of the specs, copied verbatim — typos ("occured", "Successsfully", "sucessfully",
// "addtional", double spaces) are part of the contract, do not correct them.

/** Client error catalogue, 000 §8 (and the start-up texts of 000 §2). */
export const ERROR_TEXTS = {
  noResponse: 'Unable to connect to the server. Reconnecting in ...',
  notFound: (url: string): string => `Not found: ${url}`,
  serverError:
    'An error occured communicating with the server. Oops, we were unable to complete your request. Please contact support if the issue persists.',
  errorCode: (message: string): string => `Error code: ${message}`,
  unauthorized: 'Unauthorized request. Please login and try again.',
  forbidden: "Access denied. You don't have the appropriate permissions to perform the current action.",
  imageTooLarge: 'Unable to upload image. Image size is too large.',
  unhandledLogged: (id: string | number): string => `${id} - An error has occured and will be fixed soon!. Trying again in`,
  unhandledNotLogged: 'Oops! An error has occured and we were unable to log it! Trying again in',
  connectionLost: 'Connection lost. Trying to reconnect in: ',
  connecting: 'Connecting to server...',
  loading: 'Loading...',
  unknownHost: 'Unknown host ...',
  processingPayment: 'Processing payment ...',
} as const;

/** Status codes with special client handling (000 §8). 440: session expired, no dialog. */
export const SESSION_EXPIRED_STATUS = 440;
export const IMAGE_TOO_LARGE_STATUS = 413;

/** Success messages of all three specs. */
export const SUCCESS_TEXTS = {
  loaded: 'Successfully loaded',
  created: 'Successfully created',
  updated: 'Successsfully updated',
  deleted: 'Successsfully deleted',
  deletedStores: (n: number): string => `deleted ${n} stores.`,
  syncedUser: 'Successfully synced user',
  fileUploaded: 'File uploaded sucessfully.',
  batchSubmitted: 'Batch submitted sucessfully.',
  batchesDeleted: (n: number): string => `${n} batches deleted succesfully.`,
  completedTransactions: 'Successsfully completed transactions',
  cancelledTransactions: 'Successsfully cancelled transactions',
} as const;

/** Global error dialog titles (000 §8, 002 §8). */
export const STATUS_TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Insufficient Permission',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  423: 'Account Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
export const UNKNOWN_ERROR_TITLE = 'Unknown Error';

export function statusTitle(status: number | undefined): string {
  return (status !== undefined ? STATUS_TITLES[status] : undefined) ?? UNKNOWN_ERROR_TITLE;
}

/** Searchable select texts (000 §5, 001 §5, 002 §5). */
export const SEARCH_TEXTS = {
  minimum: (n: number): string => `Minimum of ${n} characters for a search...`,
  enterSearchTerm: 'Enter search term...',
  noMatchingResults: 'No matching results.',
  notFoundNoMatchingResults: 'Not found! No matching results.',
  startTyping: 'Start typing...',
  enterAddress: 'Enter an address...',
  enterAccountName: 'Enter an account name...',
  noMatchingAccounts: 'No matching accounts found.',
  noMatchingAddresses: 'No matching addresses found.',
} as const;

/** Banner for signed-in users whose email is unconfirmed (001 §2); links to /confirm-email. */
export const UNCONFIRMED_EMAIL_BANNER =
  'For added security, please click here to verify your email address or contact support for assistance.';

/** Validation messages of 001 §5 and 002 §5, shared by client forms and server checks. */
export const VALIDATION_TEXTS = {
  pickUpAddressRequired: 'Pick-up address is required',
  dropOffRequired: 'Drop-off is required',
  dateRequired: 'Date is required',
  parcelSizeBeforeContinuing: 'You need to select a parcel size before continuing.',
  parcelRequired: 'Parcel is required',
  parcelTypeNameRequired: 'Parcel type name is required',
  heightRequired: 'Height is required',
  widthRequired: 'Width is required',
  lengthRequired: 'Length is required',
  weightRequired: 'Weight is required',
  selectParcelSize: 'Please select a parcel size.',
  barcodeAlreadyAdded: 'Barcode already added.',
  deliveryOptionRequired: 'Delivery option is required',
  selectPreferredQuote: 'Please select your preferred quote to continue.',
  nameRequired: 'Name is required',
  codeRequired: 'Code is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number is not valid',
  missingPhone: 'Missing phone number',
  amountExclRequired: 'Amount excl is required',
  amountExclBelowZero: 'Amount excl cannot be less than 0',
  reasonRequired: 'Reason is required',
  // The spec gives "cost" with "(or price)" as the alternative wording.
  newCostExclBelowZero: 'New cost excl cannot be less than 0.',
  newPriceExclBelowZero: 'New price excl cannot be less than 0.',
  startKmRequired: 'Start km  is required',
  endKmRequired: 'End km  is required',
  slaTypeRequired: 'SlaType is required',
  parcelTypeRequired: 'Parcel Type is required',
  rateTypeRequired: 'Rate type is required',
  selectDayOfWeek: 'Select Day of the week',
} as const;

/** Booking and operations messages (001 §2, §4, §8; 002 §5, §8). */
export const BOOKING_TEXTS = {
  paymentFailed: (description: string): string => `Payment failed because '${description}'. Please try again.`,
  noDatesAvailable: 'No dates available',
  somethingWentWrong: 'Oops! something went wrong',
  deliveryFailed: 'Delivery failed',
  deliveryExpired: 'Oops, your delivery has expired. No fear, we have you covered!',
  reattemptDelivery: 'Reattempt your delivery',
  expired: 'Expired',
  expiresIn: (countdown: string): string => `Expires in ${countdown}`,
  stepOf: (n: number): string => `Step ${n} of ${WIZARD_STEP_COUNT}`,
  subjectAdditionalCharges: 'Subject addtional charge(s)',
  roundTripFootnote: '* Subject to collect on delivery double charge',
  highRiskFootnote: '* Subject to surcharges',
  firstAvailableTimeslot: 'First available timeslot',
  transactionItemsNotLoaded: 'Transaction items not loaded',
  transactionCannotBeUndone: 'Transaction cannot be undone!',
  cancelRateUpload: (id: number | string): string =>
    `This action cannot be undone. Are you sure you want to cancel rate upload #${id}?`,
} as const;

/** Service worker console messages (000 §8). */
export const SERVICE_WORKER_TEXTS = {
  registrationError: 'Error during service worker registration:',
  newContent: 'New content is available; please refresh.',
  cached: 'Content is cached for offline use.',
  offline: 'No internet connection found. App is running in offline mode.',
} as const;
