import { toApiError } from '../../api/api-error';
import type { ScheduledReportRun } from '../../resources/scheduled-reports';
import { defineSamples } from '../samples';
import { scheduledReportRunsMachine } from './scheduled-report-runs.machine';

export const sampleQueuedRun: ScheduledReportRun = {
  id: 12, status: 'Queued', startDate: '2026-11-16', endDate: '2026-11-22', fileName: null, error: null,
  createdAt: '2026-11-23T09:30:00Z', finishedAt: null,
};
const sentRun: ScheduledReportRun = {
  id: 11, status: 'Sent', startDate: '2026-11-16', endDate: '2026-11-22', fileName: 'Service Levels.xlsx', error: null,
  createdAt: '2026-11-23T04:00:01Z', finishedAt: '2026-11-23T04:00:03Z',
};
const failedRun: ScheduledReportRun = {
  id: 10, status: 'Failed', startDate: '2026-11-09', endDate: '2026-11-15', fileName: null, error: 'The date range may span at most 366 days',
  createdAt: '2026-11-16T04:00:01Z', finishedAt: '2026-11-16T04:00:02Z',
};

/** Newest first, as the server answers: one queued (so the history is read again), one sent, one failed. */
export const sampleRuns: ScheduledReportRun[] = [sampleQueuedRun, sentRun, failedRun];

export const scheduledReportRunsSamples = defineSamples(scheduledReportRunsMachine, [{
  name: 'a weekly report with runs',
  input: { cca2: 'za', scheduledReportId: 3 },
  events: [
    { type: 'xstate.done.actor.loadRuns', output: sampleRuns },
    { type: 'xstate.error.actor.loadRuns', error: toApiError(503, { message: 'The service is temporarily unavailable. Please try again shortly.' }, '/connect/scheduledreports/za/3/runs') },
    { type: 'xstate.done.actor.runNow', output: sampleQueuedRun },
    { type: 'xstate.error.actor.runNow', error: toApiError(404, { message: 'Not found: scheduled report 3' }, '/connect/scheduledreports/za/3/runs') },
    { type: 'xstate.after.poll.scheduledReportRuns.ready' },
    { type: 'runs.refresh' },
    { type: 'runs.retry' },
    { type: 'runs.runNow' },
  ],
}, {
  // Nothing queued or running: the history is not read again on its own.
  name: 'a weekly report whose runs have all finished',
  input: { cca2: 'za', scheduledReportId: 3 },
  events: [
    { type: 'xstate.done.actor.loadRuns', output: [sentRun, failedRun] },
    { type: 'runs.refresh' },
  ],
}], 'transitions');
