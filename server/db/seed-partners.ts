import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from './database';
import { accounts, companies, drivers, portals, users } from './schema';

/** The demo partner's company and the demo drivers who work for it (issues 17 and 20). */
export const DEMO_PARTNER = { companyName: 'Precious Logistics', partner: 'partner@demo.test', drivers: ['driver3@demo.test'] } as const;

/**
 * Gives partner@demo.test a partner company as an approved partner application does (server/domain/applications.ts:
 * the company, the Partner's companyId, a Payable account) and makes driver3 its partner driver, so the partner's
 * jobs and archives show something. Idempotent: found again by name; never overrides a company already set.
 */
export async function seedPartners(db: Database): Promise<void> {
  const [za] = await db.select({ id: portals.id }).from(portals).where(eq(portals.cca2, 'ZA'));
  if (!za) return;
  let [company] = await db.select({ id: companies.id }).from(companies)
    .where(and(eq(companies.portalId, za.id), eq(companies.companyName, DEMO_PARTNER.companyName)));
  if (!company) {
    [company] = await db.insert(companies).values({
      portalId: za.id, companyName: DEMO_PARTNER.companyName, contactName: 'Precious Partner', email: DEMO_PARTNER.partner,
    }).returning({ id: companies.id });
    await db.insert(accounts).values({ portalId: za.id, accountName: DEMO_PARTNER.companyName, accountType: 'Payable', companyId: company!.id });
  }
  const companyId = company!.id;
  await db.update(users).set({ companyId }).where(and(eq(users.email, DEMO_PARTNER.partner), isNull(users.companyId)));
  for (const email of DEMO_PARTNER.drivers) {
    const [driver] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (driver) await db.update(drivers).set({ partnerCompanyId: companyId }).where(and(eq(drivers.userId, driver.id), isNull(drivers.partnerCompanyId)));
  }
}
