import { STATUS_TITLES } from './http-error-texts';

// The texts the app shell itself shows before any screen (sign-in and session, the error screens, the header's
// account links), apart from error-catalogue.ts so that the first screen does not carry every screen's texts (issue 19,
// "A fast first load"). error-catalogue.ts re-exports them: read them there. Typos of the spec are part of the contract.

/** Banner for signed-in users whose email is unconfirmed (001 §2); links to /confirm-email. */
export const UNCONFIRMED_EMAIL_BANNER =
  'For added security, please click here to verify your email address or contact support for assistance.';

/**
 * Sign-in, two-factor and idle texts. The spec names the screens and buttons ("Log in / Sign up",
 * "Continue", "Logout") but not these messages: ours, plain.
 */
export const SIGN_IN_TEXTS = {
  screenTitle: 'Log in / Sign up',
  loginHeading: 'Log in',
  signUpHeading: 'Sign up',
  email: 'Email',
  password: 'Password',
  firstName: 'First name',
  lastName: 'Last name',
  phoneNumber: 'Phone number (optional)',
  loginButton: 'Log in',
  signUpButton: 'Sign up',
  passkeyButton: 'Log in with a passkey',
  externalButton: (name: string): string => `Log in with ${name}`,
  otherWays: 'Or',
  forgotPassword: 'Forgot password?',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not valid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  leadEmailTaken: 'An account with this email address already exists. Please log in instead.',
  passkeyFailed: 'The passkey sign-in was cancelled or did not succeed. Please try again.',
  sessionNotRestored: 'No session to restore.',
  signingIn: 'Signing in...',
  redirecting: 'Redirecting to the sign-in provider...',
  externalCallbackInvalid: 'The sign-in provider did not send us back a valid answer. Please try again.',
  twoFactorHeading: 'Two-factor verification',
  twoFactorDefaultMessage: 'We sent you a code. Enter it below to finish logging in.',
  code: 'Code',
  codeRequired: 'Code is required',
  codeInvalid: 'The code is 6 digits',
  verifyButton: 'Verify',
  resendButton: 'Send a new code',
  codeResent: 'A new code has been sent.',
  backToLogin: 'Back to log in',
  loggingOut: 'Logging out...',
  idleTitle: 'Are you still there?',
  idleMessage: 'You have been inactive for a while. For your security you will be logged out in',
  idleContinue: 'Continue',
  idleLogout: 'Logout',
} as const;

/** The session-error screen (000 section 2 names it without its text: ours). */
export const SESSION_ERROR_TEXTS = {
  title: 'Your session has expired',
  message: 'For your security you have been logged out. The page reloads in',
} as const;

/**
 * The error, access-denied and not-yet-available screens (000 section 2 names them without their texts; ours,
 * except the catalogue's messages they show).
 */
export const SCREEN_TEXTS = {
  pageNotFound: 'Page not found',
  serviceUnavailable: STATUS_TITLES[503]!,
  somethingWentWrong: 'Something went wrong',
  errorPageMessage: 'Please try again in a moment. Please contact support if the issue persists.',
  goHome: 'Go to the home page',
  forbiddenTitle: 'Access denied',
  reportingError: 'An error has occured. Reporting it...',
  errorDialogClose: 'Close',
  // Ours (not in the spec): a part of a screen whose code could not be fetched (offline, the server restarting).
  partNotLoaded: 'This part of the page could not be loaded. Check your connection and try again.',
  partRetry: 'Try again',
  // The success toasts' region and close button: the labels Chakra's toaster gave them.
  toastRegion: 'Notifications, bottom-end (alt+T)',
  toastClose: 'Close',
} as const;

/** The header's account links: the spec's labels, and ours for what it leaves unnamed (impersonation notes). */
export const USER_MENU_TEXTS = {
  login: 'Log in / Sign up',
  myProfile: 'My profile',
  logout: 'Logout',
  impersonatedProfile: 'Impersonated profile',
  stopImpersonation: 'Stop impersonation',
  impersonating: (email: string): string => `Acting as ${email}`,
  impersonatingLabel: (email: string): string => `My profile (acting as ${email})`,
  /** The bar under the header while impersonating: who acts as whom. */
  actingAs: (administrator: string, user: string): string => `${administrator} is acting as ${user}`,
  impersonationBar: 'Impersonation',
  account: 'Account',
  impersonateHeading: 'Impersonate a user',
  impersonateUserId: 'User id',
  impersonateButton: 'Impersonate',
  impersonateUserIdInvalid: 'User id must be a whole number greater than 0',
} as const;
