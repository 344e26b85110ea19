import { DASHBOARD_OTDS_INITIAL_PERCENT, MIN_SEARCH_LENGTH } from '../../lib/constants';
import {
  DRIVER_AVAILABILITY, DRIVER_AVAILABILITY_LABELS, LOGISTIC_STATUS, statusLabel, TASK_STATUS, TASK_STATUS_LABELS, TASK_TYPE_LABELS,
} from '../../lib/statuses';
import type { LiveDelivery, LiveJob, LiveLists, LiveTask, LiveUser, TaskListType } from '../operations/live-merge';
import type { DashboardContext } from './dashboard.types';

/**
 * The deliveries the dashboard loads (ours; 002 is silent): those in play beside incomplete jobs — from ready
 * to pending drop-off, and the exceptions a dispatcher must act on — or the finished ones beside completed jobs. Without
 * this the newest 200 of every status (quotes, cancellations) would crowd out the work being done.
 */
export const DASHBOARD_DELIVERY_STATUSES: Record<TaskListType, readonly number[]> = {
  incomplete: [LOGISTIC_STATUS.READY, LOGISTIC_STATUS.PENDING_PICK_UP, LOGISTIC_STATUS.COLLECTED, LOGISTIC_STATUS.PENDING_DROP_OFF,
    LOGISTIC_STATUS.PICK_UP_EXCEPTION, LOGISTIC_STATUS.DROP_OFF_EXCEPTION],
  completed: [LOGISTIC_STATUS.DELIVERED, LOGISTIC_STATUS.UNDELIVERED, LOGISTIC_STATUS.RETURNED_TO_SENDER],
};

const status = (delivery: LiveDelivery) => Number(delivery.logisticStatusId);

// What the dashboard shows of the live lists (002 section 2): filters, search, ids, QSR mode, the tasks of a
// job and the stats. Pure, so the views only select and render.

/** The filter fields the dashboard offers (from the filter catalogue of 002 section 3), the list and row field each narrows. */
export const DASHBOARD_FILTER_FIELDS = {
  logisticstatuses: { label: 'Logistic statuses', list: 'deliveries', field: 'logisticStatusId' },
  paymentStatuses: { label: 'Payment statuses', list: 'deliveries', field: 'paymentStatusId' },
  companyid: { label: 'Company', list: 'deliveries', field: 'companyId' },
  storeid: { label: 'Store', list: 'deliveries', field: 'storeId' },
  jobStatuses: { label: 'Job statuses', list: 'jobs', field: 'jobStatusId' },
  driverid: { label: 'Driver', list: 'jobs', field: 'driverId' },
  driverAvailabilityIds: { label: 'Driver availability', list: 'drivers', field: 'driverAvailabilityId' },
} as const satisfies Record<string, { label: string; list: 'deliveries' | 'jobs' | 'drivers'; field: string }>;

export type DashboardFilterField = keyof typeof DASHBOARD_FILTER_FIELDS;

/** A filter value may list several values separated by commas (logisticstatuses=10001,15001). */
function matchesFilters(row: Record<string, unknown>, filters: Record<string, string>, list: 'deliveries' | 'jobs' | 'drivers'): boolean {
  return Object.entries(filters).every(([name, value]) => {
    const definition = DASHBOARD_FILTER_FIELDS[name as DashboardFilterField];
    if (!definition || definition.list !== list) return true;
    const wanted = value.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean);
    return wanted.includes(String(row[definition.field] ?? '').toLowerCase());
  });
}

const SEARCHED_DELIVERY_FIELDS = ['waybill', 'orderReference', 'customerIdentifier'] as const;

/** The delivery search applies from the minimum search length (000 section 9) to waybill, order reference and customer. */
export function searchApplies(search: string): boolean {
  return search.trim().length >= MIN_SEARCH_LENGTH;
}

function matchesSearch(delivery: LiveDelivery, search: string): boolean {
  if (!searchApplies(search)) return true;
  const needle = search.trim().toLowerCase();
  return SEARCHED_DELIVERY_FIELDS.some((field) => String(delivery[field] ?? '').toLowerCase().includes(needle));
}

function inIds(id: number, ids: readonly number[]): boolean {
  return ids.length === 0 || ids.includes(id);
}

export interface VisibleLists {
  deliveries: LiveDelivery[];
  jobs: LiveJob[];
  drivers: LiveUser[];
}

/** The deliveries the list shows: those of its kind (in play or finished); the dashboard holds both for its stats. */
export function deliveriesOfList(rows: readonly LiveDelivery[], listType: TaskListType): LiveDelivery[] {
  const statuses: readonly number[] = DASHBOARD_DELIVERY_STATUSES[listType];
  return rows.filter((row) => statuses.includes(status(row)));
}

