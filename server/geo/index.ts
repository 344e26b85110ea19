// Chooses the geocoder and router from the configuration (server/config.ts): the gazetteer and the great-circle
// estimate by default; GEOCODER=nominatim with GEOCODER_URL, ROUTER=osrm with ROUTER_URL for real providers.
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { gazetteerGeocoder } from './gazetteer-geocoder';
import { greatCircleRouter } from './great-circle';
import { nominatimGeocoder } from './nominatim';
import { osrmRouter } from './osrm';
import { HttpError } from '../http/errors';
import { GeoServiceUnavailableError, type Geocoder, type Router } from './types';

export interface Geo { geocoder: Geocoder; router: Router }

type GeoConfig = Pick<ServerConfig, 'geocoder' | 'geocoderUrl' | 'router' | 'routerUrl' | 'geoTimeoutMs'>;

export function createGeo(config: GeoConfig, db: Database): Geo {
  const geocoder = config.geocoder === 'nominatim' ? nominatimGeocoder(config.geocoderUrl!, config.geoTimeoutMs) : gazetteerGeocoder(db);
  const router = config.router === 'osrm'
    ? osrmRouter(config.routerUrl!, config.geoTimeoutMs, (reason) => process.emitWarning(`OSRM route failed (${reason}); using the great-circle estimate`, 'RouterFallback'))
    : greatCircleRouter;
  return { geocoder, router };
}

const cache = new WeakMap<object, Geo>();

/** One geocoder and router per application context (the handler modules share them). */
export function geoOf(context: { config: GeoConfig; db: Database }): Geo {
  let geo = cache.get(context);
  if (!geo) {
    geo = createGeo(context.config, context.db);
    cache.set(context, geo);
  }
  return geo;
}

export const GEO_UNAVAILABLE_TEXT = 'The address service is temporarily unavailable. Please try again shortly.';

/** Runs a geocoder call; a configured provider that cannot be reached answers 503 with one clear text. */
export async function viaGeocoder<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GeoServiceUnavailableError) throw new HttpError(503, GEO_UNAVAILABLE_TEXT);
    throw error;
  }
}
