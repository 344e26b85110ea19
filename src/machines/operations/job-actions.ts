import { mayCall, type OperationId } from '../../lib/access';
import type { TaskAction } from '../../lib/operations-catalogue';
import type { Permissions } from '../../lib/roles';
import { JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS } from '../../lib/statuses';
import { deliveryLogisticsMachine, deliveryLogisticsSnapshotOf } from './delivery-logistics.machine';
import type { DeliveryLogisticsEvent } from './delivery-logistics.types';
import { jobMachine, jobSnapshotOf } from './job.machine';
import type { JobEvent } from './job.types';
import { isPickUpTask, taskMachine, taskSnapshotOf } from './task.machine';
import type { TaskEvent } from './task.types';
import { step } from './transitions';

// Which task and job calls the job screens offer: those the pure charts allow from the stored status (the
// server refuses the rest with 409) and the access table allows the user (002 section 7; issue 5).

export type TaskActionName = TaskAction;
export type JobActionName = 'start' | 'reject' | 'unassign' | 'reverse' | 'notifyDelay';

export interface ActionTask {
  id: number;
  taskTypeId: number;
  taskStatusId: number;
  arrivedDate?: string | null;
  address?: { coordinates: { lat: number; lon: number } };
}

const TASK_ACTIONS: Record<TaskActionName, { operationId: OperationId; event: (task: ActionTask) => TaskEvent }> = {
  start: { operationId: 'starttask', event: () => ({ type: 'task.start' }) },
  arrived: {
    operationId: 'arrived',
    event: (task) => ({ type: 'task.arrived', at: new Date(0).toISOString(), location: task.address?.coordinates ?? { lat: 0, lon: 0 } }),
  },
  completepickup: { operationId: 'completepickup', event: () => ({ type: 'task.completePickup' }) },
  completedropoff: { operationId: 'completedropoff', event: () => ({ type: 'task.completeDropoff' }) },
  exceptionpickup: { operationId: 'exceptionpickup', event: () => ({ type: 'task.exceptionPickup' }) },
  exceptiondropoff: { operationId: 'exceptiondropoff', event: () => ({ type: 'task.exceptionDropoff' }) },
};

/** Where the task's job and delivery are: the server consults their charts too (server/domain/operations/tasks.ts). */
export interface TaskSurroundings {
  jobStatusId: number;
  /** The logistic status of the task's delivery (unknown: the delivery chart is not consulted). */
  logisticStatusId?: number;
}

/** What each task call asks of the delivery chart (a pick-up's start asks nothing; a drop-off's start is `dropoffStarted`). */
function deliveryEventOf(name: TaskActionName, task: ActionTask): DeliveryLogisticsEvent | null {
  switch (name) {
    case 'start': return isPickUpTask(task.taskTypeId) ? null : { type: 'delivery.dropoffStarted' };
    case 'completepickup': return { type: 'delivery.pickupCompleted' };
    case 'completedropoff': return { type: 'delivery.dropoffCompleted' };
    case 'exceptionpickup': return { type: 'delivery.pickupException' };
    case 'exceptiondropoff': return { type: 'delivery.dropoffException' };
    default: return null;
  }
}

/** Whether the job and delivery charts let the call through, as the server decides it (tasks move only in a job in progress; starting a task of a job not started starts the job). */
function surroundingsAllow(name: TaskActionName, task: ActionTask, around: TaskSurroundings): boolean {
  if (around.jobStatusId !== JOB_STATUS.IN_PROGRESS) {
    if (name !== 'start' || !jobSnapshotKnown(around.jobStatusId)) return false;
    if (step(jobMachine, jobSnapshotOf({ jobStatusId: around.jobStatusId }), { type: 'job.start' }) === null) return false;
  }
  const event = deliveryEventOf(name, task);
  if (!event || around.logisticStatusId === undefined) return true;
  const from = deliveryLogisticsSnapshotOf(around.logisticStatusId);
  return from !== null && step(deliveryLogisticsMachine, from, event) !== null;
}

function jobSnapshotKnown(jobStatusId: number): boolean {
  return (Object.values(JOB_STATUS) as number[]).includes(jobStatusId);
}

