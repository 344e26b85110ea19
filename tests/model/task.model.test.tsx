import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { TASK_STATUS, TASK_TYPE } from '../../src/lib/statuses';
import { isPickUpTask, taskMachine, taskSnapshotOf, taskStatusOf, type TaskSnapshot } from '../../src/machines/operations/task.machine';
import type { TaskEvent } from '../../src/machines/operations/task.types';
import { taskSamples } from '../../src/machines/operations/task.samples';
import { step } from '../../src/machines/operations/transitions';
import { describeModel } from '../support/model-paths';

/**
 * The task chart is pure: the server resumes it from the stored row for every task call and the views ask it
 * which actions to offer. Each state of each generated path is checked three ways: the running chart is
 * there, its stored status is the spec's code, and a chart resumed from that stored row allows exactly the
 * calls the running one allows (what the server would accept), which is the spec's list for that state.
 */
const probes: TaskEvent[] = [
  { type: 'task.start' },
  { type: 'task.arrived', at: '2026-11-21T08:15:00.000Z', location: { lat: 0, lon: 0 } },
  { type: 'task.completePickup' },
  { type: 'task.completeDropoff' },
  { type: 'task.exceptionPickup' },
  { type: 'task.exceptionDropoff' },
  { type: 'task.cancel' },
];

let running: Actor<typeof taskMachine>;

function allowed(snapshot: TaskSnapshot): string[] {
  return probes.filter((event) => step(taskMachine, snapshot, event) !== null).map((event) => event.type);
}

function check(snapshot: TaskSnapshot, status: number, expectedCalls: (pickUp: boolean) => string[]) {
  const live = running.getSnapshot();
  expect(live.value).toEqual(snapshot.value);
  expect(taskStatusOf(live)).toBe(status);
  const resumed = taskSnapshotOf({ taskTypeId: live.context.taskTypeId, taskStatusId: taskStatusOf(live), arrivedDate: live.context.arrivedDate });
  expect(resumed.value).toEqual(live.value);
  expect(allowed(resumed)).toEqual(allowed(live));
  expect(allowed(live)).toEqual(expectedCalls(isPickUpTask(live.context.taskTypeId)));
}

describeModel({
  machine: taskMachine,
  scenarios: taskSamples.scenarios,
  targets: taskSamples.targets,
  guards: true,
  start(machine, input, clock) {
    running = createActor(machine, { input, clock }).start();
    return { send: (event) => running.send(event as TaskEvent) };
  },
  states: {
    notStarted: (snapshot) => check(snapshot, TASK_STATUS.NOT_STARTED, () => ['task.start', 'task.cancel']),
    inProgress: (snapshot) => expect(taskStatusOf(snapshot)).toBe(TASK_STATUS.IN_PROGRESS),
    'inProgress.onTheWay': (snapshot) => check(snapshot, TASK_STATUS.IN_PROGRESS, (pickUp) =>
      ['task.arrived', pickUp ? 'task.exceptionPickup' : 'task.exceptionDropoff']),
    'inProgress.arrived': (snapshot) => {
      check(snapshot, TASK_STATUS.IN_PROGRESS, (pickUp) =>
        [pickUp ? 'task.completePickup' : 'task.completeDropoff', pickUp ? 'task.exceptionPickup' : 'task.exceptionDropoff']);
      expect(running.getSnapshot().context.arrivedLocation).not.toBeNull();
    },
    completed: (snapshot) => check(snapshot, TASK_STATUS.COMPLETED, () => []),
    exception: (snapshot) => check(snapshot, TASK_STATUS.EXCEPTION, () => []),
    cancelled: (snapshot) => check(snapshot, TASK_STATUS.CANCELLED, () => []),
  },
});

// Store pick-ups and QSR store pick-ups are pick-ups; store drop-offs are drop-offs.
expect([TASK_TYPE.STORE_PICK_UP, TASK_TYPE.QSR_STORE_PICK_UP].every(isPickUpTask)).toBe(true);
expect(isPickUpTask(TASK_TYPE.STORE_DROP_OFF)).toBe(false);
