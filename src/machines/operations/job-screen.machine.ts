import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { liveDashboard } from '../../api/realtime';
import { reconnects } from './reconnects';
import {
  loadDriverCandidates, loadDriverDistance, loadJob, loadJobFigures, runJobScreenCall,
  type JobDetails, type JobDriverCandidates, type JobDriverDistance, type JobFigures, type JobScreenCall,
} from './operations.api';
import type { JobScreenSchema, JobScreenEvent } from './job-screen.types';

/** Changes of one job over the dashboard hub (its `job` and `jobTask` messages). */
const hubChanges = fromCallback<JobScreenEvent, { jobId: number }>(({ sendBack, input }) => {
  const stops = [
    liveDashboard.on('job', (payload) => { if ((payload as { id?: number }).id === input.jobId) sendBack({ type: 'job.changed' }); }),
    liveDashboard.on('jobTask', (payload) => { if ((payload as { jobId?: number }).jobId === input.jobId) sendBack({ type: 'job.changed' }); }),
  ];
  const subscriptions = (['Jobs', 'JobTaskUpdates'] as const).map((topic) => liveDashboard.subscribe(topic).catch(() => async () => undefined));
  return () => {
    stops.forEach((stop) => stop());
    subscriptions.forEach((pending) => { void pending.then((unsubscribe) => unsubscribe()); });
  };
});

/**
 * /jobs/:id/deliveries and /jobs/edit/:id (002 sections 2 and 7): the job with its deliveries and tasks, and
 * the task and job calls the charts and the access table allow (src/machines/operations/job-actions.ts). Every
 * call is followed by a reload, so the screen shows what the server holds; a refusal (409) is shown and the job
 * reloaded as it is. A change of the job over the hub, or a reconnect, reloads it too.
 */
