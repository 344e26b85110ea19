import { isFinishedTaskStatus } from '../../lib/statuses';

// The merge rules of 002 section 4 ("Live updates") as pure functions: the live-merge machine applies them to
// the lists it holds when it flushes a batch of hub messages. Each returns the same array when nothing changes,
// so views that select a list do not re-render for refused updates.

/** Jobs, deliveries and users are keyed by id with an xmin version (002 section 3). */
export interface Versioned {
  id: number;
  xmin: string | number;
}

/** A task as the dashboard lists it (002 section 3). */
export interface LiveTask extends Versioned {
  jobId: number;
  taskJobOrder?: number;
  taskStatusId: number;
  taskTypeId: number;
  arrivedDate?: string | null;
  distanceFromDriver?: number | null;
  arrivedLocation?: { lat: number; lon: number } | null;
}

/** A job as the dashboard lists it; `isRejected` marks a job its last driver rejected (lists remove it). */
export interface LiveJob extends Versioned {
  jobStatusId: number;
  driverId?: number | null;
  isRejected?: boolean;
  [field: string]: unknown;
}

export interface LiveDelivery extends Versioned {
  [field: string]: unknown;
}

/** A user update (drivers list): only users whose roles include Driver are taken. */
export interface LiveUser extends Versioned {
  roles?: readonly string[];
  [field: string]: unknown;
}

/** Which tasks a list shows: those of unfinished jobs (incomplete) or of finished ones (completed). */
export type TaskListType = 'incomplete' | 'completed';

/** xmin is a PostgreSQL transaction id: compares numerically (never as text: '9' > '10'). */
export function compareXmin(a: string | number, b: string | number): number {
  const left = BigInt(a);
  const right = BigInt(b);
  return left === right ? 0 : left > right ? 1 : -1;
}

function isNewer(update: Versioned, current: Versioned): boolean {
  return compareXmin(update.xmin, current.xmin) > 0;
}

/**
 * Jobs and deliveries: new ids are added, lower (or equal) xmin refused, a newer version replaces. The fields
 * of the update replace the row's (a live delivery carries the job's delivery shape, the list row has more).
 */
export function mergeVersioned<T extends Versioned>(list: readonly T[], update: T): T[] {
  const index = list.findIndex((row) => row.id === update.id);
  if (index === -1) return [...list, update];
  if (!isNewer(update, list[index]!)) return list as T[];
  const next = [...list];
  next[index] = { ...list[index]!, ...update };
  return next;
}

/** Jobs: as mergeVersioned, and a rejected job leaves the list (when the update is not older than what it shows). */
export function mergeJob(list: readonly LiveJob[], update: LiveJob): LiveJob[] {
  if (update.isRejected) {
    const current = list.find((row) => row.id === update.id);
    if (!current || !isNewer(update, current)) return list as LiveJob[];
    return list.filter((row) => row.id !== update.id);
  }
  return mergeVersioned(list, update);
}

export const mergeDelivery = mergeVersioned<LiveDelivery>;

/** Live driver user updates are accepted only for users whose roles include Driver. */
export function isDriverUser(user: LiveUser): boolean {
  return (user.roles ?? []).includes('Driver');
}

export function mergeDriver(list: readonly LiveUser[], update: LiveUser): LiveUser[] {
  if (!isDriverUser(update)) return list as LiveUser[];
  return mergeVersioned(list, update);
}

export interface TaskListScope {
  /** The jobs whose tasks the list shows (the job of /dashboard/:id, or the expanded jobs). */
  shownJobIds: ReadonlySet<number>;
  listType: TaskListType;
}

/** Whether a task's status belongs in a list of this type. */
export function taskMatchesListType(task: Pick<LiveTask, 'taskStatusId'>, listType: TaskListType): boolean {
  return isFinishedTaskStatus(task.taskStatusId) === (listType === 'completed');
}

/**
 * Task updates (002 section 4): a newer version with a changed status or arrival date replaces the task, except
 * that a task moving into a finished status is removed and a task already finished is not replaced; a newer
 * version with only a changed distanceFromDriver also replaces it; a task not yet listed is added only if it
 * belongs to a job shown and its status matches the list's type.
 */
