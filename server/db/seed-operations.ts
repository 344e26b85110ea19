// Live operations seed (issue 5): demo drivers, deliveries with waybill prefix WBJ, jobs in each status with
// their tasks, and a few web notifications. Deterministic (fixed names, places and dates) and idempotent:
// users by email, deliveries by waybill, jobs and notifications by seed key; running it again adds nothing.
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { OPERATIONS_TEXTS, WEB_NOTIFICATION_TYPE } from '../../src/lib/operations-catalogue';
import type { StoredRole } from '../../src/lib/roles';
import { DRIVER_AVAILABILITY, JOB_STATUS, LOGISTIC_STATUS, PAYMENT_STATUS, TASK_STATUS, TASK_TYPE } from '../../src/lib/statuses';
import { priceOptions } from '../domain/pricing';
import { routeDistanceKm } from '../domain/quotes';
import { greatCircleRouter } from '../geo/great-circle';
import type { Router } from '../geo/types';
import type { Database } from './database';
import { SEED_PARCEL_TYPES } from './seed-booking';
import { seedCardPayments } from './seed-payments';
import { demoPasswordHash } from './demo-password';
import { companies, deliveries, deliveryItems, deliveryQuotes, drivers, jobDeliveries, jobs, jobTasks, portals, stores, users, webNotifications } from './schema';


/** Extra drivers beside driver@demo.test (seed.ts); every one has the Driver role. */
export const OPERATIONS_DRIVERS = [
  { email: 'driver2@demo.test', firstName: 'Thabo', lastName: 'Mokoena', phoneNumber: '+27825550201' },
  { email: 'driver3@demo.test', firstName: 'Nomvula', lastName: 'Khumalo', phoneNumber: '+27825550202' },
  { email: 'driver4@demo.test', firstName: 'Lindiwe', lastName: 'Zulu', phoneNumber: '+27825550203' },
] as const;

interface Place {
  description: string;
  lat: number;
  lon: number;
}

/** Where the demo stores are (the stores table keeps no coordinates). */
export const STORE_PLACES: Record<string, Place> = {
  'Acme Sea Point': { description: 'Acme Sea Point, Shop 4, 110 Main Road, Sea Point, Cape Town', lat: -33.9155, lon: 18.389 },
  'Acme Sandton City': { description: 'Acme Sandton City, Shop L12, Rivonia Road, Sandton', lat: -26.1076, lon: 28.0567 },
  'Blue Crane Rosebank': { description: 'Blue Crane Rosebank, Unit 2, 50 Bath Avenue, Rosebank, Johannesburg', lat: -26.1452, lon: 28.0437 },
  'Blue Crane Durbanville': { description: 'Blue Crane Durbanville, Unit 9, Wellington Road, Durbanville', lat: -33.8323, lon: 18.6476 },
};

const place = (description: string, lat: number, lon: number): Place => ({ description, lat, lon });

interface DemoDelivery {
  waybill: string;
  store: keyof typeof STORE_PLACES;
  placedBy: string;
  destination: Place;
  logisticStatusId: number;
}

