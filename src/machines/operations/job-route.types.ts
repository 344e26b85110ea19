import type { ApiError } from '../../api/api-error';
import type { JobRoute } from './operations.api';

export interface JobRouteInput {
  cca2: string;
  jobId: number;
}

export interface JobRouteContext {
  cca2: string;
  jobId: number;
  route: JobRoute | null;
  error: ApiError | null;
}

export type JobRouteEvent = { type: 'route.retry' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface JobRouteSchema {
  input: JobRouteInput;
  context: JobRouteContext;
  events: JobRouteEvent;
}
