import { api } from '../../api';
import type { components, operations } from '../../api/generated/connect';
import { JOB_LIST_PAGE, JOB_LIST_PAGE_SIZE, NOTIFICATION_SOUND_URL } from '../../lib/constants';
import type { LiveLists, OpenDetail, TaskListType } from './live-merge';
import { DASHBOARD_DELIVERY_STATUSES } from '../dashboard/dashboard-view';

// The REST calls of the live operations client (002 section 7; operationIds in /work/coord/operations.md):
// the default implementations of the live-merge machine's invoked actors. Tests replace them with `provide`.

export type Job = components['schemas']['Job'];
export type Task = components['schemas']['Task'];
export type Driver = components['schemas']['Driver'];
export type JobDetails = components['schemas']['JobDetails'];
export type DriverDetails = components['schemas']['DriverDetails'];
export type DeliveryRow = components['schemas']['DeliveryAdmin'];
export type DeliveryDetails = components['schemas']['DeliveryAdminDetail'];

/** The open row's details on the dashboard, tagged with the kind of row they are (getjob, getdriver, getdelivery). */
export type DashboardDetails =
  | { kind: 'job'; details: JobDetails }
  | { kind: 'driver'; details: DriverDetails }
  | { kind: 'delivery'; details: DeliveryDetails };

/** Which lists the user may load (the access table decides; a list the user may not call stays empty). */
export interface ListSources {
  deliveries: boolean;
  jobs: boolean;
  drivers: boolean;
}

export interface LoadListsInput {
  cca2: string;
  jobId: number | null;
  listType: TaskListType;
  sources: ListSources;
}

/** Deliveries on the dashboard: the first page of the deliveries list at the job list's size (ours). */
const DASHBOARD_PAGE_SIZE = JOB_LIST_PAGE_SIZE;


/**
 * The lists the dashboard shows: deliveries, jobs (one job: jobid with delivery status All, page 1, size 200;
 * otherwise the incomplete or completed ones), their open or finished tasks and the drivers.
 */
export async function loadDashboardLists(input: LoadListsInput, signal?: AbortSignal): Promise<LiveLists> {
  const { cca2, jobId, listType, sources } = input;
  const path = { cca2 };
  const jobQuery = jobId !== null
    ? { jobid: jobId, deliveryStatus: 'All' as const, page: JOB_LIST_PAGE, pageSize: JOB_LIST_PAGE_SIZE }
    : { deliveryStatus: listType === 'completed' ? 'Completed' as const : 'Incomplete' as const, page: JOB_LIST_PAGE, pageSize: JOB_LIST_PAGE_SIZE, sortby: 'id', sortdirection: 'desc' as const };
  const [deliveries, jobs, tasks, drivers] = await Promise.all([
    // The deliveries of the list shown, and the newest of the other kind too: the stats (compliance, exceptions,
    // on time) weigh the work in play against the work finished, which the incomplete list never shows.
    sources.deliveries
      ? Promise.all((['incomplete', 'completed'] as const).map((kind) =>
        api.connect.GET('/deliveries/{cca2}', { params: { path, query: { page: 1, pageSize: DASHBOARD_PAGE_SIZE, logisticstatuses: DASHBOARD_DELIVERY_STATUSES[kind].join(',') } }, signal })
          .then(({ data }) => data!.items))).then((pages) => pages.flat())
      : [],
    sources.jobs
      ? api.connect.GET('/jobs/{cca2}', { params: { path, query: jobQuery }, signal }).then(({ data }) => data!.items)
      : [],
    sources.jobs
      ? api.connect.GET('/tasks/{cca2}', { params: { path, query: { completed: listType === 'completed', ...(jobId !== null && { jobid: jobId }) } }, signal })
        .then(({ data }) => data!)
      : [],
    sources.drivers
      ? api.connect.GET('/drivers/{cca2}', { params: { path, query: { page: 1, pageSize: DASHBOARD_PAGE_SIZE } }, signal })
        .then(({ data }) => data!.items)
      : [],
  ]);
  return { deliveries, jobs, tasks, drivers };
}

/** Details of a delivery, job or driver by {cca2}/{id} (fetched again after a delay following a live update). */
export async function loadDashboardDetails(cca2: string, detail: OpenDetail, signal?: AbortSignal): Promise<DashboardDetails> {
  const path = { cca2, id: detail.id };
  switch (detail.kind) {
    case 'job': return { kind: 'job', details: (await api.connect.GET('/jobs/{cca2}/{id}', { params: { path }, signal })).data! };
    case 'driver': return { kind: 'driver', details: (await api.connect.GET('/drivers/{cca2}/{id}', { params: { path }, signal })).data! };
    default: return { kind: 'delivery', details: (await api.connect.GET('/deliveries/{cca2}/{id}', { params: { path }, signal })).data! };
  }
}

