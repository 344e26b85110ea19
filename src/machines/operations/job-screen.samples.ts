import { toApiError } from '../../api/api-error';
import { JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS, TASK_TYPE } from '../../lib/statuses';
import { defineSamples } from '../samples';
import { jobScreenMachine } from './job-screen.machine';
import type { JobDetails, JobDriverCandidates, JobDriverDistance, JobFigures } from './operations.api';

const address = (description: string, lat: number, lon: number) => ({ description, coordinates: { lat, lon }, storeId: null });
const origin = address('1 Main Road, Rosebank', -26.1467, 28.0436);
const destination = address('9 Oxford Road, Parktown', -26.1812, 28.0409);

/** Job 1 in progress as getjob answers it: its pick-up arrived, its drop-off not started. */
export const jobScreenDetailsSample: JobDetails = {
  job: {
    id: 1, jobStatusId: JOB_STATUS.IN_PROGRESS, jobStatus: 'In progress', driverId: 4, driverName: 'Thabo Mokoena', companyId: 2, companyName: 'Blue Crane',
    deliveryCount: 1, taskCount: 2, tasksFinished: 0, distanceKm: 4.1234, isRejected: false, delayNotifiedAt: null,
    createdAt: '2026-11-21T06:00:00Z', startedAt: '2026-11-21T07:00:00Z', completedAt: null, xmin: '40',
  },
  driver: null,
  deliveries: [{
    id: 105, deliveryId: 105, waybill: 'WBJ0005', orderReference: null, customerIdentifier: null, logisticStatusId: LOGISTIC_STATUS.PENDING_PICK_UP,
    logisticStatus: 'Pending pick-up', paymentStatusId: 30001, companyId: 2, companyName: 'Blue Crane', storeId: 3, originStoreName: 'Blue Crane Rosebank',
    destinationStoreName: null, originAddress: origin, destinationAddress: destination, distanceEstimate: 4.1234, placedByUserEmail: 'store.user@demo.test', jobId: 1, xmin: '30',
  }],
  tasks: [
    { id: 11, jobId: 1, deliveryId: 105, waybill: 'WBJ0005', taskJobOrder: 1, taskStatusId: TASK_STATUS.IN_PROGRESS, taskTypeId: TASK_TYPE.PICK_UP,
      arrivedDate: '2026-11-21T07:55:00Z', arrivedLocation: origin.coordinates, distanceFromDriver: 0, arrivedDistanceKm: 0, arrivedFarFromStop: false, address: origin, windowStartUtc: null, completedDate: null, exceptionReason: null, xmin: '20' },
    { id: 12, jobId: 1, deliveryId: 105, waybill: 'WBJ0005', taskJobOrder: 2, taskStatusId: TASK_STATUS.NOT_STARTED, taskTypeId: TASK_TYPE.DROP_OFF,
      arrivedDate: null, arrivedLocation: null, distanceFromDriver: 4.12, arrivedDistanceKm: null, arrivedFarFromStop: false, address: destination, windowStartUtc: null, completedDate: null, exceptionReason: null, xmin: '20' },
  ],
  transactionItems: [],
} as JobDetails;

/** Job 1 assigned but not started (its tasks not started): the dispatcher may assign another driver. */
export const notStartedJobSample: JobDetails = {
  ...jobScreenDetailsSample,
  job: { ...jobScreenDetailsSample.job, jobStatusId: JOB_STATUS.NOT_STARTED, jobStatus: 'Not started', startedAt: null },
  tasks: jobScreenDetailsSample.tasks.map((task) => ({ ...task, taskStatusId: TASK_STATUS.NOT_STARTED, arrivedDate: null, arrivedLocation: null })),
} as JobDetails;

/** A driver in Johannesburg for a Sea Point pick-up, 1,270 km away: the assignment asks for a confirmation. */
export const farDriverSample: JobDriverDistance = {
  jobId: 1, driverId: 11, distanceKm: 1270.4, thresholdKm: 50, isFar: true, pickUpDescription: 'Acme Sea Point, Shop 4, 110 Main Road, Sea Point, Cape Town', locationAt: '2026-11-21T07:00:00Z',
};
export const nearDriverSample: JobDriverDistance = { ...farDriverSample, distanceKm: 4.2, isFar: false };

const candidateDriver = (id: number, fullName: string, driverAvailabilityId: number, driverAvailability: string) => ({
  id, firstName: fullName.split(' ')[0]!, lastName: fullName.split(' ')[1]!, fullName, email: `driver${id}@demo.test`, phoneNumber: null, roles: ['Driver'],
  driverAvailabilityId: driverAvailabilityId as JobDriverCandidates['items'][number]['driver']['driverAvailabilityId'], driverAvailability,
  lastLocation: { lat: -26.15, lon: 28.04 }, lastLocationAt: '2026-11-21T07:00:00Z', openJobCount: 0, xmin: '1',
});

