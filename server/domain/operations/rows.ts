import { ARRIVAL_FAR_FROM_STOP_KM } from '../../../src/lib/driver-distance';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { components } from '../../../src/api/generated/connect';
import { haversineKm, type LatLon } from '../../../src/lib/distance';
import { WEB_NOTIFICATION_TYPE_LABELS } from '../../../src/lib/operations-catalogue';
import {
  DRIVER_AVAILABILITY, DRIVER_AVAILABILITY_LABELS, JOB_STATUS_LABELS, LOGISTIC_STATUS_LABELS, statusLabel, TASK_STATUS,
} from '../../../src/lib/statuses';
import type { Database } from '../../db/database';
import { companies, deliveries, drivers, jobDeliveries, jobs, jobTasks, stores, users, webNotifications } from '../../db/schema';

// The JSON shapes of the operations contract (openapi/connect.yaml, Job*, Task*, Driver*, WebNotification*) read
// from the rows: one loader per shape so lists, details and live events carry exactly the same thing.

type S = components['schemas'];
export type Job = S['Job'];
export type Task = S['Task'];
export type JobDelivery = S['JobDelivery'];
export type Driver = S['Driver'];
export type WebNotification = S['WebNotification'];

/** A transaction or the database: every loader runs in either. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface StoredAddress {
  description: string;
  coordinates: LatLon;
  storeId?: number | null;
  placeId?: string | null;
}

const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);
export const round2 = (km: number): number => Math.round((km + Number.EPSILON) * 100) / 100;

export function addressOf(value: unknown): StoredAddress {
  const address = (value ?? {}) as Partial<StoredAddress>;
  return {
    description: address.description ?? '',
    coordinates: { lat: Number(address.coordinates?.lat ?? 0), lon: Number(address.coordinates?.lon ?? 0) },
    storeId: address.storeId ?? null,
  };
}

/** Straight-line km along the points in order, 2 decimals. */
export function pathKm(points: LatLon[]): number {
  let km = 0;
  for (let index = 1; index < points.length; index += 1) km += haversineKm(points[index - 1]!, points[index]!);
  return round2(km);
}

// ---- Jobs ---------------------------------------------------------------------------------------------------

const driverUser = alias(users, 'job_driver');

const jobColumns = {
  id: jobs.id,
  jobStatusId: jobs.jobStatusId,
  driverId: jobs.driverId,
  driverFirstName: driverUser.firstName,
  driverLastName: driverUser.lastName,
  companyId: jobs.companyId,
  companyName: companies.companyName,
  rejectedByDriverId: jobs.rejectedByDriverId,
  delayNotifiedAt: jobs.delayNotifiedAt,
  createdAt: jobs.createdAt,
  startedAt: jobs.startedAt,
  completedAt: jobs.completedAt,
  xmin: sql<string>`${jobs}.xmin::text`,
  deliveryCount: sql<number>`(select count(*)::int from job_deliveries jd where jd.job_id = ${jobs.id})`,
  taskCount: sql<number>`(select count(*)::int from job_tasks jt where jt.job_id = ${jobs.id} and jt.task_status_id <> ${TASK_STATUS.CANCELLED})`,
  tasksFinished: sql<number>`(select count(*)::int from job_tasks jt where jt.job_id = ${jobs.id} and jt.task_status_id in (${TASK_STATUS.COMPLETED}, ${TASK_STATUS.EXCEPTION}))`,
};

export interface JobQuery {
  where: SQL | undefined;
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
}

