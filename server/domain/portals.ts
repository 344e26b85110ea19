import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { portals } from '../db/schema';
import { notFound } from '../http/errors';

export interface PortalData {
  id: number;
  cca2: string;
  name: string;
  currency: string;
  currencyDecimals: number;
  timeZone: string;
  vatRate: number;
}

export async function findPortal(db: Database, code: string): Promise<PortalData | undefined> {
  const [row] = await db.select().from(portals).where(eq(sql`lower(${portals.cca2})`, code.toLowerCase())).limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    cca2: row.cca2,
    name: row.name,
    currency: row.currency,
    currencyDecimals: row.currencyDecimals,
    timeZone: row.timeZone,
    vatRate: row.vatRateBasisPoints / 10_000,
  };
}

/** The portal of a cca2 path segment; an unknown country is a 404 like any unknown resource. */
export async function requirePortal(db: Database, cca2: string): Promise<PortalData> {
  const portal = await findPortal(db, cca2);
  if (!portal) throw notFound(`portal ${cca2}`);
  return portal;
}
