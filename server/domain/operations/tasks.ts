import { and, eq, inArray } from 'drizzle-orm';
import type { components, operations } from '../../../src/api/generated/connect';
import { mayCall, type OperationId } from '../../../src/lib/access';
import type { LatLon } from '../../../src/lib/distance';
import { kmBetween } from '../../../src/lib/driver-distance';
import { OPERATIONS_TEXTS, TASK_ACTIONS, WEB_NOTIFICATION_TYPE, type TaskAction } from '../../../src/lib/operations-catalogue';
import { FINISHED_TASK_STATUSES, JOB_STATUS, TASK_STATUS } from '../../../src/lib/statuses';
import type { DeliveryLogisticsEvent } from '../../../src/machines/operations/delivery-logistics.types';
import { isPickUpTask, taskMachine, taskSnapshotOf, taskStatusOf } from '../../../src/machines/operations/task.machine';
import type { TaskEvent } from '../../../src/machines/operations/task.types';
import { step } from '../../../src/machines/operations/transitions';
import { deliveries, drivers, jobs, jobTasks } from '../../db/schema';
import { ConflictError, notFound } from '../../http/errors';
import { whereAll } from '../list-query';
import { payCompletedJob } from '../driver-pay';
import { acceptProof, issueProofCode, parcelBarcodesOf, proofSettingsFor } from '../proof-of-delivery';
import { Changes, dispatcherIds, notify, publishChanges } from './changes';
import { startLocked } from './jobs';
import { loadTasks, type TaskRecord, type Tx } from './rows';
import { jobReadScope, jobWorkScope, type OpsContext } from './scope';
import {
  cancelDeliveryTasks, ChartRefusal, lockJob, taskRowOf, openTaskCount, releaseIfIdle, stepDelivery, stepJob, writeDeliveryStatus, writeJob,
  type DeliveryRecord, type JobRecord,
} from './workflow';

type S = components['schemas'];
export type TaskState = S['TaskState'];

/** The operationId of each task call (the access table is keyed by them). */
const OPERATION_OF: Record<TaskAction, OperationId> = {
  start: 'starttask',
  arrived: 'arrived',
  completepickup: 'completepickup',
  completedropoff: 'completedropoff',
  exceptionpickup: 'exceptionpickup',
  exceptiondropoff: 'exceptiondropoff',
};

const PICK_UP_ONLY: ReadonlySet<TaskAction> = new Set(['completepickup', 'exceptionpickup']);
const DROP_OFF_ONLY: ReadonlySet<TaskAction> = new Set(['completedropoff', 'exceptiondropoff']);

interface PlanInput {
  task: TaskRecord;
  job: Pick<JobRecord, 'id' | 'jobStatusId'>;
  delivery: Pick<DeliveryRecord, 'id' | 'waybill' | 'logisticStatusId'>;
  at: Date;
  location?: LatLon;
  reason?: string;
}

interface Plan {
  taskValues: Partial<TaskRecord>;
  startsJob: boolean;
  deliveryStatusId?: number;
}

function taskEventOf(action: TaskAction, at: Date, location: LatLon): TaskEvent {
  switch (action) {
    case 'start': return { type: 'task.start' };
    case 'arrived': return { type: 'task.arrived', at: at.toISOString(), location };
    case 'completepickup': return { type: 'task.completePickup' };
    case 'completedropoff': return { type: 'task.completeDropoff' };
    case 'exceptionpickup': return { type: 'task.exceptionPickup' };
    case 'exceptiondropoff': return { type: 'task.exceptionDropoff' };
  }
}

function deliveryEventOf(action: TaskAction, taskTypeId: number): DeliveryLogisticsEvent['type'] | undefined {
  switch (action) {
    case 'start': return isPickUpTask(taskTypeId) ? undefined : 'delivery.dropoffStarted';
    case 'arrived': return undefined;
    case 'completepickup': return 'delivery.pickupCompleted';
    case 'completedropoff': return 'delivery.dropoffCompleted';
    case 'exceptionpickup': return 'delivery.pickupException';
    case 'exceptiondropoff': return 'delivery.dropoffException';
  }
}

/**
 * What a task call does, decided by the three charts in turn: the task's (the call itself, its type and
 * arrival), the job's (tasks move only in a job in progress; starting a task of a job not started starts the
 * job) and the delivery's (e.g. a drop-off starts only once the parcels are collected). Throws ChartRefusal.
 */
