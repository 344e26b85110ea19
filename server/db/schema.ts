import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)]);

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
