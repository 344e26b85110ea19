// Texts of the jobs screens (issue 5; ours: the spec names the screens and calls, not their labels).

export const JOB_SCREEN_TEXTS = {
  deliveries: 'Deliveries',
  deliveriesOf: (id: number): string => `Deliveries of job ${id}`,
  edit: 'Edit',
  editJob: (id: number): string => `Edit job ${id}`,
  title: (id: number): string => `Job ${id}`,
  loading: 'Loading...',
  loadFailed: 'The job could not be loaded.',
  notFound: 'No such job.',
  tryAgain: 'Try again',
  working: 'Working...',
  tasks: 'Tasks',
  actions: 'Actions',
  driverId: 'Driver id',
  assign: 'Assign to driver',
  removeDelivery: (waybill: string): string => `Remove ${waybill} from the job`,
  noActions: 'No action is possible now.',
  summary: { pickUp: 'Pick-up', hub: 'Hub', dropOff: 'Drop-off' },
  openEdit: 'Open delivery',
  rating: 'Rating',
  tracking: 'Tracking',
  map: 'Map',
  /** A pick-up / drop-off step's state in the summary stepper ('Drop-off (current)'); a step still to come shows none. */
  stepState: { done: 'done', failed: 'failed', current: 'current' },
} as const;

/** The task calls' labels are the operations catalogue's (the server's 409 messages name them the same way). */
export { TASK_ACTION_LABELS } from './operations-catalogue';

/** Labels of the job calls offered on the job screens (buttons). */
export const JOB_ACTION_LABELS = {
  start: 'Start job',
  reject: 'Reject job',
  unassign: 'Unassign driver',
  reverse: 'Reverse status',
  notifyDelay: 'Notify delay',
} as const;
