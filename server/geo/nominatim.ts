// Nominatim (OpenStreetMap) as the geocoder: /search for the select, /lookup to resolve the chosen place by its
// OSM id. Place ids are 'osm:' + N (node), W (way) or R (relation) + the OSM id, stable across Nominatim servers.
import { endpoint, getJson } from './http';
import { GeoServiceUnavailableError, type AddressOption, type Geocoder, type ResolvedAddress } from './types';

interface NominatimPlace { osm_type?: string; osm_id?: number; lat?: string; lon?: string; display_name?: string }

const OSM_TYPES: Record<string, string> = { node: 'N', way: 'W', relation: 'R' };
const PLACE_ID = /^osm:([NWR])(\d{1,19})$/;

function placesOf(body: unknown): NominatimPlace[] {
  if (!Array.isArray(body)) throw new GeoServiceUnavailableError('Nominatim answered something other than a list of places');
  return body as NominatimPlace[];
}

function optionOf(place: NominatimPlace): AddressOption | undefined {
  const type = OSM_TYPES[place.osm_type ?? ''];
  if (!type || place.osm_id === undefined || !place.display_name) return undefined;
  return { placeId: `osm:${type}${place.osm_id}`, description: place.display_name };
}

export function nominatimGeocoder(baseUrl: string, timeoutMs: number): Geocoder {
  return {
    name: 'nominatim',
    async search(cca2, text, limit) {
      const url = endpoint(baseUrl, 'search');
      url.search = new URLSearchParams({ q: text, format: 'jsonv2', countrycodes: cca2.toLowerCase(), limit: String(limit), addressdetails: '0' }).toString();
      return placesOf(await getJson(url, timeoutMs)).map(optionOf).filter((option): option is AddressOption => !!option).slice(0, limit);
    },
    async resolve(_cca2, placeId): Promise<ResolvedAddress | undefined> {
      const match = PLACE_ID.exec(placeId);
      if (!match) return undefined;
      const url = endpoint(baseUrl, 'lookup');
      url.search = new URLSearchParams({ osm_ids: `${match[1]}${match[2]}`, format: 'jsonv2' }).toString();
      const [place] = placesOf(await getJson(url, timeoutMs));
      const option = place && optionOf(place);
      const lat = Number(place?.lat);
      const lon = Number(place?.lon);
      if (!option || !Number.isFinite(lat) || !Number.isFinite(lon)) return undefined;
      return { ...option, coordinates: { lat, lon } };
    },
  };
}