/**
 * The task calls to offer for a task: allowed by the task chart from its stored state and by the access table,
 * and, given the task's job and delivery, by their charts as well, so the screen offers exactly what the server
 * accepts (a drop-off cannot start before its parcels are collected, nothing moves in a completed job).
 */
export function allowedTaskActions(task: ActionTask, permissions: Permissions | null | undefined, around?: TaskSurroundings): TaskActionName[] {
  const snapshot = taskSnapshotOf(task);
  return (Object.keys(TASK_ACTIONS) as TaskActionName[]).filter((name) => {
    const action = TASK_ACTIONS[name];
    return mayCall(action.operationId, permissions) && step(taskMachine, snapshot, action.event(task)) !== null
      && (!around || surroundingsAllow(name, task, around));
  });
}

export interface ActionJob {
  jobStatusId: number;
}

const JOB_ACTIONS: Record<JobActionName, { operationId: OperationId; event: (tasks: readonly ActionTask[]) => JobEvent; editOnly: boolean }> = {
  start: { operationId: 'startjob', event: () => ({ type: 'job.start' }), editOnly: false },
  reject: { operationId: 'rejectjob', event: () => ({ type: 'job.reject' }), editOnly: false },
  notifyDelay: { operationId: 'notifyJobDelay', event: () => ({ type: 'job.notifyDelay' }), editOnly: false },
  unassign: { operationId: 'unassigndriverfromjob', event: () => ({ type: 'job.unassign' }), editOnly: true },
  reverse: {
    operationId: 'reverseJobStatus',
    event: (tasks) => ({ type: 'job.reverse', tasksStarted: tasks.filter((task) => task.taskStatusId !== TASK_STATUS.NOT_STARTED).length }),
    editOnly: true,
  },
};

/** The job calls to offer: allowed by the job chart and the access table; unassign and reverse only on the edit screen. */
export function allowedJobActions(job: ActionJob, tasks: readonly ActionTask[], permissions: Permissions | null | undefined, edit: boolean): JobActionName[] {
  const snapshot = jobSnapshotOf(job);
  return (Object.keys(JOB_ACTIONS) as JobActionName[]).filter((name) => {
    const action = JOB_ACTIONS[name];
    return (edit || !action.editOnly) && mayCall(action.operationId, permissions) && step(jobMachine, snapshot, action.event(tasks)) !== null;
  });
}

/** Whether the edit screen may assign a driver (and remove a delivery) now. */
export function mayAssign(job: ActionJob, permissions: Permissions | null | undefined): boolean {
  return mayCall('assignjobstodriver', permissions) && step(jobMachine, jobSnapshotOf(job), { type: 'job.assign', driverId: 1 }) !== null;
}

export function mayRemoveDelivery(job: ActionJob, remaining: number, permissions: Permissions | null | undefined): boolean {
  return mayCall('removedeliveryfromjob', permissions) && step(jobMachine, jobSnapshotOf(job), { type: 'job.deliveries.remove', remaining }) !== null;
}

/**
 * Issue 20: whether a delivery may join a job (createjob, adddeliveriestojob): ready and in no job. The server's
 * refusal (409) and the screens' offer share this rule.
 */
export function deliveryMayJoinJob(delivery: { logisticStatusId: number; jobId?: number | null }): boolean {
  return delivery.logisticStatusId === LOGISTIC_STATUS.READY && (delivery.jobId ?? null) === null;
}

/** Whether the job chart lets deliveries be added to the job now (unassigned, not started or in progress). */
export function jobTakesDeliveries(job: ActionJob): boolean {
  return jobSnapshotKnown(job.jobStatusId) && step(jobMachine, jobSnapshotOf(job), { type: 'job.deliveries.add' }) !== null;
}

/** Whether the user may add deliveries to the job now (the access table and the job chart). */
export function mayAddDeliveries(job: ActionJob, permissions: Permissions | null | undefined): boolean {
  return mayCall('adddeliveriestojob', permissions) && jobTakesDeliveries(job);
}

/** Issue 20: whether the task wizard may add a stop to the job now (the access table and the job chart, as the server). */
export function mayAddTask(job: ActionJob, permissions: Permissions | null | undefined): boolean {
  return mayCall('addtasktojob', permissions) && jobTakesDeliveries(job);
}
