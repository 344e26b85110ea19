import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
