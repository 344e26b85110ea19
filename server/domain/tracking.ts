import { and, desc, eq } from 'drizzle-orm';
import { JOB_STATUS } from '../../src/lib/statuses';
import type { components } from '../../src/api/generated/connect';
import type { Database } from '../db/database';
import { deliveries, deliveryQuotes, drivers, hubs, jobDeliveries, jobs } from '../db/schema';
import { notFound } from '../http/errors';
import type { PortalData } from './portals';

type TrackingDelivery = components['schemas']['TrackingDelivery'];
type TrackingPlace = components['schemas']['TrackingPlace'];

/** Only the description and the coordinates of an address value: never a contact, a store id or a place id. */
function placeOf(address: unknown): TrackingPlace {
  const value = (address ?? {}) as { description?: unknown; coordinates?: { lat?: unknown; lon?: unknown } };
  return {
    description: typeof value.description === 'string' ? value.description : '',
    coordinates: { lat: Number(value.coordinates?.lat ?? 0), lon: Number(value.coordinates?.lon ?? 0) },
  };
}

/**
 * What a recipient holding the tracking link may see (000 section 2: /track/:hash, public). The hash is looked up
 * within the portal only: an unknown hash and a hash of another portal answer the same 404. The driver's location
 * is shown only while the delivery's job is in progress.
 */
export async function trackingOf(db: Database, portal: PortalData, hash: string): Promise<TrackingDelivery> {
  const [row] = await db.select({
    trackingHash: deliveries.trackingHash,
    waybill: deliveries.waybill,
    logisticStatusId: deliveries.logisticStatusId,
    originAddress: deliveries.originAddress,
    destinationAddress: deliveries.destinationAddress,
    slaType: deliveryQuotes.slaType,
    pickupWindowStart: deliveryQuotes.pickupWindowStart,
    pickupWindowEnd: deliveryQuotes.pickupWindowEnd,
    dropOffWindowStart: deliveryQuotes.dropOffWindowStart,
    dropOffWindowEnd: deliveryQuotes.dropOffWindowEnd,
    hubName: hubs.hubName,
    hubAddress: hubs.address,
    jobStatusId: jobs.jobStatusId,
    driverId: jobs.driverId,
    driverLat: drivers.lat,
    driverLon: drivers.lon,
    driverLocationAt: drivers.locationAt,
  }).from(deliveries)
    .leftJoin(deliveryQuotes, eq(deliveryQuotes.id, deliveries.selectedQuoteId))
    .leftJoin(hubs, eq(hubs.id, deliveries.hubId))
    .leftJoin(jobDeliveries, eq(jobDeliveries.deliveryId, deliveries.id))
    .leftJoin(jobs, eq(jobs.id, jobDeliveries.jobId))
    .leftJoin(drivers, eq(drivers.userId, jobs.driverId))
    .where(and(eq(deliveries.portalId, portal.id), eq(deliveries.trackingHash, hash)))
    // A delivery can ride several jobs (a hub leg, a re-dispatch): the latest one is the one that matters now.
    .orderBy(desc(jobs.id))
    .limit(1);
  if (!row?.trackingHash) throw notFound('delivery');
  const inProgress = row.jobStatusId === JOB_STATUS.IN_PROGRESS;
  const located = inProgress && row.driverLat != null && row.driverLon != null && row.driverLocationAt != null;
  return {
    trackingHashId: row.trackingHash,
    waybill: row.waybill,
    logisticStatusId: row.logisticStatusId,
    slaType: row.slaType,
    pickupWindowStartUtc: row.pickupWindowStart?.toISOString() ?? null,
    pickupWindowEndUtc: row.pickupWindowEnd?.toISOString() ?? null,
    dropOffWindowStartUtc: row.dropOffWindowStart?.toISOString() ?? null,
    dropOffWindowEndUtc: row.dropOffWindowEnd?.toISOString() ?? null,
    origin: placeOf(row.originAddress),
    destination: placeOf(row.destinationAddress),
    driverAssigned: row.driverId != null && row.jobStatusId !== JOB_STATUS.CANCELLED,
    driverLocation: located ? { lat: row.driverLat!, lon: row.driverLon!, at: row.driverLocationAt!.toISOString() } : null,
    hub: row.hubName != null ? { hubName: row.hubName, ...placeOf(row.hubAddress) } : null,
  };
}
