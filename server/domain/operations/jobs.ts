import { and, asc, count, eq, exists, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { components, operations } from '../../../src/api/generated/connect';
import { markerLabel } from '../../../src/lib/distance';
import { ASSIGN_DRIVER_FAR_KM, compareCandidates, kmBetween } from '../../../src/lib/driver-distance';
import { mapTaskTypeOf, OPERATIONS_TEXTS, WEB_NOTIFICATION_TYPE } from '../../../src/lib/operations-catalogue';
import { DRIVER_AVAILABILITY, JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS, TASK_TYPE } from '../../../src/lib/statuses';
import { deliveries, drivers, jobDeliveries, jobs, jobTasks, jobTaskStops, stores, users } from '../../db/schema';
import { ConflictError, HttpError, notFound } from '../../http/errors';
import { reverseJobPay } from '../driver-pay';
import { costLines } from './job-cost';
import { rowExport, type ExportColumn } from '../export';
import { pageOf, parseListQuery, whereAll, type ListDefinition } from '../list-query';
import { Changes, dispatcherIds, notify, publishChanges } from './changes';
import {
  addressOf, isDriverUser, loadDriver, loadDrivers, loadJob, loadJobDeliveries, loadJobs, loadTasks, pathKm, type Job, type Tx,
} from './rows';
import { FIELD_ROLES, jobReadScope, jobWorkScope, type OpsContext } from './scope';
import {
  appendTasks, cancelDeliveryTasks, ChartRefusal, jobDeliveryRows, lockJob, refreshDistances, refreshJobCompany, releaseIfIdle, requireDriver, setAvailability,
  startedTaskCount, stepDelivery, stepJob, taskRowOf, writeDeliveryStatus, writeJob, type DeliveryRecord, type JobRecord,
} from './workflow';
import { isPickUpTask, taskMachine, taskSnapshotOf, taskStatusOf } from '../../../src/machines/operations/task.machine';
import { step } from '../../../src/machines/operations/transitions';
import { deliveryMayJoinJob } from '../../../src/machines/operations/job-actions';
import { hasAnyRole } from '../../../src/lib/roles';

type S = components['schemas'];
export type JobDetails = S['JobDetails'];
export type JobListQuery = NonNullable<operations['getjobs']['parameters']['query']>;

const searchDriver = alias(users, 'search_driver');

export const jobList: ListDefinition = {
  sortable: { id: jobs.id, createdAt: jobs.createdAt, jobStatusId: jobs.jobStatusId },
  defaultSort: jobs.id,
  id: jobs.id,
  searchable: [],
};

/** The job still has a task not started or in progress (the list type incomplete). */
const openTasks = sql`(select 1 from job_tasks ot where ot.job_id = ${jobs.id} and ot.task_status_id in (${TASK_STATUS.NOT_STARTED}, ${TASK_STATUS.IN_PROGRESS}))`;

/** Where a job list narrows to: the portal, the caller's scope, the filter pairs and the search term. */
export function jobListWhere(ctx: OpsContext, query: JobListQuery): SQL | undefined {
  const term = query.search?.trim();
  const like = term ? `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : undefined;
  return whereAll(
    eq(jobs.portalId, ctx.portal.id),
    jobReadScope(ctx.permissions),
    query.jobid ? eq(jobs.id, query.jobid) : undefined,
    query.driverid ? eq(jobs.driverId, query.driverid) : undefined,
    query.companyid ? eq(jobs.companyId, query.companyid) : undefined,
    query.jobStatuses && query.jobStatuses.length > 0 ? inArray(jobs.jobStatusId, query.jobStatuses) : undefined,
    query.deliveryId ? exists(sql`(select 1 from job_deliveries fd where fd.job_id = ${jobs.id} and fd.delivery_id = ${query.deliveryId})`) : undefined,
    query.deliveryStatus === 'Incomplete' ? exists(openTasks) : undefined,
    query.deliveryStatus === 'Completed' ? notExists(openTasks) : undefined,
    like
      ? or(
        exists(sql`(select 1 from job_deliveries sd join deliveries sdl on sdl.id = sd.delivery_id where sd.job_id = ${jobs.id} and (sdl.waybill ilike ${like} or sdl.order_reference ilike ${like}))`),
        exists(sql`(select 1 from users su where su.id = ${jobs.driverId} and (su.first_name || ' ' || su.last_name) ilike ${like})`),
      )
      : undefined,
  );
}

export const JOB_EXPORT: ExportColumn<Job>[] = [
  { header: 'Job id', value: (row) => row.id, width: 8 },
  { header: 'Status', value: (row) => row.jobStatus, width: 14 },
  { header: 'Driver', value: (row) => row.driverName ?? '', width: 24 },
  { header: 'Company', value: (row) => row.companyName ?? '', width: 24 },
  { header: 'Deliveries', value: (row) => row.deliveryCount, width: 10 },
  { header: 'Tasks finished', value: (row) => row.tasksFinished, width: 10 },
  { header: 'Tasks', value: (row) => row.taskCount, width: 8 },
  { header: 'Distance (km)', value: (row) => row.distanceKm, width: 12 },
  { header: 'Created', value: (row) => row.createdAt, width: 22 },
  { header: 'Started', value: (row) => row.startedAt ?? '', width: 22 },
  { header: 'Completed', value: (row) => row.completedAt ?? '', width: 22 },
];

/** The filtered jobs as Jobs.xlsx (exportjobs, issue 20), in job id order (keyset batches by id). */
export async function exportJobs(ctx: OpsContext, query: NonNullable<operations['exportjobs']['parameters']['query']>) {
  const where = jobListWhere(ctx, query);
  const [total] = await ctx.db.select({ value: count() }).from(jobs).where(where);
  return rowExport<Job>({
    fileName: 'Jobs',
    columns: JOB_EXPORT,
    total: total?.value ?? 0,
    batch: (last, limit) => loadJobs(ctx.db, { where: whereAll(where, last ? sql`${jobs.id} > ${last.id}` : undefined), orderBy: [asc(jobs.id)], limit }),
  });
}

export async function listJobs(ctx: OpsContext, query: JobListQuery) {
  const parsed = parseListQuery(query as JobListQuery & Record<string, unknown>, jobList);
  const where = jobListWhere(ctx, query);
  const [items, [total]] = await Promise.all([
    loadJobs(ctx.db, { where, orderBy: parsed.orderBy, limit: parsed.pageSize, offset: parsed.offset }),
    ctx.db.select({ value: count() }).from(jobs).where(where),
  ]);
  return pageOf(items, total?.value ?? 0, parsed);
}

async function visibleJob(ctx: OpsContext, db: Tx, id: number): Promise<Job> {
  const [job] = await loadJobs(db, { where: whereAll(eq(jobs.portalId, ctx.portal.id), jobReadScope(ctx.permissions), eq(jobs.id, id)) });
  if (!job) throw notFound(`job ${id}`);
  return job;
}

async function deliveryIdsOf(db: Tx, jobId: number): Promise<number[]> {
  const rows = await db.select({ id: jobDeliveries.deliveryId }).from(jobDeliveries)
    .where(eq(jobDeliveries.jobId, jobId)).orderBy(asc(jobDeliveries.addedAt), asc(jobDeliveries.deliveryId));
  return rows.map((row) => row.id);
}

async function detailsOf(db: Tx, job: Job): Promise<JobDetails> {
  const [driver, deliveryList, tasks] = await Promise.all([
    job.driverId ? loadDriver(db, job.driverId) : Promise.resolve(undefined),
    deliveryIdsOf(db, job.id).then((ids) => loadJobDeliveries(db, ids)),
    loadTasks(db, eq(jobTasks.jobId, job.id)),
  ]);
  return { job, driver: driver ?? null, deliveries: deliveryList, tasks, transactionItems: costLines(deliveryList, job.distanceKm) };
}

export async function getJobDetails(ctx: OpsContext, id: number, db: Tx = ctx.db): Promise<JobDetails> {
  return detailsOf(db, await visibleJob(ctx, db, id));
}

export async function jobCost(ctx: OpsContext, id: number): Promise<S['JobCost']> {
  const details = await getJobDetails(ctx, id);
  return { jobId: id, items: details.transactionItems, totalExcl: details.transactionItems.reduce((sum, item) => sum + item.amountExcl, 0) };
}

export async function jobRoute(ctx: OpsContext, id: number): Promise<S['JobRoute']> {
  const details = await getJobDetails(ctx, id);
  let previous: { lat: number; lon: number } | undefined;
  const stops = details.tasks.filter((task) => task.taskStatusId !== TASK_STATUS.CANCELLED).map((task, index) => {
    const coordinates = task.address.coordinates;
    const leg = previous ? pathKm([previous, coordinates]) : 0;
    previous = coordinates;
    return {
      label: markerLabel(index), taskId: task.id, deliveryId: task.deliveryId, waybill: task.waybill, taskTypeId: task.taskTypeId,
      mapTaskTypeId: mapTaskTypeOf(task.taskTypeId), taskStatusId: task.taskStatusId, description: task.address.description,
      coordinates, distanceFromPreviousKm: leg,
    };
  });
  return { jobId: id, stops, distanceKm: details.job.distanceKm, driverLocation: details.driver?.lastLocation ?? null };
}

export async function jobSummary(ctx: OpsContext, id: number): Promise<S['JobSummary']> {
  const details = await getJobDetails(ctx, id);
  const countOf = (status: number) => details.tasks.filter((task) => task.taskStatusId === status).length;
  const { job } = details;
  const durationMinutes = job.startedAt && job.completedAt
    ? Math.round((Date.parse(job.completedAt) - Date.parse(job.startedAt)) / 60_000)
    : null;
  return {
    jobId: id,
    jobStatusId: job.jobStatusId,
    deliveryCount: job.deliveryCount,
    tasksByStatus: {
      notStarted: countOf(TASK_STATUS.NOT_STARTED), inProgress: countOf(TASK_STATUS.IN_PROGRESS), completed: countOf(TASK_STATUS.COMPLETED),
      exception: countOf(TASK_STATUS.EXCEPTION), cancelled: countOf(TASK_STATUS.CANCELLED),
    },
    distanceKm: job.distanceKm,
    costExcl: details.transactionItems.reduce((sum, item) => sum + item.amountExcl, 0),
    startedAt: job.startedAt,
    completedAt: job.completedAt,
    durationMinutes,
  };
}

interface RouteExportRow {
  id: number;
  jobId: number;
  jobStatusId: number;
  driverName: string;
  taskJobOrder: number;
  taskTypeId: number;
  taskStatusId: number;
  waybill: string | null;
  address: string;
  lat: number;
  lon: number;
}

const ROUTE_EXPORT: ExportColumn<RouteExportRow>[] = [
  { header: 'Job id', value: (row) => row.jobId, width: 8 },
  { header: 'Job status', value: (row) => row.jobStatusId, width: 10 },
  { header: 'Driver', value: (row) => row.driverName, width: 24 },
  { header: 'Stop', value: (row) => markerLabel(row.taskJobOrder - 1), width: 6 },
  { header: 'Task id', value: (row) => row.id, width: 8 },
  { header: 'Task type', value: (row) => row.taskTypeId, width: 8 },
  { header: 'Task status', value: (row) => row.taskStatusId, width: 10 },
  { header: 'Waybill', value: (row) => row.waybill, width: 14 },
  { header: 'Address', value: (row) => row.address, width: 40 },
  { header: 'Latitude', value: (row) => row.lat, width: 12 },
  { header: 'Longitude', value: (row) => row.lon, width: 12 },
];

/** The stops of the filtered jobs as JobRoutes.xlsx (keyset batches by task id). */
export async function exportJobRoutes(ctx: OpsContext, query: NonNullable<operations['exportjobroutes']['parameters']['query']>) {
  const where = jobListWhere(ctx, query);
  const [total] = await ctx.db.select({ value: count() }).from(jobTasks).innerJoin(jobs, eq(jobs.id, jobTasks.jobId)).where(where);
  return rowExport<RouteExportRow>({
    fileName: 'JobRoutes',
    columns: ROUTE_EXPORT,
    total: total?.value ?? 0,
    batch: async (last, limit) => {
      const rows = await ctx.db.select({
        id: jobTasks.id, jobId: jobs.id, jobStatusId: jobs.jobStatusId, first: searchDriver.firstName, last: searchDriver.lastName,
        taskJobOrder: jobTasks.taskJobOrder, taskTypeId: jobTasks.taskTypeId, taskStatusId: jobTasks.taskStatusId,
        waybill: deliveries.waybill, address: jobTasks.address,
      }).from(jobTasks)
        .innerJoin(jobs, eq(jobs.id, jobTasks.jobId))
        .innerJoin(deliveries, eq(deliveries.id, jobTasks.deliveryId))
        .leftJoin(searchDriver, eq(searchDriver.id, jobs.driverId))
        .where(whereAll(where, last ? sql`${jobTasks.id} > ${last.id}` : undefined))
        .orderBy(asc(jobTasks.id))
        .limit(limit);
      return rows.map((row) => {
        const address = addressOf(row.address);
        return {
          id: row.id, jobId: row.jobId, jobStatusId: row.jobStatusId, driverName: row.first ? `${row.first} ${row.last ?? ''}`.trim() : '',
          taskJobOrder: row.taskJobOrder, taskTypeId: row.taskTypeId, taskStatusId: row.taskStatusId, waybill: row.waybill,
          address: address.description, lat: address.coordinates.lat, lon: address.coordinates.lon,
        };
      });
    },
  });
}

// ---- Calls that change jobs -----------------------------------------------------------------------------------

/**
 * Runs one job call in a transaction and publishes what it changed once committed. A chart refusal rolls
 * everything back and answers 409 with the job as it is now.
 */
async function mutateJob<T>(ctx: OpsContext, jobId: number | undefined, work: (tx: Tx, changes: Changes) => Promise<T>): Promise<T> {
  const changes = new Changes();
  let result: T;
  try {
    result = await ctx.db.transaction((tx) => work(tx, changes));
  } catch (error) {
    if (error instanceof ChartRefusal) {
      const current = jobId === undefined ? undefined : await getJobDetails(ctx, jobId).catch(() => undefined);
      throw new ConflictError(error.message, current);
    }
    throw error;
  }
  await publishChanges(ctx.db, ctx.live, changes, ctx.portal).catch(() => undefined);
  return result;
}

/** Ready deliveries of the portal that are in no job, locked; 404 for unknown ids, 409 for the others. */
async function readyDeliveries(ctx: OpsContext, tx: Tx, ids: number[]): Promise<DeliveryRecord[]> {
  const unique = [...new Set(ids)];
  const rows = await tx.select().from(deliveries).where(and(eq(deliveries.portalId, ctx.portal.id), inArray(deliveries.id, unique))).for('update');
  const missing = unique.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) throw notFound(`delivery ${missing.join(', ')}`);
  const linked = await tx.select().from(jobDeliveries).where(inArray(jobDeliveries.deliveryId, unique));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => {
    const row = byId.get(id)!;
    const link = linked.find((item) => item.deliveryId === id);
    if (link) throw new ChartRefusal(OPERATIONS_TEXTS.deliveryInJob(row.waybill ?? String(id), link.jobId));
    if (!deliveryMayJoinJob({ logisticStatusId: row.logisticStatusId, jobId: null })) throw new ChartRefusal(OPERATIONS_TEXTS.deliveryNotReady(row.waybill ?? String(id), row.logisticStatusId));
    return row;
  });
}

/**
 * Assigns a locked job to a driver through the chart; the deliveries of a job that had none become pending pick-up.
 * Exported for auto-dispatch (issue 20), which assigns through this same path.
 */
export async function assignLocked(ctx: Pick<OpsContext, 'portal'>, tx: Tx, changes: Changes, job: JobRecord, driverId: number): Promise<void> {
  const next = stepJob(job, { type: 'job.assign', driverId }, 'assign');
  if (job.jobStatusId === JOB_STATUS.UNASSIGNED) {
    for (const delivery of await jobDeliveryRows(tx, job.id)) {
      const status = stepDelivery(delivery, 'delivery.driverAssigned',
        () => OPERATIONS_TEXTS.deliveryRefused('assign', job.id, delivery.waybill ?? String(delivery.id), delivery.logisticStatusId));
      await writeDeliveryStatus(tx, changes, delivery.id, status);
    }
  }
  if (job.driverId && job.driverId !== driverId) changes.formerDrivers.set(job.id, job.driverId);
  await writeJob(tx, changes, job.id, { jobStatusId: next, driverId, rejectedByDriverId: null });
  await tx.insert(drivers).values({ userId: driverId }).onConflictDoNothing();
  await refreshDistances(tx, changes, job.id, driverId);
  if (job.driverId !== driverId) {
    await notify(tx, changes, {
      portalId: ctx.portal.id, userIds: [driverId], typeId: WEB_NOTIFICATION_TYPE.JOB_ASSIGNED,
      title: OPERATIONS_TEXTS.jobAssignedTitle, message: OPERATIONS_TEXTS.jobAssigned(job.id), jobId: job.id,
    });
  }
}

/** Takes the driver off a locked job (unassign, reject, reverse to unassigned): its deliveries are ready again. */
async function releaseLocked(tx: Tx, changes: Changes, job: JobRecord, nextStatus: number, action: 'unassign' | 'reject' | 'reverse', rejectedBy?: number) {
  for (const delivery of await jobDeliveryRows(tx, job.id)) {
    const status = stepDelivery(delivery, 'delivery.driverUnassigned',
      () => OPERATIONS_TEXTS.deliveryRefused(action, job.id, delivery.waybill ?? String(delivery.id), delivery.logisticStatusId));
    await writeDeliveryStatus(tx, changes, delivery.id, status);
  }
  if (job.driverId) changes.formerDrivers.set(job.id, job.driverId);
  await writeJob(tx, changes, job.id, { jobStatusId: nextStatus, driverId: null, rejectedByDriverId: rejectedBy ?? null, startedAt: null });
}

export async function createJob(ctx: OpsContext, form: S['JobCreateForm']): Promise<JobDetails> {
  let createdId = 0;
  await mutateJob(ctx, undefined, async (tx, changes) => {
    if (form.driverId) await requireDriver(tx, form.driverId);
    const rows = await readyDeliveries(ctx, tx, form.deliveryIds);
    const [job] = await tx.insert(jobs).values({ portalId: ctx.portal.id, createdByUserId: ctx.permissions.id }).returning();
    createdId = job!.id;
    await tx.insert(jobDeliveries).values(rows.map((row) => ({ jobId: job!.id, deliveryId: row.id })));
    await appendTasks(tx, changes, job!.id, rows);
    await refreshJobCompany(tx, job!.id, changes);
    changes.jobs.add(job!.id);
    if (form.driverId) await assignLocked(ctx, tx, changes, job!, form.driverId);
  });
  return getJobDetails(ctx, createdId);
}

/**
 * How far a driver is from the job's next pick-up (getjobdriverdistance, issue 21): asked by the dispatcher before
 * assigning, so a driver in another city is not assigned without a word. Straight-line km: a warning, not a route.
 */
export async function jobDriverDistance(ctx: OpsContext, id: number, driverId: number): Promise<S['JobDriverDistance']> {
  const details = await getJobDetails(ctx, id);
  await requireDriver(ctx.db, driverId);
  const open = details.tasks.filter((task) => task.taskStatusId === TASK_STATUS.NOT_STARTED || task.taskStatusId === TASK_STATUS.IN_PROGRESS);
  const stop = open.find((task) => isPickUpTask(task.taskTypeId)) ?? open[0];
  const [position] = await ctx.db.select({ lat: drivers.lat, lon: drivers.lon, at: drivers.locationAt }).from(drivers).where(eq(drivers.userId, driverId));
  const located = position && position.lat !== null && position.lon !== null ? { lat: position.lat, lon: position.lon } : null;
  const distanceKm = located && stop ? kmBetween(located, stop.address.coordinates) : null;
  return {
    jobId: id, driverId, distanceKm, thresholdKm: ASSIGN_DRIVER_FAR_KM, isFar: distanceKm !== null && distanceKm > ASSIGN_DRIVER_FAR_KM,
    pickUpDescription: stop?.address.description ?? null, locationAt: position?.at?.toISOString() ?? null,
  };
}

/** Most ready deliveries offered at once when building a job (oldest first). */
const READY_DELIVERIES_LIMIT = 200;

/**
 * The deliveries a job can be built from (getjobreadydeliveries, issue 20): ready and in no job (the rule the
 * job-building chart and createjob / adddeliveriestojob share: deliveryMayJoinJob), oldest first.
 */
export async function jobReadyDeliveries(ctx: OpsContext, query: NonNullable<operations['getjobreadydeliveries']['parameters']['query']>): Promise<S['JobDelivery'][]> {
  const term = query.search?.trim();
  const like = term ? `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : undefined;
  const rows = await ctx.db.select({ id: deliveries.id }).from(deliveries)
    .where(whereAll(
      eq(deliveries.portalId, ctx.portal.id),
      eq(deliveries.logisticStatusId, LOGISTIC_STATUS.READY),
      notExists(sql`(select 1 from job_deliveries rd where rd.delivery_id = ${deliveries.id})`),
      like ? or(sql`${deliveries.waybill} ilike ${like}`, sql`${deliveries.orderReference} ilike ${like}`) : undefined,
    ))
    .orderBy(asc(deliveries.createdAt), asc(deliveries.id))
    .limit(READY_DELIVERIES_LIMIT);
  return loadJobDeliveries(ctx.db, rows.map((row) => row.id));
}

/**
 * The drivers to pick from when assigning a job (getjobdrivercandidates, issue 20): every driver with their
 * distance from the job's next pick-up, who can take work now first and the nearest first (compareCandidates).
 */
export async function jobDriverCandidates(ctx: OpsContext, id: number): Promise<S['JobDriverCandidates']> {
  const details = await getJobDetails(ctx, id);
  const open = details.tasks.filter((task) => task.taskStatusId === TASK_STATUS.NOT_STARTED || task.taskStatusId === TASK_STATUS.IN_PROGRESS);
  const stop = open.find((task) => isPickUpTask(task.taskTypeId)) ?? open[0];
  const everyDriver = await loadDrivers(ctx.db, { where: isDriverUser });
  const items = everyDriver.map((driver) => {
    const distanceKm = driver.lastLocation && stop ? kmBetween(driver.lastLocation, stop.address.coordinates) : null;
    return { driver, distanceKm, isFar: distanceKm !== null && distanceKm > ASSIGN_DRIVER_FAR_KM };
  });
  items.sort((a, b) => compareCandidates(
    { driverAvailabilityId: a.driver.driverAvailabilityId, distanceKm: a.distanceKm, id: a.driver.id },
    { driverAvailabilityId: b.driver.driverAvailabilityId, distanceKm: b.distanceKm, id: b.driver.id },
  ));
  return { jobId: id, thresholdKm: ASSIGN_DRIVER_FAR_KM, pickUpDescription: stop?.address.description ?? null, items };
}

export async function assignJobsToDriver(ctx: OpsContext, form: S['JobAssignForm']): Promise<Job[]> {
  const ids = [...new Set(form.jobIds)];
  await mutateJob(ctx, ids[0], async (tx, changes) => {
    await requireDriver(tx, form.driverId);
    for (const id of ids) {
      const job = await lockJob(tx, ctx.portal.id, id, jobReadScope(ctx.permissions));
      if (!job) throw notFound(`job ${id}`);
      await assignLocked(ctx, tx, changes, job, form.driverId);
    }
  });
  return loadJobs(ctx.db, { where: inArray(jobs.id, ids) });
}

/** Loads and locks a job the caller may work on (404 otherwise), runs `work`, answers the job details. */
async function onJob(ctx: OpsContext, id: number, scope: SQL | undefined, work: (tx: Tx, changes: Changes, job: JobRecord) => Promise<void>) {
  await mutateJob(ctx, id, async (tx, changes) => {
    const job = await lockJob(tx, ctx.portal.id, id, scope);
    if (!job) throw notFound(`job ${id}`);
    await work(tx, changes, job);
  });
  // The caller may no longer see the job (a driver who rejected it): answer it as the call left it.
  const job = await loadJob(ctx.db, id);
  return detailsOf(ctx.db, job!);
}

export function unassignDriver(ctx: OpsContext, id: number): Promise<JobDetails> {
  return onJob(ctx, id, jobReadScope(ctx.permissions), async (tx, changes, job) => {
    const next = stepJob(job, { type: 'job.unassign' }, 'unassign');
    await releaseLocked(tx, changes, job, next, 'unassign');
  });
}

export function rejectJob(ctx: OpsContext, id: number): Promise<JobDetails> {
  // Only the job's own driver rejects (staff unassign instead).
  const scope = hasAnyRole(ctx.permissions, FIELD_ROLES) ? eq(jobs.driverId, ctx.permissions.id) : sql`false`;
  return onJob(ctx, id, scope, async (tx, changes, job) => {
    const next = stepJob(job, { type: 'job.reject' }, 'reject');
    await releaseLocked(tx, changes, job, next, 'reject', ctx.permissions.id);
    const driver = await loadDriver(tx, ctx.permissions.id);
    await notify(tx, changes, {
      portalId: ctx.portal.id, userIds: await dispatcherIds(tx), typeId: WEB_NOTIFICATION_TYPE.JOB_REJECTED,
      title: OPERATIONS_TEXTS.jobRejectedTitle, message: OPERATIONS_TEXTS.jobRejected(job.id, driver?.fullName ?? ctx.permissions.email), jobId: job.id,
    });
  });
}

/** Starts a locked job (also used when its first task starts): the driver becomes busy. */
export async function startLocked(tx: Tx, changes: Changes, job: JobRecord, message?: string): Promise<void> {
  const next = stepJob(job, { type: 'job.start' }, 'start', message);
  await writeJob(tx, changes, job.id, { jobStatusId: next, startedAt: new Date() });
  if (job.driverId) await setAvailability(tx, changes, job.driverId, DRIVER_AVAILABILITY.BUSY);
}

export function startJob(ctx: OpsContext, id: number): Promise<JobDetails> {
  return onJob(ctx, id, jobWorkScope(ctx.permissions), (tx, changes, job) => startLocked(tx, changes, job));
}

export function addDeliveriesToJob(ctx: OpsContext, id: number, form: S['JobDeliveriesForm']): Promise<JobDetails> {
  return onJob(ctx, id, jobReadScope(ctx.permissions), async (tx, changes, job) => {
    const next = stepJob(job, { type: 'job.deliveries.add' }, 'addDeliveries');
    const rows = await readyDeliveries(ctx, tx, form.deliveryIds);
    await tx.insert(jobDeliveries).values(rows.map((row) => ({ jobId: job.id, deliveryId: row.id })));
    if (job.driverId) {
      for (const delivery of rows) {
        const status = stepDelivery(delivery, 'delivery.driverAssigned',
          () => OPERATIONS_TEXTS.deliveryRefused('addDeliveries', job.id, delivery.waybill ?? String(delivery.id), delivery.logisticStatusId));
        await writeDeliveryStatus(tx, changes, delivery.id, status);
      }
    } else {
      for (const delivery of rows) changes.deliveries.add(delivery.id);
    }
    await appendTasks(tx, changes, job.id, rows);
    if (job.driverId) await refreshDistances(tx, changes, job.id, job.driverId);
    await refreshJobCompany(tx, job.id, changes);
    await writeJob(tx, changes, job.id, { jobStatusId: next });
  });
}

export function removeDeliveryFromJob(ctx: OpsContext, id: number, form: S['JobRemoveDeliveryForm']): Promise<JobDetails> {
  return onJob(ctx, id, jobReadScope(ctx.permissions), async (tx, changes, job) => {
    const rows = await jobDeliveryRows(tx, job.id);
    const delivery = rows.find((row) => row.id === form.deliveryId);
    if (!delivery) throw new HttpError(404, OPERATIONS_TEXTS.deliveryNotInJob(form.deliveryId, job.id));
    const next = stepJob(job, { type: 'job.deliveries.remove', remaining: rows.length - 1 }, 'removeDelivery');
    if (delivery.logisticStatusId !== LOGISTIC_STATUS.READY) {
      const status = stepDelivery(delivery, 'delivery.driverUnassigned',
        () => OPERATIONS_TEXTS.deliveryRefused('removeDelivery', job.id, delivery.waybill ?? String(delivery.id), delivery.logisticStatusId));
      await writeDeliveryStatus(tx, changes, delivery.id, status);
    } else {
      changes.deliveries.add(delivery.id);
    }
    await cancelDeliveryTasks(tx, changes, job.id, delivery.id);
    await tx.delete(jobDeliveries).where(eq(jobDeliveries.deliveryId, delivery.id));
    await refreshJobCompany(tx, job.id, changes);
    const cancelled = next === JOB_STATUS.CANCELLED;
    await writeJob(tx, changes, job.id, { jobStatusId: next, ...(cancelled && { completedAt: new Date() }) });
    if (cancelled) await releaseIfIdle(tx, changes, job.driverId);
  });
}

export function reverseJobStatus(ctx: OpsContext, id: number): Promise<JobDetails> {
  return onJob(ctx, id, jobReadScope(ctx.permissions), async (tx, changes, job) => {
    const tasksStarted = await startedTaskCount(tx, job.id);
    const message = job.jobStatusId === JOB_STATUS.IN_PROGRESS && tasksStarted > 0 ? OPERATIONS_TEXTS.jobTasksStarted(job.id) : undefined;
    const next = stepJob(job, { type: 'job.reverse', tasksStarted }, 'reverse', message);
    if (next === JOB_STATUS.UNASSIGNED) {
      await releaseLocked(tx, changes, job, next, 'reverse');
    } else if (next === JOB_STATUS.NOT_STARTED) {
      await writeJob(tx, changes, job.id, { jobStatusId: next, startedAt: null });
      await releaseIfIdle(tx, changes, job.driverId);
    } else {
      await reopenLastTask(tx, changes, job);
      await writeJob(tx, changes, job.id, { jobStatusId: next, completedAt: null });
      // A completed job's driver pay is taken back by a reversal; completing it again pays it again.
      await reverseJobPay(tx, { portalId: ctx.portal.id, jobId: job.id, userId: ctx.permissions.id });
      if (job.driverId) await setAvailability(tx, changes, job.driverId, DRIVER_AVAILABILITY.BUSY);
    }
  });
}

/**
 * A completed job back in progress needs an open task, or it could never complete again (the job completes when
 * its last open task finishes): the task that finished last opens again through the task chart (`task.reverse`:
 * in progress, arrived if it had), its delivery steps back one logistic status through the delivery chart
 * (delivered → pending drop-off, collected → pending pick-up, out of an exception to its stage), and when that
 * task was a pick-up exception, the tasks of the same delivery it cancelled are not started again. A refusal
 * of either chart (e.g. a delivery returned to sender) answers 409 and nothing changes.
 */
async function reopenLastTask(tx: Tx, changes: Changes, job: JobRecord): Promise<void> {
  const [last] = await tx.select().from(jobTasks)
    .where(and(eq(jobTasks.jobId, job.id), inArray(jobTasks.taskStatusId, [TASK_STATUS.COMPLETED, TASK_STATUS.EXCEPTION])))
    .orderBy(sql`${jobTasks.completedDate} desc nulls last`, sql`${jobTasks.taskJobOrder} desc`).limit(1);
  if (!last) return;
  const refusal = OPERATIONS_TEXTS.jobRefused('reverse', job.id, job.jobStatusId);
  const reopened = step(taskMachine, taskSnapshotOf(taskRowOf(last)), { type: 'task.reverse' });
  if (!reopened) throw new ChartRefusal(refusal);
  const [delivery] = await tx.select().from(deliveries).where(eq(deliveries.id, last.deliveryId)).for('update');
  const logisticStatusId = stepDelivery(delivery!, 'delivery.reverse', () => refusal);
  const now = new Date();
  await tx.update(jobTasks).set({ taskStatusId: taskStatusOf(reopened), completedDate: null, exceptionReason: null, updatedAt: now })
    .where(eq(jobTasks.id, last.id));
  changes.tasks.add(last.id);
  await writeDeliveryStatus(tx, changes, delivery!.id, logisticStatusId);
  if (last.taskStatusId !== TASK_STATUS.EXCEPTION || !isPickUpTask(last.taskTypeId)) return;
  const cancelled = await tx.select().from(jobTasks)
    .where(and(eq(jobTasks.jobId, job.id), eq(jobTasks.deliveryId, last.deliveryId), eq(jobTasks.taskStatusId, TASK_STATUS.CANCELLED)));
  for (const task of cancelled) {
    const back = step(taskMachine, taskSnapshotOf(taskRowOf(task)), { type: 'task.reverse' });
    if (!back) throw new ChartRefusal(refusal);
    await tx.update(jobTasks).set({ taskStatusId: taskStatusOf(back), completedDate: null, updatedAt: now }).where(eq(jobTasks.id, task.id));
    changes.tasks.add(task.id);
  }
}

export function notifyJobDelay(ctx: OpsContext, id: number, form: S['JobDelayForm'] | undefined): Promise<JobDetails> {
  return onJob(ctx, id, jobWorkScope(ctx.permissions), async (tx, changes, job) => {
    const next = stepJob(job, { type: 'job.notifyDelay' }, 'notifyDelay');
    await writeJob(tx, changes, job.id, { jobStatusId: next, delayNotifiedAt: new Date() });
    for (const delivery of await jobDeliveryRows(tx, job.id)) {
      await notify(tx, changes, {
        portalId: ctx.portal.id, userIds: [delivery.placedByUserId], typeId: WEB_NOTIFICATION_TYPE.JOB_DELAYED,
        title: OPERATIONS_TEXTS.jobDelayedTitle,
        message: OPERATIONS_TEXTS.jobDelayed(delivery.waybill ?? String(delivery.id), form?.delayMinutes, form?.message),
        jobId: job.id, deliveryId: delivery.id,
      });
    }
  });
}


/** The store task types: a stop of one of these names its store. */
const STORE_TASK_TYPES: ReadonlySet<number> = new Set([TASK_TYPE.STORE_PICK_UP, TASK_TYPE.STORE_DROP_OFF, TASK_TYPE.QSR_STORE_PICK_UP]);

/**
 * The task wizard (issue 20): a stop for one of the job's deliveries, after its other stops, with its window and
 * contact. Only while the job chart takes more work (`job.deliveries.add`: unassigned, not started or in
 * progress; else 409); an assigned driver's distances are refreshed and the hub carries the new task.
 */
export function addTaskToJob(ctx: OpsContext, id: number, form: S['JobTaskForm']): Promise<JobDetails> {
  const start = form.windowStartUtc ? new Date(form.windowStartUtc) : null;
  const end = form.windowEndUtc ? new Date(form.windowEndUtc) : null;
  if (start && end && end <= start) throw new HttpError(400, OPERATIONS_TEXTS.stopWindowOrder);
  const storeId = form.address.storeId ?? null;
  if (STORE_TASK_TYPES.has(form.taskTypeId) && storeId === null) throw new HttpError(400, OPERATIONS_TEXTS.stopNeedsStore);
  return onJob(ctx, id, jobReadScope(ctx.permissions), async (tx, changes, job) => {
    const next = stepJob(job, { type: 'job.deliveries.add' }, 'addTask');
    const rows = await jobDeliveryRows(tx, job.id);
    if (!rows.some((row) => row.id === form.deliveryId)) throw new HttpError(404, OPERATIONS_TEXTS.deliveryNotInJob(form.deliveryId, job.id));
    if (storeId !== null) {
      const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
      if (!store) throw new HttpError(400, OPERATIONS_TEXTS.stopStoreUnknown(storeId));
    }
    const [last] = await tx.select({ order: sql<number>`coalesce(max(${jobTasks.taskJobOrder}), 0)::int` }).from(jobTasks).where(eq(jobTasks.jobId, job.id));
    const [task] = await tx.insert(jobTasks).values({
      jobId: job.id, deliveryId: form.deliveryId, taskJobOrder: (last?.order ?? 0) + 1, taskTypeId: form.taskTypeId,
      address: { description: form.address.description.trim(), coordinates: form.address.coordinates, storeId }, windowStartUtc: start,
    }).returning({ id: jobTasks.id });
    await tx.insert(jobTaskStops).values({
      taskId: task!.id, windowEndUtc: end, contactName: form.contactName?.trim() || null, contactPhone: form.contactPhone?.trim() || null,
      addedByUserId: ctx.permissions.id,
    });
    changes.tasks.add(task!.id);
    if (job.driverId) await refreshDistances(tx, changes, job.id, job.driverId);
    await writeJob(tx, changes, job.id, { jobStatusId: next });
  });
}
