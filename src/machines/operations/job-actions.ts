import { mayCall, type OperationId } from '../../lib/access';
import type { TaskAction } from '../../lib/operations-catalogue';
import type { Permissions } from '../../lib/roles';
import { TASK_STATUS } from '../../lib/statuses';
import { jobMachine, jobSnapshotOf, type JobEvent } from './job.machine';
import { taskMachine, taskSnapshotOf, type TaskEvent } from './task.machine';
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

/** The task calls to offer for a task: allowed by the task chart from its stored state and by the access table. */
export function allowedTaskActions(task: ActionTask, permissions: Permissions | null | undefined): TaskActionName[] {
  const snapshot = taskSnapshotOf(task);
  return (Object.keys(TASK_ACTIONS) as TaskActionName[]).filter((name) => {
    const action = TASK_ACTIONS[name];
    return mayCall(action.operationId, permissions) && step(taskMachine, snapshot, action.event(task)) !== null;
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