/** WBJ0001..WBJ0010: the jobs' deliveries and three ready ones in no job (for createjob). */
const DEMO_DELIVERIES: DemoDelivery[] = [
  { waybill: 'WBJ0001', store: 'Acme Sea Point', placedBy: 'store.user@demo.test', destination: place('12 Main Road, Green Point, Cape Town', -33.9036, 18.4093), logisticStatusId: LOGISTIC_STATUS.READY },
  { waybill: 'WBJ0002', store: 'Acme Sea Point', placedBy: 'store.user@demo.test', destination: place('45 Victoria Road, Camps Bay, Cape Town', -33.951, 18.3776), logisticStatusId: LOGISTIC_STATUS.READY },
  { waybill: 'WBJ0003', store: 'Acme Sandton City', placedBy: 'company.user@demo.test', destination: place('14 4th Avenue, Parkhurst, Johannesburg', -26.1389, 28.0185), logisticStatusId: LOGISTIC_STATUS.PENDING_PICK_UP },
  { waybill: 'WBJ0004', store: 'Blue Crane Rosebank', placedBy: 'administrator@demo.test', destination: place('3 Victoria Avenue, Parktown, Johannesburg', -26.18, 28.038), logisticStatusId: LOGISTIC_STATUS.COLLECTED },
  { waybill: 'WBJ0005', store: 'Blue Crane Rosebank', placedBy: 'administrator@demo.test', destination: place('27 7th Street, Melville, Johannesburg', -26.175, 28.01), logisticStatusId: LOGISTIC_STATUS.PENDING_PICK_UP },
  { waybill: 'WBJ0006', store: 'Acme Sea Point', placedBy: 'store.user@demo.test', destination: place('9 Lower Main Road, Observatory, Cape Town', -33.938, 18.472), logisticStatusId: LOGISTIC_STATUS.DELIVERED },
  { waybill: 'WBJ0007', store: 'Acme Sea Point', placedBy: 'store.user@demo.test', destination: place('100 Albert Road, Woodstock, Cape Town', -33.927, 18.447), logisticStatusId: LOGISTIC_STATUS.READY },
  { waybill: 'WBJ0008', store: 'Acme Sea Point', placedBy: 'store.user@demo.test', destination: place('5 Kloof Street, Gardens, Cape Town', -33.933, 18.411), logisticStatusId: LOGISTIC_STATUS.READY },
  { waybill: 'WBJ0009', store: 'Blue Crane Durbanville', placedBy: 'administrator@demo.test', destination: place('22 Voortrekker Road, Bellville', -33.9, 18.629), logisticStatusId: LOGISTIC_STATUS.PENDING_DROP_OFF },
  { waybill: 'WBJ0010', store: 'Blue Crane Rosebank', placedBy: 'administrator@demo.test', destination: place('73 Juta Street, Braamfontein, Johannesburg', -26.193, 28.034), logisticStatusId: LOGISTIC_STATUS.READY },
];

type TaskSeed = [waybill: string, pickUp: boolean, status: number, arrived?: boolean];

interface DemoJob {
  seedKey: string;
  driver: string | null;
  jobStatusId: number;
  /** Tasks in job order. */
  tasks: TaskSeed[];
}

/** One job per status (and a second in progress, on its drop-off). */
export const DEMO_JOBS: DemoJob[] = [
  {
    seedKey: 'ops-unassigned', driver: null, jobStatusId: JOB_STATUS.UNASSIGNED,
    tasks: [['WBJ0001', true, TASK_STATUS.NOT_STARTED], ['WBJ0002', true, TASK_STATUS.NOT_STARTED], ['WBJ0001', false, TASK_STATUS.NOT_STARTED], ['WBJ0002', false, TASK_STATUS.NOT_STARTED]],
  },
  {
    seedKey: 'ops-not-started', driver: 'driver@demo.test', jobStatusId: JOB_STATUS.NOT_STARTED,
    tasks: [['WBJ0003', true, TASK_STATUS.NOT_STARTED], ['WBJ0003', false, TASK_STATUS.NOT_STARTED]],
  },
  {
    seedKey: 'ops-in-progress', driver: 'driver2@demo.test', jobStatusId: JOB_STATUS.IN_PROGRESS,
    tasks: [['WBJ0004', true, TASK_STATUS.COMPLETED, true], ['WBJ0005', true, TASK_STATUS.IN_PROGRESS, true], ['WBJ0004', false, TASK_STATUS.NOT_STARTED], ['WBJ0005', false, TASK_STATUS.NOT_STARTED]],
  },
  {
    seedKey: 'ops-completed', driver: 'driver@demo.test', jobStatusId: JOB_STATUS.COMPLETED,
    tasks: [['WBJ0006', true, TASK_STATUS.COMPLETED, true], ['WBJ0006', false, TASK_STATUS.COMPLETED, true]],
  },
  {
    seedKey: 'ops-drop-off', driver: 'driver3@demo.test', jobStatusId: JOB_STATUS.IN_PROGRESS,
    tasks: [['WBJ0009', true, TASK_STATUS.COMPLETED, true], ['WBJ0009', false, TASK_STATUS.IN_PROGRESS]],
  },
];

