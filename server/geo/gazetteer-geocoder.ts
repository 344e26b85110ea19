// The default geocoder: the seeded gazetteer table (server/db/gazetteer*.ts). Every word of the search must
// start a word of the place (its name, suburb, city, province or an alias), case- and accent-insensitive.
// Best first: the exact name, then names starting with the search, then names containing its first word,
// then the rest; ties by kind (towns, suburbs, places, then streets) and the shorter name.
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { KIND_RANK, normaliseSearchText, searchWords } from '../db/gazetteer';
import { gazetteerPlaces } from '../db/schema';
import type { Geocoder } from './types';

const kindRank = sql.join([
  sql`case ${gazetteerPlaces.kind}`,
  ...Object.entries(KIND_RANK).map(([kind, rank]) => sql`when ${kind} then ${rank}`),
  sql`else 9 end`,
], sql` `);

export function gazetteerGeocoder(db: Database): Geocoder {
  return {
    name: 'gazetteer',
    async search(cca2, text, limit) {
      const words = searchWords(text);
      if (words.length === 0) return [];
      const whole = normaliseSearchText(text);
      // Words hold only [a-z0-9] after normalising, so they carry no LIKE wildcards.
      const rows = await db.select({ placeId: gazetteerPlaces.placeId, description: gazetteerPlaces.description }).from(gazetteerPlaces)
        .where(and(eq(gazetteerPlaces.cca2, cca2.toUpperCase()), ...words.map((word) => like(gazetteerPlaces.searchText, `% ${word}%`))))
        .orderBy(
          sql`case when ${gazetteerPlaces.nameKey} = ${whole} then 0 when ${gazetteerPlaces.nameKey} like ${`${whole}%`} then 1
            when (' ' || ${gazetteerPlaces.nameKey}) like ${`% ${words[0]}%`} then 2 else 3 end`,
          kindRank, sql`length(${gazetteerPlaces.name})`, asc(gazetteerPlaces.description),
        )
        .limit(limit);
      return rows;
    },
    async resolve(cca2, placeId) {
      const [row] = await db.select().from(gazetteerPlaces)
        .where(and(eq(gazetteerPlaces.cca2, cca2.toUpperCase()), eq(gazetteerPlaces.placeId, placeId)));
      return row && { placeId: row.placeId, description: row.description, coordinates: { lat: row.lat, lon: row.lon } };
    },
  };
}
