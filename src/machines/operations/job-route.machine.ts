import { assign, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { loadJobRoute, type JobRoute } from './operations.api';
import type { JobRouteSchema } from './job-route.types';

/** The job route modal (002 section 2; issue 20): the job's stops in order (jobRoute), fetched when it opens. */
export const jobRouteMachine = setup({
  types: {} as JobRouteSchema,
  actors: {
    loadRoute: fromPromise<JobRoute, { cca2: string; jobId: number }>(({ input, signal }) => loadJobRoute(input.cca2, input.jobId, signal)),
  },
  actions: {
    storeRoute: assign((_, route: JobRoute) => ({ route, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
  },
}).createMachine({
  id: 'jobRoute',
  description: 'The stops of a job in order on a map with their letters and the route\'s distance.',
  context: ({ input }) => ({ cca2: input.cca2, jobId: input.jobId, route: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The route is being fetched.',
      invoke: {
        id: 'loadRoute',
        src: 'loadRoute',
        input: ({ context }) => ({ cca2: context.cca2, jobId: context.jobId }),
        onDone: { target: 'ready', actions: { type: 'storeRoute', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: { description: 'The stops are on the map, lettered A, B … Z, AA.' },
    failed: {
      description: 'The route could not be fetched.',
      on: { 'route.retry': 'loading' },
    },
  },
});
