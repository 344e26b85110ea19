import { sql } from 'drizzle-orm';
import { boolean, customType, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** One row per country portal; looked up from the host name on start. */
export const portals = pgTable('portals', {
  id: serial('id').primaryKey(),
  cca2: text('cca2').notNull(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  currencyDecimals: integer('currency_decimals').notNull(),
  timeZone: text('time_zone').notNull(),
  /** VAT in basis points (1500 = 15 %), so money stays in integers. */
  vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
}, (table) => [uniqueIndex('portals_cca2_unique').on(sql`lower(${table.cca2})`)]);

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  companyName: text('company_name').notNull(),
  contactName: text('contact_name'),
  phoneNumber: text('phone_number'),
  email: text('email'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // ---- Back-office lists (issue 6): the company form's fields and the companyType filter ----
  companyType: text('company_type'),
  registrationNumber: text('registration_number'),
  vatNumber: text('vat_number'),
}, (table) => [index('companies_portal_name').on(table.portalId, table.companyName)]);

export const stores = pgTable('stores', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  companyId: integer('company_id').notNull().references(() => companies.id),
  storeName: text('store_name').notNull(),
  contactName: text('contact_name'),
  phoneNumber: text('phone_number'),
  unitName: text('unit_name'),
  unitNumber: text('unit_number'),
  isActive: boolean('is_active').notNull().default(true),
  qsrMode: boolean('qsr_mode').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // ---- Back-office lists (issue 6): the store form's fields ----
  email: text('email'),
  address: text('address'),
}, (table) => [
  index('stores_portal_name').on(table.portalId, table.storeName),
  index('stores_company').on(table.companyId),
]);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phoneNumber: text('phone_number'),
  phoneNumberConfirmed: boolean('phone_number_confirmed').notNull().default(false),
  emailConfirmed: boolean('email_confirmed').notNull().default(false),
  contactCountryCode: text('contact_country_code').notNull().default('ZA'),
  unitName: text('unit_name'),
  unitNumber: text('unit_number'),
  companyId: integer('company_id').references(() => companies.id),
  storeId: integer('store_id').references(() => stores.id),
  /** Role names of src/lib/roles.ts (NormalUser is implied by being a user). */
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  beta: boolean('beta').notNull().default(false),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /** Consecutive failed sign-ins; reset by a successful one. At the threshold the account locks until lockedUntil. */
  failedLoginCount: integer('failed_login_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)]);

/**
 * A login session: every refresh token issued from one sign-in belongs to one family. Reusing a rotated token
 * revokes the family. impersonatorId is set while an administrator acts for the user; such a family ends at
 * absoluteExpiresAt however often it is refreshed.
 */
export const refreshTokenFamilies = pgTable('refresh_token_families', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: integer('user_id').notNull().references(() => users.id),
  impersonatorId: integer('impersonator_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
}, (table) => [index('refresh_token_families_user').on(table.userId)]);

/** Refresh tokens, stored as SHA-256 hashes only. rotatedAt is set when the token was exchanged for its successor. */
export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  familyId: uuid('family_id').notNull().references(() => refreshTokenFamilies.id),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
}, (table) => [uniqueIndex('refresh_tokens_hash').on(table.tokenHash), index('refresh_tokens_family').on(table.familyId)]);

/**
 * Failed sign-ins for emails that have no account, counted and locked exactly like an account's own
 * (users.failed_login_count, locked_until), so the answers never tell which emails exist.
 */
