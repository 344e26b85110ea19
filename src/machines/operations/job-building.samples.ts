import { toApiError } from '../../api/api-error';
import { JOB_STATUS, LOGISTIC_STATUS } from '../../lib/statuses';
import { defineSamples } from '../samples';
import { jobBuildingMachine } from './job-building.machine';
import type { BuildOptions, JobDetails } from './operations.api';
import { jobScreenDetailsSample } from './job-screen.samples';

const base = jobScreenDetailsSample.deliveries[0]!;
const readyDelivery = (id: number, waybill: string) => ({ ...base, id, deliveryId: id, waybill, logisticStatusId: LOGISTIC_STATUS.READY, logisticStatus: 'Ready', jobId: null });
const job = (id: number, jobStatusId: number, deliveryCount: number) => ({
  ...jobScreenDetailsSample.job, id, jobStatusId: jobStatusId as JobDetails['job']['jobStatusId'], driverId: null, driverName: null, deliveryCount,
});

/** Two ready deliveries in no job; an unassigned job (takes deliveries) and a completed one (does not). */
export const buildOptionsSample: BuildOptions = {
  jobs: [job(7, JOB_STATUS.UNASSIGNED, 1), job(8, JOB_STATUS.COMPLETED, 2)],
  deliveries: [readyDelivery(201, 'WB0201'), readyDelivery(202, 'WB0202')],
};

/** Job 9 as createjob answers it, made of the two ready deliveries. */
export const builtJobSample: JobDetails = {
  ...jobScreenDetailsSample,
  job: job(9, JOB_STATUS.UNASSIGNED, 2),
  deliveries: buildOptionsSample.deliveries.map((delivery) => ({ ...delivery, jobId: 9 })),
  tasks: [],
};

export const jobBuildingSamples = defineSamples(jobBuildingMachine, [
  {
    name: 'a dispatcher makes a new job of the deliveries selected on the list, or adds them to an open job',
    input: { cca2: 'ZA', jobId: null, deliveryIds: [201] },
    events: [
      { type: 'xstate.done.actor.loadOptions', output: buildOptionsSample },
      { type: 'xstate.error.actor.loadOptions', error: toApiError(503, { message: 'Service Unavailable' }, '/connect/jobs/readydeliveries/ZA') },
      { type: 'build.select', deliveryIds: [201, 202] },
      { type: 'build.target', jobId: 7 },
      { type: 'build.submit' },
      { type: 'xstate.done.actor.build', output: builtJobSample },
      { type: 'xstate.error.actor.build', error: toApiError(409, { message: 'Delivery WB0202 is in job 5.' }, '/connect/jobs/createjob/ZA') },
      { type: 'build.again' },
      { type: 'build.reload' },
    ],
  },
  {
    name: 'on a job\'s own screen the dispatcher ticks ready deliveries to add to it',
    input: { cca2: 'ZA', jobId: 7 },
    events: [
      { type: 'xstate.done.actor.loadOptions', output: buildOptionsSample },
      { type: 'build.toggle', deliveryId: 202 },
      { type: 'build.submit' },
      { type: 'xstate.done.actor.build', output: { ...builtJobSample, job: job(7, JOB_STATUS.UNASSIGNED, 2) } },
    ],
  },
], 'transitions');
