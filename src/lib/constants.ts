// Business constants and limits from the specs (000 §9, 001 §9, 002 §9 and the sections they point to).
// Every delay, limit and fixed catalogue lives here once; machines and the server import it.
// The shell's own ones are in shell-constants.ts (re-exported here), so the first screen loads only those.
export * from './shell-constants';
export * from './list-constants';

// ---- Live operations client (issue 5; 002 §4 "Live updates": values not shown in the spec, ours) ----
/** Hub messages are batched and merged into the lists this often. */
export const LIVE_BATCH_INTERVAL_MS = 500;
/** A batch whose stream has gone quiet for this long merges at once (the last update of a burst need not wait out the interval). */
export const LIVE_QUIET_FLUSH_MS = 50;
/** After a live update touches an open detail panel's row, its details are refetched after this delay. */
export const LIVE_DETAIL_REFETCH_DELAY_MS = 2000;
/** Web notifications: page size of the list (ours) and the sound played for a new one. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATION_SOUND_URL = '/sounds/notification.mp3';
/** Appear in the routes file; the spec does not say what they are for (000 §9). */
export const ROUTES_FILE_CONSTANTS = [3000, 1000, 10000] as const;

// ---- Dates (000 §9): DATE_FORMATS in list-constants.ts (the lists show dates) ----
export const RELATIVE_DAY_LABELS = { today: 'Today', tomorrow: 'Tomorrow', yesterday: 'Yesterday' } as const;

// ---- Distance and maps (000 §9, 001 §9, 002 §2) ----
export const EARTH_RADIUS_KM = 6371;
export const DISTANCE_DECIMALS = 2;
export const MAP_DEFAULT_CENTER = { lat: -33.9249, lon: 18.4241 } as const;
/** The spec lists zoom constants 9 and 7 without saying where each applies. */
export const MAP_ZOOM = { default: 9, alternate: 7 } as const;
/** Ours: the closest a map zooms in to fit a route of several stops (street level; one stop shows at MAP_ZOOM). */
export const MAP_FIT_MAX_ZOOM = 16;
/** Markers are lettered A, B … Z, AA (see markerLabel in distance.ts). */
export const MARKER_LABEL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const STOP_TYPES = { PICK_UP: 'PICK_UP', DROP_OFF: 'DROP_OFF' } as const;

// ---- Theme and layout (000 §2, §9; 001 §2; 002 §9) ----
export const DIALOG_WIDTHS = { default: 350, sm: 600, md: 960 } as const;
export const WIZARD_DIALOG = { maxWidth: 780, minHeight: 540 } as const;
export const DASHBOARD_DEFAULTS = {
  leftSidebarOpen: true,
  rightSidebarOpen: true,
  dashboardTab: 0,
  notificationPage: 1,
} as const;
export const DASHBOARD_OTDS_INITIAL_PERCENT = 50;

// ---- Booking wizard (001 §2, §4, §9) ----
export const WIZARD_STEPS = ['Delivery', 'Parcels', 'Quotes', 'Details', 'Accept', 'Pay'] as const;
export const WIZARD_STEP_COUNT = 6;
export const DETAILS_SUB_STEP_COUNT = 3;
export const PAY_SUB_STEP_COUNT = 3;
export const DETAILS_SUB_STEPS = ['Pick-up', 'Drop-off', 'Additional details'] as const;
export const PAY_SUB_STEPS = ['Account', 'Details', 'Payment'] as const;
export const DEFAULT_DELIVERY_TIME = '02:00';
export const ROUND_TRIP_MULTIPLIER = 2;
/** Lot numbers of 0 or less display as this. */
export const LOT_NUMBER_NOT_AVAILABLE = 'N/A';
export const PREPAY_ACCOUNT_TYPE = 'Prepay';
export const PAYMENT_OUTCOME_PAGES = { success: 'payment-success', failed: 'payment-failed' } as const;
export const PAYMENT_CALLBACK_PATH = '/paymentcallback';
/** Query parameters that mark a return from the card provider (000 §2, 001 §2). */
export const PAYMENT_RETURN_QUERY_PARAMS = ['id', 'deliveryid', 'resourcePath'] as const;
export const PAYMENT_WIDGET_SCRIPT_PATH = '/v1/paymentWidgets.js';
export const PAYMENT_WIDGET_BRANDS = ['VISA', 'MASTER'] as const;
export const PAYMENT_WIDGET_IFRAME_PX = { width: 400, height: 580 } as const;
/** 001 section 4: the widget script loads "after a tick" once the checkout is there (the form must be in the page). */
export const PAYMENT_WIDGET_TICK_MS = 0;
/** 001 section 4: the save-card choice is kept in the browser under a key per deliveryId ('saveCard_{deliveryId}'). */
export const SAVE_CARD_STORAGE_PREFIX = 'saveCard_';
export const ACCEPTED_CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Diners Club'] as const;
/** Saved cards show as xxxx-xxxx-xxxx-{last four}, expiry MM/YYYY. */
export const CARD_NUMBER_MASK_PREFIX = 'xxxx-xxxx-xxxx-';
export const CARD_EXPIRY_MONTH_DIGITS = 2;
export const CARD_EXPIRY_YEAR_DIGITS = 4;