/** The jobs matching `where`, in the given order, with their counts and route distance. */
export async function loadJobs(db: Tx, { where, orderBy, limit, offset }: JobQuery): Promise<Job[]> {
  let query = db.select(jobColumns).from(jobs)
    .leftJoin(driverUser, eq(driverUser.id, jobs.driverId))
    .leftJoin(companies, eq(companies.id, jobs.companyId))
    .where(where)
    .orderBy(...(orderBy ?? [asc(jobs.id)]))
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit);
  if (offset !== undefined) query = query.offset(offset);
  const rows = await query;
  if (rows.length === 0) return [];
  const stops = await db.select({ jobId: jobTasks.jobId, address: jobTasks.address }).from(jobTasks)
    .where(and(inArray(jobTasks.jobId, rows.map((row) => row.id)), sql`${jobTasks.taskStatusId} <> ${TASK_STATUS.CANCELLED}`))
    .orderBy(asc(jobTasks.jobId), asc(jobTasks.taskJobOrder));
  const pointsByJob = new Map<number, LatLon[]>();
  for (const stop of stops) {
    const points = pointsByJob.get(stop.jobId) ?? [];
    points.push(addressOf(stop.address).coordinates);
    pointsByJob.set(stop.jobId, points);
  }
  return rows.map((row) => ({
    id: row.id,
    jobStatusId: row.jobStatusId as Job['jobStatusId'],
    jobStatus: statusLabel(JOB_STATUS_LABELS, row.jobStatusId),
    driverId: row.driverId,
    driverName: row.driverId ? `${row.driverFirstName ?? ''} ${row.driverLastName ?? ''}`.trim() : null,
    companyId: row.companyId,
    companyName: row.companyName ?? null,
    deliveryCount: row.deliveryCount,
    taskCount: row.taskCount,
    tasksFinished: row.tasksFinished,
    distanceKm: pathKm(pointsByJob.get(row.id) ?? []),
    isRejected: row.rejectedByDriverId !== null,
    delayNotifiedAt: iso(row.delayNotifiedAt),
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    xmin: row.xmin,
  }));
}

export async function loadJob(db: Tx, id: number): Promise<Job | undefined> {
  return (await loadJobs(db, { where: eq(jobs.id, id) }))[0];
}

// ---- Tasks --------------------------------------------------------------------------------------------------

export type TaskRecord = typeof jobTasks.$inferSelect;

const taskColumns = {
  task: jobTasks,
  waybill: deliveries.waybill,
  xmin: sql<string>`${jobTasks}.xmin::text`,
};

export function taskOf(row: { task: TaskRecord; waybill: string | null; xmin: string }): Task {
  const { task } = row;
  return {
    id: task.id,
    jobId: task.jobId,
    deliveryId: task.deliveryId,
    waybill: row.waybill,
    taskJobOrder: task.taskJobOrder,
    taskStatusId: task.taskStatusId as Task['taskStatusId'],
    taskTypeId: task.taskTypeId as Task['taskTypeId'],
    arrivedDate: iso(task.arrivedDate),
    arrivedLocation: task.arrivedLat !== null && task.arrivedLon !== null ? { lat: task.arrivedLat, lon: task.arrivedLon } : null,
    distanceFromDriver: task.distanceFromDriver,
    arrivedDistanceKm: task.arrivedDistanceKm,
    arrivedFarFromStop: task.arrivedDistanceKm !== null && task.arrivedDistanceKm > ARRIVAL_FAR_FROM_STOP_KM,
    address: addressOf(task.address),
    windowStartUtc: iso(task.windowStartUtc),
    completedDate: iso(task.completedDate),
    exceptionReason: task.exceptionReason,
    xmin: row.xmin,
  };
}

/** Tasks matching `where` in job order. */
export async function loadTasks(db: Tx, where: SQL | undefined): Promise<Task[]> {
  const rows = await db.select(taskColumns).from(jobTasks)
    .innerJoin(deliveries, eq(deliveries.id, jobTasks.deliveryId))
    .where(where)
    .orderBy(asc(jobTasks.jobId), asc(jobTasks.taskJobOrder), asc(jobTasks.id));
  return rows.map(taskOf);
}

// ---- Deliveries as a job holds them -------------------------------------------------------------------------

const originStore = alias(stores, 'origin_store');
const destinationStore = alias(stores, 'destination_store');
const placedBy = alias(users, 'placed_by');

