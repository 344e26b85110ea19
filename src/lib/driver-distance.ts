// How far a driver is from where the work is (issue 21, item 12): the thresholds and the texts shown to operators.
// The numbers are ours (docs/decisions.md): the spec is silent.
import { formatDistance, haversineKm, type LatLon } from './distance';

/** Above this a driver is asked to be confirmed before being assigned (about an hour's drive within a metro). */
export const ASSIGN_DRIVER_FAR_KM = 50;
/** An arrival farther than this from the stop is flagged (GPS error and a large site stay well within it). */
export const ARRIVAL_FAR_FROM_STOP_KM = 0.5;

/** Great-circle km, 2 decimals. */
export const kmBetween = (from: LatLon, to: LatLon) => Math.round(haversineKm(from, to) * 100) / 100;

const km = (value: number) => formatDistance(value, { metresUnder1Km: true });

export const DRIVER_DISTANCE_TEXTS = {
  checking: 'Checking how far the driver is from the pick-up...',
  distance: (value: number, place: string | null) => `The driver is ${km(value)} from ${place ?? 'the pick-up'}.`,
  farWarning: (value: number, threshold: number) => `This driver is ${km(value)} away, more than ${km(threshold)}. Assign anyway?`,
  unknown: 'The driver has not reported a position: their distance from the pick-up is unknown.',
  confirm: 'Assign anyway',
  cancel: 'Choose another driver',
  arrivedFar: (value: number) => `Arrived ${km(value)} from the stop`,
} as const;

/**
 * Issue 20: the order of the drivers offered when assigning a job: who can take work now first (available,
 * available QSR only, online), then busy, then offline; within each, the nearest first, drivers without a
 * position last. Shared by the server's candidates list and anything that sorts drivers on screen.
 */
export const AVAILABILITY_RANK: Record<number, number> = { 1001: 0, 1500: 1, 2001: 2, 3001: 3, [-1001]: 4 };

export function compareCandidates(
  a: { driverAvailabilityId: number; distanceKm: number | null; id: number },
  b: { driverAvailabilityId: number; distanceKm: number | null; id: number },
): number {
  const rank = (AVAILABILITY_RANK[a.driverAvailabilityId] ?? 5) - (AVAILABILITY_RANK[b.driverAvailabilityId] ?? 5);
  if (rank !== 0) return rank;
  if (a.distanceKm !== b.distanceKm) {
    if (a.distanceKm === null) return 1;
    if (b.distanceKm === null) return -1;
    return a.distanceKm - b.distanceKm;
  }
  return a.id - b.id;
}
