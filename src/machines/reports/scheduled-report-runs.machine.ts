import { assign, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { SCHEDULED_REPORT_RUNS_POLL_MS } from '../../lib/reports';
import { loadScheduledReportRuns, runScheduledReportNow, type ScheduledReportRun } from '../../resources/scheduled-reports';
import type { ScheduledReportRunsSchema } from './scheduled-report-runs.types';

const unfinished = (run: ScheduledReportRun) => run.status === 'Queued' || run.status === 'Running';

/**
 * A scheduled report's run history on its edit screen (issue 17): every run newest first with its status, range and
 * file, and "Run now", which queues a run of the last period on the server's job queue. While a run is queued or
 * running the history is read again every SCHEDULED_REPORT_RUNS_POLL_MS, so its status moves on without a reload.
 */
export const scheduledReportRunsMachine = setup({
  types: {} as ScheduledReportRunsSchema,
  actors: {
    loadRuns: fromPromise<ScheduledReportRun[], { cca2: string; scheduledReportId: number }>(
      ({ input, signal }) => loadScheduledReportRuns(input.cca2, input.scheduledReportId, signal),
    ),
    runNow: fromPromise<ScheduledReportRun, { cca2: string; scheduledReportId: number }>(({ input }) => runScheduledReportNow(input.cca2, input.scheduledReportId)),
  },
  actions: {
    setRuns: assign((_, params: { runs: ScheduledReportRun[] }) => ({ runs: params.runs, problem: null })),
    setQueued: assign((_, params: { run: ScheduledReportRun }) => ({ queued: params.run, problem: null })),
    fail: assign((_, params: { error: unknown }) => ({ problem: asApiError(params.error).message })),
  },
  guards: {
    hasUnfinishedRun: ({ context }) => (context.runs ?? []).some(unfinished),
  },
  delays: { poll: SCHEDULED_REPORT_RUNS_POLL_MS },
}).createMachine({
  id: 'scheduledReportRuns',
  description: 'The runs of one scheduled report (status, range, file to download) and "Run now".',
  context: ({ input }) => ({ ...input, runs: null, queued: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the runs.',
      tags: ['loading'],
      invoke: {
        id: 'loadRuns',
        src: 'loadRuns',
        input: ({ context }) => ({ cca2: context.cca2, scheduledReportId: context.scheduledReportId }),
        onDone: { target: 'ready', actions: { type: 'setRuns', params: ({ event }) => ({ runs: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The runs could not be read; "Try again".',
      on: { 'runs.retry': 'loading' },
    },
    ready: {
      description: 'The runs with their status, range and file; "Run now"; read again while one is queued or running.',
      after: { poll: { guard: 'hasUnfinishedRun', target: 'loading' } },
      on: {
        'runs.refresh': 'loading',
        'runs.runNow': 'running',
      },
    },
    running: {
      description: '"Run now" is queueing a run (the job queue renders and emails it).',
      tags: ['busy'],
      invoke: {
        id: 'runNow',
        src: 'runNow',
        input: ({ context }) => ({ cca2: context.cca2, scheduledReportId: context.scheduledReportId }),
        onDone: { target: 'loading', actions: { type: 'setQueued', params: ({ event }) => ({ run: event.output }) } },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