/** The notification sound (browsers may refuse to play before the user interacted with the page). */
export function playNotificationSound(): void {
  if (typeof Audio === 'undefined') return;
  try {
    void new Audio(NOTIFICATION_SOUND_URL).play().catch(() => undefined);
  } catch {
    // jsdom and old browsers have no media playback: the sound is a courtesy.
  }
}

/** One call of the job screens: a task call on a task, or a job call on the job. */
export type JobScreenCall =
  | { kind: 'task'; action: 'start' | 'arrived' | 'completepickup' | 'completedropoff' | 'exceptionpickup' | 'exceptiondropoff'; id: number; location?: { lat: number; lon: number } }
  | { kind: 'job'; action: 'start' | 'reject' | 'unassign' | 'reverse'; id: number }
  /** notifyJobDelay with the dispatcher's or driver's expected delay and message (both optional). */
  | { kind: 'job'; action: 'notifyDelay'; id: number; delay?: components['schemas']['JobDelayForm'] }
  | { kind: 'assign'; id: number; driverId: number }
  | { kind: 'removeDelivery'; id: number; deliveryId: number };

/** The job with its driver, deliveries and tasks (getjob). */
export async function loadJob(cca2: string, id: number, signal?: AbortSignal): Promise<JobDetails> {
  const { data } = await api.connect.GET('/jobs/{cca2}/{id}', { params: { path: { cca2, id } }, signal });
  return data!;
}

const TASK_PATHS = {
  start: '/tasks/start/{cca2}/{id}',
  arrived: '/tasks/arrived/{cca2}/{id}',
  completepickup: '/tasks/completepickup/{cca2}/{id}',
  completedropoff: '/tasks/completedropoff/{cca2}/{id}',
  exceptionpickup: '/tasks/exceptionpickup/{cca2}/{id}',
  exceptiondropoff: '/tasks/exceptiondropoff/{cca2}/{id}',
} as const;

const JOB_PATHS = {
  start: '/jobs/start/{cca2}/{id}',
  reject: '/jobs/reject/{cca2}/{id}',
  unassign: '/jobs/unassigndriverfromjob/{cca2}/{id}',
  reverse: '/jobs/reverseJobStatus/{cca2}/{id}',
  notifyDelay: '/jobs/notifyJobDelay/{cca2}/{id}',
} as const;

export type JobDriverDistance = components['schemas']['JobDriverDistance'];

/** How far a driver is from the job's next pick-up (getjobdriverdistance), asked before assigning them. */
export async function loadDriverDistance(cca2: string, jobId: number, driverId: number, signal?: AbortSignal): Promise<JobDriverDistance> {
  const { data } = await api.connect.GET('/jobs/driverdistance/{cca2}/{id}', { params: { path: { cca2, id: jobId }, query: { driverId } }, signal });
  return data!;
}

/** Makes one call; a refusal (409 when the chart does not allow it) comes back as the ApiError of the catalogue. */
export async function runJobScreenCall(cca2: string, call: JobScreenCall): Promise<void> {
  switch (call.kind) {
    case 'task': {
      // Without a position the server takes the driver's last reported one (never 0,0: that is off Ghana's coast).
      const body = call.action === 'arrived' ? (call.location ? { arrivedLocation: call.location } : {}) : call.action.startsWith('exception') ? {} : undefined;
      await api.connect.PUT(TASK_PATHS[call.action] as never, { params: { path: { cca2, id: call.id } }, ...(body && { body }) } as never);
      return;
    }
    case 'job': {
      const body = call.action === 'notifyDelay' ? (call.delay ?? {}) : undefined;
      await api.connect.PUT(JOB_PATHS[call.action] as never, { params: { path: { cca2, id: call.id } }, ...(body && { body }) } as never);
      return;
    }
    case 'assign':
      await api.connect.PUT('/jobs/assignjobstodriver/{cca2}', { params: { path: { cca2 } }, body: { jobIds: [call.id], driverId: call.driverId } });
      return;
    default:
      await api.connect.PUT('/jobs/removedeliveryfromjob/{cca2}/{id}', { params: { path: { cca2, id: call.id } }, body: { deliveryId: call.deliveryId } });
  }
}

export type WebNotification = components['schemas']['WebNotification'];

export interface NotificationsPage {
  items: WebNotification[];
  totalPages: number;
  totalItems: number;
  /** Unread notifications (the countOnly call's paging.totalItems). */
  unread: number;
}

/** A page of the caller's notifications and the unread count (002 section 7, web notifications). */
export async function loadNotifications(cca2: string, page: number, pageSize: number, signal?: AbortSignal): Promise<NotificationsPage> {
  const path = { cca2 };
  const [list, count] = await Promise.all([
    api.connect.GET('/WebNotifications/{cca2}', { params: { path, query: { page, pageSize } }, signal }),
    api.connect.GET('/WebNotifications/{cca2}', { params: { path, query: { read: false, countOnly: true } }, signal }),
  ]);
  return { items: list.data!.items, totalPages: list.data!.paging.totalPages, totalItems: list.data!.paging.totalItems, unread: count.data!.paging.totalItems };
}

