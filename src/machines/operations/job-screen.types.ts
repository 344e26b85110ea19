import type { ApiError } from '../../api/api-error';
import type { JobDetails, JobDriverCandidates, JobDriverDistance, JobFigures, JobScreenCall } from './operations.api';

export interface JobScreenInput {
  cca2: string;
  jobId: number;
  /** The user may see the job's cost (jobcost); the summary (jobSummary) is loaded for every reader. */
  withCost?: boolean;
  /** The user may read why auto-dispatch assigned the job (getjobautodispatch, issue 20). */
  withReasons?: boolean;
}

export interface JobScreenContext {
  cca2: string;
  jobId: number;
  details: JobDetails | null;
  /** The call being made (the view disables the buttons). */
  call: JobScreenCall | null;
  /** Why the last call or load was refused (a 409 says the chart did not allow it; nothing changed). */
  error: ApiError | null;
  /** How far the driver last chosen for assignment is from the pick-up (shown; a far one asks for confirmation). */
  driverDistance: JobDriverDistance | null;
  withCost: boolean;
  withReasons: boolean;
  /** The drivers to pick from when assigning (nearest available first), while choosing. */
  candidates: JobDriverCandidates | null;
  /** The job's summary and cost, loaded with each showing of the job. */
  figures: JobFigures | null;
}

export type JobScreenEvent =
  | { type: 'job.call'; call: JobScreenCall }
  | { type: 'job.retry' }
  /** The dispatcher assigns the far driver anyway, or chooses another. */
  | { type: 'job.confirmAssign' }
  | { type: 'job.cancelAssign' }
  /** The dispatcher opens the list of drivers to pick from (issue 20). */
  | { type: 'job.pickDriver' }
  /** The hub reported a change of this job or one of its tasks. */
  | { type: 'job.changed' }
  | { type: 'connection.reconnected' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface JobScreenSchema {
  input: JobScreenInput;
  context: JobScreenContext;
  events: JobScreenEvent;
}
