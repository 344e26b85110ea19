import { assign, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { JOB_STATUS } from '../../lib/statuses';
import { deliveryMayJoinJob, jobTakesDeliveries } from './job-actions';
import { buildJob, loadBuildOptions, type BuildOptions, type JobDetails } from './operations.api';
import type { JobBuildingContext, JobBuildingSchema } from './job-building.types';

/** The jobs deliveries can be added to: those the job chart lets take deliveries (unassigned, not started, in progress). */
export const OPEN_JOB_STATUSES = [JOB_STATUS.UNASSIGNED, JOB_STATUS.NOT_STARTED, JOB_STATUS.IN_PROGRESS] as const;

/** The chosen deliveries that may join a job now (ready and in no job, as the server decides it). */
export function joinableIds(context: Pick<JobBuildingContext, 'options' | 'deliveryIds'>): number[] {
  const joinable = new Set((context.options?.deliveries ?? []).filter((delivery) => deliveryMayJoinJob(delivery)).map((delivery) => delivery.deliveryId));
  return context.deliveryIds.filter((id) => joinable.has(id));
}

/** The jobs offered as targets (the job chart takes deliveries there). */
export function targetJobs(context: Pick<JobBuildingContext, 'options'>) {
  return (context.options?.jobs ?? []).filter((job) => jobTakesDeliveries(job));
}

/**
 * Building jobs (002 sections 2 and 7; issue 20): the dispatcher chooses ready deliveries (on the deliveries list,
 * or on a job's own screen) and makes a new job of them (createjob) or adds them to an open job
 * (adddeliveriestojob). Only what the delivery and job charts allow is offered and sent (deliveryMayJoinJob,
 * jobTakesDeliveries — the server's rules); a refusal is shown and what can be built from is loaded again.
 */
export const jobBuildingMachine = setup({
  types: {} as JobBuildingSchema,
  actors: {
    loadOptions: fromPromise<BuildOptions, { cca2: string }>(({ input, signal }) =>
      loadBuildOptions(input.cca2, OPEN_JOB_STATUSES, signal)),
    build: fromPromise<JobDetails, { cca2: string; deliveryIds: number[]; jobId: number | null }>(({ input }) =>
      buildJob(input.cca2, input.deliveryIds, input.jobId)),
  },
  actions: {
    storeOptions: assign((_, options: BuildOptions) => ({ options })),
    storeError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
    clearError: assign({ error: null }),
    select: assign((_, params: { deliveryIds: readonly number[] }) => ({ deliveryIds: [...new Set(params.deliveryIds)] })),
    toggle: assign(({ context }, params: { deliveryId: number }) => ({
      deliveryIds: context.deliveryIds.includes(params.deliveryId)
        ? context.deliveryIds.filter((id) => id !== params.deliveryId)
        : [...context.deliveryIds, params.deliveryId],
    })),
    target: assign(({ context }, params: { jobId: number | null }) => ({ jobId: context.fixedJobId ?? params.jobId })),
    storeBuilt: assign((_, built: JobDetails) => ({ built })),
    startOver: assign(({ context }) => ({ built: null, deliveryIds: [], jobId: context.fixedJobId, error: null })),
  },
  guards: {
    /** Something may be sent: a joinable delivery chosen, and a new job or a job that takes deliveries. */
    canSubmit: ({ context }) => joinableIds(context).length > 0
      && (context.jobId === null || targetJobs(context).some((job) => job.id === context.jobId) || context.jobId === context.fixedJobId),
  },
}).createMachine({
  id: 'jobBuilding',
  description: 'Choosing ready deliveries and making a new job of them, or adding them to an open job.',
  context: ({ input }) => ({
    cca2: input.cca2, fixedJobId: input.jobId, options: null, deliveryIds: [...(input.deliveryIds ?? [])], jobId: input.jobId, built: null, error: null,
  }),
  initial: 'loading',
  on: {
    'build.select': { actions: { type: 'select', params: ({ event }) => ({ deliveryIds: event.deliveryIds }) } },
  },
  states: {
    loading: {
      description: 'The open jobs and the ready deliveries in no job are being fetched.',
      tags: ['loading'],
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ context }) => ({ cca2: context.cca2 }),
        onDone: { target: 'editing', actions: { type: 'storeOptions', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    editing: {
      description: 'The dispatcher chooses the deliveries and the job (or a new one); only joinable deliveries count.',
      on: {
        'build.toggle': { actions: { type: 'toggle', params: ({ event }) => ({ deliveryId: event.deliveryId }) } },
        'build.target': { actions: { type: 'target', params: ({ event }) => ({ jobId: event.jobId }) } },
        'build.submit': { guard: 'canSubmit', target: 'submitting', actions: 'clearError' },
        'build.reload': { target: 'loading', actions: 'clearError' },
      },
    },
    submitting: {
      description: 'createjob (a new job) or adddeliveriestojob is being called with the joinable deliveries.',
      tags: ['busy'],
      invoke: {
        id: 'build',
        src: 'build',
        input: ({ context }) => ({ cca2: context.cca2, deliveryIds: joinableIds(context), jobId: context.jobId }),
        onDone: { target: 'built', actions: { type: 'storeBuilt', params: ({ event }) => event.output } },
        // Refused (409: a delivery left ready or joined a job meanwhile): shown, and the options fetched again.
        onError: { target: 'loading', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    built: {
      description: 'The job was made or grown: the screen links to it (or shows it again).',
      on: { 'build.again': { target: 'loading', actions: 'startOver' } },
    },
  },
});
