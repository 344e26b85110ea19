// Live operations (issue 5): the catalogues and texts of jobs, tasks, drivers and web notifications shared by the
// server (server/domain/operations) and the client. Status codes themselves live in ./statuses (002 section 4).
import {
  DRIVER_AVAILABILITY, DRIVER_AVAILABILITY_LABELS, JOB_STATUS, JOB_STATUS_LABELS, LOGISTIC_STATUS_LABELS, MAP_TASK_TYPE,
  statusLabel, TASK_STATUS, TASK_STATUS_LABELS, TASK_TYPE, TASK_TYPE_LABELS,
} from './statuses';

export {
  DRIVER_AVAILABILITY, DRIVER_AVAILABILITY_LABELS, JOB_STATUS, JOB_STATUS_LABELS, MAP_TASK_TYPE, TASK_STATUS, TASK_STATUS_LABELS,
  TASK_TYPE, TASK_TYPE_LABELS,
};

/** The task calls of 002 section 7, in the order a driver makes them. */
export const TASK_ACTIONS = ['start', 'arrived', 'completepickup', 'completedropoff', 'exceptionpickup', 'exceptiondropoff'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/** What each task call does, as the 409 messages and buttons name it. */
export const TASK_ACTION_LABELS: Record<TaskAction, string> = {
  start: 'Start',
  arrived: 'Arrived',
  completepickup: 'Complete pick-up',
  completedropoff: 'Complete drop-off',
  exceptionpickup: 'Pick-up exception',
  exceptiondropoff: 'Drop-off exception',
};

/** The job calls that change a job, as the 409 messages name them. */
export const JOB_ACTION_LABELS = {
  assign: 'assign a driver to',
  unassign: 'unassign the driver from',
  reject: 'reject',
  start: 'start',
  addDeliveries: 'add deliveries to',
  removeDelivery: 'remove a delivery from',
  notifyDelay: 'notify a delay of',
  reverse: 'reverse the status of',
  addTask: 'add a stop to',
} as const;
export type JobAction = keyof typeof JOB_ACTION_LABELS;

/** Availability a driver may choose; busy is set while one of their jobs is in progress. */
export const DRIVER_SELECTABLE_AVAILABILITY = [
  DRIVER_AVAILABILITY.OFFLINE, DRIVER_AVAILABILITY.AVAILABLE, DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY, DRIVER_AVAILABILITY.ONLINE,
] as const;

/** Map task type of a task (002 section 4): pick-ups from the origin, drop-offs at the destination. */
export function mapTaskTypeOf(taskTypeId: number): number {
  return taskTypeId === TASK_TYPE.DROP_OFF || taskTypeId === TASK_TYPE.STORE_DROP_OFF
    ? MAP_TASK_TYPE.DROP_OFF_AT_DESTINATION
    : MAP_TASK_TYPE.PICK_UP_FROM_ORIGIN;
}

/** Web notification types (ours: the spec names the field, not the values). */
export const WEB_NOTIFICATION_TYPE = {
  JOB_ASSIGNED: 1,
  JOB_REJECTED: 2,
  JOB_DELAYED: 3,
  TASK_EXCEPTION: 4,
  JOB_COMPLETED: 5,
  DELIVERY_DELIVERED: 6,
  // Fleet (issue 6): the mobile devices screen's Notify.
  MOBILE_DEVICE: 7,
  // Applications (issue 18): a new application for staff to review.
  APPLICATION: 8,
} as const;
export type WebNotificationTypeId = (typeof WEB_NOTIFICATION_TYPE)[keyof typeof WEB_NOTIFICATION_TYPE];
export const WEB_NOTIFICATION_TYPE_LABELS: Record<WebNotificationTypeId, string> = {
  [WEB_NOTIFICATION_TYPE.JOB_ASSIGNED]: 'Job assigned',
  [WEB_NOTIFICATION_TYPE.JOB_REJECTED]: 'Job rejected',
  [WEB_NOTIFICATION_TYPE.JOB_DELAYED]: 'Delivery delayed',
  [WEB_NOTIFICATION_TYPE.TASK_EXCEPTION]: 'Task exception',
  [WEB_NOTIFICATION_TYPE.JOB_COMPLETED]: 'Job completed',
  [WEB_NOTIFICATION_TYPE.DELIVERY_DELIVERED]: 'Delivery delivered',
  [WEB_NOTIFICATION_TYPE.MOBILE_DEVICE]: 'Mobile device',
  [WEB_NOTIFICATION_TYPE.APPLICATION]: 'New application',
};

/** Driver pay of a job (ours; the spec shows no rates): a fee per delivery plus a rate per km of its route. */
export const JOB_COST = {
  perDeliveryCents: 3500,
  perKmCents: 450,
  /** transactionItemTypeId of the two lines. */
  deliveryFeeItemType: 1,
  distanceItemType: 2,
} as const;

/** Texts of the operations calls (ours; the spec shows none). */
export const OPERATIONS_TEXTS = {
  taskRefused: (action: TaskAction, taskId: number, taskStatusId: number, arrived: boolean) => {
    const status = statusLabel(TASK_STATUS_LABELS, taskStatusId);
    if (taskStatusId === TASK_STATUS.IN_PROGRESS && !arrived && (action === 'completepickup' || action === 'completedropoff')) {
      return `'${TASK_ACTION_LABELS[action]}' is not allowed for task ${taskId}: the driver has not arrived yet.`;
    }
    if (taskStatusId === TASK_STATUS.IN_PROGRESS && arrived && action === 'arrived') {
      return `'${TASK_ACTION_LABELS[action]}' is not allowed for task ${taskId}: the driver has already arrived.`;
    }
    return `'${TASK_ACTION_LABELS[action]}' is not allowed for task ${taskId}: it is ${status}.`;
  },
  taskWrongType: (action: TaskAction, taskId: number, taskTypeId: number) =>
    `'${TASK_ACTION_LABELS[action]}' is not allowed for task ${taskId}: it is a ${statusLabel(TASK_TYPE_LABELS, taskTypeId).toLowerCase()} task.`,
  taskDeliveryRefused: (action: TaskAction, taskId: number, waybill: string, logisticStatusId: number) =>
    `'${TASK_ACTION_LABELS[action]}' is not allowed for task ${taskId}: delivery ${waybill} is ${statusLabel(LOGISTIC_STATUS_LABELS, logisticStatusId)}.`,
  taskJobRefused: (action: TaskAction, taskId: number, jobStatusId: number) =>
    `'${TASK_ACTION_LABELS[action]}' is not allowed for task ${taskId}: its job is ${statusLabel(JOB_STATUS_LABELS, jobStatusId)}.`,
  jobRefused: (action: JobAction, jobId: number, jobStatusId: number) =>
    `Cannot ${JOB_ACTION_LABELS[action]} job ${jobId}: it is ${statusLabel(JOB_STATUS_LABELS, jobStatusId)}.`,
  jobTasksStarted: (jobId: number) => `Cannot reverse the status of job ${jobId}: some of its tasks have started.`,
  deliveryRefused: (action: JobAction, jobId: number, waybill: string, logisticStatusId: number) =>
    `Cannot ${JOB_ACTION_LABELS[action]} job ${jobId}: delivery ${waybill} is ${statusLabel(LOGISTIC_STATUS_LABELS, logisticStatusId)}.`,
  deliveryNotReady: (waybill: string, logisticStatusId: number) =>
    `Delivery ${waybill} is ${statusLabel(LOGISTIC_STATUS_LABELS, logisticStatusId)}: only Ready deliveries can join a job.`,
  deliveryInJob: (waybill: string, jobId: number) => `Delivery ${waybill} is already in job ${jobId}.`,
  deliveryNotInJob: (deliveryId: number, jobId: number) => `Delivery ${deliveryId} is not in job ${jobId}.`,
  // The task wizard (issue 20; ours).
  stopWindowOrder: 'The window must end after it starts.',
  stopNeedsStore: 'A store stop needs its store.',
  stopStoreUnknown: (storeId: number) => `No store ${storeId}.`,
  notADriver: (userId: number) => `User ${userId} is not a driver.`,
  busyIsServerSet: 'Busy is set while a job is in progress; choose another availability.',
  jobAssignedTitle: 'Job assigned',
  jobAssigned: (jobId: number) => `Job ${jobId} was assigned to you.`,
  jobRejectedTitle: 'Job rejected',
  jobRejected: (jobId: number, driverName: string) => `${driverName} rejected job ${jobId}.`,
  jobDelayedTitle: 'Delivery delayed',
  jobDelayed: (waybill: string, minutes: number | undefined, message: string | undefined) =>
    `Delivery ${waybill} is running late${minutes ? ` by about ${minutes} minutes` : ''}.${message ? ` ${message}` : ''}`,
  taskExceptionTitle: 'Task exception',
  taskException: (waybill: string, pickUp: boolean, reason: string | undefined) =>
    `${pickUp ? 'Pick-up' : 'Drop-off'} exception on delivery ${waybill}${reason ? `: ${reason}` : '.'}`,
  jobCompletedTitle: 'Job completed',
  jobCompleted: (jobId: number) => `Job ${jobId} is completed.`,
  deliveryDeliveredTitle: 'Delivery delivered',
  deliveryDelivered: (waybill: string) => `Delivery ${waybill} was delivered.`,
  deliveryFee: (waybill: string) => `Delivery fee ${waybill}`,
  distanceLine: 'Distance (km)',
} as const;

/** Whether a job status lets a driver still work on it. */
export function isOpenJobStatus(jobStatusId: number): boolean {
  return jobStatusId === JOB_STATUS.NOT_STARTED || jobStatusId === JOB_STATUS.IN_PROGRESS;
}

// ---- Driver simulator (scripts/simulate.ts) ----
/** Default pace: one step per driver every this many ms; each step moves this far towards the next stop. */
export const SIMULATOR_DEFAULTS = {
  url: 'http://localhost:8080',
  cca2: 'za',
  tickMs: 1000,
  stepKm: 0.4,
  arrivalKm: 0.05,
} as const;