/** The deliveries of `ids` in the order given, with their job (if any). */
export async function loadJobDeliveries(db: Tx, ids: number[]): Promise<JobDelivery[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({
    delivery: deliveries,
    companyName: companies.companyName,
    originStoreName: originStore.storeName,
    destinationStoreName: destinationStore.storeName,
    placedByEmail: placedBy.email,
    jobId: jobDeliveries.jobId,
    xmin: sql<string>`${deliveries}.xmin::text`,
  }).from(deliveries)
    .leftJoin(companies, eq(companies.id, deliveries.companyId))
    .leftJoin(originStore, eq(originStore.id, deliveries.originStoreId))
    .leftJoin(destinationStore, eq(destinationStore.id, deliveries.destinationStoreId))
    .innerJoin(placedBy, eq(placedBy.id, deliveries.placedByUserId))
    .leftJoin(jobDeliveries, eq(jobDeliveries.deliveryId, deliveries.id))
    .where(inArray(deliveries.id, ids));
  const byId = new Map(rows.map((row) => [row.delivery.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { delivery } = row;
    return [{
      id: delivery.id,
      deliveryId: delivery.id,
      waybill: delivery.waybill,
      orderReference: delivery.orderReference,
      customerIdentifier: delivery.customerIdentifier,
      logisticStatusId: delivery.logisticStatusId,
      logisticStatus: statusLabel(LOGISTIC_STATUS_LABELS, delivery.logisticStatusId),
      paymentStatusId: delivery.paymentStatusId,
      companyId: delivery.companyId,
      companyName: row.companyName ?? null,
      storeId: delivery.storeId,
      originStoreName: row.originStoreName ?? null,
      destinationStoreName: row.destinationStoreName ?? null,
      originAddress: addressOf(delivery.originAddress),
      destinationAddress: addressOf(delivery.destinationAddress),
      distanceEstimate: delivery.distanceKm,
      placedByUserEmail: row.placedByEmail,
      jobId: row.jobId ?? null,
      xmin: row.xmin,
    }];
  });
}

// ---- Drivers ------------------------------------------------------------------------------------------------

/** Users holding the Driver role (the spec's drivers list; partners and assistants act on jobs but are not listed). */
export const isDriverUser = sql`'Driver' = any(${users.roles})`;

const openJobCount = sql<number>`(select count(*)::int from jobs oj where oj.driver_id = ${users.id} and oj.job_status_id in (2001, 3001))`;

const driverColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  roles: users.roles,
  availability: drivers.driverAvailabilityId,
  lat: drivers.lat,
  lon: drivers.lon,
  locationAt: drivers.locationAt,
  // A driver without an operations row yet has never changed: the user's own version stands in.
  xmin: sql<string>`coalesce(${drivers}.xmin::text, ${users}.xmin::text)`,
  openJobCount,
};

export interface DriverQuery {
  where: SQL | undefined;
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
}

export async function loadDrivers(db: Tx, { where, orderBy, limit, offset }: DriverQuery): Promise<Driver[]> {
  let query = db.select(driverColumns).from(users)
    .leftJoin(drivers, eq(drivers.userId, users.id))
    .where(where)
    .orderBy(...(orderBy ?? [asc(users.id)]))
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit);
  if (offset !== undefined) query = query.offset(offset);
  const rows = await query;
  return rows.map((row) => {
    const availability = (row.availability ?? DRIVER_AVAILABILITY.OFFLINE) as Driver['driverAvailabilityId'];
    return {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      fullName: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
      phoneNumber: row.phoneNumber,
      roles: row.roles,
      driverAvailabilityId: availability,
      driverAvailability: statusLabel(DRIVER_AVAILABILITY_LABELS, availability),
      lastLocation: row.lat !== null && row.lon !== null ? { lat: row.lat, lon: row.lon } : null,
      lastLocationAt: iso(row.locationAt),
      openJobCount: row.openJobCount,
      xmin: row.xmin,
    };
  });
}

export async function loadDriver(db: Tx, userId: number): Promise<Driver | undefined> {
  return (await loadDrivers(db, { where: eq(users.id, userId) }))[0];
}

// ---- Web notifications --------------------------------------------------------------------------------------

export function notificationOf(row: typeof webNotifications.$inferSelect): WebNotification {
  return {
    id: row.id,
    webNotificationTypeId: row.webNotificationTypeId,
    webNotificationType: statusLabel(WEB_NOTIFICATION_TYPE_LABELS, row.webNotificationTypeId),
    title: row.title,
    message: row.message,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    jobId: row.jobId,
    deliveryId: row.deliveryId,
  };
}
