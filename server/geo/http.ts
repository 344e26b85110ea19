// JSON over HTTP for the geo providers: a time limit, a User-Agent (Nominatim's usage policy asks for one),
// and every failure turned into GeoServiceUnavailableError.
import { GeoServiceUnavailableError } from './types';

export const GEO_USER_AGENT = 'courier-platform/1 (address search and routing)';

export async function getJson(url: URL, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json', 'User-Agent': GEO_USER_AGENT }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new GeoServiceUnavailableError(`${url.origin} could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw new GeoServiceUnavailableError(`${url.origin} answered ${response.status} with a body that is not JSON`);
  }
  // OSRM answers 400 with a JSON body ({code: 'NoRoute' ...}) that the caller reads; other failures are outages.
  if (!response.ok && !(response.status === 400 && body && typeof body === 'object')) {
    throw new GeoServiceUnavailableError(`${url.origin} answered ${response.status}`);
  }
  return body;
}

/** The base URL with a path appended (keeps a base path such as https://host/nominatim). */
export function endpoint(base: string, path: string): URL {
  return new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
}