export function visibleDeliveries(rows: readonly LiveDelivery[], view: DashboardContext): LiveDelivery[] {
  return rows.filter((row) => inIds(row.id, view.ids.delivery) && matchesFilters(row, view.filters, 'deliveries') && matchesSearch(row, view.search));
}

export function visibleJobs(rows: readonly LiveJob[], view: DashboardContext): LiveJob[] {
  return rows.filter((row) => inIds(row.id, view.ids.job) && matchesFilters(row, view.filters, 'jobs'));
}

/** QSR mode shows the drivers available for QSR only. */
export function visibleDrivers(rows: readonly LiveUser[], view: DashboardContext): LiveUser[] {
  return rows.filter((row) => inIds(row.id, view.ids.driver) && matchesFilters(row, view.filters, 'drivers')
    && (!view.qsrMode || row.driverAvailabilityId === DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY));
}

/** The rows each list shows under the dashboard's filters; QSR mode shows the drivers available for QSR only. */
export function visibleLists(lists: LiveLists, view: DashboardContext): VisibleLists {
  return {
    deliveries: visibleDeliveries(lists.deliveries, view),
    jobs: visibleJobs(lists.jobs, view),
    drivers: visibleDrivers(lists.drivers, view),
  };
}

/** A job's tasks in their order in the job. */
export function tasksOfJob(tasks: readonly LiveTask[], jobId: number): LiveTask[] {
  return tasks.filter((task) => task.jobId === jobId).sort((a, b) => (a.taskJobOrder ?? 0) - (b.taskJobOrder ?? 0));
}

/** The tasks of each expanded job in their order, in one pass over the tasks. */
export function tasksOfJobs(tasks: readonly LiveTask[], jobIds: readonly number[]): Map<number, LiveTask[]> {
  const grouped = new Map<number, LiveTask[]>(jobIds.map((id) => [id, []]));
  for (const task of tasks) grouped.get(task.jobId)?.push(task);
  for (const list of grouped.values()) list.sort((a, b) => (a.taskJobOrder ?? 0) - (b.taskJobOrder ?? 0));
  return grouped;
}

/** Parses an ids filter typed as "12, 15 20": whole positive numbers, duplicates dropped. */
export function parseIds(text: string): number[] {
  return [...new Set(text.split(/[\s,;]+/).filter((part) => /^\d+$/.test(part)).map(Number).filter((id) => id > 0))];
}

/** One stat of the dashboard: "completed/total" and a whole percentage. */
export interface Stat {
  amountCompleted: string;
  percentage: number;
}

export interface DashboardStats {
  deliveries: number;
  otds: Stat;
  pickupCompliance: Stat;
  dropoffCompliance: Stat;
  pickupExceptions: Stat;
  dropoffExceptions: Stat;
}

function stat(completed: number, total: number, whenEmpty = 0): Stat {
  return { amountCompleted: `${completed}/${total}`, percentage: total === 0 ? whenEmpty : Math.round((100 * completed) / total) };
}

/**
 * The dashboard stats (002 section 2) from the deliveries loaded under the dashboard's filters, in play and
 * finished alike (the list shows one kind; the stats need both). The spec names the stats, not their
 * formulas; ours: otds = delivered on or before the end of the drop-off window / delivered with a window (50 %
 * while there are none); pick-up compliance = collected or later / pick-ups attempted (collected or later, or a
 * pick-up exception); drop-off compliance = delivered / drop-offs attempted (delivered, drop-off exception or
 * undelivered); exceptions = each exception / the same attempts.
 */
export function dashboardStats(deliveries: readonly LiveDelivery[]): DashboardStats {
  const collected = deliveries.filter((row) => status(row) >= LOGISTIC_STATUS.COLLECTED).length;
  const pickupExceptions = deliveries.filter((row) => status(row) === LOGISTIC_STATUS.PICK_UP_EXCEPTION).length;
  const delivered = deliveries.filter((row) => status(row) === LOGISTIC_STATUS.DELIVERED);
  const dropoffExceptions = deliveries.filter((row) => status(row) === LOGISTIC_STATUS.DROP_OFF_EXCEPTION).length;
  const undelivered = deliveries.filter((row) => status(row) === LOGISTIC_STATUS.UNDELIVERED).length;
  const pickupsAttempted = collected + pickupExceptions;
  const dropoffsAttempted = delivered.length + dropoffExceptions + undelivered;
  const timed = delivered.filter((row) => typeof row.deliveredDate === 'string' && typeof row.dropoffWindowEnd === 'string');
  const onTime = timed.filter((row) => Date.parse(row.deliveredDate as string) <= Date.parse(row.dropoffWindowEnd as string)).length;
  return {
    deliveries: deliveries.length,
    otds: stat(onTime, timed.length, DASHBOARD_OTDS_INITIAL_PERCENT),
    pickupCompliance: stat(collected, pickupsAttempted),
    dropoffCompliance: stat(delivered.length, dropoffsAttempted),
    pickupExceptions: stat(pickupExceptions, pickupsAttempted),
    dropoffExceptions: stat(dropoffExceptions, dropoffsAttempted),
  };
}

