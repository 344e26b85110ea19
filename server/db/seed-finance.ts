// Finance seed (issue 15): the demo partner's bank account, so /bank-accounts and a withdrawal request have something
// to show on a fresh machine. Added once per portal (a second run adds nothing while any bank account exists there).
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from './database';
import { bankAccounts, portals, users } from './schema';

export async function seedBankAccounts(db: Database): Promise<void> {
  const [za] = await db.select({ id: portals.id }).from(portals).where(eq(sql`lower(${portals.cca2})`, 'za'));
  if (!za) return;
  const [existing] = await db.select({ value: count() }).from(bankAccounts).where(eq(bankAccounts.portalId, za.id));
  if ((existing?.value ?? 0) > 0) return;
  const [partner] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.email, 'partner@demo.test'));
  if (!partner) return;
  await db.insert(bankAccounts).values({
    portalId: za.id, userId: partner.companyId ? null : partner.id, companyId: partner.companyId,
    accountHolder: 'Precious Partner', bankName: 'First National Bank', branchCode: '250655', accountNumber: '62812345678', bankAccountType: 'Business',
  });
}
