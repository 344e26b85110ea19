import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { deliveryLogisticsMachine, deliveryLogisticsSnapshotOf, logisticStatusOf } from '../../../src/machines/operations/delivery-logistics.machine';
import type { DeliveryLogisticsEvent } from '../../../src/machines/operations/delivery-logistics.types';
import { jobMachine, jobSnapshotOf, jobStatusOf } from '../../../src/machines/operations/job.machine';
import type { JobEvent } from '../../../src/machines/operations/job.types';
import { taskMachine, taskSnapshotOf, taskStatusOf } from '../../../src/machines/operations/task.machine';
import { step } from '../../../src/machines/operations/transitions';
import { haversineKm } from '../../../src/lib/distance';
import { logisticStatusValues } from '../delivery-status';
import { OPERATIONS_TEXTS, type JobAction } from '../../../src/lib/operations-catalogue';
import { DRIVER_AVAILABILITY, JOB_STATUS, TASK_STATUS, TASK_TYPE } from '../../../src/lib/statuses';
import { deliveries, deliveryQuotes, drivers, jobDeliveries, jobs, jobTasks, stores, users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { Changes } from './changes';
import { addressOf, round2, type Tx } from './rows';
import { FIELD_ROLES } from './scope';

// The rules every job and task call shares: the pure charts of src/machines/operations decide (through `step`),
// this module only turns a refusal into a ChartRefusal (409, nothing written: the transaction rolls back) and
// writes what an allowed step means for the rows.

/** A chart does not allow the call: the route answers 409 with this message and the record as it is now. */
export class ChartRefusal extends Error {}

export type JobRecord = typeof jobs.$inferSelect;
export type TaskRecord = typeof jobTasks.$inferSelect;

/** A stored task as the task chart resumes it. */
export function taskRowOf(task: Pick<TaskRecord, 'taskTypeId' | 'taskStatusId' | 'arrivedDate'>) {
  return { taskTypeId: task.taskTypeId, taskStatusId: task.taskStatusId, arrivedDate: task.arrivedDate?.toISOString() ?? null };
}
export type DeliveryRecord = typeof deliveries.$inferSelect;

/** The job's next status for `event`, or a ChartRefusal naming the call and the job's status. */
export function stepJob(job: Pick<JobRecord, 'id' | 'jobStatusId'>, event: JobEvent, action: JobAction, message?: string): number {
  const next = step(jobMachine, jobSnapshotOf(job), event);
  if (!next) throw new ChartRefusal(message ?? OPERATIONS_TEXTS.jobRefused(action, job.id, job.jobStatusId));
  return jobStatusOf(next);
}

/** The delivery's next logistic status for `event`, or a ChartRefusal with `refusal`'s message. */
export function stepDelivery(delivery: Pick<DeliveryRecord, 'logisticStatusId'>, event: DeliveryLogisticsEvent['type'], refusal: () => string): number {
  const from = deliveryLogisticsSnapshotOf(delivery.logisticStatusId);
  const next = from ? step(deliveryLogisticsMachine, from, { type: event } as DeliveryLogisticsEvent) : null;
  if (!next) throw new ChartRefusal(refusal());
  return logisticStatusOf(next);
}

/** Locks the job row for the call (FOR UPDATE): concurrent calls on one job run one after the other. */
export async function lockJob(tx: Tx, portalId: number, id: number, scope: SQL | undefined): Promise<JobRecord | undefined> {
  const [job] = await tx.select().from(jobs).where(and(eq(jobs.portalId, portalId), eq(jobs.id, id), scope)).for('update');
  return job;
}

export async function writeDeliveryStatus(tx: Tx, changes: Changes, deliveryId: number, logisticStatusId: number, at = new Date()): Promise<void> {
  await tx.update(deliveries).set(logisticStatusValues(logisticStatusId, at)).where(eq(deliveries.id, deliveryId));
  changes.deliveries.add(deliveryId);
}

/** Bumps the job's version (its counts or status changed) and records it for publishing. */
export async function writeJob(tx: Tx, changes: Changes, jobId: number, values: Partial<JobRecord> = {}): Promise<void> {
  await tx.update(jobs).set({ ...values, updatedAt: new Date() }).where(eq(jobs.id, jobId));
  changes.jobs.add(jobId);
}

/** The deliveries of a job, locked, in the order they joined it. */
export async function jobDeliveryRows(tx: Tx, jobId: number): Promise<DeliveryRecord[]> {
  const rows = await tx.select({ delivery: deliveries }).from(jobDeliveries)
    .innerJoin(deliveries, eq(deliveries.id, jobDeliveries.deliveryId))
    .where(eq(jobDeliveries.jobId, jobId))
    .orderBy(jobDeliveries.addedAt, jobDeliveries.deliveryId)
    .for('update');
  return rows.map((row) => row.delivery);
}

/**
 * The job's company: the one all its deliveries share, else null. When it changes, the former company is recorded
 * so its subscribers get the job (and its tasks) once more, as it is now (it leaves their scope afterwards).
 */
export async function refreshJobCompany(tx: Tx, jobId: number, changes?: Changes): Promise<number | null> {
  const [before] = await tx.select({ companyId: jobs.companyId }).from(jobs).where(eq(jobs.id, jobId));
  const rows = await tx.selectDistinct({ companyId: deliveries.companyId }).from(jobDeliveries)
    .innerJoin(deliveries, eq(deliveries.id, jobDeliveries.deliveryId))
    .where(eq(jobDeliveries.jobId, jobId));
  const companyId = rows.length === 1 ? rows[0]!.companyId : null;
  await tx.update(jobs).set({ companyId }).where(eq(jobs.id, jobId));
  const formerCompany = before?.companyId ?? null;
  if (changes && formerCompany !== null && formerCompany !== companyId && !changes.formerCompanies.has(jobId)) {
    changes.formerCompanies.set(jobId, formerCompany);
    const tasks = await tx.select({ id: jobTasks.id }).from(jobTasks).where(eq(jobTasks.jobId, jobId));
    for (const task of tasks) changes.tasks.add(task.id);
  }
  return companyId;
}

/** Checks that `userId` carries out jobs (Driver, Partner or Assistant); 400 naming driverId otherwise. */
export async function requireDriver(tx: Tx, userId: number): Promise<void> {
  const [row] = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.id, userId), sql`${users.roles} && ${sql.raw(`array[${FIELD_ROLES.map((role) => `'${role}'`).join(', ')}]::text[]`)}`));
  if (!row) throw badRequest('driverId', OPERATIONS_TEXTS.notADriver(userId));
}