const OFFLINE_GREY = '#5a6578';
const NOT_STARTED_GREY = '#2d3748';

/**
 * A driver's colour on the live map by availability (ours): free to work green, busy amber, offline grey. Each is dark
 * enough for the marker's white initials (4.5:1).
 */
export const DRIVER_AVAILABILITY_COLOURS: Record<number, string> = {
  [DRIVER_AVAILABILITY.AVAILABLE]: '#2f855a',
  [DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY]: '#2c7a7b',
  [DRIVER_AVAILABILITY.ONLINE]: '#2b6cb0',
  [DRIVER_AVAILABILITY.BUSY]: '#c05621',
  [DRIVER_AVAILABILITY.OFFLINE]: OFFLINE_GREY,
};

/** A stop's colour on the live map by its task status, dark enough for the marker's white letter (4.5:1). */
export const TASK_STATUS_COLOURS: Record<number, string> = {
  [TASK_STATUS.NOT_STARTED]: NOT_STARTED_GREY,
  [TASK_STATUS.IN_PROGRESS]: '#975a16',
  [TASK_STATUS.COMPLETED]: '#276749',
  [TASK_STATUS.EXCEPTION]: '#c53030',
  [TASK_STATUS.CANCELLED]: '#5a6578',
};

export interface MapPoint {
  lat: number;
  lon: number;
  label: string;
  title: string;
  colour: string;
}

export interface DispatchMapPoints {
  drivers: MapPoint[];
  stops: MapPoint[];
  /** The selected job's stops in order (its route), empty when no job is selected. */
  route: { lat: number; lon: number }[];
}

function pointOf(value: unknown): { lat: number; lon: number } | null {
  const point = value as { lat?: unknown; lon?: unknown } | null | undefined;
  return point && typeof point.lat === 'number' && typeof point.lon === 'number' && Number.isFinite(point.lat) && Number.isFinite(point.lon)
    ? { lat: point.lat, lon: point.lon } : null;
}

const initials = (name: string) => name.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part.charAt(0).toUpperCase()).join('') || 'D';

/**
 * The live map's points (issue 20): the shown drivers at their last position coloured by availability, the stops
 * of the shown jobs coloured by task status (of the selected job only when one is selected, lettered by order),
 * and the selected job's route through its stops in order.
 */
export function dispatchMapPoints(drivers: readonly LiveUser[], jobs: readonly LiveJob[], tasks: readonly LiveTask[], selectedJobId: number | null): DispatchMapPoints {
  const driverPoints = drivers.flatMap((driver) => {
    const at = pointOf(driver.lastLocation);
    if (!at) return [];
    const name = String(driver.fullName ?? driver.id);
    const availability = Number(driver.driverAvailabilityId);
    return [{ ...at, label: initials(name), title: `${name} (${statusLabel(DRIVER_AVAILABILITY_LABELS, availability)})`, colour: DRIVER_AVAILABILITY_COLOURS[availability] ?? OFFLINE_GREY }];
  });
  const shownJobs = new Set(selectedJobId !== null ? [selectedJobId] : jobs.map((job) => job.id));
  const ordered = tasks.filter((task) => shownJobs.has(task.jobId))
    .sort((a, b) => a.jobId - b.jobId || (a.taskJobOrder ?? 0) - (b.taskJobOrder ?? 0));
  const stops = ordered.flatMap((task) => {
    const at = pointOf((task as { address?: { coordinates?: unknown } }).address?.coordinates);
    if (!at) return [];
    const type = statusLabel(TASK_TYPE_LABELS, task.taskTypeId);
    const label = selectedJobId !== null ? String(task.taskJobOrder ?? '') : type.charAt(0);
    return [{ ...at, label, title: `Job ${task.jobId} · ${type} · ${statusLabel(TASK_STATUS_LABELS, task.taskStatusId)}`, colour: TASK_STATUS_COLOURS[task.taskStatusId] ?? NOT_STARTED_GREY }];
  });
  return { drivers: driverPoints, stops, route: selectedJobId !== null ? stops.map(({ lat, lon }) => ({ lat, lon })) : [] };
}
