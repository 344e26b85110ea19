// Distance, bearing and map labels (000 §9, 001 §9, 002 §2, §9).
import { DISTANCE_DECIMALS, EARTH_RADIUS_KM, MARKER_LABEL_ALPHABET } from './constants';

export interface LatLon {
  lat: number;
  lon: number;
}

const toRad = (deg: number): number => (deg * Math.PI) / 180;
const toDeg = (rad: number): number => (rad * 180) / Math.PI;

/** Great-circle distance in km on a sphere of radius 6371 km. */
export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  // min() guards against rounding pushing h just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b, degrees clockwise from north in [0, 360). */
export function bearingDegrees(a: LatLon, b: LatLon): number {
  const phi1 = toRad(a.lat);
  const phi2 = toRad(b.lat);
  const dLambda = toRad(b.lon - a.lon);
  const y = Math.sin(dLambda) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLambda);
  return (toDeg(Math.atan2(y, x)) + 360) % 360;
}

export interface FormatDistanceOptions {
  /** The booking flow shows distances under 1 km in metres; other screens always use km. */
  metresUnder1Km?: boolean;
}

/** '850 m' (under 1 km, flag set) or '12.35 km'. */
export function formatDistance(km: number, options: FormatDistanceOptions = {}): string {
  if (options.metresUnder1Km) {
    const metres = Math.round(km * 1000);
    // 999.6 m rounds to 1000 m: show it as km rather than '1000 m'.
    if (metres < 1000) return `${metres} m`;
  }
  // EPSILON nudge so 12.345 rounds to 12.35 despite its binary representation.
  const factor = 10 ** DISTANCE_DECIMALS;
  const rounded = Math.round((km + Number.EPSILON) * factor) / factor;
  return `${rounded.toFixed(DISTANCE_DECIMALS)} km`;
}

/** Marker letters A, B … Z, AA, AB … for a zero-based stop index (spreadsheet-column style). */
export function markerLabel(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Invalid marker index: ${index}`);
  const base = MARKER_LABEL_ALPHABET.length;
  let n = index + 1;
  let label = '';
  while (n > 0) {
    const rem = (n - 1) % base;
    label = MARKER_LABEL_ALPHABET.charAt(rem) + label;
    n = Math.floor((n - 1) / base);
  }
  return label;
}
