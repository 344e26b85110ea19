import { toApiError } from '../../api/api-error';
import { TASK_STATUS, TASK_TYPE } from '../../lib/statuses';
import { defineSamples } from '../samples';
import { jobRouteMachine } from './job-route.machine';
import type { JobRoute } from './operations.api';

const stop = (index: number, label: string, taskTypeId: number, description: string, lat: number, lon: number, leg: number) => ({
  label, taskId: 100 + index, deliveryId: 200 + Math.floor(index / 2), waybill: `WB0${200 + Math.floor(index / 2)}`, taskTypeId, mapTaskTypeId: taskTypeId,
  taskStatusId: TASK_STATUS.NOT_STARTED, description, coordinates: { lat, lon }, distanceFromPreviousKm: leg,
});

/** A job of two deliveries: two pick-ups then two drop-offs, 12.346 km in all. */
export const jobRouteSample: JobRoute = {
  jobId: 1,
  stops: [
    stop(0, 'A', TASK_TYPE.PICK_UP, '1 Main Road, Rosebank', -26.1467, 28.0436, 0),
    stop(1, 'B', TASK_TYPE.PICK_UP, '5 Jan Smuts Avenue, Parktown', -26.17, 28.03, 2.8),
    stop(2, 'C', TASK_TYPE.DROP_OFF, '9 Oxford Road, Parktown', -26.1812, 28.0409, 1.6),
    stop(3, 'D', TASK_TYPE.DROP_OFF, '20 Rivonia Road, Sandton', -26.1, 28.05, 7.946),
  ],
  distanceKm: 12.346,
  driverLocation: null,
} as JobRoute;

export const jobRouteSamples = defineSamples(jobRouteMachine, [
  {
    name: 'the route of job 1 is shown, or its failure with a retry',
    input: { cca2: 'ZA', jobId: 1 },
    events: [
      { type: 'xstate.done.actor.loadRoute', output: jobRouteSample },
      { type: 'xstate.error.actor.loadRoute', error: toApiError(503, { message: 'Service Unavailable' }, '/connect/jobs/jobRoute/ZA/1') },
      { type: 'route.retry' },
    ],
  },
], 'transitions');