/** Sets a driver's availability (creating their operations row) and records the change when it is one. */
export async function setAvailability(tx: Tx, changes: Changes, userId: number, driverAvailabilityId: number): Promise<void> {
  const [current] = await tx.select({ availability: drivers.driverAvailabilityId }).from(drivers).where(eq(drivers.userId, userId));
  if (current?.availability === driverAvailabilityId) return;
  await tx.insert(drivers).values({ userId, driverAvailabilityId })
    .onConflictDoUpdate({ target: drivers.userId, set: { driverAvailabilityId, updatedAt: new Date() } });
  changes.drivers.add(userId);
}

/** A driver whose last job in progress ended goes from busy back to available. */
export async function releaseIfIdle(tx: Tx, changes: Changes, userId: number | null): Promise<void> {
  if (!userId) return;
  const [busy] = await tx.select({ id: jobs.id }).from(jobs)
    .where(and(eq(jobs.driverId, userId), eq(jobs.jobStatusId, JOB_STATUS.IN_PROGRESS))).limit(1);
  if (busy) return;
  const [row] = await tx.select({ availability: drivers.driverAvailabilityId }).from(drivers).where(eq(drivers.userId, userId));
  if (row?.availability === DRIVER_AVAILABILITY.BUSY) await setAvailability(tx, changes, userId, DRIVER_AVAILABILITY.AVAILABLE);
}

/**
 * Appends a pick-up and a drop-off task per delivery to a job: all pick-ups first (in delivery order), then all
 * drop-offs, after the job's existing tasks. Store origins make store pick-ups (QSR stores: QSR store pick-ups),
 * store destinations store drop-offs. Window starts come from the delivery's selected quote.
 */
