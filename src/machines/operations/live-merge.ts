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
 * What one update does to the row it is about (`current`, undefined when the list has none): the row that
 * replaces it or is added, `REMOVE`, or undefined for no change. Every merge rule below is one of these, so a
 * single update and a whole batch follow the very same rules.
 */
type Decide<T, U> = (current: T | undefined, update: U) => T | typeof REMOVE | undefined;

const REMOVE = Symbol('remove');

/**
 * The id index (id → position) of each live list, kept with the list it indexes: a batch that replaces or adds rows
 * hands its index on to the list it makes (updated in place), so a batch into 20,000 tasks no longer builds a
 * 20,000-entry map (about a megabyte of garbage per batch, collected in pauses that dropped frames). Keyed by the
 * array itself, which the chart's context holds: the index lives exactly as long as that list, and the context stays
 * plain data (no Map in the chart's snapshots). A list the index was handed on from loses it (built again if merged
 * into again); a batch that removes rows builds the new list's index afresh.
 */
const indexes = new WeakMap<readonly { id: number }[], Map<number, number>>();

function indexOf(list: readonly { id: number }[]): Map<number, number> {
  let index = indexes.get(list);
  if (!index) {
    index = new Map();
    for (let position = 0; position < list.length; position++) index.set(list[position]!.id, position);
    indexes.set(list, index);
  }
  return index;
}

/**
 * Applies updates in order to a list keyed by id: one copy of the list for the whole batch (a batch of a thousand
 * messages into 20,000 tasks would otherwise copy the list a thousand times), made only once something changes, and
 * the list's kept id index; the same array comes back when nothing changes.
 */
function mergeAll<T extends { id: number }, U extends { id: number }>(list: readonly T[], updates: readonly U[], decide: Decide<T, U>): T[] {
  if (updates.length === 0) return list as T[];
  const index = indexOf(list);
  let rows: (T | undefined)[] | null = null;
  let removed = false;
  for (const update of updates) {
    const position = index.get(update.id);
    const current = position === undefined ? undefined : (rows ?? list)[position];
    const outcome = decide(current, update);
    if (outcome === undefined) continue;
    rows ??= [...list];
    if (outcome === REMOVE) {
      rows[position!] = undefined;
      index.delete(update.id);
      removed = true;
    } else if (position === undefined) {
      index.set(outcome.id, rows.length);
      rows.push(outcome);
    } else {
      rows[position] = outcome;
    }
  }
  // The index was changed only once the list was copied: an unchanged list keeps it as it was.
  if (!rows) return list as T[];
  indexes.delete(list);
  if (removed) return rows.filter((row): row is T => row !== undefined);
  indexes.set(rows as T[], index);
  return rows as T[];
}

/** Jobs and deliveries: new ids are added, lower (or equal) xmin refused, a newer version's fields replace the row's. */
function decideVersioned<T extends Versioned>(current: T | undefined, update: T): T | undefined {
  if (!current) return update;
  if (!isNewer(update, current)) return undefined;
  return { ...current, ...update };
}

/**
 * Jobs and deliveries: new ids are added, lower (or equal) xmin refused, a newer version replaces. The fields
 * of the update replace the row's (a live delivery carries the job's delivery shape, the list row has more).
 */
export function mergeVersioned<T extends Versioned>(list: readonly T[], update: T): T[] {
  return mergeAll(list, [update], decideVersioned<T>);
}

/** A rejected job leaves the list (when the update is not older than what it shows); otherwise as any versioned row. */
const decideJob: Decide<LiveJob, LiveJob> = (current, update) => {
  if (update.isRejected) return current && isNewer(update, current) ? REMOVE : undefined;
  return decideVersioned(current, update);
};

/** Jobs: as mergeVersioned, and a rejected job leaves the list (when the update is not older than what it shows). */
export function mergeJob(list: readonly LiveJob[], update: LiveJob): LiveJob[] {
  return mergeAll(list, [update], decideJob);
}

export const mergeDelivery = mergeVersioned<LiveDelivery>;

/** Live driver user updates are accepted only for users whose roles include Driver. */
export function isDriverUser(user: LiveUser): boolean {
  return (user.roles ?? []).includes('Driver');
}

const decideDriver: Decide<LiveUser, LiveUser> = (current, update) => (isDriverUser(update) ? decideVersioned(current, update) : undefined);

export function mergeDriver(list: readonly LiveUser[], update: LiveUser): LiveUser[] {
  return mergeAll(list, [update], decideDriver);
}

/** A live `coordinate` message (CoordinateUpdates), keyed by the driver's user id like the drivers list. */
export interface LiveCoordinate {
  /** The driver's user id (the hub's `driverId`, copied to `id` so the queue keys it like every other row). */
  id: number;
  driverId: number;
  lat: number;
  lon: number;
  /** When the driver was there (ISO date-time). */
  time: string;
  jobId?: number | null;
}

/**
 * Coordinates (ours; 002 says drivers' positions update live): a coordinate moves the driver's last known
 * location in the drivers list when it is not older than the one shown (coordinates carry no xmin: their time
 * decides). Drivers not listed are not added (a coordinate is not a driver row); the row's xmin is kept, so the
 * next `user` message of the driver still merges by version.
 */
