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

/**
 * The portal look-up of every request with a cca2, built once per database and run as a named prepared statement
 * (drizzle building it cost CPU on every request; docs/benchmarks.md).
 */
const portalStatements = new WeakMap<Database, ReturnType<typeof portalStatement>>();
const portalStatement = (db: Database) => db.select().from(portals)
  .where(eq(sql`lower(${portals.cca2})`, sql.placeholder('code'))).limit(1).prepare('portal_by_cca2');

export async function findPortal(db: Database, code: string): Promise<PortalData | undefined> {
  let statement = portalStatements.get(db);
  if (!statement) {
    statement = portalStatement(db);
    portalStatements.set(db, statement);
  }
  const [row] = await statement.execute({ code: code.toLowerCase() });
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