export async function markNotificationRead(cca2: string, id: number): Promise<WebNotification> {
  const { data } = await api.connect.GET('/WebNotifications/markread/{cca2}/{id}', { params: { path: { cca2, id } } });
  return data!;
}

// ---- Issue 20: building jobs, picking drivers, the job's figures and route, the exports ----------------------

export type JobDriverCandidates = components['schemas']['JobDriverCandidates'];
export type JobSummary = components['schemas']['JobSummary'];
export type JobCost = components['schemas']['JobCost'];
export type JobRoute = components['schemas']['JobRoute'];

/** The drivers to pick from when assigning the job, nearest available first (getjobdrivercandidates). */
export async function loadDriverCandidates(cca2: string, jobId: number, signal?: AbortSignal): Promise<JobDriverCandidates> {
  const { data } = await api.connect.GET('/jobs/drivercandidates/{cca2}/{id}', { params: { path: { cca2, id: jobId } }, signal });
  return data!;
}

export type AutoDispatchAssignment = components['schemas']['AutoDispatchAssignment'];

/**
 * The job's figures: its summary (jobSummary) and, for those who may see them, its cost (jobcost) and why
 * auto-dispatch assigned it (getjobautodispatch, issue 20; newest first, empty when it never did).
 */
export interface JobFigures {
  summary: JobSummary;
  cost: JobCost | null;
  autoDispatch?: AutoDispatchAssignment[];
}

export async function loadJobFigures(cca2: string, jobId: number, withCost: boolean, signal?: AbortSignal, withReasons = false): Promise<JobFigures> {
  const path = { cca2, id: jobId };
  const [summary, cost, autoDispatch] = await Promise.all([
    api.connect.GET('/jobs/jobSummary/{cca2}/{id}', { params: { path }, signal }).then(({ data }) => data!),
    withCost ? api.connect.GET('/jobs/jobcost/{cca2}/{id}', { params: { path }, signal }).then(({ data }) => data!) : Promise.resolve(null),
    withReasons ? api.connect.GET('/jobs/autodispatch/reasons/{cca2}/{id}', { params: { path }, signal }).then(({ data }) => data!) : Promise.resolve(undefined),
  ]);
  return { summary, cost, ...(autoDispatch && { autoDispatch }) };
}

/** The job's stops in order with their letters and the route's distance (jobRoute). */
export async function loadJobRoute(cca2: string, jobId: number, signal?: AbortSignal): Promise<JobRoute> {
  const { data } = await api.connect.GET('/jobs/jobRoute/{cca2}/{id}', { params: { path: { cca2, id: jobId } }, signal });
  return data!;
}

/** What a job can be built from: the open jobs (unassigned, not started, in progress) and the ready deliveries in no job. */
export interface BuildOptions {
  jobs: Job[];
  deliveries: JobDetails['deliveries'];
}

export async function loadBuildOptions(cca2: string, openJobStatuses: readonly Job['jobStatusId'][], signal?: AbortSignal): Promise<BuildOptions> {
  const path = { cca2 };
  const [jobs, deliveries] = await Promise.all([
    api.connect.GET('/jobs/{cca2}', { params: { path, query: { jobStatuses: [...openJobStatuses], page: 1, pageSize: JOB_LIST_PAGE_SIZE, sortby: 'id', sortdirection: 'desc' } }, signal })
      .then(({ data }) => data!.items),
    api.connect.GET('/jobs/readydeliveries/{cca2}', { params: { path }, signal }).then(({ data }) => data!),
  ]);
  return { jobs, deliveries };
}

/** Builds a new job of the deliveries (createjob) or adds them to a job (adddeliveriestojob); answers the job. */
export async function buildJob(cca2: string, deliveryIds: number[], jobId: number | null): Promise<JobDetails> {
  if (jobId === null) {
    const { data } = await api.connect.POST('/jobs/createjob/{cca2}', { params: { path: { cca2 } }, body: { deliveryIds } });
    return data!;
  }
  const { data } = await api.connect.PUT('/jobs/adddeliveriestojob/{cca2}/{id}', { params: { path: { cca2, id: jobId } }, body: { deliveryIds } });
  return data!;
}

/** The Jobs export of the filtered list (exportjobs) and its stops (exportjobroutes → JobRoutes). */
export async function exportJobsFile(cca2: string, query: NonNullable<operations['exportjobs']['parameters']['query']>, signal?: AbortSignal): Promise<Response> {
  const { response } = await api.connect.GET('/jobs/exportjobs/{cca2}', { params: { path: { cca2 }, query }, parseAs: 'stream', signal });
  return response;
}

export async function exportJobRoutesFile(cca2: string, query: NonNullable<operations['exportjobroutes']['parameters']['query']>, signal?: AbortSignal): Promise<Response> {
  const { response } = await api.connect.GET('/jobs/exportjobroutes/{cca2}', { params: { path: { cca2 }, query }, parseAs: 'stream', signal });
  return response;
}
