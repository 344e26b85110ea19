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

// ---- Issue 20: building jobs, picking a driver, the job's figures and route (ours: the spec names the calls) ----

export const JOB_BUILDING_TEXTS = {
  region: 'Build a job',
  /** The dashboard's jobs tab: opens and closes the job builder. */
  openBuilder: 'Build a job',
  closeBuilder: 'Close the job builder',
  loading: 'Loading the open jobs and ready deliveries...',
  loadFailed: 'The open jobs and ready deliveries could not be loaded.',
  reload: 'Reload',
  selected: (chosen: number, joinable: number): string =>
    joinable === chosen ? `${chosen} selected` : `${chosen} selected, ${joinable} can join a job (ready and in no job)`,
  target: 'Job',
  newJob: 'New job',
  jobOption: (id: number, status: string, deliveries: number): string => `Job ${id} (${status}, ${deliveries} ${deliveries === 1 ? 'delivery' : 'deliveries'})`,
  // With nothing chosen the (disabled) button says what to do rather than "Add 0 deliveries".
  create: (count: number): string => (count === 0 ? 'Choose deliveries for a new job' : `Create job of ${count} ${count === 1 ? 'delivery' : 'deliveries'}`),
  add: (count: number, jobId: number): string => (count === 0 ? `Choose deliveries to add to job ${jobId}` : `Add ${count} ${count === 1 ? 'delivery' : 'deliveries'} to job ${jobId}`),
  readyDeliveries: 'Ready deliveries',
  noReady: 'No delivery is ready and in no job.',
  choose: (waybill: string): string => `Choose ${waybill}`,
  built: (jobId: number, count: number): string => `Job ${jobId} now has ${count} ${count === 1 ? 'delivery' : 'deliveries'}.`,
  openJob: (jobId: number): string => `Open job ${jobId}`,
  again: 'Build another',
  working: 'Working...',
} as const;

export const DRIVER_PICKER_TEXTS = {
  open: 'Choose a driver',
  title: 'Drivers, nearest available first',
  loading: 'Loading drivers...',
  none: 'No driver to choose.',
  cancel: 'Cancel',
  pick: (name: string): string => `Assign ${name}`,
  far: 'far',
  noPosition: 'no position',
} as const;

export const JOB_FIGURES_TEXTS = {
  summary: 'Summary',
  cost: 'Cost',
  total: 'Total (excl. VAT)',
  tasks: (done: number, open: number, exceptions: number): string => `${done} completed, ${open} open, ${exceptions} exceptions`,
  duration: (minutes: number): string => `${minutes} min`,
  delayMinutes: 'Delay (minutes)',
  delayMessage: 'Message',
  sendDelay: 'Send delay notice',
  route: 'Route',
  routeTitle: (id: number): string => `Route of job ${id}`,
  routeLoading: 'Loading the route...',
  routeFailed: 'The route could not be loaded.',
  close: 'Close',
  jobRoutesExport: 'JobRoutes',
  jobsExport: 'Jobs',
} as const;

/** The task wizard (issue 20; ours: the spec names the wizard, not its fields). */
export const TASK_WIZARD_TEXTS = {
  open: 'Add a stop',
  title: 'Add a stop',
  steps: { stop: 'Stop', address: 'Address', window: 'Window and contact' },
  delivery: 'Delivery',
  taskType: 'Task type',
  description: 'Address',
  lat: 'Latitude',
  lon: 'Longitude',
  storeId: 'Store id',
  useOrigin: 'Use the pick-up address',
  useDestination: 'Use the drop-off address',
  windowStart: 'Window start',
  windowEnd: 'Window end',
  contactName: 'Contact name',
  contactPhone: 'Contact phone',
  next: 'Next',
  back: 'Back',
  submit: 'Add the stop',
  cancel: 'Cancel',
  adding: 'Adding the stop...',
  errors: {
    delivery: 'Choose the delivery the stop serves.',
    taskType: 'Choose the task type.',
    description: 'Enter the address.',
    coordinates: 'Enter a latitude (-90 to 90) and a longitude (-180 to 180).',
    storeId: 'A store stop needs its store.',
    windowOrder: 'The window must end after it starts.',
    contactPhone: 'Enter a phone number of 6 to 30 digits.',
  },
} as const;
