// The constants the app shell itself reads before any screen (session and retry timers, portal defaults, browser
// storage keys, the theme, the route rules' company list), apart from constants.ts so that the first screen does not
// carry every catalogue of the app (issue 19, "A fast first load"). constants.ts re-exports them: read them there.

// ---- Tokens and retries (000 §4, §9) ----
export const TOKEN_REFRESH_MARGIN_S = 300;
export const RETRY_INTERVAL_MS = 1500;
export const RETRY_MAX_ATTEMPTS = 30;

// ---- Session, idle and reload timers (000 §2, §9; 002 §9) ----
export const IDLE_TIMEOUT_MS = 3_600_000;
export const IDLE_PROMPT_BEFORE_MS = 180_000;
export const IDLE_SYNC_MS = 500;
/** Ours: how often the development outbox screen looks for new messages (codes arrive while a flow runs). */
export const OUTBOX_POLL_MS = 5_000;
export const ERROR_RELOAD_COUNTDOWN_MS = 30_000;
/** The reload countdowns tick once a second (ours: the spec shows whole seconds). */
export const COUNTDOWN_TICK_MS = 1000;
export const REFRESH_TIME_MS = 15_000;
export const QUOTE_COUNTDOWN_MS = 30_000;
export const DELETE_RELOAD_DELAY_MS = 2000;
/**
 * Ours (issue 6, "archives of deliveries"; the spec names the archive, not its rule): a delivery in a final logistic
 * status whose delivery date is older than this many days is listed in the archive (read-only).
 */
export const DELIVERY_ARCHIVE_AFTER_DAYS = 90;

// ---- Real-time connections (002 §4 "Live updates", §7; DESIGN.md Real-time) ----
/** The server pings every connection this often (SignalR's keep-alive). */
export const HUB_KEEP_ALIVE_MS = 15_000;
/** The server drops a connection it has heard nothing from for this long (SignalR's client timeout). */
export const HUB_CLIENT_TIMEOUT_MS = 30_000;
/** After the connection is lost the client retries at this interval, up to the limit (values ours: not shown in the spec). */
export const CONNECTION_RETRY_INTERVAL_MS = 5000;
export const CONNECTION_RETRY_LIMIT = 12;

// ---- Portal defaults (000 §1, 001 §1) ----
export const DEFAULT_TIME_ZONE = 'Africa/Johannesburg';
export const DEFAULT_COUNTRY = 'ZA';
export const DEFAULT_CONTACT_COUNTRY = DEFAULT_COUNTRY;
export const DEFAULT_CURRENCY = 'ZAR';
export const DEFAULT_CURRENCY_DECIMALS = 2;
export const APP_VERSION = '3.0.2558';
/** Host prefixes naming a non-production environment; anything else is production (000 §2). */
export const ENVIRONMENT_HOST_PREFIXES = ['local', 'staging', 'integrations'] as const;
export const PRODUCTION_ENVIRONMENT = 'production';

// ---- Browser storage (000 §9). Page-size key names are ours: the spec names only what they hold. ----
export const STORAGE_KEYS = {
  jwtToken: 'jwtToken',
  refreshToken: 'refreshToken',
  mainLogin: 'mainLogin',
  mainToken: 'mainToken',
  mainUser: 'mainUser',
  jobsPageSize: 'jobsPageSize',
  driversPageSize: 'driversPageSize',
  deliveriesPageSize: 'deliveriesPageSize',
  /** Session storage: the external provider a sign-in went to, read back on its callback (ours). */
  externalProvider: 'externalProvider',
} as const;

// ---- Theme (000 §2, §9; 001 §2; 002 §9) ----
export const THEME = {
  primary: '#444444',
  secondary: '#EA3659',
  /** The secondary colour darkened to carry white text at 4.5:1 (WCAG AA; #EA3659 gives 4.06:1): solid buttons, badges, bars. */
  secondarySolid: '#D92B4E',
  headerHeight: 69,
  tooltipsInteractive: false,
  breakpoints: { sm: 576, md: 768, lg: 992, xl: 1200 },
  containerMaxWidths: { sm: 540, md: 720, lg: 960, xl: 1140 },
} as const;

/** The CSS variable the impersonation bar keeps at its height while it shows (it wraps to more lines on a phone). */
export const IMPERSONATION_BAR_HEIGHT_VAR = '--impersonation-bar-height';
/** Where a page's own sticky parts stop: under the header, and under the impersonation bar when there is one. */
export const STICKY_TOP = `calc(${THEME.headerHeight}px + var(${IMPERSONATION_BAR_HEIGHT_VAR}, 0px))`;

// ---- Reports (002 §9) ----
/**
 * The companies whose company administrators and operators see the retailer-specific exceptions report
 * ("specific large retailer companies", 000 §6, 002 §6): the spec does not name them, so none by default.
 */
export const EXCEPTIONS_REPORT_COMPANY_IDS: readonly number[] = [];

/** 001 section 2: the target of 'Go to dashboard' on the payment-success screen (booking-texts.ts re-exports it). */
export const SUCCESS_DASHBOARD_PATH = '/dashboard';
