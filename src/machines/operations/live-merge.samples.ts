import { toApiError } from '../../api/api-error';
import { DRIVER_AVAILABILITY, JOB_STATUS, LOGISTIC_STATUS, PAYMENT_STATUS, TASK_STATUS, TASK_TYPE } from '../../lib/statuses';
import { defineSamples } from '../samples';
import type { LiveLists } from './live-merge';
import type { DashboardDetails, Driver, Job, Task } from './operations.api';
import { liveMergeMachine } from './live-merge.machine';

const address = (description: string, lat: number, lon: number) => ({ description, coordinates: { lat, lon }, storeId: null });

const task = { deliveryId: 105, waybill: 'WBJ0005', arrivedLocation: null, arrivedDistanceKm: null, arrivedFarFromStop: false, windowStartUtc: null, completedDate: null, exceptionReason: null, xmin: '20' };
const pickUp: Task = {
  ...task, id: 11, jobId: 1, taskJobOrder: 1, taskTypeId: TASK_TYPE.PICK_UP, taskStatusId: TASK_STATUS.IN_PROGRESS,
  arrivedDate: '2026-11-21T07:55:00Z', distanceFromDriver: 0, address: address('1 Main Road, Rosebank', -26.1467, 28.0436),
};
const dropOff: Task = {
  ...task, id: 12, jobId: 1, taskJobOrder: 2, taskTypeId: TASK_TYPE.DROP_OFF, taskStatusId: TASK_STATUS.NOT_STARTED,
  arrivedDate: null, distanceFromDriver: 12.3456, address: address('9 Oxford Road, Parktown', -26.1812, 28.0409),
};

const job: Job = {
  id: 1, xmin: '40', jobStatusId: JOB_STATUS.IN_PROGRESS, jobStatus: 'In progress', driverId: 4, driverName: 'Thabo Mokoena', isRejected: false,
  companyId: 3, companyName: 'Blue Crane', deliveryCount: 1, taskCount: 2, tasksFinished: 0, distanceKm: 4.1234, delayNotifiedAt: null,
  createdAt: '2026-11-21T07:00:00Z', startedAt: '2026-11-21T07:30:00Z', completedAt: null,
};
const driver: Driver = {
  id: 4, xmin: '50', firstName: 'Thabo', lastName: 'Mokoena', fullName: 'Thabo Mokoena', email: 'thabo@example.com', phoneNumber: null, roles: ['Driver'],
  driverAvailabilityId: DRIVER_AVAILABILITY.BUSY, driverAvailability: 'Busy', lastLocation: null, lastLocationAt: null, openJobCount: 1,
};

/** What the dashboard loads over REST: one delivery, one job in progress with two open tasks, one driver. */
export const liveMergeListsSample: LiveLists = {
  deliveries: [{ id: 105, xmin: '30', waybill: 'WBJ0005', logisticStatusId: LOGISTIC_STATUS.PENDING_PICK_UP, companyName: 'Blue Crane' }],
  jobs: [job],
  tasks: [pickUp, dropOff],
  drivers: [driver],
};

/** The job's details as getjob answers them. */
export const liveMergeJobDetailsSample: DashboardDetails = {
  kind: 'job',
  details: {
    job,
    driver,
    deliveries: [{
      id: 105, deliveryId: 105, waybill: 'WBJ0005', orderReference: null, customerIdentifier: null, logisticStatusId: LOGISTIC_STATUS.PENDING_PICK_UP,
      logisticStatus: 'Pending pick-up', paymentStatusId: PAYMENT_STATUS.PAID, companyId: 3, companyName: 'Blue Crane', storeId: null, originStoreName: null,
      destinationStoreName: null, originAddress: pickUp.address, destinationAddress: dropOff.address, distanceEstimate: 4.1234,
      placedByUserEmail: 'orders@bluecrane.example', jobId: 1, xmin: '30',
    }],
    tasks: [pickUp, dropOff],
    transactionItems: [],
  },
};

const input = {
  cca2: 'ZA', jobId: null, listType: 'incomplete' as const, topics: ['Jobs', 'JobTaskUpdates', 'Deliveries', 'Users', 'WebNotifications'] as const,
  sources: { deliveries: true, jobs: true, drivers: true },
};
const loaded = { type: 'xstate.done.actor.loadLists', output: liveMergeListsSample };
// A batch from the hub actor: the driver came closer to the drop-off (only distanceFromDriver changed: accepted; job 1
// is touched).
const closer = { type: 'live.batch', updates: [{ kind: 'jobTask', payload: { ...dropOff, distanceFromDriver: 3.5, xmin: '21' } }] };

export const liveMergeSamples = defineSamples(liveMergeMachine, [
  {
    name: 'an operator on /dashboard: the lists load (or fail), hub batches move a task and add a job, the connection comes back',
    input,
    events: [
      loaded,
      { type: 'xstate.error.actor.loadLists', error: toApiError(503, { message: 'Service Unavailable' }, '/connect/jobs/ZA') },
      closer,
      // A job created meanwhile: a new id is added (the next batch).
      { type: 'live.batch', updates: [{ kind: 'job', payload: { id: 2, xmin: '41', jobStatusId: JOB_STATUS.UNASSIGNED, driverId: null, driverName: null, isRejected: false } }] },
    ],
  },
  {
    name: 'an operator opens job 1: its details load (or fail) and are refetched after a live update touches it',
    input,
    events: [
      loaded,
      { type: 'live.details.open', kind: 'job', id: 1 },
      { type: 'xstate.done.actor.loadDetails', output: liveMergeJobDetailsSample },
      { type: 'xstate.error.actor.loadDetails', error: toApiError(404, undefined, '/connect/jobs/ZA/1') },
      // What a flushed batch that touches job 1 raises (the hub's messages are the first scenario's; here the
      // batch timer would run beside the refetch delay, and paths treat the two timers as independent).
      { type: 'live.detail.touched' },
      // The connection came back: the open details (and the lists) load again.
      { type: 'connection.reconnected' },
    ],
  },
  {
    name: 'an operator expands job 1 while a new task and a notification arrive (muted or not)',
    input,
    events: [
      loaded,
      { type: 'live.job.toggle', jobId: 1 },
      // One batch: a task added to job 1 (listed only while job 1 is shown, expanded) and a notification.
      { type: 'live.batch', updates: [
        { kind: 'jobTask', payload: { ...dropOff, id: 13, taskJobOrder: 3, xmin: '22' } },
        { kind: 'webNotification', payload: { id: 7, title: 'Job 1 delayed', message: 'The driver reports a delay', read: false } },
      ] },
    ],
  },
], 'transitions');
