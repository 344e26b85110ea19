import { WIZARD_STEP_COUNT } from './constants';

// User-visible texts of the specs, copied verbatim — typos ("occured", "Successsfully", "sucessfully",
// "addtional", double spaces) are part of the contract, do not correct them.

// The texts a failed call is mapped to (src/api/api-error.ts) live on their own, so that a page that only makes
// calls (the public tracking island) does not load the whole catalogue.
export { ERROR_TEXTS, IMAGE_TOO_LARGE_STATUS, SESSION_EXPIRED_STATUS, STATUS_TITLES, statusTitle, UNKNOWN_ERROR_TITLE } from './http-error-texts';

// The success messages live with the lists' texts (every list's delete reads them); read them here.
export { SUCCESS_TEXTS } from './success-texts';

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
  // Account forms (profile, password reset and change): ours, the spec names no texts for them. Email, password,
  // name and code texts shared with the sign-in form are in SIGN_IN_TEXTS.
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  confirmPasswordRequired: 'Confirm the new password',
  passwordTooShort: (label: string, n: number): string => `${label} must be at least ${n} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  tooLong: (label: string, n: number): string => `${label} must be at most ${n} characters`,
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

// In a module of their own: every public page registers the service worker, and needs none of the rest.
export { SERVICE_WORKER_TEXTS } from './service-worker-texts';
export { SEARCH_TEXTS } from './search-texts';
export { SCREEN_TEXTS, SESSION_ERROR_TEXTS, SIGN_IN_TEXTS, UNCONFIRMED_EMAIL_BANNER, USER_MENU_TEXTS } from './shell-texts';

/**
 * Messages of the identity API where the spec is silent (ours, not the spec's). The client shows them as the
 * server's message; tests and browser tests compare against these.
 */
export const AUTH_TEXTS = {
  /** One answer for an unknown user and a wrong password. */
  invalidCredentials: 'Invalid email or password.',
  accountLocked: (wait: string): string =>
    `Your account is locked after too many failed sign-in attempts. Please try again in ${wait}.`,
  tooManyRequests: (wait: string): string => `Too many attempts. Please try again in ${wait}.`,
  sessionExpired: 'Your session has expired. Please log in again.',
  sessionInvalid: 'Your session is no longer valid. Please log in again.',
  twoFactorCodeSent: 'A verification code has been sent to your email address. Enter it to complete your login.',
  twoFactorChallengeEnded: 'This sign-in code is no longer valid. Please log in again.',
  codeInvalid: 'The code is incorrect or has expired.',
  currentPasswordIncorrect: 'The current password is incorrect.',
  passwordIncorrect: 'The password is incorrect.',
  emailTaken: 'An account with this email address already exists.',
  emailUnchanged: 'This is already your email address.',
  emailAlreadyConfirmed: 'Your email address is already confirmed.',
  phoneAlreadyConfirmed: 'Your phone number is already confirmed.',
  phoneNumberMissing: 'Add a phone number to your profile before verifying it.',
  phoneNumberNeedsDialCode: 'Enter the number with its international dialling code (for example +264 ...).',
  notImpersonating: 'You are not impersonating anyone.',
  impersonateSelf: 'You cannot impersonate yourself.',
  impersonatePrivileged: 'You cannot impersonate a user with equal or higher privileges.',
  alreadyImpersonating: 'Stop the current impersonation first.',
  apiKeyInvalid: 'The API key is not valid.',
  roleNotGrantable: (role: string): string => `You cannot grant the role ${role}.`,
  companyRequired: 'A company is required for company roles.',
  storeRequired: 'A store is required for store roles.',
  imageInvalid: 'The file must be a JPEG, PNG or WebP image.',
} as const;

/** "12 seconds", "1 minute", "15 minutes": how long until a lock or throttle ends. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const minutes = Math.ceil(s / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The account screens' texts where the spec is silent (ours): password reset, email and phone confirmation,
 * two-factor on/off, profile sections, passkeys and the API key.
 */
export const ACCOUNT_TEXTS = {
  resetIntro: 'Enter the email address of your account and we will send you a code to reset your password.',
  emailSent: (email: string): string =>
    `If an account exists for ${email}, we have sent it a 6-digit code. Enter the code and your new password.`,
  codeResent: 'A new code has been sent. The previous code no longer works.',
  resetPasswordConfirmed: 'Your password has been reset. You can now log in with your new password.',
  signInToContinue: 'Log in to continue.',
  emailIntro: (email: string): string => `We will send a 6-digit code to ${email} to confirm your email address.`,
  emailCodeSent: (email: string): string => `We have sent a 6-digit code to ${email}. Enter it below.`,
  emailConfirmed: 'Your email address is confirmed.',
  phoneIntro: (phone: string): string => `We will send a 6-digit code by SMS to ${phone} to confirm your phone number.`,
  phoneCodeSent: (phone: string): string => `We have sent a 6-digit code by SMS to ${phone}. Enter it below.`,
  phoneConfirmed: 'Your phone number is confirmed.',
  phoneMissing: 'Add a phone number to your profile first.',
  phoneUnconfirmed: 'Your phone number is not confirmed yet.',
  twoFactorIsOn: 'Two-factor authentication is on: each login asks for a code sent to your email address.',
  twoFactorIsOff: 'Two-factor authentication is off.',
  twoFactorCodeSent: (enable: boolean): string =>
    `We have sent a 6-digit code to your email address. Enter it to turn two-factor authentication ${enable ? 'on' : 'off'}.`,
  twoFactorEnabled: 'Two-factor authentication is now on.',
  twoFactorDisabled: 'Two-factor authentication is now off.',
  changedEmail: (email: string): string =>
    `Your email address is now ${email}. Please confirm it: until then some pages stay closed to you.`,
  changedPassword: 'Your password has been changed. Your other sessions have been logged out.',
  noPicture: 'No profile picture yet.',
  pictureHint: 'JPEG, PNG or WebP.',
  passkeysNone: 'No passkeys yet. A passkey lets you log in with your fingerprint, face or device PIN.',
  passkeysUnsupported: 'This browser does not support passkeys.',
  passkeyWaiting: 'Follow the instructions of your browser or device to create the passkey.',
  passkeyCancelled: 'The passkey was not added: the request was cancelled or timed out.',
  passkeyRemoveQuestion: (name: string): string => `Remove the passkey "${name}"? You will no longer be able to log in with it.`,
  apiKeyNone: 'You have no API key yet.',
  apiKeyReplaceQuestion: 'Create a new API key? The current key stops working at once.',
  apiKeyShownOnce: 'Copy your new API key now: it is shown only once.',
  apiKeyCopied: 'Copied to the clipboard.',
  apiKeyCopyFailed: 'Could not copy. Select the key and copy it by hand.',
} as const;

/** Ours: the development outbox screen (/outbox, administrators). */
export const OUTBOX_TEXTS = {
  title: 'Outbox',
  intro: 'Messages the mail and SMS senders deliver, newest first, with their codes. Kept outside production only.',
  recipient: 'Recipient',
  recipientPlaceholder: 'Email address or phone number',
  refresh: 'Refresh',
  refreshing: 'Loading messages...',
  retry: 'Try again',
  empty: 'No messages yet.',
  unavailable: 'This server keeps no outbox: in production, messages go out by email and SMS only.',
  to: (recipient: string) => `To ${recipient}`,
} as const;