function plan(action: TaskAction, { task, job, delivery, at, location, reason }: PlanInput): Plan {
  if ((PICK_UP_ONLY.has(action) && !isPickUpTask(task.taskTypeId)) || (DROP_OFF_ONLY.has(action) && isPickUpTask(task.taskTypeId))) {
    throw new ChartRefusal(OPERATIONS_TEXTS.taskWrongType(action, task.id, task.taskTypeId));
  }
  const next = step(taskMachine, taskSnapshotOf(taskRowOf(task)), taskEventOf(action, at, location ?? { lat: 0, lon: 0 }));
  if (!next) throw new ChartRefusal(OPERATIONS_TEXTS.taskRefused(action, task.id, task.taskStatusId, task.arrivedDate !== null));
  let startsJob = false;
  if (job.jobStatusId !== JOB_STATUS.IN_PROGRESS) {
    const refusal = OPERATIONS_TEXTS.taskJobRefused(action, task.id, job.jobStatusId);
    if (action !== 'start') throw new ChartRefusal(refusal);
    stepJob(job, { type: 'job.start' }, 'start', refusal);
    startsJob = true;
  }
  const deliveryEvent = deliveryEventOf(action, task.taskTypeId);
  const deliveryStatusId = deliveryEvent
    ? stepDelivery(delivery, deliveryEvent, () => OPERATIONS_TEXTS.taskDeliveryRefused(action, task.id, delivery.waybill ?? String(delivery.id), delivery.logisticStatusId))
    : undefined;
  const taskStatusId = taskStatusOf(next);
  const taskValues: Partial<TaskRecord> = { taskStatusId, updatedAt: at };
  if (action === 'arrived') {
    // Where the driver was, and how far from the stop: kept as recorded, so an arrival far from it stays visible.
    const stop = (task.address as { coordinates?: LatLon }).coordinates;
    const distance = location && stop ? kmBetween(location, stop) : null;
    Object.assign(taskValues, { arrivedDate: at, arrivedLat: location?.lat ?? null, arrivedLon: location?.lon ?? null, arrivedDistanceKm: distance, distanceFromDriver: distance });
  }
  if (FINISHED_TASK_STATUSES.has(taskStatusId)) taskValues.completedDate = at;
  if (taskStatusId === TASK_STATUS.EXCEPTION) taskValues.exceptionReason = reason ?? null;
  return { taskValues, startsJob, deliveryStatusId };
}

async function taskWithJob(ctx: OpsContext, db: Tx, id: number) {
  const [row] = await db.select({ task: jobTasks, job: jobs, delivery: deliveries }).from(jobTasks)
    .innerJoin(jobs, eq(jobs.id, jobTasks.jobId))
    .innerJoin(deliveries, eq(deliveries.id, jobTasks.deliveryId))
    .where(whereAll(eq(jobTasks.id, id), eq(jobs.portalId, ctx.portal.id), jobReadScope(ctx.permissions)));
  if (!row) throw notFound(`task ${id}`);
  return row;
}

/** A task with the calls the charts allow now and the caller may make (gettaskstate). */
export async function getTaskState(ctx: OpsContext, id: number, db: Tx = ctx.db): Promise<TaskState> {
  const { task, job, delivery } = await taskWithJob(ctx, db, id);
  const [shape] = await loadTasks(db, eq(jobTasks.id, id));
  const works = await db.select({ id: jobs.id }).from(jobs).where(whereAll(eq(jobs.id, job.id), jobWorkScope(ctx.permissions)));
  const allowedActions = works.length === 0 ? [] : TASK_ACTIONS.filter((action) => {
    if (!mayCall(OPERATION_OF[action], ctx.permissions)) return false;
    try {
      plan(action, { task, job, delivery, at: new Date() });
      return true;
    } catch (error) {
      if (error instanceof ChartRefusal) return false;
      throw error;
    }
  });
  // What completing a drop-off needs, so the driver's screen asks for it before the server refuses (issue 20).
  const pickUp = isPickUpTask(task.taskTypeId);
  const proofRequired = pickUp ? null : await proofSettingsFor(db, delivery);
  const parcelBarcodes = pickUp ? [] : await parcelBarcodesOf(db, delivery.id);
  return { task: shape!, jobStatusId: job.jobStatusId as TaskState['jobStatusId'], logisticStatusId: delivery.logisticStatusId, allowedActions, proofRequired, parcelBarcodes };
}

async function lastPosition(tx: Tx, driverId: number | null): Promise<LatLon | undefined> {
  if (driverId === null) return undefined;
  const [row] = await tx.select({ lat: drivers.lat, lon: drivers.lon }).from(drivers).where(eq(drivers.userId, driverId));
  return row && row.lat !== null && row.lon !== null ? { lat: row.lat, lon: row.lon } : undefined;
}

export interface TaskCallInput {
  arrivedLocation?: LatLon;
  reason?: string;
  /** A drop-off's proof (issue 20), checked against what its company asks for once the charts allow the call. */
  proof?: S['ProofOfDeliveryForm'];
}

/**
 * One task call in one transaction (job row locked first, then the task and its delivery): task, delivery and
 * job rows change together or not at all; a refusal answers 409 with the task as it is now. The job completes
 * when its last open task finishes, and its driver is available again when no other job is in progress.
 */