// ---- Booking API and payments (issue 4; ours where the spec is silent) ----
/** Header carrying the client's key for one intended payment; repeats answer the first result. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Contact (address) types; residential is the default (001 §3). */
export const ADDRESS_TYPES = { residential: 'residential', business: 'business' } as const;
export const DEFAULT_ADDRESS_TYPE = ADDRESS_TYPES.residential;
/** Post-pay account type name beside PREPAY_ACCOUNT_TYPE. */
export const POST_PAY_ACCOUNT_TYPE = 'PostPay';
/** Ours: how many days ahead pick-up dates are offered. */
export const AVAILABLE_DATES_DAYS_AHEAD = 14;
/** data-brands of the provider widget form. */
export const PAYMENT_WIDGET_DATA_BRANDS = 'VISA MASTER';

// ---- Parcels (001 §2, §3, §9; 002 §5, §9) ----
export const MIN_PARCEL_COUNT = 1;
export const MIN_PARCEL_DIMENSION = 0.01;
export const CUSTOM_PARCEL_TYPE_ID = 4;
export const PARCEL_SIZES = ['Small', 'Medium', 'Large', 'Custom'] as const;
/** Short forms used in the parcel summary. */
export const PARCEL_SIZE_SHORT = { small: 'sm', medium: 'md', large: 'lg', custom: 'l*' } as const;
export const PARCEL_UNITS = { dimension: 'cm', weight: 'Kg' } as const;
export const PARCEL_LIST_MAX_HEIGHT_PX = 260;
export const PARCEL_SLIDER_CARDS = { default: 3, smUp: 4 } as const;

// ---- Service levels, SLA and vehicles (001 §1, 002 §9) ----
/** Service type → the label shown on quotes. */
export const SERVICE_LEVELS = {
  Standard: 'Flexible',
  Priority: 'Precise',
  Hyperlocal: 'Near',
  'Emergency Relief': 'Free',
} as const;
/** Optimum vehicle type codes; bakkies have two codes each. */
export const VEHICLE_TYPES = {
  motorcycle: [10],
  sedan: [20],
  halfTonBakkie: [31, 32],
  oneTonBakkie: [41, 42],
  flatbed: [51],
} as const;