export const jobScreenMachine = setup({
  types: {} as JobScreenSchema,
  actors: {
    reconnects,
    hubChanges,
    loadJob: fromPromise<JobDetails, { cca2: string; jobId: number }>(({ input, signal }) => loadJob(input.cca2, input.jobId, signal)),
    runCall: fromPromise<void, { cca2: string; call: JobScreenCall }>(({ input }) => runJobScreenCall(input.cca2, input.call)),
    loadDriverDistance: fromPromise<JobDriverDistance, { cca2: string; jobId: number; driverId: number }>(({ input, signal }) =>
      loadDriverDistance(input.cca2, input.jobId, input.driverId, signal)),
    loadCandidates: fromPromise<JobDriverCandidates, { cca2: string; jobId: number }>(({ input, signal }) => loadDriverCandidates(input.cca2, input.jobId, signal)),
    loadFigures: fromPromise<JobFigures, { cca2: string; jobId: number; withCost: boolean; withReasons?: boolean }>(({ input, signal }) =>
      loadJobFigures(input.cca2, input.jobId, input.withCost, signal, input.withReasons)),
  },
  actions: {
    storeDetails: assign((_, details: JobDetails) => ({ details })),
    storeError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
    clearError: assign({ error: null }),
    setCall: assign(({ event }) => {
      assertEvent(event, 'job.call');
      return { call: event.call };
    }),
    clearCall: assign({ call: null }),
    storeDriverDistance: assign((_, driverDistance: JobDriverDistance) => ({ driverDistance })),
    clearDriverDistance: assign({ driverDistance: null }),
    storeCandidates: assign((_, candidates: JobDriverCandidates) => ({ candidates })),
    clearCandidates: assign({ candidates: null }),
    storeFigures: assign((_, figures: JobFigures) => ({ figures })),
    forgetFigures: assign({ figures: null }),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => asApiError(params.error).status === 404,
    hasCall: ({ event }) => {
      assertEvent(event, 'job.call');
      return typeof event.call?.id === 'number';
    },
    isAssign: ({ event }) => {
      assertEvent(event, 'job.call');
      return event.call?.kind === 'assign' && typeof event.call.id === 'number';
    },
    isFar: (_, params: { distance: JobDriverDistance }) => params.distance.isFar,
  },
}).createMachine({
  id: 'jobScreen',
  description: 'A job with its deliveries and tasks; the calls its charts allow, each followed by a reload.',
  context: ({ input }) => ({
    cca2: input.cca2, jobId: input.jobId, details: null, call: null, error: null, driverDistance: null, withCost: input.withCost ?? false, withReasons: input.withReasons ?? false, candidates: null, figures: null,
  }),
  invoke: [
    { id: 'reconnects', src: 'reconnects' },
    { id: 'hubChanges', src: 'hubChanges', input: ({ context }) => ({ jobId: context.jobId }) },
  ],
  initial: 'loading',
  states: {
    loading: {
      description: 'The job is being fetched.',
      tags: ['loading'],
      invoke: {
        id: 'loadJob',
        src: 'loadJob',
        input: ({ context }) => ({ cca2: context.cca2, jobId: context.jobId }),
        onDone: { target: 'ready', actions: { type: 'storeDetails', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    ready: {
      description: 'The job is shown with the calls offered now; its summary and cost are fetched alongside.',
      invoke: {
        id: 'loadFigures',
        src: 'loadFigures',
        input: ({ context }) => ({ cca2: context.cca2, jobId: context.jobId, withCost: context.withCost, withReasons: context.withReasons }),
        // The figures are a courtesy beside the job: without them the job is still worked. A failed reload
        // (after a change) hides them rather than showing those of the job as it was.
        onDone: { actions: { type: 'storeFigures', params: ({ event }) => event.output } },
        onError: { actions: 'forgetFigures' },
      },
      on: {
        'job.pickDriver': { target: 'choosingDriver', actions: ['clearError', 'clearDriverDistance'] },
        'job.call': [
          // An assignment first asks how far the driver is from the pick-up (issue 21).
          { guard: 'isAssign', target: 'checkingDriver', actions: ['clearError', 'clearDriverDistance', 'setCall'] },
          { guard: 'hasCall', target: 'calling', actions: ['clearError', 'setCall'] },
        ],
        'job.changed': 'loading',
        'connection.reconnected': 'loading',
      },
    },
    choosingDriver: {
      description: 'The dispatcher picks a driver from a list ordered by availability and distance from the first stop (issue 20).',
      initial: 'loading',
      on: {
        'job.call': { guard: 'isAssign', target: 'checkingDriver', actions: ['clearCandidates', 'setCall'] },
        'job.cancelAssign': { target: 'ready', actions: 'clearCandidates' },
      },
      states: {
        loading: {
          description: 'The drivers and their distances are being fetched.',
          tags: ['busy'],
          invoke: {
            id: 'loadCandidates',
            src: 'loadCandidates',
            input: ({ context }) => ({ cca2: context.cca2, jobId: context.jobId }),
            onDone: { target: 'listing', actions: { type: 'storeCandidates', params: ({ event }) => event.output } },
            onError: { target: '#jobScreen.ready', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        listing: { description: 'The drivers are listed, nearest available first, far ones flagged.' },
      },
    },
    checkingDriver: {
      description: 'How far the driver to assign is from the job\'s pick-up is being asked.',
      tags: ['busy'],
      invoke: {
        id: 'loadDriverDistance',
        src: 'loadDriverDistance',
        input: ({ context }) => ({ cca2: context.cca2, jobId: context.jobId, driverId: context.call?.kind === 'assign' ? context.call.driverId : 0 }),
        onDone: [
          { guard: { type: 'isFar', params: ({ event }) => ({ distance: event.output }) }, target: 'confirmingAssign', actions: { type: 'storeDriverDistance', params: ({ event }) => event.output } },
          { target: 'calling', actions: { type: 'storeDriverDistance', params: ({ event }) => event.output } },
        ],
        onError: { target: 'ready', actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'clearCall'] },
      },
    },
    confirmingAssign: {
      description: 'The driver is farther from the pick-up than the threshold: the dispatcher confirms or chooses another.',
      on: {
        'job.confirmAssign': 'calling',
        'job.cancelAssign': { target: 'ready', actions: 'clearCall' },
      },
    },
    calling: {
      description: 'A task or job call is being made.',
      tags: ['busy'],
      invoke: {
        id: 'runCall',
        src: 'runCall',
        input: ({ context }) => ({ cca2: context.cca2, call: context.call! }),
        onDone: { target: 'loading', actions: 'clearCall' },
        onError: { target: 'loading', actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'clearCall'] },
      },
    },
    failed: {
      description: 'The job could not be loaded.',
      on: { 'job.retry': { target: 'loading', actions: 'clearError' }, 'connection.reconnected': 'loading' },
    },
    notFound: {
      description: 'No such job in the caller\'s scope.',
      type: 'final',
    },
  },
});
