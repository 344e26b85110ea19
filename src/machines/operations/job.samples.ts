import { defineSamples } from '../samples';
import { jobMachine } from './job.machine';

export const jobSamples = defineSamples(jobMachine, [
  {
    name: 'a job of two deliveries',
    input: undefined,
    events: [
      { type: 'job.assign', driverId: 12 },
      { type: 'job.deliveries.remove', remaining: 1 },
      { type: 'job.deliveries.remove', remaining: 0 },
      { type: 'job.reverse', tasksStarted: 0 },
      { type: 'job.reverse', tasksStarted: 2 },
    ],
  },
], 'transitions');