export function mergeTask(list: readonly LiveTask[], update: LiveTask, scope: TaskListScope): LiveTask[] {
  const index = list.findIndex((row) => row.id === update.id);
  if (index === -1) {
    if (!scope.shownJobIds.has(update.jobId) || !taskMatchesListType(update, scope.listType)) return list as LiveTask[];
    return [...list, update];
  }
  const current = list[index]!;
  if (!isNewer(update, current)) return list as LiveTask[];
  if (isFinishedTaskStatus(current.taskStatusId)) return list as LiveTask[];
  const statusChanged = update.taskStatusId !== current.taskStatusId;
  const arrivalChanged = (update.arrivedDate ?? null) !== (current.arrivedDate ?? null);
  if (statusChanged && isFinishedTaskStatus(update.taskStatusId)) return list.filter((row) => row.id !== update.id);
  const distanceChanged = (update.distanceFromDriver ?? null) !== (current.distanceFromDriver ?? null);
  if (!statusChanged && !arrivalChanged && !distanceChanged) return list as LiveTask[];
  const next = [...list];
  next[index] = update;
  return next;
}

/** One hub message as the live-merge machine queues it. */
export type LiveUpdate =
  | { kind: 'job'; payload: LiveJob }
  | { kind: 'delivery'; payload: LiveDelivery }
  | { kind: 'jobTask'; payload: LiveTask }
  | { kind: 'user'; payload: LiveUser }
  | { kind: 'webNotification'; payload: { id: number; [field: string]: unknown } };

export interface LiveLists {
  deliveries: LiveDelivery[];
  jobs: LiveJob[];
  tasks: LiveTask[];
  drivers: LiveUser[];
}

export const EMPTY_LISTS: LiveLists = { deliveries: [], jobs: [], tasks: [], drivers: [] };

/** The row a hub message is about: a later message about the same row supersedes an earlier one in a batch. */
export function updateKey(update: LiveUpdate): string {
  return `${update.kind}:${update.payload.id}`;
}

/**
 * Queues a message for the next batch. Only the newest version (highest xmin) of each row is kept: merging
 * versions one by one would end in the same place, and a busy batch stays as long as its distinct rows.
 */
export function enqueueUpdate(queue: readonly LiveUpdate[], update: LiveUpdate): LiveUpdate[] {
  const key = updateKey(update);
  const index = queue.findIndex((queued) => updateKey(queued) === key);
  if (index === -1) return [...queue, update];
  const queued = queue[index]!;
  const newer = 'xmin' in update.payload && 'xmin' in queued.payload
    ? compareXmin(update.payload.xmin as string | number, queued.payload.xmin as string | number) > 0
    : true;
  if (!newer) return queue as LiveUpdate[];
  const next = [...queue];
  next[index] = update;
  return next;
}

/** Applies a batch in arrival order (the xmin rule makes the order of two versions of one row irrelevant). */
export function applyBatch(lists: LiveLists, batch: readonly LiveUpdate[], scope: TaskListScope): LiveLists {
  let { deliveries, jobs, tasks, drivers } = lists;
  for (const update of batch) {
    switch (update.kind) {
      case 'job': jobs = mergeJob(jobs, update.payload); break;
      case 'delivery': deliveries = mergeDelivery(deliveries, update.payload); break;
      case 'jobTask': tasks = mergeTask(tasks, update.payload, scope); break;
      case 'user': drivers = mergeDriver(drivers, update.payload); break;
      default: break;
    }
  }
  if (deliveries === lists.deliveries && jobs === lists.jobs && tasks === lists.tasks && drivers === lists.drivers) return lists;
  return { deliveries, jobs, tasks, drivers };
}

/** The detail panels of the dashboard: which row each shows. */
export type DetailKind = 'delivery' | 'job' | 'driver';

export interface OpenDetail {
  kind: DetailKind;
  id: number;
}

/** Whether a batch touches the row a detail panel shows (its details are then refetched after a delay). */
export function batchTouches(batch: readonly LiveUpdate[], detail: OpenDetail): boolean {
  return batch.some((update) => {
    switch (detail.kind) {
      case 'delivery': return update.kind === 'delivery' && update.payload.id === detail.id;
      case 'job': return (update.kind === 'job' && update.payload.id === detail.id) || (update.kind === 'jobTask' && update.payload.jobId === detail.id);
      case 'driver': return (update.kind === 'user' && update.payload.id === detail.id && isDriverUser(update.payload))
        || (update.kind === 'job' && update.payload.driverId === detail.id);
      default: return false;
    }
  });
}

/** Whether a batch brings a new web notification (the sound plays unless muted). */
export function batchHasNotification(batch: readonly LiveUpdate[]): boolean {
  return batch.some((update) => update.kind === 'webNotification');
}