export async function runTaskAction(ctx: OpsContext, id: number, action: TaskAction, input: TaskCallInput = {}): Promise<TaskState> {
  const changes = new Changes();
  try {
    await ctx.db.transaction(async (tx) => {
      const [ref] = await tx.select({ jobId: jobTasks.jobId }).from(jobTasks).where(eq(jobTasks.id, id));
      const job = ref ? await lockJob(tx, ctx.portal.id, ref.jobId, jobWorkScope(ctx.permissions)) : undefined;
      if (!job) throw notFound(`task ${id}`);
      const [task] = await tx.select().from(jobTasks).where(eq(jobTasks.id, id)).for('update');
      const [delivery] = await tx.select().from(deliveries).where(eq(deliveries.id, task!.deliveryId)).for('update');
      const at = new Date();
      // Without a position in the request, the arrival is where the driver last reported being.
      const location = action === 'arrived' ? input.arrivedLocation ?? await lastPosition(tx, job.driverId) : undefined;
      const outcome = plan(action, { task: task!, job, delivery: delivery!, at, location, reason: input.reason });
      // Proof of delivery (issue 20): the charts allowed the call; a drop-off without the proof its company
      // requires is refused (422, nothing written), and starting one that asks for a code sends the code.
      if (action === 'completedropoff') await acceptProof(tx, id, delivery!, input.proof);
      if (action === 'start' && !isPickUpTask(task!.taskTypeId)) await issueProofCode(tx, id, delivery!);
      if (outcome.startsJob) await startLocked(tx, changes, job);
      await tx.update(jobTasks).set(outcome.taskValues).where(eq(jobTasks.id, id));
      changes.tasks.add(id);
      if (outcome.deliveryStatusId !== undefined) await writeDeliveryStatus(tx, changes, delivery!.id, outcome.deliveryStatusId, at);
      const waybill = delivery!.waybill ?? String(delivery!.id);
      if (action === 'exceptionpickup') await cancelDeliveryTasks(tx, changes, job.id, delivery!.id);
      if (action === 'exceptionpickup' || action === 'exceptiondropoff') {
        await notify(tx, changes, {
          portalId: ctx.portal.id, userIds: [...await dispatcherIds(tx), delivery!.placedByUserId], typeId: WEB_NOTIFICATION_TYPE.TASK_EXCEPTION,
          title: OPERATIONS_TEXTS.taskExceptionTitle, message: OPERATIONS_TEXTS.taskException(waybill, action === 'exceptionpickup', input.reason),
          jobId: job.id, deliveryId: delivery!.id,
        });
      }
      if (action === 'completedropoff') {
        await notify(tx, changes, {
          portalId: ctx.portal.id, userIds: [delivery!.placedByUserId], typeId: WEB_NOTIFICATION_TYPE.DELIVERY_DELIVERED,
          title: OPERATIONS_TEXTS.deliveryDeliveredTitle, message: OPERATIONS_TEXTS.deliveryDelivered(waybill), jobId: job.id, deliveryId: delivery!.id,
        });
      }
      if (await openTaskCount(tx, job.id) === 0) {
        const next = stepJob({ id: job.id, jobStatusId: JOB_STATUS.IN_PROGRESS }, { type: 'job.tasksFinished' }, 'start');
        await writeJob(tx, changes, job.id, { jobStatusId: next, completedAt: at });
        // Its driver is paid with the status change, once (docs/finance.md, "Driver pay").
        await payCompletedJob(tx, { portalId: ctx.portal.id, jobId: job.id, driverId: job.driverId, userId: ctx.permissions.id });
        await releaseIfIdle(tx, changes, job.driverId);
      } else {
        await writeJob(tx, changes, job.id);
      }
    });
  } catch (error) {
    if (error instanceof ChartRefusal) throw new ConflictError(error.message, await getTaskState(ctx, id).catch(() => undefined));
    throw error;
  }
  await publishChanges(ctx.db, ctx.live, changes, ctx.portal).catch(() => undefined);
  return getTaskState(ctx, id);
}

export async function listTasks(ctx: OpsContext, query: NonNullable<operations['gettasks']['parameters']['query']>) {
  const jobIds = ctx.db.select({ id: jobs.id }).from(jobs).where(whereAll(
    eq(jobs.portalId, ctx.portal.id),
    jobReadScope(ctx.permissions),
    query.jobid ? eq(jobs.id, query.jobid) : undefined,
    query.driverid ? eq(jobs.driverId, query.driverid) : undefined,
  ));
  const finished = [TASK_STATUS.COMPLETED, TASK_STATUS.EXCEPTION, TASK_STATUS.CANCELLED];
  const open = [TASK_STATUS.NOT_STARTED, TASK_STATUS.IN_PROGRESS];
  return loadTasks(ctx.db, and(
    inArray(jobTasks.jobId, jobIds),
    query.completed === undefined ? undefined : inArray(jobTasks.taskStatusId, query.completed ? finished : open),
  ));
}
