import { and, eq, sql } from 'drizzle-orm';
import type { StoredRole } from '../../src/lib/roles';
import type { Router } from '../geo/types';
import type { Database } from './database';
import { DEMO_PASSWORD, demoPasswordHash } from './demo-password';
import { seedBooking } from './seed-booking';
import { seedContent } from './seed-content';
import { seedScheduledReports } from './seed-reports';
import { seedBankAccounts, seedDriverPayHistory } from './seed-finance';
import { seedOperations } from './seed-operations';
import { seedDeliveriesAdmin } from './seed-deliveries';
import { seedTerritories } from './seed-territories';
import { seedFleet } from './seed-fleet';
import { seedPartners } from './seed-partners';
import { seedUsersAdmin } from './seed-users-admin';
import { seedIntegrations } from './seed-integrations';
import { companies, portals, stores, users } from './schema';

export { DEMO_PASSWORD };

export const DEMO_PORTALS = [
  { cca2: 'ZA', name: 'South Africa', currency: 'ZAR', currencyDecimals: 2, timeZone: 'Africa/Johannesburg', vatRateBasisPoints: 1500 },
  { cca2: 'NA', name: 'Namibia', currency: 'NAD', currencyDecimals: 2, timeZone: 'Africa/Windhoek', vatRateBasisPoints: 1500 },
  { cca2: 'BW', name: 'Botswana', currency: 'BWP', currencyDecimals: 2, timeZone: 'Africa/Gaborone', vatRateBasisPoints: 1400 },
  { cca2: 'KE', name: 'Kenya', currency: 'KES', currencyDecimals: 2, timeZone: 'Africa/Nairobi', vatRateBasisPoints: 1600 },
] as const;

/** Two companies with two stores each, so that company and store scoping can be seen and tested; each store's address is one the address search finds. */
export const DEMO_COMPANIES = [
  {
    companyName: 'Acme Retail', contactName: 'Thandi Nkosi', phoneNumber: '+27215550100', email: 'ops@acme.demo.test',
    stores: [
      { storeName: 'Acme Sea Point', address: 'Main Road, Sea Point', contactName: 'Pieter van Wyk', phoneNumber: '+27215550111', unitName: 'Shop 4', unitNumber: '4' },
      { storeName: 'Acme Sandton City', address: 'West Street, Sandton', contactName: 'Lerato Mokoena', phoneNumber: '+27115550122', unitName: 'Shop L12', unitNumber: '12' },
    ],
  },
  {
    companyName: 'Blue Crane Foods', contactName: 'Sipho Dlamini', phoneNumber: '+27315550200', email: 'hello@bluecrane.demo.test',
    stores: [
      { storeName: 'Blue Crane Rosebank', address: 'Oxford Road, Rosebank', contactName: 'Anika Naidoo', phoneNumber: '+27115550211', unitName: 'Unit 2', unitNumber: '2' },
      { storeName: 'Blue Crane Durbanville', address: 'Wellington Road, Durbanville', contactName: 'Johan Botha', phoneNumber: '+27215550222', unitName: 'Unit 9', unitNumber: '9' },
    ],
  },
] as const;

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  roles: readonly StoredRole[];
  /** Index into DEMO_COMPANIES / its stores (the first store of the first company for store roles). */
  company?: number;
  store?: readonly [company: number, store: number];
  emailConfirmed?: boolean;
  beta?: boolean;
  /** Sign-in asks for an emailed code (read it from the outbox in development). */
  twoFactorEnabled?: boolean;
}

/** One login per role, with the exact emails of the issue; all share DEMO_PASSWORD. */
const DEMO_USER_LIST = [
  { email: 'administrator@demo.test', firstName: 'Ada', lastName: 'Administrator', roles: ['Administrator'], beta: true },
  { email: 'management@demo.test', firstName: 'Mandla', lastName: 'Manager', roles: ['ManagementOperator'] },
  { email: 'staff@demo.test', firstName: 'Sam', lastName: 'Staff', roles: ['StaffOperator'] },
  { email: 'company.admin@demo.test', firstName: 'Carla', lastName: 'Company-Admin', roles: ['CompanyAdministrator'], company: 0 },
  { email: 'company.operator@demo.test', firstName: 'Connor', lastName: 'Company-Operator', roles: ['CompanyOperator'], company: 0 },
  { email: 'company.user@demo.test', firstName: 'Cebo', lastName: 'Company-User', roles: ['CompanyUser'], company: 0 },
  { email: 'store.admin@demo.test', firstName: 'Sello', lastName: 'Store-Admin', roles: ['StoreAdministrator'], store: [0, 0] },
  { email: 'store.operator@demo.test', firstName: 'Stella', lastName: 'Store-Operator', roles: ['StoreOperator'], store: [0, 0] },
  { email: 'store.user@demo.test', firstName: 'Stan', lastName: 'Store-User', roles: ['StoreUser'], store: [0, 0] },
  { email: 'partner@demo.test', firstName: 'Precious', lastName: 'Partner', roles: ['Partner'] },
  { email: 'driver@demo.test', firstName: 'Dumisani', lastName: 'Driver', roles: ['Driver'] },
  { email: 'superhero@demo.test', firstName: 'Sizwe', lastName: 'Superhero', roles: ['SuperHero'] },
  { email: 'assistant@demo.test', firstName: 'Aisha', lastName: 'Assistant', roles: ['Assistant'] },
  { email: 'api@demo.test', firstName: 'Api', lastName: 'Client', roles: ['PublicApiUser'] },
  { email: 'customer@demo.test', firstName: 'Chloe', lastName: 'Customer', roles: [] },
  { email: 'unconfirmed@demo.test', firstName: 'Uma', lastName: 'Unconfirmed', roles: [], emailConfirmed: false },
  { email: 'twofactor@demo.test', firstName: 'Tumi', lastName: 'Two-Factor', roles: [], twoFactorEnabled: true },
] as const satisfies readonly DemoUser[];

