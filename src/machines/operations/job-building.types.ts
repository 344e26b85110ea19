import type { ApiError } from '../../api/api-error';
import type { BuildOptions, JobDetails } from './operations.api';

export interface JobBuildingInput {
  cca2: string;
  /** The job the deliveries join (the job's own screen); null: the dispatcher chooses a job or a new one. */
  jobId: number | null;
  /** Deliveries already chosen (the rows selected on the deliveries list). */
  deliveryIds?: readonly number[];
}

export interface JobBuildingContext {
  cca2: string;
  /** Fixed by the screen (the job's own screen), else null. */
  fixedJobId: number | null;
  /** The open jobs and the deliveries that may join a job (ready, in no job). */
  options: BuildOptions | null;
  /** The deliveries chosen, in the order chosen. */
  deliveryIds: number[];
  /** The job they join; null: a new job (createjob). */
  jobId: number | null;
  /** The job as the server answered the last build. */
  built: JobDetails | null;
  error: ApiError | null;
}

export type JobBuildingEvent =
  /** The chosen deliveries (the deliveries list's selection, kept in step). */
  | { type: 'build.select'; deliveryIds: readonly number[] }
  | { type: 'build.toggle'; deliveryId: number }
  /** The job to add to, or null for a new job. */
  | { type: 'build.target'; jobId: number | null }
  | { type: 'build.submit' }
  /** Build another (after one was built) or reload what can be built from. */
  | { type: 'build.again' }
  | { type: 'build.reload' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface JobBuildingSchema {
  input: JobBuildingInput;
  context: JobBuildingContext;
  events: JobBuildingEvent;
  tags: 'loading' | 'busy';
}
