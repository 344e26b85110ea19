// The geocoder and router interfaces (issue 4): address search and resolve, and the driving distance that
// quotes are priced by. Implementations: the offline gazetteer and great-circle estimate (default), or
// Nominatim and OSRM over HTTP (server/config.ts: GEOCODER, GEOCODER_URL, ROUTER, ROUTER_URL).
import type { LatLon } from '../../src/lib/distance';

export type { LatLon };

/** One search result: what the select shows; resolved to coordinates only when chosen. */
export interface AddressOption { placeId: string; description: string }

export interface ResolvedAddress { placeId: string; description: string; coordinates: LatLon }

export interface Geocoder {
  readonly name: string;
  /** Best first, at most `limit`; `cca2` is the portal's country. */
  search(cca2: string, text: string, limit: number): Promise<AddressOption[]>;
  /** undefined when the place is unknown (the API answers 404). */
  resolve(cca2: string, placeId: string): Promise<ResolvedAddress | undefined>;
}

export interface Router {
  readonly name: string;
  /** Driving distance in km (unrounded). */
  distanceKm(from: LatLon, to: LatLon): Promise<number>;
}

/** A configured provider could not be reached or answered nonsense (the API answers 503). */
export class GeoServiceUnavailableError extends Error {}