/** A seeded demo login's email, as a type: tests address seeded users by it (tests/support/seeded-users.ts). */
export type DemoEmail = (typeof DEMO_USER_LIST)[number]['email'];
export const DEMO_USERS: readonly (DemoUser & { email: DemoEmail })[] = DEMO_USER_LIST;

/** Seeds the demo portal; running it again changes nothing. */
export interface SeedOptions {
  /** The router the server quotes with (server/geo): seeded distances are its distances. The great-circle estimate by default. */
  router?: Router;
  /** The seeding moment (dates of the seeded deliveries are relative to it). */
  now?: Date;
}

export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<{ created: number }> {
  let created = 0;
  for (const portal of DEMO_PORTALS) {
    const [row] = await db.select({ id: portals.id }).from(portals).where(eq(sql`lower(${portals.cca2})`, portal.cca2.toLowerCase()));
    if (!row) {
      await db.insert(portals).values(portal);
      created += 1;
    }
  }
  const [za] = await db.select({ id: portals.id }).from(portals).where(eq(portals.cca2, 'ZA'));
  if (!za) throw new Error('seed: portal ZA missing');

  const companyIds: number[] = [];
  const storeIds: number[][] = [];
  for (const company of DEMO_COMPANIES) {
    const { stores: demoStores, ...companyValues } = company;
    let [row] = await db.select({ id: companies.id }).from(companies)
      .where(and(eq(companies.portalId, za.id), eq(companies.companyName, company.companyName)));
    if (!row) {
      [row] = await db.insert(companies).values({ ...companyValues, portalId: za.id }).returning({ id: companies.id });
      created += 1;
    }
    companyIds.push(row!.id);
    const ids: number[] = [];
    for (const store of demoStores) {
      let [storeRow] = await db.select({ id: stores.id, address: stores.address }).from(stores)
        .where(and(eq(stores.companyId, row!.id), eq(stores.storeName, store.storeName)));
      // A store picked as the pick-up stands for its address (issue 21): a store seeded without one gets it.
      if (storeRow && !storeRow.address) await db.update(stores).set({ address: store.address }).where(eq(stores.id, storeRow.id));
      if (!storeRow) {
        [storeRow] = await db.insert(stores).values({ ...store, companyId: row!.id, portalId: za.id }).returning({ id: stores.id, address: stores.address });
        created += 1;
      }
      ids.push(storeRow!.id);
    }
    storeIds.push(ids);
  }

  const existing = new Set((await db.select({ email: users.email }).from(users)).map((row) => row.email.toLowerCase()));
  const missing = DEMO_USERS.filter((user) => !existing.has(user.email));
  if (missing.length > 0) {
    const passwordHash = await demoPasswordHash();
    await db.insert(users).values(missing.map((user) => {
      const companyIndex = user.store ? user.store[0] : user.company;
      return {
        email: user.email,
        passwordHash,
        firstName: user.firstName,
        lastName: user.lastName,
        phoneNumber: '+27825550' + String(100 + DEMO_USERS.indexOf(user)).padStart(3, '0'),
        phoneNumberConfirmed: true,
        emailConfirmed: user.emailConfirmed ?? true,
        companyId: companyIndex === undefined ? null : companyIds[companyIndex]!,
        storeId: user.store ? storeIds[user.store[0]]![user.store[1]]! : null,
        roles: [...user.roles],
        beta: user.beta ?? false,
        twoFactorEnabled: user.twoFactorEnabled ?? false,
      };
    }));
    created += missing.length;
  }
  await seedBooking(db);
  await seedOperations(db, options);
  await seedDeliveriesAdmin(db, options);
  await seedTerritories(db);
  await seedFleet(db);
  await seedUsersAdmin(db);
  // Issues 17 and 20: the demo partner's company and its driver (after the drivers are seeded).
  await seedPartners(db);
  await seedIntegrations(db);
  await seedContent(db);
  await seedScheduledReports(db);
  await seedBankAccounts(db);
  // Last: the history's jobs are carried by every seeded driver, the partner's too.
  await seedDriverPayHistory(db);
  return { created };
}