/** Availability and last position of each demo driver. */
const DRIVER_STATES: Record<string, { availability: number; lat: number; lon: number }> = {
  'driver@demo.test': { availability: DRIVER_AVAILABILITY.AVAILABLE, lat: -26.1, lon: 28.05 },
  'driver2@demo.test': { availability: DRIVER_AVAILABILITY.BUSY, lat: -26.1452, lon: 28.0437 },
  'driver3@demo.test': { availability: DRIVER_AVAILABILITY.BUSY, lat: -33.86, lon: 18.64 },
  'driver4@demo.test': { availability: DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY, lat: -33.9249, lon: 18.4241 },
};

/** The latest event of the working day, in minutes after its start (the last job's completion). */
const WORKING_DAY_MINUTES = 150;

/**
 * The demo's working day: 08:00 in Johannesburg on the day the seed runs, so the jobs in progress, the drivers'
 * last positions and the notes are today's work, not months old (the rows are the same every run, only dated).
 * Seeded before its work could have happened (at 01:00), the day starts earlier, so nothing finished is dated in
 * the future.
 */
export function demoWorkingDay(now: DateTime = DateTime.now()): DateTime {
  const local = now.setZone('Africa/Johannesburg');
  const start = local.startOf('day').set({ hour: 8 });
  const latest = local.minus({ minutes: WORKING_DAY_MINUTES });
  return start < latest ? start : latest;
}

const WORKING_DAY = demoWorkingDay();
const SEED_TIME = WORKING_DAY.toJSDate();
const minutesAfter = (minutes: number) => new Date(SEED_TIME.getTime() + minutes * 60_000);