export async function appendTasks(tx: Tx, changes: Changes, jobId: number, rows: DeliveryRecord[]): Promise<void> {
  if (rows.length === 0) return;
  const [last] = await tx.select({ order: sql<number>`coalesce(max(${jobTasks.taskJobOrder}), 0)::int` }).from(jobTasks).where(eq(jobTasks.jobId, jobId));
  let order = last?.order ?? 0;
  const storeIds = rows.map((row) => row.originStoreId).filter((id): id is number => id !== null);
  const qsrStores = new Set(storeIds.length === 0 ? [] : (await tx.select({ id: stores.id }).from(stores)
    .where(and(inArray(stores.id, storeIds), eq(stores.qsrMode, true)))).map((row) => row.id));
  const quoteIds = rows.map((row) => row.selectedQuoteId).filter((id): id is number => id !== null);
  const quotes = new Map((quoteIds.length === 0 ? [] : await tx.select().from(deliveryQuotes).where(inArray(deliveryQuotes.id, quoteIds)))
    .map((quote) => [quote.id, quote]));
  const values: (typeof jobTasks.$inferInsert)[] = [];
  for (const row of rows) {
    const quote = row.selectedQuoteId ? quotes.get(row.selectedQuoteId) : undefined;
    order += 1;
    values.push({
      jobId, deliveryId: row.id, taskJobOrder: order, address: row.originAddress, windowStartUtc: quote?.pickupWindowStart ?? null,
      taskTypeId: row.originStoreId
        ? (qsrStores.has(row.originStoreId) ? TASK_TYPE.QSR_STORE_PICK_UP : TASK_TYPE.STORE_PICK_UP)
        : TASK_TYPE.PICK_UP,
    });
  }
  for (const row of rows) {
    const quote = row.selectedQuoteId ? quotes.get(row.selectedQuoteId) : undefined;
    order += 1;
    values.push({
      jobId, deliveryId: row.id, taskJobOrder: order, address: row.destinationAddress, windowStartUtc: quote?.dropOffWindowStart ?? null,
      taskTypeId: row.destinationStoreId ? TASK_TYPE.STORE_DROP_OFF : TASK_TYPE.DROP_OFF,
    });
  }
  const inserted = await tx.insert(jobTasks).values(values).returning({ id: jobTasks.id });
  for (const task of inserted) changes.tasks.add(task.id);
}

/** Open (not finished) tasks of a job. */
export async function openTaskCount(tx: Tx, jobId: number): Promise<number> {
  const [row] = await tx.select({ value: sql<number>`count(*)::int` }).from(jobTasks)
    .where(and(eq(jobTasks.jobId, jobId), inArray(jobTasks.taskStatusId, [TASK_STATUS.NOT_STARTED, TASK_STATUS.IN_PROGRESS])));
  return row?.value ?? 0;
}

/** Tasks of a job that have left not started (cancelled ones aside): reverseJobStatus needs none in progress. */
export async function startedTaskCount(tx: Tx, jobId: number): Promise<number> {
  const [row] = await tx.select({ value: sql<number>`count(*)::int` }).from(jobTasks)
    .where(and(eq(jobTasks.jobId, jobId), ne(jobTasks.taskStatusId, TASK_STATUS.NOT_STARTED), ne(jobTasks.taskStatusId, TASK_STATUS.CANCELLED)));
  return row?.value ?? 0;
}

/** Cancels the open tasks of one delivery in a job through the task chart (its delivery left the job or failed). */
export async function cancelDeliveryTasks(tx: Tx, changes: Changes, jobId: number, deliveryId: number): Promise<void> {
  const open = await tx.select().from(jobTasks).where(and(eq(jobTasks.jobId, jobId), eq(jobTasks.deliveryId, deliveryId),
    inArray(jobTasks.taskStatusId, [TASK_STATUS.NOT_STARTED, TASK_STATUS.IN_PROGRESS])));
  for (const task of open) {
    const next = step(taskMachine, taskSnapshotOf(taskRowOf(task)), { type: 'task.cancel' });
    if (!next) continue;
    await tx.update(jobTasks).set({ taskStatusId: taskStatusOf(next), updatedAt: new Date() }).where(eq(jobTasks.id, task.id));
    changes.tasks.add(task.id);
  }
}

/** Sets each open task's distance from the driver's last known position (when the driver has one). */
export async function refreshDistances(tx: Tx, changes: Changes, jobId: number, driverId: number): Promise<void> {
  const [position] = await tx.select({ lat: drivers.lat, lon: drivers.lon }).from(drivers).where(eq(drivers.userId, driverId));
  if (position?.lat == null || position.lon == null) return;
  const from = { lat: position.lat, lon: position.lon };
  const open = await tx.select({ id: jobTasks.id, address: jobTasks.address }).from(jobTasks)
    .where(and(eq(jobTasks.jobId, jobId), inArray(jobTasks.taskStatusId, [TASK_STATUS.NOT_STARTED, TASK_STATUS.IN_PROGRESS])));
  for (const task of open) {
    await tx.update(jobTasks).set({ distanceFromDriver: round2(haversineKm(from, addressOf(task.address).coordinates)) }).where(eq(jobTasks.id, task.id));
    changes.tasks.add(task.id);
  }
}
