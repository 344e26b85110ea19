import type { ScheduledReportRun } from '../../resources/scheduled-reports';

export interface ScheduledReportRunsInput {
  cca2: string;
  scheduledReportId: number;
}

export interface ScheduledReportRunsContext extends ScheduledReportRunsInput {
  /** Newest first; null until the first load answers. */
  runs: ScheduledReportRun[] | null;
  /** The run "Run now" queued last (the screen says it is on its way). */
  queued: ScheduledReportRun | null;
  problem: string | null;
}

export type ScheduledReportRunsEvent =
  | { type: 'runs.refresh' }
  | { type: 'runs.retry' }
  | { type: 'runs.runNow' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface ScheduledReportRunsSchema {
  input: ScheduledReportRunsInput;
  context: ScheduledReportRunsContext;
  events: ScheduledReportRunsEvent;
  tags: 'loading' | 'busy';
}