const decideCoordinate: Decide<LiveUser, LiveCoordinate> = (current, coordinate) => {
  if (!current) return undefined;
  const shownAt = typeof current.lastLocationAt === 'string' ? Date.parse(current.lastLocationAt) : Number.NEGATIVE_INFINITY;
  const at = Date.parse(coordinate.time);
  if (!Number.isFinite(at) || at < shownAt) return undefined;
  const location = current.lastLocation as { lat: number; lon: number } | null | undefined;
  if (location && location.lat === coordinate.lat && location.lon === coordinate.lon && at === shownAt) return undefined;
  return { ...current, lastLocation: { lat: coordinate.lat, lon: coordinate.lon }, lastLocationAt: coordinate.time };
};

export function mergeCoordinate(list: readonly LiveUser[], coordinate: LiveCoordinate): LiveUser[] {
  return mergeAll(list, [{ ...coordinate, id: coordinate.driverId }], decideCoordinate);
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
function decideTask(scope: TaskListScope): Decide<LiveTask, LiveTask> {
  return (current, update) => {
    if (!current) return scope.shownJobIds.has(update.jobId) && taskMatchesListType(update, scope.listType) ? update : undefined;
    if (!isNewer(update, current)) return undefined;
    if (isFinishedTaskStatus(current.taskStatusId)) return undefined;
    const statusChanged = update.taskStatusId !== current.taskStatusId;
    const arrivalChanged = (update.arrivedDate ?? null) !== (current.arrivedDate ?? null);
    if (statusChanged && isFinishedTaskStatus(update.taskStatusId)) return REMOVE;
    const distanceChanged = (update.distanceFromDriver ?? null) !== (current.distanceFromDriver ?? null);
    if (!statusChanged && !arrivalChanged && !distanceChanged) return undefined;
    return update;
  };
}

export function mergeTask(list: readonly LiveTask[], update: LiveTask, scope: TaskListScope): LiveTask[] {
  return mergeAll(list, [update], decideTask(scope));
}

/** One hub message as the live-merge machine queues it. */
export type LiveUpdate =
  | { kind: 'job'; payload: LiveJob }
  | { kind: 'delivery'; payload: LiveDelivery }
  | { kind: 'jobTask'; payload: LiveTask }
  | { kind: 'user'; payload: LiveUser }
  | { kind: 'coordinate'; payload: LiveCoordinate }
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

function isNewerMessage(update: LiveUpdate, queued: LiveUpdate): boolean {
  if (update.kind === 'coordinate' && queued.kind === 'coordinate') return Date.parse(update.payload.time) >= Date.parse(queued.payload.time);
  if ('xmin' in update.payload && 'xmin' in queued.payload) {
    return compareXmin(update.payload.xmin as string | number, queued.payload.xmin as string | number) > 0;
  }
  return true;
}

/** A hub message is taken only with a payload that has an id (anything else from the network is dropped). */
export function isLiveUpdate(update: LiveUpdate | undefined): update is LiveUpdate {
  return typeof update?.payload?.id === 'number';
}

/**
 * The messages of one batch, keyed by row: only the newest version (highest xmin) of each row is kept, in the
 * place where the row first came (merging versions one by one would end in the same place, and a busy batch stays
 * as long as its distinct rows). One map lookup per message: 2,000 messages a second into a queue of a thousand
 * rows searched the queue a thousand times per message.
 */
export class UpdateQueue {
  private readonly rows = new Map<string, LiveUpdate>();

  get size(): number {
    return this.rows.size;
  }

  /** Takes a message; false when it was dropped (no id, or not newer than the version queued). */
  add(update: LiveUpdate): boolean {
    if (!isLiveUpdate(update)) return false;
    const key = updateKey(update);
    const queued = this.rows.get(key);
    if (queued && !isNewerMessage(update, queued)) return false;
    this.rows.set(key, update);
    return true;
  }

  /** The batch, emptying the queue. */
  take(): LiveUpdate[] {
    const batch = [...this.rows.values()];
    this.rows.clear();
    return batch;
  }
}

/** Queues the messages of a batch behind those already queued (the same rules as `UpdateQueue`). */
export function enqueueUpdates(queue: readonly LiveUpdate[], updates: readonly LiveUpdate[]): readonly LiveUpdate[] {
  const merged = new UpdateQueue();
  for (const update of queue) merged.add(update);
  let changed = false;
  for (const update of updates) changed = merged.add(update) || changed;
  return changed ? merged.take() : queue;
}

/** Applies a batch in arrival order (the xmin rule makes the order of two versions of one row irrelevant). */
export function applyBatch(lists: LiveLists, batch: readonly LiveUpdate[], scope: TaskListScope): LiveLists {
  const of = <K extends LiveUpdate['kind']>(kind: K) => batch.flatMap((update) => (update.kind === kind ? [update.payload as Extract<LiveUpdate, { kind: K }>['payload']] : []));
  const deliveries = mergeAll(lists.deliveries, of('delivery'), decideVersioned<LiveDelivery>);
  const jobs = mergeAll(lists.jobs, of('job'), decideJob);
  const tasks = mergeAll(lists.tasks, of('jobTask'), decideTask(scope));
  // Users and coordinates both move the drivers list: in arrival order, as they came.
  const driverUpdates = batch.filter((update) => update.kind === 'user' || update.kind === 'coordinate');
  let drivers = lists.drivers;
  for (const update of driverUpdates) {
    drivers = update.kind === 'user' ? mergeAll(drivers, [update.payload], decideDriver) : mergeAll(drivers, [update.payload as LiveCoordinate], decideCoordinate);
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
