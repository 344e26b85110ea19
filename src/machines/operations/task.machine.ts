import { assign, setup, type SnapshotFrom } from 'xstate';
import { TASK_STATUS, TASK_TYPE, type TaskStatus } from '../../lib/statuses';
import type { TaskSchema, TaskRow, ArrivedLocation } from './task.types';

const PICK_UP_TYPES: ReadonlySet<number> = new Set([TASK_TYPE.PICK_UP, TASK_TYPE.STORE_PICK_UP, TASK_TYPE.QSR_STORE_PICK_UP]);
const DROP_OFF_TYPES: ReadonlySet<number> = new Set([TASK_TYPE.DROP_OFF, TASK_TYPE.STORE_DROP_OFF]);

export function isPickUpTask(taskTypeId: number): boolean {
  return PICK_UP_TYPES.has(taskTypeId);
}

/**
 * One pick-up or drop-off of a job (002 section 4: statuses not started 2001, in progress 3001, completed 4001,
 * exception -1001, cancelled -1; types pick-up 1, drop-off 2, store pick-up 3, store drop-off 4, QSR store
 * pick-up 5). Pure: the server runs the same chart to accept or refuse every task call (409), the views ask it
 * which actions to offer. A task is completed only after the driver has arrived; an exception can be raised on
 * the way or on arrival; pick-up calls only for pick-up types, drop-off calls only for drop-off types. A
 * finished task takes no task call; only the reversal of its completed job opens it again (`task.reverse`).
 */
export const taskMachine = setup({
  types: {} as TaskSchema,
  guards: {
    isPickUp: ({ context }) => PICK_UP_TYPES.has(context.taskTypeId),
    isDropOff: ({ context }) => DROP_OFF_TYPES.has(context.taskTypeId),
    hasArrived: ({ context }) => context.arrivedDate !== null,
  },
  actions: {
    recordArrival: assign((_, params: { at: string; location: ArrivedLocation }) => ({ arrivedDate: params.at, arrivedLocation: params.location })),
  },
}).createMachine({
  id: 'task',
  description: 'A pick-up or drop-off task: not started → in progress (on the way, arrived) → completed, or an exception, or cancelled.',
  context: ({ input }) => ({ taskTypeId: input.taskTypeId, arrivedDate: null, arrivedLocation: null }),
  initial: 'notStarted',
  states: {
    notStarted: {
      description: 'Not started (2001).',
      on: { 'task.start': 'inProgress', 'task.cancel': 'cancelled' },
    },
    inProgress: {
      description: 'In progress (3001): the driver is on the way, then has arrived.',
      initial: 'onTheWay',
      on: {
        'task.exceptionPickup': { guard: 'isPickUp', target: 'exception' },
        'task.exceptionDropoff': { guard: 'isDropOff', target: 'exception' },
        // No 'task.cancel' here: the server cancels a task only with its delivery (removed from a job not started,
        // whose tasks none has started; or its pick-up failed, before which its drop-off cannot start).
      },
      states: {
        onTheWay: {
          description: 'Started, not yet at the address.',
          on: {
            'task.arrived': { target: 'arrived', actions: { type: 'recordArrival', params: ({ event }) => ({ at: event.at, location: event.location }) } },
          },
        },
        arrived: {
          description: 'At the address (arrivedDate and arrivedLocation recorded).',
          on: {
            'task.completePickup': { guard: 'isPickUp', target: '#task.completed' },
            'task.completeDropoff': { guard: 'isDropOff', target: '#task.completed' },
          },
        },
      },
    },
    // Finished, but not final: reversing a completed job (reverseJobStatus) opens its last finished task again.
    // Only a drop-off: a completed pick-up is never its job's last finished task (its drop-off starts only after it
    // and finishes later; only the pick-up's failure, never its completion, cancels that drop-off).
    completed: {
      description: 'Completed (4001); a job reversal opens a completed drop-off again (in progress, arrived).',
      on: { 'task.reverse': { guard: 'isDropOff', target: '#task.inProgress.arrived' } },
    },
    exception: {
      description: 'Exception (-1001); a job reversal opens it again (in progress, where it was).',
      on: { 'task.reverse': [{ guard: 'hasArrived', target: '#task.inProgress.arrived' }, { target: '#task.inProgress.onTheWay' }] },
    },
    // Only a drop-off comes back: a pick-up is cancelled only when its delivery leaves the job, for good.
    cancelled: {
      description: 'Cancelled (-1); a job reversal that reopens the pick-up exception which cancelled a drop-off makes it not started again.',
      on: { 'task.reverse': { guard: 'isDropOff', target: 'notStarted' } },
    },
  },
});

export type TaskSnapshot = SnapshotFrom<typeof taskMachine>;

/** The stored status of the chart's state. */
export function taskStatusOf(snapshot: TaskSnapshot): TaskStatus {
  if (snapshot.matches('notStarted')) return TASK_STATUS.NOT_STARTED;
  if (snapshot.matches('inProgress')) return TASK_STATUS.IN_PROGRESS;
  if (snapshot.matches('completed')) return TASK_STATUS.COMPLETED;
  if (snapshot.matches('exception')) return TASK_STATUS.EXCEPTION;
  return TASK_STATUS.CANCELLED;
}

/** The chart where a stored task is (an in-progress task with an arrival date has arrived). */
export function taskSnapshotOf(row: TaskRow): TaskSnapshot {
  const value = (() => {
    switch (row.taskStatusId) {
      case TASK_STATUS.NOT_STARTED: return 'notStarted';
      case TASK_STATUS.IN_PROGRESS: return { inProgress: row.arrivedDate ? 'arrived' : 'onTheWay' };
      case TASK_STATUS.COMPLETED: return 'completed';
      case TASK_STATUS.EXCEPTION: return 'exception';
      case TASK_STATUS.CANCELLED: return 'cancelled';
      default: throw new Error(`Unknown task status ${row.taskStatusId}`);
    }
  })();
  return taskMachine.resolveState({
    value,
    context: { taskTypeId: row.taskTypeId, arrivedDate: row.arrivedDate ?? null, arrivedLocation: null },
  });
}
