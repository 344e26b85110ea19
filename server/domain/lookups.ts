import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { accounts, contactTypes, parcelTypes } from '../db/schema';

/** The booking wizard's parcel types, in their catalogue order. */
export async function listParcelTypes(db: Database) {
  const rows = await db.select().from(parcelTypes).orderBy(parcelTypes.sortOrder);
  return rows.map(({ sortOrder: _sortOrder, ...type }) => type);
}

/** The contact types, newest key first (the order the wizard offers them). */
export async function listContactTypes(db: Database) {
  const rows = await db.select().from(contactTypes).orderBy(contactTypes.key);
  return rows.reverse();
}

/** The row version of each account (its xmin: an edit of the account row changes it; its balance is the ledger's). */
export async function accountVersions(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: accounts.id, xmin: sql<string>`${accounts}.xmin::text` }).from(accounts).where(inArray(accounts.id, ids));
  return new Map(rows.map((row) => [row.id, row.xmin]));
}