// ---- Ratings, tiers, reports (002 §9) ----
export const RATING_LABELS = { 1: 'Useless', 2: 'Poor', 3: 'Ok', 4: 'Good', 5: 'Excellent' } as const;
/** Deliveries-count bands; max null means open-ended. */
export const CUSTOMER_TIERS = [
  { name: 'Casual', min: 0, max: 49 },
  { name: 'Occasional', min: 50, max: 499 },
  { name: 'Regular', min: 500, max: 2999 },
  { name: 'Super-user', min: 3000, max: null },
] as const;
export type CustomerTierName = (typeof CUSTOMER_TIERS)[number]['name'];
export function customerTier(deliveries: number): CustomerTierName {
  // Walk from the top band down so the open-ended band needs no max check.
  for (let i = CUSTOMER_TIERS.length - 1; i >= 0; i--) {
    const tier = CUSTOMER_TIERS[i]!;
    if (deliveries >= tier.min) return tier.name;
  }
  return CUSTOMER_TIERS[0].name;
}
export const DAY_TYPES = ['Weekday', 'Weekend'] as const;
export const REPORT_TYPES = {
  customerDeliveries: 1,
  kpiPerformance: 2,
  deliverySummary: 3,
  serviceLevels: 4,
  grossProfit: 5,
  sales: 6,
  costOfSales: 7,
  deliveryTermination: 8,
  driverPerformance: 9,
} as const;
/** Partial list: the spec adds "and reversals" without naming them. */
export const TRANSACTION_TYPE_NAMES = [
  'Credit',
  'Debit',
  'Invoice',
  'Deposit',
  'Withdraw',
  'Advance',
  'Cash Credit',
  'Cash Debit',
] as const;
export const HUB_MOVES = ['Moving to hub', 'Arrived at hub', 'Returned to pick-up'] as const;
export const SCHEDULED_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const HOLIDAY_FILTERS = ['None', 'All', 'Saturdays', 'Sundays'] as const;
export const DELIVERY_DATE_FILTER_TYPES = ['Deliver by', 'Created'] as const;
export const REPORT_DATE_FILTER_TYPES = ['Terminal Date', 'Delivery Transaction Date', 'Created', 'Due Date'] as const;
/** Partial list ("and others" in the spec). */
export const COMPANY_TYPES = [
  'Close Corporation',
  'Listed Company',
  'Natural Person',
  'NPO',
  'Private Company',
  'Trust',
] as const;

// ---- Money display (001 §9, 002 §9) ----
export const VAT_PERCENT_FACTOR = 100;
export const EXPIRED_TEXT = 'Expired';

// ---- Exports (000 §9, 002 §7, §9) ----
export const EXPORT_MIME_TYPE = 'application/ms-excel';
export const EXPORT_FILE_EXTENSION = '.xlsx';
// EXPORT_FILE_NAMES: in list-constants.ts (the lists' export buttons name their files).
/** Transaction items export of one transaction (002 §7). */
export const transactionItemsExportName = (transactionId: number | string): string =>
  `Transaction Id ${transactionId}`;

// ---- Integrations (issue 6): webhook delivery (the spec gives no numbers; chosen, see docs/webhooks.md) ----
/** Tries per event and webhook, the first included; after the last failure the event is given up. */
export const WEBHOOK_MAX_ATTEMPTS = 6;
/** Retry n waits base x 2^(n-1): 30 s, 1 min, 2 min, 4 min, 8 min; never more than the maximum. */
export const WEBHOOK_BACKOFF_BASE_MS = 30_000;
export const WEBHOOK_BACKOFF_MAX_MS = 3_600_000;
/** One attempt's time limit (connect, send and answer); past it the attempt is an error. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How often the dispatcher looks for retries that are due (also after a restart). */
export const WEBHOOK_POLL_MS = 5_000;
/** What receivers should allow between the signature's timestamp and their clock (docs/webhooks.md). */
export const WEBHOOK_SIGNATURE_TOLERANCE_S = 300;

// ---- Content (issue 6): announcements and media ----
/** How long a signed media image URL stays valid (ours: long enough to browse a page of thumbnails). */
export const MEDIA_IMAGE_URL_TTL_S = 900;
/** Rows per page of a webhook's attempt log (edit screen). */
export const WEBHOOK_ATTEMPTS_PAGE_SIZE = 20;

// Barcode scanner camera (ours; 002 section 2 says "camera where available"): how often a frame is read.
export const BARCODE_CAMERA_SCAN_INTERVAL_MS = 250;

// ---- My deliveries (issue 4; ours): a customer's /dashboard. The server clamps bigger pages to the largest. ----
export const MY_DELIVERIES_PAGE_SIZES = [20, 50, 100] as const;
export const MY_DELIVERIES_MAX_PAGE_SIZE = 100;

// ---- Public tracking page (/track/:hash) ----
/** Ours: how often the public tracking page reads its delivery again (it polls instead of joining the tracking hub). */
export const TRACKING_REFRESH_MS = 60_000;

// ---- Rate upload batches (issue 16) ----
/** Ours: how often a submitted batch's progress is read again while no bulkIndexer event has come (a fallback). */
export const RATE_BATCH_POLL_MS = 1_000;
