// Seeds the gazetteer table (issue 4), idempotently: rows are keyed by placeId; a changed entry is updated in
// place and nothing is ever duplicated. Skipped when every row is already there.
import { count, sql } from 'drizzle-orm';
import type { Database } from './database';
import { GAZETTEER_ROWS } from './gazetteer';
import { gazetteerPlaces } from './schema';

const BATCH = 200;

export async function seedAddresses(db: Database): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(gazetteerPlaces);
  if ((existing?.value ?? 0) === GAZETTEER_ROWS.length) return;
  for (let start = 0; start < GAZETTEER_ROWS.length; start += BATCH) {
    await db.insert(gazetteerPlaces).values(GAZETTEER_ROWS.slice(start, start + BATCH).map((row) => ({ ...row })))
      .onConflictDoUpdate({
        target: gazetteerPlaces.placeId,
        set: {
          cca2: sql`excluded.cca2`, name: sql`excluded.name`, kind: sql`excluded.kind`, area: sql`excluded.area`, city: sql`excluded.city`,
          province: sql`excluded.province`, description: sql`excluded.description`, nameKey: sql`excluded.name_key`,
          searchText: sql`excluded.search_text`, lat: sql`excluded.lat`, lon: sql`excluded.lon`,
        },
      });
  }
}