export async function seedOperations(db: Database, options: { router?: Router } = {}): Promise<void> {
  const [za] = await db.select().from(portals).where(eq(portals.cca2, 'ZA'));
  if (!za) return;

  // ---- Drivers ----
  const existing = new Set((await db.select({ email: users.email }).from(users)
    .where(inArray(users.email, OPERATIONS_DRIVERS.map((driver) => driver.email)))).map((row) => row.email));
  for (const driver of OPERATIONS_DRIVERS) {
    if (existing.has(driver.email)) continue;
    await db.insert(users).values({
      ...driver, passwordHash: await demoPasswordHash(), phoneNumberConfirmed: true, emailConfirmed: true,
      roles: ['Driver'] satisfies StoredRole[],
    });
  }
  const people = await db.select({ id: users.id, email: users.email }).from(users);
  const userId = (email: string) => people.find((person) => person.email === email)?.id;
  for (const [email, state] of Object.entries(DRIVER_STATES)) {
    const id = userId(email);
    if (!id) continue;
    await db.insert(drivers).values({ userId: id, driverAvailabilityId: state.availability, lat: state.lat, lon: state.lon, locationAt: SEED_TIME })
      .onConflictDoNothing();
  }

  // ---- Deliveries ----
  const storeRows = await db.select({ id: stores.id, name: stores.storeName, companyId: stores.companyId }).from(stores)
    .innerJoin(companies, eq(companies.id, stores.companyId)).where(eq(stores.portalId, za.id));
  const present = new Set((await db.select({ waybill: deliveries.waybill }).from(deliveries)
    .where(inArray(deliveries.waybill, DEMO_DELIVERIES.map((delivery) => delivery.waybill)))).map((row) => row.waybill));
  for (const demo of DEMO_DELIVERIES) {
    if (present.has(demo.waybill)) continue;
    const store = storeRows.find((row) => row.name === demo.store);
    const placedBy = userId(demo.placedBy);
    if (!store || !placedBy) continue;
    const origin = STORE_PLACES[demo.store]!;
    const originAddress = { placeId: null, description: origin.description, coordinates: { lat: origin.lat, lon: origin.lon }, storeId: store.id };
    const destinationAddress = { placeId: null, description: demo.destination.description, coordinates: { lat: demo.destination.lat, lon: demo.destination.lon }, storeId: null };
    // The distance of the router the server quotes with, and the price of the quoting code (issue 21).
    const distanceKm = await routeDistanceKm({ quoteValiditySeconds: 0, router: options.router ?? greatCircleRouter }, originAddress, destinationAddress);
    const date = WORKING_DAY.toISODate()!;
    const { options: offered } = await priceOptions(db, {
      portalId: za.id, timeZone: za.timeZone, companyId: store.companyId, distanceKm, date, time: '10:00', slotEnd: '12:00',
      isRoundTrip: false, isHighRisk: false, parcels: [{ parcelTypeId: 1, ...SEED_PARCEL_TYPES[0] }],
    });
    const option = offered.find((candidate) => candidate.slaType === 'Priority') ?? offered[0];
    if (!option) throw new Error(`seed: no service level is offered for ${demo.waybill}`);
    await db.transaction(async (tx) => {
      const [row] = await tx.insert(deliveries).values({
        portalId: za.id, placedByUserId: placedBy, companyId: store.companyId, storeId: store.id, waybill: demo.waybill,
        trackingHash: createHash('sha256').update(`courier-demo:${demo.waybill}`).digest('hex').slice(0, 24),
        logisticStatusId: demo.logisticStatusId, paymentStatusId: PAYMENT_STATUS.PAID,
        originAddress, destinationAddress,
        originStoreId: store.id, readyForCollectionDate: date, readyForCollectionTimeSlotLocal: '10:00',
        distanceKm, orderReference: `ORD-${demo.waybill.slice(3)}`, deliverByDate: date,
        createdAt: SEED_TIME, updatedAt: SEED_TIME,
      }).returning();
      const [quote] = await tx.insert(deliveryQuotes).values({
        deliveryId: row!.id, slaType: option.slaType, pricingTier: option.pricingTier, priceExclCents: option.priceExclCents,
        vatRateBasisPoints: za.vatRateBasisPoints, items: option.items, pickupWindowStart: option.pickupWindowStart, pickupWindowEnd: option.pickupWindowEnd,
        dropOffWindowStart: option.dropOffWindowStart, dropOffWindowEnd: option.dropOffWindowEnd, expiresAt: new Date(SEED_TIME.getTime() + 86_400_000),
      }).returning();
      const [delivery] = await tx.update(deliveries).set({ selectedQuoteId: quote!.id }).where(eq(deliveries.id, row!.id)).returning();
      await seedCardPayments(tx, [{ delivery: delivery!, quote: quote!, currency: za.currency, settledAt: SEED_TIME }]);
      await tx.insert(deliveryItems).values({
        deliveryId: row!.id, name: 'small', parcelTypeId: 1, deliveryItemName: 'Parcel', length: 30, width: 20, height: 15, weight: 2,
      });
    });
  }
  const deliveryRows = await db.select().from(deliveries).where(inArray(deliveries.waybill, DEMO_DELIVERIES.map((delivery) => delivery.waybill)));
  const deliveryOf = (waybill: string) => deliveryRows.find((row) => row.waybill === waybill);

  // ---- Jobs with their tasks ----
  const seeded = new Set((await db.select({ key: jobs.seedKey }).from(jobs)
    .where(inArray(jobs.seedKey, DEMO_JOBS.map((job) => job.seedKey)))).map((row) => row.key));
  for (const [index, demo] of DEMO_JOBS.entries()) {
    if (seeded.has(demo.seedKey)) continue;
    const waybills = [...new Set(demo.tasks.map(([waybill]) => waybill))];
    const rows = waybills.map(deliveryOf);
    if (rows.some((row) => !row)) continue;
    const companyIds = [...new Set(rows.map((row) => row!.companyId))];
    const started = demo.jobStatusId === JOB_STATUS.IN_PROGRESS || demo.jobStatusId === JOB_STATUS.COMPLETED;
    await db.transaction(async (tx) => {
      const [job] = await tx.insert(jobs).values({
        portalId: za.id, seedKey: demo.seedKey, jobStatusId: demo.jobStatusId, driverId: demo.driver ? userId(demo.driver) ?? null : null,
        companyId: companyIds.length === 1 ? companyIds[0] ?? null : null, createdByUserId: userId('administrator@demo.test') ?? null,
        createdAt: minutesAfter(index * 10), startedAt: started ? minutesAfter(index * 10 + 15) : null,
        completedAt: demo.jobStatusId === JOB_STATUS.COMPLETED ? minutesAfter(index * 10 + 75) : null,
      }).returning({ id: jobs.id });
      await tx.insert(jobDeliveries).values(rows.map((row) => ({ jobId: job!.id, deliveryId: row!.id, addedAt: minutesAfter(index * 10) })));
      await tx.insert(jobTasks).values(demo.tasks.map(([waybill, pickUp, status, arrived], order) => {
        const delivery = deliveryOf(waybill)!;
        const address = (pickUp ? delivery.originAddress : delivery.destinationAddress) as { coordinates: { lat: number; lon: number } };
        const finished = status === TASK_STATUS.COMPLETED;
        return {
          jobId: job!.id, deliveryId: delivery.id, taskJobOrder: order + 1, address: pickUp ? delivery.originAddress : delivery.destinationAddress,
          taskTypeId: pickUp ? TASK_TYPE.STORE_PICK_UP : TASK_TYPE.DROP_OFF, taskStatusId: status,
          arrivedDate: arrived ? minutesAfter(index * 10 + 20 + order * 10) : null,
          arrivedLat: arrived ? address.coordinates.lat : null, arrivedLon: arrived ? address.coordinates.lon : null,
          completedDate: finished ? minutesAfter(index * 10 + 25 + order * 10) : null,
          updatedAt: SEED_TIME,
        };
      }));
      // A delivered delivery was delivered when its drop-off completed.
      for (const [order, [waybill, pickUp, status]] of demo.tasks.entries()) {
        const delivery = deliveryOf(waybill)!;
        if (pickUp || status !== TASK_STATUS.COMPLETED || delivery.logisticStatusId !== LOGISTIC_STATUS.DELIVERED) continue;
        await tx.update(deliveries).set({ deliveredAt: minutesAfter(index * 10 + 25 + order * 10) }).where(eq(deliveries.id, delivery.id));
      }
    });
  }

  // ---- Web notifications ----
  const notifications = [
    { seedKey: 'ops-note-assigned', email: 'driver@demo.test', job: 'ops-not-started', typeId: WEB_NOTIFICATION_TYPE.JOB_ASSIGNED, read: false },
    { seedKey: 'ops-note-completed', email: 'administrator@demo.test', job: 'ops-completed', typeId: WEB_NOTIFICATION_TYPE.JOB_COMPLETED, read: false },
    { seedKey: 'ops-note-delivered', email: 'store.user@demo.test', job: 'ops-completed', typeId: WEB_NOTIFICATION_TYPE.DELIVERY_DELIVERED, read: true },
  ] as const;
  const jobRows = await db.select({ id: jobs.id, seedKey: jobs.seedKey }).from(jobs).where(inArray(jobs.seedKey, DEMO_JOBS.map((job) => job.seedKey)));
  for (const note of notifications) {
    const id = userId(note.email);
    const jobId = jobRows.find((row) => row.seedKey === note.job)?.id;
    if (!id || !jobId) continue;
    const [title, message] = note.typeId === WEB_NOTIFICATION_TYPE.JOB_ASSIGNED
      ? [OPERATIONS_TEXTS.jobAssignedTitle, OPERATIONS_TEXTS.jobAssigned(jobId)]
      : note.typeId === WEB_NOTIFICATION_TYPE.JOB_COMPLETED
        ? [OPERATIONS_TEXTS.jobCompletedTitle, OPERATIONS_TEXTS.jobCompleted(jobId)]
        : [OPERATIONS_TEXTS.deliveryDeliveredTitle, OPERATIONS_TEXTS.deliveryDelivered('WBJ0006')];
    await db.insert(webNotifications).values({
      portalId: za.id, userId: id, webNotificationTypeId: note.typeId, title, message, read: note.read, jobId,
      seedKey: note.seedKey, createdAt: SEED_TIME,
    }).onConflictDoNothing();
  }
}