export const signInFailures = pgTable('sign_in_failures', {
  email: text('email').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use codes (two-factor login, two-factor enable/disable, email and phone verification, password reset),
 * stored hashed and attempt-limited. challengeId is the public handle (the twoFactorHash of a login).
 */
export const oneTimeCodes = pgTable('one_time_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  purpose: text('purpose').notNull(),
  challengeId: text('challenge_id').notNull(),
  codeHash: text('code_hash').notNull(),
  /** What the code confirms when that is not the user row itself (a phone number being verified). */
  target: text('target'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [uniqueIndex('one_time_codes_challenge').on(table.challengeId), index('one_time_codes_user_purpose').on(table.userId, table.purpose)]);

/** The outbox: every email and SMS the platform sends, written in the same transaction as the change that causes it. */
export const messages = pgTable('messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  purpose: text('purpose').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
}, (table) => [index('messages_unsent').on(table.sentAt, table.id), index('messages_recipient').on(table.recipient)]);

/** Who impersonated whom, when: one row per start and per stop. */
export const impersonationAudit = pgTable('impersonation_audit', {
  id: serial('id').primaryKey(),
  actorId: integer('actor_id').notNull().references(() => users.id),
  targetId: integer('target_id').notNull().references(() => users.id),
  action: text('action').notNull(),
  familyId: uuid('family_id'),
  ip: text('ip'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** Public API keys: one active key per user; the secret is stored hashed, its prefix shown to identify it. */
export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  prefix: text('prefix').notNull(),
  secretHash: text('secret_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (table) => [uniqueIndex('api_keys_secret').on(table.secretHash), index('api_keys_user').on(table.userId)]);

/** WebAuthn passkeys (biometric login). id is the credential id, base64url. */
export const passkeys = pgTable('passkeys', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  name: text('name').notNull(),
  publicKey: bytea('public_key').notNull(),
  counter: integer('counter').notNull().default(0),
  transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
}, (table) => [index('passkeys_user').on(table.userId)]);

/** Pending WebAuthn challenges and OpenID Connect authorization requests, single use, short-lived. */
export const authChallenges = pgTable('auth_challenges', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  userId: integer('user_id').references(() => users.id),
  /** JSON: the WebAuthn challenge, or the OIDC provider, PKCE verifier, nonce and redirect URI. */
  data: text('data').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Accounts at external OpenID Connect providers linked to a user. */
export const externalLogins = pgTable('external_logins', {
  provider: text('provider').notNull(),
  subject: text('subject').notNull(),
  userId: integer('user_id').notNull().references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [primaryKey({ columns: [table.provider, table.subject] })]);

export const profilePictures = pgTable('profile_pictures', {
  userId: integer('user_id').primaryKey().references(() => users.id),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Unhandled errors reported by the web app (POST /errors/frontend). */
export const frontendErrors = pgTable('frontend_errors', {
  id: uuid('id').primaryKey().defaultRandom(),
  error: text('error').notNull(),
  url: text('url').notNull(),
  agent: text('agent'),
  stack: text('stack'),
  auth: text('auth'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ==== Booking and payment (issue 4): deliveries, quote options, parcels, rates, accounts, ledger, cards, payments ====
// Money is integer cents. The ledger is append-only: corrections are reversal transactions, never edits.

/** Parcel type catalogue (small, medium, large, Extra Large); the client adds Custom (id 4) itself. */
export const parcelTypes = pgTable('parcel_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  length: integer('length_cm').notNull(),
  width: integer('width_cm').notNull(),
  height: integer('height_cm').notNull(),
  weight: integer('weight_kg').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const contactTypes = pgTable('contact_types', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Rates: a price per km range, SLA type, parcel type, rate type (base or per km), day type and pricing tier;
 * return-to-sender and high-risk rows are surcharges added on top. companyId null = the portal's list price.
 */
export const rates = pgTable('rates', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  /** What operators call the rate (issue 16); rows from before it are named from their key (migration 0009). */
  name: text('name').notNull().default(''),
  companyId: integer('company_id').references(() => companies.id),
  slaType: text('sla_type').notNull(),
  parcelTypeId: integer('parcel_type_id').notNull(),
  rateType: text('rate_type').notNull(),
  dayOfWeekType: text('day_of_week_type').notNull(),
  pricingTier: text('pricing_tier').notNull().default('Standard'),
  startKmRange: integer('start_km_range').notNull(),
  endKmRange: integer('end_km_range').notNull(),
  priceCents: integer('price_cents').notNull(),
  isReturnToSenderRate: boolean('is_return_to_sender_rate').notNull().default(false),
  isHighRisk: boolean('is_high_risk').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
}, (table) => [index('rates_lookup').on(table.portalId, table.slaType, table.parcelTypeId, table.dayOfWeekType)]);

/** Areas that carry the high-risk surcharge: a circle around a point. */
export const highRiskAreas = pgTable('high_risk_areas', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  name: text('name').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  radiusKm: doublePrecision('radius_km').notNull(),
});

/** Delivery windows: pick-up time slots per weekday (0 Sunday … 6 Saturday), portal-wide or per company/store. */
export const deliveryWindows = pgTable('delivery_windows', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  companyId: integer('company_id').references(() => companies.id),
  storeId: integer('store_id').references(() => stores.id),
  weekday: integer('weekday').notNull(),
  startLocal: text('start_local').notNull(),
  endLocal: text('end_local').notNull(),
}, (table) => [index('delivery_windows_scope').on(table.portalId, table.companyId, table.storeId)]);

export const deliveries = pgTable('deliveries', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  placedByUserId: integer('placed_by_user_id').notNull().references(() => users.id),
  companyId: integer('company_id').references(() => companies.id),
  storeId: integer('store_id').references(() => stores.id),
  waybill: text('waybill'),
  trackingHash: text('tracking_hash'),
  logisticStatusId: integer('logistic_status_id').notNull().default(0),
  paymentStatusId: integer('payment_status_id').notNull().default(0),
  originAddress: jsonb('origin_address').notNull(),
  destinationAddress: jsonb('destination_address').notNull(),
  originStoreId: integer('origin_store_id').references(() => stores.id),
  destinationStoreId: integer('destination_store_id').references(() => stores.id),
  /** Origin and destination contacts with the contact form's fields. */
  originContact: jsonb('origin_contact'),
  destinationContact: jsonb('destination_contact'),
  readyForCollectionDate: text('ready_for_collection_date').notNull(),
  readyForCollectionTimeSlotLocal: text('ready_for_collection_time_slot_local'),
  deliverByDate: text('deliver_by_date'),
  isRoundTrip: boolean('is_round_trip').notNull().default(false),
  isHighRisk: boolean('is_high_risk').notNull().default(false),
  distanceKm: doublePrecision('distance_km').notNull(),
  selectedQuoteId: integer('selected_quote_id'),
  accountId: integer('account_id'),
  orderReference: text('order_reference'),
  customerIdentifier: text('customer_identifier'),
  tipCents: integer('tip_cents').notNull().default(0),
  checkoutId: text('checkout_id'),
  paymentFailureDescription: text('payment_failure_description'),
  /** The hub a Standard delivery passes through (nearest to the pick-up); null = direct. */
  hubId: integer('hub_id').references(() => hubs.id),
  /** When the delivery last became delivered (its drop-off completed); null while it is not delivered. */
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The terminal date of a terminated or cancelled delivery (null in any other status): when it was delivered, else
   * when its last task finished, else its last change. Kept by the triggers of migration 0029 on every write of the
   * delivery and of its tasks' completion (the Delivery Termination report's date, read by an index).
   */
  terminalAt: timestamp('terminal_at', { withTimezone: true }),
  /**
   * The window end the Deliveries Due list shows for a delivery in progress (null in any other status, or without a
   * selected quote): its selected quote's pick-up window end while the pick-up is to come (Staging, Ready, Pending
   * pick-up), its drop-off window end after. Kept by the triggers of migration 0036 on the delivery's status and
   * selected quote and on that quote's window ends, never written by the application.
   */
  dueWindowEnd: timestamp('due_window_end', { withTimezone: true }),
}, (table) => [
  index('deliveries_portal_status').on(table.portalId, table.logisticStatusId),
  index('deliveries_company').on(table.companyId),
  // The back office's list at a million rows (docs/benchmarks.md). Every list query has portal_id = ?,
  // so each index leads with it: the portal's newest first, a company's (scope or filter) newest first, a store's
  // newest first (sort column then id: the list's tie-break, so a page is one ordered index range), and a company's
  // statuses with a distance range for the capped count (an index-only scan). The three newest-first indexes also
  // hold the logistic status and the distance after the id (never part of the order: the id is unique), so a page's
  // ids with the status and distance filters are an index-only scan, without a heap visit per skipped row.
  index('deliveries_portal_created').on(table.portalId, table.createdAt, table.id, table.logisticStatusId, table.distanceKm),
  index('deliveries_portal_company_created').on(table.portalId, table.companyId, table.createdAt, table.id, table.logisticStatusId, table.distanceKm),
  index('deliveries_portal_store_created').on(table.portalId, table.storeId, table.createdAt, table.id, table.logisticStatusId, table.distanceKm),
  index('deliveries_portal_company_status_distance').on(table.portalId, table.companyId, table.logisticStatusId, table.distanceKm),
  index('deliveries_store').on(table.storeId),
  // The reports' month windows (docs/benchmarks.md, "Reports"): deliver-by (the default date type; its text is ISO),
  // created, and from a quote back to the delivery that selected it.
  index('deliveries_deliver_by').on(table.deliverByDate),
  index('deliveries_created').on(table.createdAt),
  index('deliveries_selected_quote').on(table.selectedQuoteId),
  index('deliveries_placed_by').on(table.placedByUserId),
  index('deliveries_terminal').on(table.portalId, table.terminalAt).where(sql`terminal_at is not null`),
  // Deliveries Due in its default order (the window end as shown, to the second, then the key), with what its counts
  // and filters read (INCLUDE, in migrations 0036 and 0040, with the id), so its counts and its page's keys are
  // index-only scans in that order.
  index('deliveries_due').on(table.portalId, sql`date_trunc('second', (due_window_end at time zone 'UTC'))`, sql`(id::text)`)
    .where(sql`due_window_end is not null`),
  uniqueIndex('deliveries_waybill').on(table.waybill),
  uniqueIndex('deliveries_tracking_hash').on(table.trackingHash),
]);

/** Quote options of a delivery, one per service level, each with its own expiry. Replaced on repricing. */
export const deliveryQuotes = pgTable('delivery_quotes', {
  id: serial('id').primaryKey(),
  deliveryId: integer('delivery_id').notNull().references(() => deliveries.id),
  slaType: text('sla_type').notNull(),
  pricingTier: text('pricing_tier').notNull(),
  priceExclCents: integer('price_excl_cents').notNull(),
  vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
  /** The price breakdown lines: [{description, quantity, amountExcl, transactionItemTypeId}]. */
  items: jsonb('items').notNull(),
  pickupWindowStart: timestamp('pickup_window_start', { withTimezone: true }).notNull(),
  pickupWindowEnd: timestamp('pickup_window_end', { withTimezone: true }).notNull(),
  dropOffWindowStart: timestamp('drop_off_window_start', { withTimezone: true }).notNull(),
  dropOffWindowEnd: timestamp('drop_off_window_end', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Superseded options stay for the record but are never offered again. */
  supersededAt: timestamp('superseded_at', { withTimezone: true }),
}, (table) => [
  index('delivery_quotes_delivery').on(table.deliveryId),
  // The task reports' windows (a task's window end is its quote's pick-up or drop-off end) and the Due Date type.
  index('delivery_quotes_pickup_end').on(table.pickupWindowEnd),
  index('delivery_quotes_drop_off_end').on(table.dropOffWindowEnd),
]);

export const deliveryItems = pgTable('delivery_items', {
  id: serial('id').primaryKey(),
  deliveryId: integer('delivery_id').notNull().references(() => deliveries.id),
  name: text('name').notNull(),
  parcelTypeId: integer('parcel_type_id'),
  deliveryItemName: text('delivery_item_name'),
  length: doublePrecision('length').notNull(),
  width: doublePrecision('width').notNull(),
  height: doublePrecision('height').notNull(),
  weight: doublePrecision('weight').notNull(),
  description: text('description'),
  isFragile: boolean('is_fragile').notNull().default(false),
  barCode: text('bar_code'),
}, (table) => [index('delivery_items_delivery').on(table.deliveryId)]);

/**
 * Ledger accounts: customer accounts (Prepay / PostPay, owned by a user, company or store) and the platform's
 * system accounts (code: card_clearing, revenue, vat, funding). Balance is derived from entries, never stored.
 */
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  accountName: text('account_name').notNull(),
  accountType: text('account_type').notNull(),
  systemCode: text('system_code'),
  userId: integer('user_id').references(() => users.id),
  companyId: integer('company_id').references(() => companies.id),
  storeId: integer('store_id').references(() => stores.id),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  uniqueIndex('accounts_system_code').on(table.portalId, table.systemCode),
  index('accounts_user').on(table.userId),
  index('accounts_company').on(table.companyId),
  index('accounts_store').on(table.storeId),
]);

/** One balanced posting. reversalOfId points at the transaction it reverses (at most one reversal each). */
export const ledgerTransactions = pgTable('ledger_transactions', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  transactionType: text('transaction_type').notNull(),
  description: text('description').notNull(),
  deliveryId: integer('delivery_id').references(() => deliveries.id),
  paymentId: integer('payment_id'),
  reversalOfId: integer('reversal_of_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  index('ledger_transactions_delivery').on(table.deliveryId),
  uniqueIndex('ledger_transactions_payment').on(table.paymentId),
  uniqueIndex('ledger_transactions_reversal').on(table.reversalOfId),
]);

/** Entries: debit positive, credit negative; the entries of a transaction sum to zero. */
export const ledgerEntries = pgTable('ledger_entries', {
  id: serial('id').primaryKey(),
  transactionId: integer('transaction_id').notNull().references(() => ledgerTransactions.id),
  accountId: integer('account_id').notNull().references(() => accounts.id),
  amountCents: integer('amount_cents').notNull(),
}, (table) => [index('ledger_entries_account').on(table.accountId), index('ledger_entries_transaction').on(table.transactionId)]);

/** Saved cards: the provider's registration token, never a card number. */
export const paymentCards = pgTable('payment_cards', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id').notNull().references(() => accounts.id),
  userId: integer('user_id').notNull().references(() => users.id),
  registrationId: text('registration_id').notNull(),
  paymentBrand: text('payment_brand').notNull(),
  paymentType: text('payment_type').notNull(),
  holder: text('holder').notNull(),
  lastFourDigits: text('last_four_digits').notNull(),
  expiryMonth: integer('expiry_month').notNull(),
  expiryYear: integer('expiry_year').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (table) => [index('payment_cards_account').on(table.accountId), uniqueIndex('payment_cards_registration').on(table.registrationId)]);

/**
 * Payment attempts. idempotencyKey is unique: a repeated request finds its first attempt and answers its
 * stored result. status: pending, charging (a saved-card charge claimed by one request), succeeded, failed.
 * merchantTransactionId is what the provider knows us by.
 */
export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  deliveryId: integer('delivery_id').notNull().references(() => deliveries.id),
  accountId: integer('account_id').references(() => accounts.id),
  userId: integer('user_id').notNull().references(() => users.id),
  method: text('method').notNull(),
  operation: text('operation').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  merchantTransactionId: text('merchant_transaction_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  creditAppliedCents: integer('credit_applied_cents').notNull().default(0),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  checkoutId: text('checkout_id'),
  providerPaymentId: text('provider_payment_id'),
  resultCode: text('result_code'),
  resultDescription: text('result_description'),
  saveCard: boolean('save_card').notNull().default(false),
  paymentCardId: integer('payment_card_id'),
  /** Provider calls claimed for this payment: after the first, the provider is asked what became of it before any new call. */
  providerAttempts: integer('provider_attempts').notNull().default(0),
  /** When the current claim (status 'charging') was taken: a claim older than any provider call can last is a dead process's. */
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
}, (table) => [
  uniqueIndex('payments_idempotency_key').on(table.idempotencyKey),
  // At most one open payment per delivery, whatever the method: a second pay request is refused (409), never charged.
  uniqueIndex('payments_one_open_per_delivery').on(table.deliveryId).where(sql`${table.status} in ('pending', 'charging')`),
  uniqueIndex('payments_merchant_transaction').on(table.merchantTransactionId),
  uniqueIndex('payments_checkout').on(table.checkoutId),
  index('payments_delivery').on(table.deliveryId),
  index('payments_pending').on(table.status),
]);

// ==== Back office: deliveries (issue 6) ====

/**
 * What the back office keeps about a delivery beside booking's row: the lot number (N/A when ≤ 0), the
 * return-to-sender flag and the proof of delivery an operator records. One row per delivery, created on demand.
 */
export const deliveryAdminDetails = pgTable('delivery_admin_details', {
  deliveryId: integer('delivery_id').primaryKey().references(() => deliveries.id, { onDelete: 'cascade' }),
  lotNumber: integer('lot_number').notNull().default(0),
  isReturnToSender: boolean('is_return_to_sender').notNull().default(false),
  proofRecipientName: text('proof_recipient_name'),
  proofNote: text('proof_note'),
  proofUpdatedAt: timestamp('proof_updated_at', { withTimezone: true }),
});

// ==== Addresses (issue 4): the offline gazetteer behind address search and resolve ====

/**
 * Places and streets with a representative point (a street's is near its middle). searchText is the
 * normalised name, area, city, province and aliases with a space before every word, for word-prefix search.
 */
export const gazetteerPlaces = pgTable('gazetteer_places', {
  id: serial('id').primaryKey(),
  placeId: text('place_id').notNull(),
  cca2: text('cca2').notNull(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  area: text('area'),
  city: text('city').notNull(),
  province: text('province').notNull(),
  description: text('description').notNull(),
  /** The normalised name (ranking: exact name, then name prefix first). */
  nameKey: text('name_key').notNull(),
  searchText: text('search_text').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
}, (table) => [uniqueIndex('gazetteer_places_place_id').on(table.placeId), index('gazetteer_places_cca2').on(table.cca2)]);

// ==== Live operations (issue 5): drivers, jobs, tasks, job deliveries, web notifications ====
// Versions are PostgreSQL's own xmin (as companies and stores): every UPDATE bumps it; read it as `xmin::text`.

/** A user with the Driver role as operations see them: availability (002 section 4) and last known position. */
export const drivers = pgTable('drivers', {
  userId: integer('user_id').primaryKey().references(() => users.id),
  driverAvailabilityId: integer('driver_availability_id').notNull().default(-1001),
  lat: doublePrecision('lat'),
  lon: doublePrecision('lon'),
  locationAt: timestamp('location_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Issue 18: the partner company the driver works for (set when a partner driver application is approved). */
  partnerCompanyId: integer('partner_company_id').references(() => companies.id),
});

/** A job: the work of one driver (partner, assistant) made of pick-up and drop-off tasks. */
export const jobs = pgTable('jobs', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  jobStatusId: integer('job_status_id').notNull().default(0),
  driverId: integer('driver_id').references(() => users.id),
  /** The company of all its deliveries; null when they belong to several (only staff and the driver see it then). */
  companyId: integer('company_id').references(() => companies.id),
  /** The driver who last rejected it (cleared on assignment). */
  rejectedByDriverId: integer('rejected_by_driver_id').references(() => users.id),
  createdByUserId: integer('created_by_user_id').references(() => users.id),
  /** Demo rows are found again by this key so the seed stays idempotent. */
  seedKey: text('seed_key'),
  delayNotifiedAt: timestamp('delay_notified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  index('jobs_portal_status').on(table.portalId, table.jobStatusId),
  // The job reports (auto assign efficiency, driver assignment, acceptance) by the local day a job was created.
  index('jobs_portal_created').on(table.portalId, table.createdAt),
  index('jobs_driver').on(table.driverId),
  index('jobs_company').on(table.companyId),
  uniqueIndex('jobs_seed_key').on(table.seedKey),
]);

/** The deliveries a job carries: a delivery is in one job at most. */
export const jobDeliveries = pgTable('job_deliveries', {
  deliveryId: integer('delivery_id').primaryKey().references(() => deliveries.id),
  jobId: integer('job_id').notNull().references(() => jobs.id),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('job_deliveries_job').on(table.jobId)]);

/** A pick-up or drop-off of one delivery within a job (002 section 3). */
export const jobTasks = pgTable('job_tasks', {
  id: serial('id').primaryKey(),
  jobId: integer('job_id').notNull().references(() => jobs.id),
  deliveryId: integer('delivery_id').notNull().references(() => deliveries.id),
  taskJobOrder: integer('task_job_order').notNull(),
  taskTypeId: integer('task_type_id').notNull(),
  taskStatusId: integer('task_status_id').notNull().default(2001),
  /** {description, coordinates: {lat, lon}, storeId?}: where the task happens. */
  address: jsonb('address').notNull(),
  windowStartUtc: timestamp('window_start_utc', { withTimezone: true }),
  arrivedDate: timestamp('arrived_date', { withTimezone: true }),
  arrivedLat: doublePrecision('arrived_lat'),
  arrivedLon: doublePrecision('arrived_lon'),
  /** Km between the arrival position and the task's address when the driver said Arrived (issue 21); kept as recorded. */
  arrivedDistanceKm: doublePrecision('arrived_distance_km'),
  /** Km from the driver's last position; refreshed as the driver moves. */
  distanceFromDriver: doublePrecision('distance_from_driver'),
  completedDate: timestamp('completed_date', { withTimezone: true }),
  exceptionReason: text('exception_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The end of the task's window as the reports read it (their Due Date): its delivery's selected quote's pick-up
   * window end for a pick-up task, its drop-off window end otherwise; null without a selected quote. Kept by triggers
   * (migration 0033_task-window-end), never written by the application.
   */
  reportWindowEnd: timestamp('report_window_end', { withTimezone: true }),
}, (table) => [
  index('job_tasks_job').on(table.jobId, table.taskJobOrder),
  // A delivery's tasks, with their stored window end: the delivery-first read of a small company's report pages checks
  // the window in the index, reading only the tasks in it (migration 0041; queries.ts, pageKeys).
  index('job_tasks_delivery').on(table.deliveryId, table.reportWindowEnd),
  index('job_tasks_exception_window').on(table.reportWindowEnd).where(sql`task_status_id = -1001 or exception_reason is not null`),
  // The default orders of Delivery Arrival (arrived, to the second as shown, newest first, then the key) and Address
  // Variation (distance from the stop as shown, farthest first, then the key): their first pages read in order.
  index('job_tasks_arrival_order').on(sql`date_trunc('second', (arrived_date at time zone 'UTC')) desc`, sql`(id::text)`)
    .where(sql`arrived_date is not null`),
  // Address Variation's also holds the stored window end, which its pages' walk checks in the index (a month is one
  // task in twelve of the index: the others are passed over without reading their rows; migration 0039).
  index('job_tasks_distance_order').on(sql`round(arrived_distance_km::numeric, 2) desc`, sql`(id::text)`, table.reportWindowEnd)
    .where(sql`arrived_distance_km is not null`),
]);

/** Notifications shown in the web app's list (002 section 3); each belongs to one user. */
export const webNotifications = pgTable('web_notifications', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  userId: integer('user_id').notNull().references(() => users.id),
  webNotificationTypeId: integer('web_notification_type_id').notNull(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  read: boolean('read').notNull().default(false),
  jobId: integer('job_id').references(() => jobs.id),
  deliveryId: integer('delivery_id').references(() => deliveries.id),
  seedKey: text('seed_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  index('web_notifications_user').on(table.userId, table.read, table.createdAt),
  uniqueIndex('web_notifications_seed_key').on(table.seedKey),
]);

// ==== Hubs (issue 4): depots that Standard deliveries pass through (hub, hubAddress of the quote response) ====

export const hubs = pgTable('hubs', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  hubName: text('hub_name').notNull(),
  contactName: text('contact_name').notNull(),
  phoneNumber: text('phone_number').notNull(),
  /** A BookingAddress: placeId, description, coordinates. */
  address: jsonb('address').notNull(),
  isActive: boolean('is_active').notNull().default(true),
}, (table) => [uniqueIndex('hubs_portal_name').on(table.portalId, table.hubName)]);

// ==== Fleet (issue 6, session 5): vehicles and mobile devices of the back office (hubs: see above) ====

/** A vehicle of the fleet (000 section 2 /vehicles; vehicle types of 002 section 9). */
export const vehicles = pgTable('vehicles', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  registration: text('registration').notNull(),
  make: text('make').notNull(),
  model: text('model').notNull(),
  colour: text('colour'),
  /** 10 motorcycle, 20 sedan, 31/32 half-ton bakkie, 41/42 one-ton bakkie, 51 flatbed (src/lib/fleet.ts). */
  vehicleTypeId: integer('vehicle_type_id').notNull(),
  /** The driver who usually drives it (a user with the Driver role); optional. */
  driverId: integer('driver_id').references(() => users.id),
  /** The partner company that owns it; optional. */
  partnerCompanyId: integer('partner_company_id').references(() => companies.id),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  uniqueIndex('vehicles_portal_registration').on(table.portalId, sql`upper(${table.registration})`),
  index('vehicles_driver').on(table.driverId),
]);

/** A phone or tablet a user signed in on with the mobile app (002 section 3 "Mobile device"). */
export const mobileDevices = pgTable('mobile_devices', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  /** The owner (appUserId). */
  appUserId: integer('app_user_id').notNull().references(() => users.id),
  deviceBrand: text('device_brand').notNull(),
  deviceModel: text('device_model').notNull(),
  /** The app's installation id; a seed key for demo rows. */
  deviceIdentifier: text('device_identifier').notNull(),
  trusted: boolean('trusted').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  uniqueIndex('mobile_devices_identifier').on(table.deviceIdentifier),
  index('mobile_devices_owner').on(table.appUserId),
]);

// ==== Content (issue 6): announcements and media (delivery pictures, delivery signatures, profile pictures) ====

/** A notice for the users of a portal, shown as a dismissible banner between its start and end dates. */
export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  title: text('title').notNull(),
  message: text('message').notNull(),
  /** Local dates of the portal, YYYY-MM-DD; shown from startDate through endDate (no end = until deactivated). */
  startDate: text('start_date').notNull(),
  endDate: text('end_date'),
  isActive: boolean('is_active').notNull().default(true),
  createdByUserId: integer('created_by_user_id').references(() => users.id),
  seedKey: text('seed_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('announcements_portal').on(table.portalId, table.startDate), uniqueIndex('announcements_seed_key').on(table.seedKey)]);

/** A user closed an announcement's banner: it is not shown to them again. */
export const announcementDismissals = pgTable('announcement_dismissals', {
  announcementId: integer('announcement_id').notNull().references(() => announcements.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [primaryKey({ columns: [table.announcementId, table.userId] })]);

/**
 * One media item (002 section 3 "Media item: id, aiScore"): a delivery picture or signature (proof of delivery,
 * bytes here) or a user's profile picture (bytes stay in profile_pictures; this row carries its measures).
 */
export const mediaItems = pgTable('media_items', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  /** deliveryPicture | deliverySignature | profilePicture */
  kind: text('kind').notNull(),
  deliveryId: integer('delivery_id').references(() => deliveries.id),
  /** The user the item is of (profile) or who captured it (delivery media). */
  userId: integer('user_id').references(() => users.id),
  contentType: text('content_type').notNull(),
  data: bytea('data'),
  byteSize: integer('byte_size').notNull(),
  width: integer('width'),
  height: integer('height'),
  /** 0-100 image-quality heuristic (server/domain/media-image.ts); null when the image could not be measured. */
  aiScore: integer('ai_score'),
  seedKey: text('seed_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  index('media_items_portal_kind').on(table.portalId, table.kind, table.createdAt),
  index('media_items_delivery').on(table.deliveryId),
  uniqueIndex('media_items_profile_user').on(table.userId).where(sql`kind = 'profilePicture'`),
  uniqueIndex('media_items_seed_key').on(table.seedKey),
]);

// ==== Back office: users admin, ratings, questionnaires (issue 6) ====

/**
 * What the back office keeps about a user beside the identity row: whether the account is active (the users
 * list's isActive filter). One row per user, created on demand; no row means active.
 */
export const userAdminDetails = pgTable('user_admin_details', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  isActive: boolean('is_active').notNull().default(true),
});

/** A questionnaire customers answer when they rate a delivery: its questions in order. */
export const questionnaires = pgTable('questionnaires', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  name: text('name').notNull(),
  /** The questions, in order (a JSON array of strings). */
  questions: jsonb('questions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  isActive: boolean('is_active').notNull().default(true),
  seedKey: text('seed_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('questionnaires_portal').on(table.portalId), uniqueIndex('questionnaires_seed_key').on(table.seedKey)]);

/** A rating of a delivery's driver: score 1-5 (Useless, Poor, Ok, Good, Excellent), a comment, optional answers. */
export const ratings = pgTable('ratings', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  deliveryId: integer('delivery_id').notNull().references(() => deliveries.id, { onDelete: 'cascade' }),
  /** The user rated (the driver). */
  driverId: integer('driver_id').notNull().references(() => users.id),
  score: integer('score').notNull(),
  comment: text('comment'),
  questionnaireId: integer('questionnaire_id').references(() => questionnaires.id),
  /** Answers to the questionnaire's questions, in its order. */
  answers: jsonb('answers').$type<string[]>(),
  createdById: integer('created_by_id').references(() => users.id),
  seedKey: text('seed_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  index('ratings_portal_created').on(table.portalId, table.createdAt),
  index('ratings_driver').on(table.driverId),
  index('ratings_delivery').on(table.deliveryId),
  uniqueIndex('ratings_seed_key').on(table.seedKey),
]);

// ==== Integrations (issue 6): webhooks with their attempt log, and API clients ====

/** A URL subscribed to delivery and job changes of one company (companyId null: every company of the portal). */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  companyId: integer('company_id').references(() => companies.id),
  url: text('url').notNull(),
  description: text('description'),
  /** The HMAC-SHA256 signing secret: kept as it is, since we must sign with it; answered once, on create. */
  secret: text('secret').notNull(),
  /** WebhookEventType names (src/lib/webhooks.ts). */
  eventTypes: text('event_types').array().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdByUserId: integer('created_by_user_id').references(() => users.id),
  seedKey: text('seed_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('webhooks_portal_company').on(table.portalId, table.companyId), uniqueIndex('webhooks_seed_key').on(table.seedKey)]);

/**
 * Each try of one event at one webhook. A pending retry is the row with status unknown (0) and nextAttemptAt:
 * the dispatcher claims due rows after a restart too. Every attempt of one event shares eventId.
 */
export const webhookAttempts = pgTable('webhook_attempts', {
  id: serial('id').primaryKey(),
  webhookId: integer('webhook_id').notNull().references(() => webhooks.id, { onDelete: 'cascade' }),
  eventId: text('event_id').notNull(),
  event: text('event').notNull(),
  /** The exact JSON body sent (every retry sends the same bytes, with a new signature timestamp). */
  payload: text('payload').notNull(),
  attempt: integer('attempt').notNull(),
  statusId: integer('status_id').notNull().default(0),
  httpStatus: integer('http_status'),
  error: text('error'),
  durationMs: integer('duration_ms'),
  /** When the attempt was made (while pending: when it was scheduled). */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
}, (table) => [
  index('webhook_attempts_webhook').on(table.webhookId, table.id),
  index('webhook_attempts_due').on(table.statusId, table.nextAttemptAt),
]);

/** An API client: a public API user (users row with role PublicApiUser) whose key lives in api_keys. */
export const apiClients = pgTable('api_clients', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  userId: integer('user_id').notNull().references(() => users.id),
  clientName: text('client_name').notNull(),
  authType: text('auth_type').notNull().default('ApiKey'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [uniqueIndex('api_clients_user').on(table.userId)]);

// ==== Territories (issue 6): territories, their areas and exceptions (polygons), territory permissions ====

/** A territory of a portal: where the platform works, drawn as areas with exceptions cut out of them. */
export const territories = pgTable('territories', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [uniqueIndex('territories_portal_name').on(table.portalId, table.name)]);

/**
 * An area (kind 'area') or an exception (kind 'exception', a hole) of a territory. polygon is a closed ring
 * [[lon, lat], ...] as JSON; the bounding box columns let a point search skip far polygons in SQL.
 */
export const territoryAreas = pgTable('territory_areas', {
  id: serial('id').primaryKey(),
  territoryId: integer('territory_id').notNull().references(() => territories.id, { onDelete: 'cascade' }),
  areaName: text('area_name').notNull(),
  kind: text('kind').notNull().default('area'),
  polygon: jsonb('polygon').notNull().$type<[number, number][]>(),
  minLat: doublePrecision('min_lat').notNull(),
  maxLat: doublePrecision('max_lat').notNull(),
  minLon: doublePrecision('min_lon').notNull(),
  maxLon: doublePrecision('max_lon').notNull(),
}, (table) => [
  index('territory_areas_territory').on(table.territoryId, table.kind),
  uniqueIndex('territory_areas_name').on(table.territoryId, table.kind, table.areaName),
]);

/** Who may work in a territory: one user, or everyone with one role. */
export const territoryPermissions = pgTable('territory_permissions', {
  id: serial('id').primaryKey(),
  territoryId: integer('territory_id').notNull().references(() => territories.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  role: text('role'),
}, (table) => [
  uniqueIndex('territory_permissions_user').on(table.territoryId, table.userId),
  uniqueIndex('territory_permissions_role').on(table.territoryId, table.role),
]);

// ==== Rate upload batches (issue 16; 002 sections 2, 4, 5, 8) ====

/** A sheet uploaded for bulk work (uploadType 'Rate'); its status is the batch catalogue's (002 section 4). */
export const uploadBatches = pgTable('upload_batches', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  uploadType: text('upload_type').notNull(),
  fileName: text('file_name').notNull(),
  uploadStatusId: integer('upload_status_id').notNull().default(0),
  createdByUserId: integer('created_by_user_id').references(() => users.id),
  totalRows: integer('total_rows').notNull().default(0),
  /** Rows the submit job has finished (for the progress bar after a reload). */
  processedRows: integer('processed_rows').notNull().default(0),
  jobId: text('job_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  /** The store a delivery batch (uploadType 'Delivery') books for; null for other kinds. */
  storeId: integer('store_id').references(() => stores.id),
}, (table) => [index('upload_batches_portal').on(table.portalId, table.uploadType, table.id)]);

/**
 * One row of a rate sheet as uploaded: every column nullable (a bad row keeps what it had) beside its errors
 * per field; rateId is the rate the submit created or updated.
 */
export const rateUploads = pgTable('rate_uploads', {
  id: serial('id').primaryKey(),
  uploadBatchId: integer('upload_batch_id').notNull().references(() => uploadBatches.id, { onDelete: 'cascade' }),
  rowNumber: integer('row_number').notNull(),
  rateId: integer('rate_id').references(() => rates.id),
  name: text('name'),
  companyId: integer('company_id').references(() => companies.id),
  slaType: text('sla_type'),
  parcelTypeId: integer('parcel_type_id'),
  rateType: text('rate_type'),
  dayOfWeekType: text('day_of_week_type'),
  pricingTier: text('pricing_tier'),
  startKmRange: integer('start_km_range'),
  endKmRange: integer('end_km_range'),
  priceCents: integer('price_cents'),
  isReturnToSenderRate: boolean('is_return_to_sender_rate').notNull().default(false),
  isHighRisk: boolean('is_high_risk').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  uploadStatusId: integer('upload_status_id').notNull().default(0),
  rateCreated: boolean('rate_created').notNull().default(false),
  errors: jsonb('errors').notNull().$type<Record<string, string[]>>().default({}),
  uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('rate_uploads_batch').on(table.uploadBatchId, table.id)]);

// ==== The public contact form (issue 19): messages from /contact that operators read and mark answered ====

/** A visitor's message from /contact, acknowledged by email through the outbox. */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  answeredByUserId: integer('answered_by_user_id').references(() => users.id),
}, (table) => [
  index('contact_messages_portal').on(table.portalId, table.createdAt),
  index('contact_messages_email').on(sql`lower(${table.email})`, table.createdAt),
]);
// ---- Issue 17: scheduled reports, their runs, and files attached to outgoing messages ----

/**
 * A report emailed on a schedule (/scheduledreports; administrator, management): report type of 002 section 9,
 * period, scheduled day (ISO 1 Monday .. 7 Sunday, weekly reports), recipients, the report's filters, and when it
 * runs next (the job queue's minute tick claims rows whose next run has come).
 */
export const scheduledReports = pgTable('scheduled_reports', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  reportType: integer('report_type').notNull(),
  period: text('period').notNull(),
  scheduledDay: integer('scheduled_day').notNull().default(1),
  recipients: text('recipients').array().notNull(),
  filters: jsonb('filters').notNull().$type<Record<string, string | number>>().default({}),
  isActive: boolean('is_active').notNull().default(true),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('scheduled_reports_due').on(table.isActive, table.nextRunAt)]);

/** One run of a scheduled report: Queued → Running → Sent or Failed, with its range and the .xlsx it wrote. */
export const scheduledReportRuns = pgTable('scheduled_report_runs', {
  id: serial('id').primaryKey(),
  scheduledReportId: integer('scheduled_report_id').notNull().references(() => scheduledReports.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('Queued'),
  startDate: text('start_date').notNull(),
  endDate: text('end_date').notNull(),
  fileName: text('file_name'),
  file: bytea('file'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (table) => [index('scheduled_report_runs_report').on(table.scheduledReportId, table.id), index('scheduled_report_runs_status').on(table.status)]);

/** A file sent with an outbox message (a scheduled report's .xlsx): the senders attach it. */
export const messageAttachments = pgTable('message_attachments', {
  id: serial('id').primaryKey(),
  messageId: integer('message_id').notNull().references(() => messages.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
}, (table) => [index('message_attachments_message').on(table.messageId)]);
// ==== Applications to join (issue 18; 000 sections 2, 6; 002 sections 3, 4, 9) ====

/**
 * One application to join: business 5, partner 1, partner driver 2, driver 3, vehicle 4, assistant 6. The status
 * is the spec's application status (cancelled -2001, rejected -1001, pending 0, approved 2001); progressStatusId is
 * the further set (cancelled -1000, none 0 = being filled in, pending 1000 = submitted, complete 2000 = decided).
 */
export const applications = pgTable('applications', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  applicationTypeId: integer('application_type_id').notNull(),
  applicationStatusId: integer('application_status_id').notNull().default(0),
  progressStatusId: integer('progress_status_id').notNull().default(0),
  applicantUserId: integer('applicant_user_id').notNull().references(() => users.id),
  /** -1 before the first save; advances by one after each successful save of the next step (002 section 4). */
  activeStep: integer('active_step').notNull().default(-1),
  /** Terms and rates: none 0, needs acceptance 100, accepted 200. */
  termsAcceptanceId: integer('terms_acceptance_id').notNull().default(100),
  // Personal details (drivers, assistants, partners)
  idNumber: text('id_number'),
  phoneNumber: text('phone_number'),
  // The partner's declaration (002 section 3)
  hasRelation: boolean('has_relation'),
  relationInfo: text('relation_info'),
  hasPartTimeJob: boolean('has_part_time_job'),
  partTimeJobDetails: text('part_time_job_details'),
  hasVendorRelation: boolean('has_vendor_relation'),
  vendorRelationInfo: text('vendor_relation_info'),
  // Company details (business, partner)
  companyName: text('company_name'),
  companyType: text('company_type'),
  registrationNumber: text('registration_number'),
  vatNumber: text('vat_number'),
  contactName: text('contact_name'),
  companyEmail: text('company_email'),
  companyPhoneNumber: text('company_phone_number'),
  // Vehicle details (vehicle)
  registration: text('registration'),
  make: text('make'),
  model: text('model'),
  colour: text('colour'),
  vehicleTypeId: integer('vehicle_type_id'),
  /** The partner a partner driver or vehicle application belongs to. */
  partnerCompanyId: integer('partner_company_id').references(() => companies.id),
  inviteId: integer('invite_id'),
  /** The rejection or cancellation reason. */
  reason: text('reason'),
  /** What the approval created: the company (business, partner) or the vehicle. */
  createdCompanyId: integer('created_company_id').references(() => companies.id),
  createdVehicleId: integer('created_vehicle_id').references(() => vehicles.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedByUserId: integer('decided_by_user_id').references(() => users.id),
}, (table) => [
  index('applications_portal_type').on(table.portalId, table.applicationTypeId, table.applicationStatusId, table.createdAt),
  index('applications_applicant').on(table.applicantUserId),
  index('applications_partner').on(table.partnerCompanyId),
]);

/** A document of an application: the file is a media item (kind applicationDocument); status none 0 .. rejected 500. */
export const applicationDocuments = pgTable('application_documents', {
  id: serial('id').primaryKey(),
  applicationId: integer('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  documentTypeId: integer('document_type_id').notNull(),
  mediaItemId: integer('media_item_id').notNull().references(() => mediaItems.id),
  fileName: text('file_name'),
  /** Local date YYYY-MM-DD; null for documents that do not expire. */
  expiryDate: text('expiry_date'),
  documentStatusId: integer('document_status_id').notNull().default(400),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('application_documents_application').on(table.applicationId, table.documentTypeId)]);

/** An invitation to apply as a driver (by a partner: partner driver; by staff: driver), opened at /driver-apply/:hash. */
export const applicationInvites = pgTable('application_invites', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  hash: text('hash').notNull(),
  partnerCompanyId: integer('partner_company_id').references(() => companies.id),
  invitedByUserId: integer('invited_by_user_id').notNull().references(() => users.id),
  firstName: text('first_name'),
  email: text('email'),
  phoneNumber: text('phone_number'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  applicationId: integer('application_id').references(() => applications.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [uniqueIndex('application_invites_hash').on(table.hash), index('application_invites_partner').on(table.portalId, table.partnerCompanyId)]);

/** The timeline of an application: who did what, when. */
export const applicationEvents = pgTable('application_events', {
  id: serial('id').primaryKey(),
  applicationId: integer('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id),
  action: text('action').notNull(),
  detail: text('detail'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('application_events_application').on(table.applicationId, table.id)]);
// ==== Issue 20 (dispatch): stops added by the task wizard, the messaging window, drivers' cash deposits ====

/** What the task wizard records beside a stop it adds to a job (the task row holds its type, address and window start). */
export const jobTaskStops = pgTable('job_task_stops', {
  taskId: integer('task_id').primaryKey().references(() => jobTasks.id),
  windowEndUtc: timestamp('window_end_utc', { withTimezone: true }),
  contactName: text('contact_name'),
  contactPhone: text('contact_phone'),
  addedByUserId: integer('added_by_user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One conversation per driver and portal between the dispatchers and that driver (the messaging window). */
export const conversations = pgTable('conversations', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  driverId: integer('driver_id').notNull().references(() => users.id),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [uniqueIndex('conversations_portal_driver').on(table.portalId, table.driverId)]);

export const conversationMessages = pgTable('conversation_messages', {
  id: serial('id').primaryKey(),
  conversationId: integer('conversation_id').notNull().references(() => conversations.id),
  senderUserId: integer('sender_user_id').notNull().references(() => users.id),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('conversation_messages_conversation').on(table.conversationId, table.id)]);

/** How far each reader has read a conversation (unread counts are the messages after it, not their own). */
export const conversationReads = pgTable('conversation_reads', {
  conversationId: integer('conversation_id').notNull().references(() => conversations.id),
  userId: integer('user_id').notNull().references(() => users.id),
  lastReadMessageId: integer('last_read_message_id').notNull().default(0),
}, (table) => [primaryKey({ columns: [table.conversationId, table.userId] })]);

/** A driver's cash deposit of cash-on-delivery money (the deposit modal); the ledger posting is finance's. */
export const driverDeposits = pgTable('driver_deposits', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  driverId: integer('driver_id').notNull().references(() => users.id),
  amountCents: integer('amount_cents').notNull(),
  reference: text('reference').notNull(),
  note: text('note'),
  depositedAt: timestamp('deposited_at', { withTimezone: true }).notNull(),
  recordedByUserId: integer('recorded_by_user_id').notNull().references(() => users.id),
  /** The client's key: the same deposit sent twice is recorded once. */
  idempotencyKey: text('idempotency_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  uniqueIndex('driver_deposits_idempotency').on(table.portalId, table.idempotencyKey),
  index('driver_deposits_driver').on(table.driverId, table.depositedAt),
]);
// ==== Finance (issue 15): credit limits, bank accounts, withdrawals and advances, funds received, idempotent money commands ====

/** A post-pay account's credit limit (cents): how far below zero it may go. Null: no limit set (accounts created before limits). */
export const accountCreditLimits = pgTable('account_credit_limits', {
  accountId: integer('account_id').primaryKey().references(() => accounts.id),
  creditLimitCents: integer('credit_limit_cents').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where a partner, company, store or user is paid: owned like an account (one of user, company, store). */
export const bankAccounts = pgTable('bank_accounts', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  userId: integer('user_id').references(() => users.id),
  companyId: integer('company_id').references(() => companies.id),
  storeId: integer('store_id').references(() => stores.id),
  accountHolder: text('account_holder').notNull(),
  bankName: text('bank_name').notNull(),
  branchCode: text('branch_code').notNull(),
  accountNumber: text('account_number').notNull(),
  bankAccountType: text('bank_account_type').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  index('bank_accounts_portal').on(table.portalId, table.id),
  index('bank_accounts_company').on(table.companyId),
  index('bank_accounts_user').on(table.userId),
]);

/**
 * A withdrawal (paid out to a bank account) or an advance (paid ahead of future pay), requested by its account's
 * owner; completing it posts the ledger transaction (one per request: unique), cancelling posts nothing.
 * status: requested, completed, cancelled.
 */
export const payoutRequests = pgTable('payout_requests', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  kind: text('kind').notNull(),
  accountId: integer('account_id').notNull().references(() => accounts.id),
  bankAccountId: integer('bank_account_id').notNull().references(() => bankAccounts.id),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason'),
  status: text('status').notNull().default('requested'),
  requestedByUserId: integer('requested_by_user_id').notNull().references(() => users.id),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  decidedByUserId: integer('decided_by_user_id').references(() => users.id),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
  idempotencyKey: text('idempotency_key').notNull(),
}, (table) => [
  index('payout_requests_portal').on(table.portalId, table.kind, table.id),
  index('payout_requests_account').on(table.accountId),
  uniqueIndex('payout_requests_idempotency_key').on(table.idempotencyKey),
  uniqueIndex('payout_requests_ledger_transaction').on(table.ledgerTransactionId),
]);

/** Money received by EFT from a customer (a user or a company), to be allocated to that customer's accounts. */
export const fundsReceived = pgTable('funds_received', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  userId: integer('user_id').references(() => users.id),
  companyId: integer('company_id').references(() => companies.id),
  amountCents: integer('amount_cents').notNull(),
  reference: text('reference').notNull(),
  receivedOn: text('received_on').notNull(),
  createdByUserId: integer('created_by_user_id').notNull().references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('funds_received_portal').on(table.portalId, table.id)]);

/** One allocation of funds received to an account; its Deposit ledger transaction is posted with it. */
export const fundsAllocations = pgTable('funds_allocations', {
  id: serial('id').primaryKey(),
  fundsReceivedId: integer('funds_received_id').notNull().references(() => fundsReceived.id),
  accountId: integer('account_id').notNull().references(() => accounts.id),
  amountCents: integer('amount_cents').notNull(),
  ledgerTransactionId: integer('ledger_transaction_id').notNull().references(() => ledgerTransactions.id),
  createdByUserId: integer('created_by_user_id').notNull().references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('funds_allocations_funds').on(table.fundsReceivedId), uniqueIndex('funds_allocations_ledger_transaction').on(table.ledgerTransactionId)]);

/**
 * Idempotency of money commands that have no row of their own to carry the key (allocations, completing and
 * cancelling requests): the key, what the request was (operation + body hash), and its first answer once done.
 * A row without a response is a request still in flight.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  operation: text('operation').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code'),
  response: jsonb('response'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ==== Proof of delivery (issue 20, f-dispatch): what a drop-off needs per company and service level, the proof kept, the one-time codes ====

/**
 * What a company's drop-offs need, per service level (`slaType`; '*' = every level without its own row). Each of
 * signature, photo, barcode (a scan of each parcel) and code (the recipient's one-time code) is required,
 * optional or off. No row: nothing is required.
 */
export const proofOfDeliverySettings = pgTable('proof_of_delivery_settings', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  companyId: integer('company_id').notNull().references(() => companies.id),
  slaType: text('sla_type').notNull(),
  signature: text('signature').notNull().default('off'),
  photo: text('photo').notNull().default('off'),
  barcode: text('barcode').notNull().default('off'),
  code: text('code').notNull().default('off'),
  updatedByUserId: integer('updated_by_user_id').notNull().references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [uniqueIndex('proof_of_delivery_settings_level').on(table.companyId, table.slaType)]);

/** The proof a completed drop-off came with (one per task): signature, photos (media ids), the scans, the code's check, where and when. */
export const proofsOfDelivery = pgTable('proofs_of_delivery', {
  taskId: integer('task_id').primaryKey().references(() => jobTasks.id),
  deliveryId: integer('delivery_id').notNull().references(() => deliveries.id),
  signature: text('signature'),
  /** Issue 20 (f-pod): drawn (signature is the image's data URL) or typed (the recipient's name: the accessible alternative). */
  signatureMethod: text('signature_method'),
  /** Issue 20 (f-pod): the photos' media item ids (delivery pictures in the media store, not their bytes). */
  photos: jsonb('photos').notNull().default([]),
  barcodes: jsonb('barcodes').notNull().default([]),
  codeVerified: boolean('code_verified').notNull().default(false),
  lat: doublePrecision('lat'),
  lon: doublePrecision('lon'),
  capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('proofs_of_delivery_delivery').on(table.deliveryId)]);

/** The one-time code sent to the recipient when the driver starts a drop-off that asks for one (its hash only). */
export const proofOfDeliveryCodes = pgTable('proof_of_delivery_codes', {
  taskId: integer('task_id').primaryKey().references(() => jobTasks.id),
  codeHash: text('code_hash').notNull(),
  sentTo: text('sent_to'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
// ---- Issue 15 (f-fin): finance adjustments of a delivery's price or a job's cost ----

/**
 * One adjustment (002 section 3's transaction item): a debit or credit of a delivery's price or a job's cost,
 * VAT exclusive, posted as its own ledger transaction (append-only: a correction is another adjustment).
 */
export const adjustmentItems = pgTable('adjustment_items', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  ledgerTransactionId: integer('ledger_transaction_id').notNull().references(() => ledgerTransactions.id),
  deliveryId: integer('delivery_id').references(() => deliveries.id),
  jobId: integer('job_id').references(() => jobs.id),
  description: text('description').notNull(),
  quantity: integer('quantity').notNull().default(1),
  amountExclCents: integer('amount_excl_cents').notNull(),
  vatCents: integer('vat_cents').notNull(),
  isCredit: boolean('is_credit').notNull(),
  transactionItemTypeId: integer('transaction_item_type_id').notNull(),
  createdByUserId: integer('created_by_user_id').notNull().references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  uniqueIndex('adjustment_items_ledger_transaction').on(table.ledgerTransactionId),
  index('adjustment_items_delivery').on(table.deliveryId),
  index('adjustment_items_job').on(table.jobId),
]);
// ==== Delivery upload batches (issue 16): a store's deliveries from a sheet, one row each, booked on submit ====

/**
 * One row of a delivery sheet as uploaded (the batch is an upload_batches row of type 'Delivery' with its store):
 * the cells as read, the addresses as resolved, the option's price as quoted at upload, errors per field (the
 * wizard's texts); deliveryId is the delivery the submit booked (and paid) from it.
 */
export const deliveryUploads = pgTable('delivery_uploads', {
  id: serial('id').primaryKey(),
  uploadBatchId: integer('upload_batch_id').notNull().references(() => uploadBatches.id, { onDelete: 'cascade' }),
  rowNumber: integer('row_number').notNull(),
  orderReference: text('order_reference'),
  customerIdentifier: text('customer_identifier'),
  originAddressText: text('origin_address_text'),
  destinationAddressText: text('destination_address_text'),
  originAddress: jsonb('origin_address'),
  destinationAddress: jsonb('destination_address'),
  originContactName: text('origin_contact_name'),
  originPhoneNumber: text('origin_phone_number'),
  destinationContactName: text('destination_contact_name'),
  destinationPhoneNumber: text('destination_phone_number'),
  deliveryDate: text('delivery_date'),
  deliveryTime: text('delivery_time'),
  slaType: text('sla_type'),
  parcelTypeId: integer('parcel_type_id'),
  parcelName: text('parcel_name'),
  length: doublePrecision('length'),
  width: doublePrecision('width'),
  height: doublePrecision('height'),
  weight: doublePrecision('weight'),
  parcelCount: integer('parcel_count').notNull().default(1),
  distanceKm: doublePrecision('distance_km'),
  /** The chosen service level's price at upload, VAT exclusive (the submit prices again, as the wizard would). */
  priceExclCents: integer('price_excl_cents'),
  deliveryId: integer('delivery_id').references(() => deliveries.id),
  uploadStatusId: integer('upload_status_id').notNull().default(0),
  errors: jsonb('errors').notNull().$type<Record<string, string[]>>().default({}),
  uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('delivery_uploads_batch').on(table.uploadBatchId, table.id), index('delivery_uploads_order_reference').on(table.orderReference)]);
// ==== Auto-dispatch (issue 20): territories left on, and why each automatic assignment was made ====

/** A territory whose unassigned jobs the queue dispatches on its schedule ("leave it on"). */
export const autoDispatchSettings = pgTable('auto_dispatch_settings', {
  territoryId: integer('territory_id').primaryKey().references(() => territories.id, { onDelete: 'cascade' }),
  isOn: boolean('is_on').notNull().default(false),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One job assigned by auto-dispatch: the driver, the rule that decided and the candidates considered with their
 * scores (ScoredCandidate of the planner, with the drivers' names as they were). Kept when the job is later
 * reassigned by hand: the report compares what auto-dispatch did with what happened.
 */
export const autoDispatchAssignments = pgTable('auto_dispatch_assignments', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  territoryId: integer('territory_id').references(() => territories.id, { onDelete: 'set null' }),
  /** Every assignment of one run shares it. */
  runId: uuid('run_id').notNull(),
  jobId: integer('job_id').notNull().references(() => jobs.id),
  driverId: integer('driver_id').notNull().references(() => users.id),
  rule: text('rule').notNull(),
  distanceKm: doublePrecision('distance_km').notNull(),
  score: doublePrecision('score').notNull(),
  considered: integer('considered').notNull(),
  candidates: jsonb('candidates').notNull(),
  /** 'run' (an operator asked) or 'schedule' (a territory left on). */
  trigger: text('trigger').notNull(),
  runByUserId: integer('run_by_user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  index('auto_dispatch_assignments_job').on(table.jobId, table.createdAt),
  index('auto_dispatch_assignments_portal').on(table.portalId, table.createdAt),
]);

// ==== Driver pay (issue 15, f-finance): a completed job's cost posted to the ledger, and its reversals ====

/**
 * One posting of a job's driver pay: the completion's (isReversal false) or a reversal of it when the job is taken
 * back from completed (isReversal true), with who caused it and why. A job has at most one unreversed pay posting
 * (the job's row lock orders them); the ledger transaction is claimed once (unique).
 */
export const jobPayPostings = pgTable('job_pay_postings', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  jobId: integer('job_id').notNull().references(() => jobs.id),
  ledgerTransactionId: integer('ledger_transaction_id').notNull().references(() => ledgerTransactions.id),
  isReversal: boolean('is_reversal').notNull().default(false),
  reason: text('reason').notNull(),
  createdByUserId: integer('created_by_user_id').notNull().references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  uniqueIndex('job_pay_postings_ledger_transaction').on(table.ledgerTransactionId),
  index('job_pay_postings_job').on(table.jobId, table.id),
]);
// ---- Issue 19: the chat widget — a visitor's conversation with the operators (the messaging window's store:
// the driver conversations above are keyed by a driver and written by users; a visitor has neither) ----

/** A visitor's conversation from the chat widget; the token (only its SHA-256 kept) alone opens it. */
export const visitorConversations = pgTable('visitor_conversations', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull().references(() => portals.id),
  name: text('name').notNull(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [
  uniqueIndex('visitor_conversations_token').on(table.tokenHash),
  index('visitor_conversations_portal').on(table.portalId, table.lastMessageAt),
]);

/** A message in a visitor conversation: from the visitor (no sender) or an operator. */
export const visitorMessages = pgTable('visitor_messages', {
  id: serial('id').primaryKey(),
  conversationId: integer('conversation_id').notNull().references(() => visitorConversations.id),
  senderUserId: integer('sender_user_id').references(() => users.id),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('visitor_messages_conversation').on(table.conversationId, table.id)]);
// ==== Store upload batches (issue 16): stores from a sheet, one row each, created or updated on submit ====

/**
 * One row of a store sheet as uploaded (the batch is an upload_batches row of type 'Store'): the cells as read,
 * the address as the configured geocoder resolved it, errors per field (the store form's texts); createdStoreId
 * is the store the submit created (or updated, when the row names storeId).
 */
export const storeUploads = pgTable('store_uploads', {
  id: serial('id').primaryKey(),
  uploadBatchId: integer('upload_batch_id').notNull().references(() => uploadBatches.id, { onDelete: 'cascade' }),
  rowNumber: integer('row_number').notNull(),
  storeId: integer('store_id'),
  storeName: text('store_name'),
  companyId: integer('company_id'),
  contactName: text('contact_name'),
  phoneNumber: text('phone_number'),
  email: text('email'),
  address: text('address'),
  resolvedAddress: jsonb('resolved_address').$type<{ placeId: string; description: string; coordinates: { lat: number; lon: number } }>(),
  unitName: text('unit_name'),
  unitNumber: text('unit_number'),
  isActive: boolean('is_active').notNull().default(true),
  qsrMode: boolean('qsr_mode').notNull().default(false),
  createdStoreId: integer('created_store_id').references(() => stores.id),
  uploadStatusId: integer('upload_status_id').notNull().default(0),
  errors: jsonb('errors').notNull().$type<Record<string, string[]>>().default({}),
  uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('store_uploads_batch').on(table.uploadBatchId, table.id)]);

/**
 * Distance discovery (issue 16, administrator): one address pair of a sheet (the batch is an upload_batches row of
 * type 'DistanceDiscovery'), both addresses as the geocoder resolved them at upload, and the driving distance the
 * configured router gave when the batch was submitted.
 */
export const distanceUploads = pgTable('distance_uploads', {
  id: serial('id').primaryKey(),
  uploadBatchId: integer('upload_batch_id').notNull().references(() => uploadBatches.id, { onDelete: 'cascade' }),
  rowNumber: integer('row_number').notNull(),
  reference: text('reference'),
  originAddressText: text('origin_address_text'),
  destinationAddressText: text('destination_address_text'),
  originAddress: jsonb('origin_address').$type<{ placeId: string; description: string; coordinates: { lat: number; lon: number } }>(),
  destinationAddress: jsonb('destination_address').$type<{ placeId: string; description: string; coordinates: { lat: number; lon: number } }>(),
  distanceKm: doublePrecision('distance_km'),
  uploadStatusId: integer('upload_status_id').notNull().default(0),
  errors: jsonb('errors').notNull().$type<Record<string, string[]>>().default({}),
  uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('distance_uploads_batch').on(table.uploadBatchId, table.id)]);

// ==== Issue 15 (f-ledger-bench): the ledger at a million entries — each customer account's balance and statement
// lines kept as entries are posted (under the account's row lock, in the same transaction), so reading a balance or a
// statement page does not sum or window over every entry of the account. Derived data: ledger:verify checks both
// against the entries. The platform's system accounts (posted to by every transaction) are not kept: their balance
// and statement stay derived, so no posting waits on one of their rows. ====

/** What a customer account holds (cents, minus the sum of its entries) and how many entries it has. */
export const accountBalances = pgTable('account_balances', {
  accountId: integer('account_id').primaryKey().references(() => accounts.id),
  balanceCents: integer('balance_cents').notNull(),
  entries: integer('entries').notNull(),
});

/** One line of a customer account's statement per ledger entry: its amount and the account's balance after it. */
export const accountStatementLines = pgTable('account_statement_lines', {
  entryId: integer('entry_id').primaryKey().references(() => ledgerEntries.id),
  accountId: integer('account_id').notNull().references(() => accounts.id),
  transactionId: integer('transaction_id').notNull().references(() => ledgerTransactions.id),
  transactionType: text('transaction_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** The entry's amount as posted (debit positive). */
  amountCents: integer('amount_cents').notNull(),
  /** What the account holds after this entry, in statement order (transaction, then entry). */
  balanceAfterCents: integer('balance_after_cents').notNull(),
}, (table) => [
  index('account_statement_lines_order').on(table.accountId, table.transactionId, table.entryId),
  index('account_statement_lines_type').on(table.accountId, table.transactionType, table.transactionId),
  // The statement's own order (newest first by date, then the line order): a date range starts the scan at its date.
  index('account_statement_lines_dated').on(table.accountId, table.createdAt, table.transactionId, table.entryId),
  index('account_statement_lines_type_dated').on(table.accountId, table.transactionType, table.createdAt, table.transactionId, table.entryId),
]);

// ==== Issue 17 (f-reports): report summaries — the grouped delivery reports (Customer Deliveries, Delivery Summary,
// Service Levels, KPI Performance, Hub Deliveries) read a day's figures per company, store, hub, SLA type and customer
// from here instead of a month of deliveries and their tasks. Exact: triggers (in the migration) mark a day dirty in
// the same transaction as any write that can change its figures; a report reads live rows for dirty days and the
// summary for the others; the job queue recomputes dirty days (server/domain/reports/summaries.ts). ====

/** One day's booked deliveries (by their Deliver-by report date) per company, store, hub, SLA type and placing user. */
export const reportDeliveryDays = pgTable('report_delivery_days', {
  portalId: integer('portal_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  companyId: integer('company_id'),
  storeId: integer('store_id'),
  hubId: integer('hub_id'),
  placedByUserId: integer('placed_by_user_id'),
  slaType: text('sla_type'),
  deliveries: integer('deliveries').notNull(),
  delivered: integer('delivered').notNull(),
  onTime: integer('on_time').notNull(),
  terminated: integer('terminated').notNull(),
  cancelled: integer('cancelled').notNull(),
  inProgress: integer('in_progress').notNull(),
  pickUpArrivals: integer('pick_up_arrivals').notNull(),
  pickUpCompliant: integer('pick_up_compliant').notNull(),
  dropOffArrivals: integer('drop_off_arrivals').notNull(),
  dropOffCompliant: integer('drop_off_compliant').notNull(),
}, (table) => [index('report_delivery_days_day').on(table.portalId, table.day)]);

/** A day whose summary may be stale: one row per writing statement (never updated, so writers never wait on each other). */
export const reportDirtyDays = pgTable('report_dirty_days', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
}, (table) => [index('report_dirty_days_day').on(table.portalId, table.day)]);

/**
 * The daily summary of the per-driver task reports (Driver Wait Time, Location Proximity): per portal, task day (the
 * local date of the task's window end, the task reports' Due Date), driver, company, store, placing user and task
 * type, the counts and exact (numeric) sums those reports add up. Kept like report_delivery_days: the triggers of
 * migration 0030 mark days in report_task_dirty_days, the job queue recomputes them (summaries.ts).
 */
export const reportTaskDays = pgTable('report_task_days', {
  portalId: integer('portal_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  driverId: integer('driver_id').notNull(),
  companyId: integer('company_id'),
  storeId: integer('store_id'),
  placedByUserId: integer('placed_by_user_id'),
  taskTypeId: integer('task_type_id').notNull(),
  /** Tasks with an arrival and a completion; their waits (minutes, arrival to completion, at least 0): sum and longest. */
  stops: integer('stops').notNull(),
  waitTotal: numeric('wait_total').notNull(),
  waitMax: numeric('wait_max'),
  /** Arrivals with a recorded distance from the stop; those farther than the flag; their km: sum and farthest. */
  positioned: integer('positioned').notNull(),
  far: integer('far').notNull(),
  distanceTotal: numeric('distance_total').notNull(),
  distanceMax: doublePrecision('distance_max'),
}, (table) => [index('report_task_days_day').on(table.portalId, table.day)]);

/**
 * Driver Performance and Driver KPI per task day (migration 0034_report-driver-task-days): per portal, task day,
 * driver, company, store and placing user, the counts of tasks, and the jobs, deliveries and delivered deliveries
 * those tasks belong to as id lists (jobs and deliveries are counted once over a range however many days they span,
 * so their ids are kept, not their number). Kept with report_task_days (same dirty days).
 */
export const reportDriverTaskDays = pgTable('report_driver_task_days', {
  portalId: integer('portal_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  driverId: integer('driver_id').notNull(),
  companyId: integer('company_id'),
  storeId: integer('store_id'),
  placedByUserId: integer('placed_by_user_id'),
  tasks: integer('tasks').notNull(),
  completed: integer('completed').notNull(),
  arrivals: integer('arrivals').notNull(),
  onTime: integer('on_time').notNull(),
  late: integer('late').notNull(),
  exceptions: integer('exceptions').notNull(),
  jobIds: integer('job_ids').array().notNull(),
  deliveryIds: integer('delivery_ids').array().notNull(),
  deliveredIds: integer('delivered_ids').array().notNull(),
}, (table) => [index('report_driver_task_days_day').on(table.portalId, table.day)]);

/**
 * Delivery Arrival and Address Variation per task day (migration 0035_report-arrival-days): per portal, task day,
 * company, store, placing user, SLA type, task type and whether the task's job has a driver, the arrivals by how they
 * met their window (early, on time, late, and the late arrivals' whole minutes late) with the first and last arrival,
 * and the positioned arrivals (a distance from the stop recorded) with those farther than the flag, their km as the
 * table shows them (2 decimals) summed, and the nearest and farthest. Kept with report_task_days (same dirty days).
 */
export const reportArrivalDays = pgTable('report_arrival_days', {
  portalId: integer('portal_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  companyId: integer('company_id'),
  storeId: integer('store_id'),
  placedByUserId: integer('placed_by_user_id'),
  slaType: text('sla_type').notNull(),
  taskTypeId: integer('task_type_id').notNull(),
  driven: boolean('driven').notNull(),
  arrivals: integer('arrivals').notNull(),
  early: integer('early').notNull(),
  onTime: integer('on_time').notNull(),
  late: integer('late').notNull(),
  lateMinutes: numeric('late_minutes').notNull(),
  firstArrival: timestamp('first_arrival', { withTimezone: true }),
  lastArrival: timestamp('last_arrival', { withTimezone: true }),
  positioned: integer('positioned').notNull(),
  far: integer('far').notNull(),
  farKm: numeric('far_km').notNull(),
  kmMin: numeric('km_min'),
  kmMax: numeric('km_max'),
}, (table) => [index('report_arrival_days_day').on(table.portalId, table.day)]);

/** A task day whose summary may be stale (as report_dirty_days, for report_task_days). */
export const reportTaskDirtyDays = pgTable('report_task_dirty_days', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
}, (table) => [index('report_task_dirty_days_day').on(table.portalId, table.day)]);

/**
 * The Driver Schedules report's day per driver (portal-wide, so only for callers who see the whole portal): jobs,
 * tasks, the first window start and the last window end of the driver's tasks due that day. Same days and dirty marks
 * as report_task_days (report_task_dirty_days), recomputed with it.
 */
export const reportDriverDays = pgTable('report_driver_days', {
  portalId: integer('portal_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  driverId: integer('driver_id').notNull(),
  jobs: integer('jobs').notNull(),
  tasks: integer('tasks').notNull(),
  firstStart: timestamp('first_start', { withTimezone: true }),
  lastEnd: timestamp('last_end', { withTimezone: true }),
}, (table) => [index('report_driver_days_day').on(table.portalId, table.day)]);

/**
 * The Acceptance and Compliance report's jobs per portal, local day created, company, driver and the driver who last
 * turned them down: how many, started, and their tasks' arrivals and on-time arrivals. Kept like the other summaries:
 * the triggers of migration 0032 mark days in report_job_dirty_days, the job queue recomputes them.
 */
export const reportJobDays = pgTable('report_job_days', {
  portalId: integer('portal_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  companyId: integer('company_id'),
  driverId: integer('driver_id'),
  rejectedByDriverId: integer('rejected_by_driver_id'),
  jobs: integer('jobs').notNull(),
  started: integer('started').notNull(),
  arrivals: integer('arrivals').notNull(),
  onTime: integer('on_time').notNull(),
}, (table) => [index('report_job_days_day').on(table.portalId, table.day)]);

/** A job day whose summary may be stale (as report_dirty_days, for report_job_days). */
export const reportJobDirtyDays = pgTable('report_job_dirty_days', {
  id: serial('id').primaryKey(),
  portalId: integer('portal_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
}, (table) => [index('report_job_dirty_days_day').on(table.portalId, table.day)]);
