/** A job as stored: its status and the driver it is assigned to. */
export interface JobRow {
  jobStatusId: number;
}

/**
 * The job calls of 002 section 7 as events. The facts a rule needs that the chart does not hold (how many of
 * the job's tasks have started, how many deliveries stay) travel with the event, so the chart stays pure.
 */
export type JobEvent =
  | { type: 'job.assign'; driverId: number }
  | { type: 'job.unassign' }
  | { type: 'job.reject' }
  | { type: 'job.start' }
  | { type: 'job.tasksFinished' }
  | { type: 'job.deliveries.add' }
  | { type: 'job.deliveries.remove'; remaining: number }
  | { type: 'job.notifyDelay' }
  | { type: 'job.reverse'; tasksStarted: number };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface JobSchema {
  events: JobEvent;
}