/** The drivers to pick from: a near available driver, a far available one, an offline one without a position. */
export const driverCandidatesSample: JobDriverCandidates = {
  jobId: 1, thresholdKm: 50, pickUpDescription: '1 Main Road, Rosebank',
  items: [
    { driver: candidateDriver(12, 'Lerato Dlamini', 1001, 'Available'), distanceKm: 3.25, isFar: false },
    { driver: candidateDriver(11, 'Sipho Nkosi', 1001, 'Available'), distanceKm: 1270.4, isFar: true },
    { driver: { ...candidateDriver(13, 'Anna Botha', -1001, 'Offline'), lastLocation: null, lastLocationAt: null }, distanceKm: null, isFar: false },
  ],
} as JobDriverCandidates;

/** Job 1's summary and cost (cents). */
export const jobFiguresSample: JobFigures = {
  summary: {
    jobId: 1, jobStatusId: JOB_STATUS.IN_PROGRESS, deliveryCount: 1, tasksByStatus: { notStarted: 1, inProgress: 1, completed: 0, exception: 0, cancelled: 0 },
    distanceKm: 4.12, costExcl: 5412, startedAt: '2026-11-21T07:00:00Z', completedAt: null, durationMinutes: null,
  },
  cost: {
    jobId: 1, totalExcl: 5412,
    items: [
      { id: 1, transactionId: null, description: 'Delivery fee WBJ0005', quantity: 1, amountExcl: 5000, transactionItemTypeId: 1 },
      { id: 2, transactionId: null, description: 'Distance', quantity: 4, amountExcl: 412, transactionItemTypeId: 2 },
    ],
  },
} as JobFigures;

export const jobScreenSamples = defineSamples(jobScreenMachine, [
  {
    name: 'a driver completes the pick-up of job 1 (or the server refuses it)',
    input: { cca2: 'ZA', jobId: 1 },
    events: [
      { type: 'xstate.done.actor.loadJob', output: jobScreenDetailsSample },
      { type: 'xstate.error.actor.loadJob', error: toApiError(503, { message: 'Service Unavailable' }, '/connect/jobs/ZA/1') },
      { type: 'xstate.error.actor.loadJob', error: toApiError(404, { message: 'Not Found' }, '/connect/jobs/ZA/1') },
      { type: 'job.call', call: { kind: 'task', action: 'completepickup', id: 11 } },
      { type: 'xstate.done.actor.runCall' },
      // The driver moved a task on their phone: the screen reloads the job.
      { type: 'job.changed' },
      { type: 'xstate.error.actor.runCall', error: toApiError(409, { message: 'The task cannot be completed: the driver has not arrived.' }, '/connect/tasks/completepickup/ZA/11') },
    ],
  },
  {
    name: 'a dispatcher assigns a driver: a far one is confirmed or another chosen; a near one is assigned at once',
    input: { cca2: 'ZA', jobId: 1 },
    events: [
      { type: 'xstate.done.actor.loadJob', output: jobScreenDetailsSample },
      { type: 'job.call', call: { kind: 'assign', id: 1, driverId: 11 } },
      { type: 'xstate.done.actor.loadDriverDistance', output: farDriverSample },
      { type: 'xstate.done.actor.loadDriverDistance', output: nearDriverSample },
      { type: 'xstate.error.actor.loadDriverDistance', error: toApiError(400, { message: 'User 99 is not a driver.' }, '/connect/jobs/driverdistance/ZA/1') },
      { type: 'job.confirmAssign' },
      { type: 'job.cancelAssign' },
      { type: 'xstate.done.actor.runCall' },
    ],
  },
  {
    name: 'a dispatcher picks a driver from the list, nearest available first (issue 20), and sees the job\'s figures',
    input: { cca2: 'ZA', jobId: 1, withCost: true },
    events: [
      { type: 'xstate.done.actor.loadJob', output: notStartedJobSample },
      { type: 'xstate.done.actor.loadFigures', output: jobFiguresSample },
      { type: 'job.pickDriver' },
      { type: 'xstate.done.actor.loadCandidates', output: driverCandidatesSample },
      { type: 'xstate.error.actor.loadCandidates', error: toApiError(503, { message: 'Service Unavailable' }, '/connect/jobs/drivercandidates/ZA/1') },
      { type: 'job.call', call: { kind: 'assign', id: 1, driverId: 12 } },
      { type: 'job.cancelAssign' },
      { type: 'xstate.done.actor.loadDriverDistance', output: nearDriverSample },
    ],
  },
], 'transitions');
