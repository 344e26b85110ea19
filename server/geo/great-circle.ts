// The default router: the great-circle distance times a road factor. 1.3 is the usual circuity of urban road
// networks (driving distance over straight-line distance is about 1.2-1.4 in South African metros); it keeps
// short city trips in the band a courier would actually drive. Used as the fallback of the OSRM router too.
import { haversineKm, type LatLon } from '../../src/lib/distance';
import type { Router } from './types';

export const ROAD_FACTOR = 1.3;

export function estimateDrivingKm(from: LatLon, to: LatLon): number {
  return haversineKm(from, to) * ROAD_FACTOR;
}

export const greatCircleRouter: Router = {
  name: 'great-circle',
  distanceKm: async (from, to) => estimateDrivingKm(from, to),
};
