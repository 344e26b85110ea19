// The gazetteer's rows (issue 4): stable place ids, the shown description and the normalised search text, built
// from server/db/gazetteer-data.ts. Pure, so the seed, the search and the tests share one definition.
import { GAZETTEER, type PlaceKind } from './gazetteer-data';

export interface GazetteerRow {
  placeId: string;
  cca2: string;
  name: string;
  kind: PlaceKind;
  area: string | null;
  city: string;
  province: string;
  description: string;
  nameKey: string;
  searchText: string;
  lat: number;
  lon: number;
}

/** Lower case, accents and apostrophes dropped, every other run of non-alphanumerics one space. */
export function normaliseSearchText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ').trim();
}

/** The query's words, normalised, without repeats. */
export function searchWords(text: string): string[] {
  return [...new Set(normaliseSearchText(text).split(' ').filter(Boolean))];
}

const slug = (text: string) => normaliseSearchText(text).replaceAll(' ', '-');

/** Ranking of kinds when the name matches equally well: towns and suburbs, then places, then streets. */
export const KIND_RANK: Record<PlaceKind, number> = {
  city: 0, suburb: 1, mall: 2, landmark: 2, station: 2, airport: 2, hospital: 2, university: 2, street: 3,
};

function build(): GazetteerRow[] {
  const rows: GazetteerRow[] = [];
  const seen = new Set<string>();
  for (const group of GAZETTEER) {
    for (const [name, kind, lat, lon, area, aliases] of group.entries) {
      const placeId = [group.cca2.toLowerCase(), slug(group.city), slug(name), ...(area ? [slug(area)] : [])].join('-');
      if (seen.has(placeId)) throw new Error(`gazetteer: duplicate place ${placeId}`);
      seen.add(placeId);
      const parts = [name, ...(area && area !== name ? [area] : []), ...(group.city !== name ? [group.city] : []), group.province, group.country];
      rows.push({
        placeId, cca2: group.cca2, name, kind, area: area ?? null, city: group.city, province: group.province,
        description: parts.join(', '),
        nameKey: normaliseSearchText(name),
        // A space before every word so that `LIKE '% word%'` is a word-prefix match.
        searchText: ` ${normaliseSearchText([...parts, aliases ?? ''].join(' '))} `,
        lat, lon,
      });
    }
  }
  return rows;
}

export const GAZETTEER_ROWS: readonly GazetteerRow[] = build();
