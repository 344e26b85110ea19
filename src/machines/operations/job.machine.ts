import { assertEvent, setup, type SnapshotFrom } from 'xstate';
import { JOB_STATUS, type JobStatus } from '../../lib/statuses';
import type { JobSchema, JobRow } from './job.types';

/**
 * A job: the work of one driver or partner, made of pick-up and drop-off tasks (002 section 4: cancelled -1,
 * unassigned 0, not started 2001, in progress 3001, completed 4001). Pure: the server runs the same chart to
 * accept or refuse every job call (409), views ask it which actions to offer. Assigning a driver makes it
 * not started; the driver starts it or rejects it (back to unassigned); it completes when its last task
 * finishes; removing its last delivery cancels it; reverseJobStatus steps back one status (in progress only
 * while none of its tasks has started). Calls that change the job but not its status are transitions to the
 * same state, so the chart (and `can`) says they are allowed there.
 */
export const jobMachine = setup({
  types: {} as JobSchema,
  guards: {
    lastDeliveryRemoved: ({ event }) => {
      assertEvent(event, 'job.deliveries.remove');
      return event.remaining === 0;
    },
    noTaskStarted: ({ event }) => {
      assertEvent(event, 'job.reverse');
      return event.tasksStarted === 0;
    },
  },
}).createMachine({
  id: 'job',
  description: 'A job: unassigned → not started (driver assigned) → in progress → completed; cancelled when its last delivery leaves.',
  initial: 'unassigned',
  states: {
    unassigned: {
      description: 'Unassigned (0): no driver yet.',
      on: {
        'job.assign': 'notStarted',
        'job.deliveries.add': 'unassigned',
        'job.deliveries.remove': [{ guard: 'lastDeliveryRemoved', target: 'cancelled' }, { target: 'unassigned' }],
      },
    },
    notStarted: {
      description: 'Not started (2001): assigned to a driver who has not started it.',
      on: {
        'job.assign': 'notStarted',
        'job.unassign': 'unassigned',
        'job.reject': 'unassigned',
        'job.start': 'inProgress',
        'job.deliveries.add': 'notStarted',
        'job.deliveries.remove': [{ guard: 'lastDeliveryRemoved', target: 'cancelled' }, { target: 'notStarted' }],
        'job.notifyDelay': 'notStarted',
        'job.reverse': 'unassigned',
      },
    },
    inProgress: {
      description: 'In progress (3001): the driver is working through the tasks.',
      on: {
        'job.tasksFinished': 'completed',
        'job.deliveries.add': 'inProgress',
        'job.notifyDelay': 'inProgress',
        'job.reverse': { guard: 'noTaskStarted', target: 'notStarted' },
      },
    },
    completed: {
      description: 'Completed (4001): every task finished; reversible to in progress.',
      on: { 'job.reverse': 'inProgress' },
    },
    cancelled: { description: 'Cancelled (-1).', type: 'final' },
  },
});

export type JobSnapshot = SnapshotFrom<typeof jobMachine>;

const STATE_BY_STATUS: Record<JobStatus, 'unassigned' | 'notStarted' | 'inProgress' | 'completed' | 'cancelled'> = {
  [JOB_STATUS.UNASSIGNED]: 'unassigned',
  [JOB_STATUS.NOT_STARTED]: 'notStarted',
  [JOB_STATUS.IN_PROGRESS]: 'inProgress',
  [JOB_STATUS.COMPLETED]: 'completed',
  [JOB_STATUS.CANCELLED]: 'cancelled',
};

/** The stored status of the chart's state. */
export function jobStatusOf(snapshot: JobSnapshot): JobStatus {
  const state = snapshot.value as (typeof STATE_BY_STATUS)[JobStatus];
  return Number(Object.entries(STATE_BY_STATUS).find(([, name]) => name === state)![0]) as JobStatus;
}

/** The chart where a stored job is. */
export function jobSnapshotOf(row: JobRow): JobSnapshot {
  const value = STATE_BY_STATUS[row.jobStatusId as JobStatus];
  if (!value) throw new Error(`Unknown job status ${row.jobStatusId}`);
  return jobMachine.resolveState({ value, context: {} });
}
