import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { JOB_STATUS } from '../../src/lib/statuses';
import { jobMachine, jobSnapshotOf, jobStatusOf, type JobSnapshot } from '../../src/machines/operations/job.machine';
import type { JobEvent } from '../../src/machines/operations/job.types';
import { jobSamples } from '../../src/machines/operations/job.samples';
import { step } from '../../src/machines/operations/transitions';
import { describeModel } from '../support/model-paths';

/** Every job call with the facts it carries, to ask a chart which calls it takes. */
const probes: { name: string; event: JobEvent }[] = [
  { name: 'assign', event: { type: 'job.assign', driverId: 3 } },
  { name: 'unassign', event: { type: 'job.unassign' } },
  { name: 'reject', event: { type: 'job.reject' } },
  { name: 'start', event: { type: 'job.start' } },
  { name: 'tasksFinished', event: { type: 'job.tasksFinished' } },
  { name: 'addDeliveries', event: { type: 'job.deliveries.add' } },
  { name: 'removeDelivery', event: { type: 'job.deliveries.remove', remaining: 1 } },
  { name: 'notifyDelay', event: { type: 'job.notifyDelay' } },
  { name: 'reverseUntouched', event: { type: 'job.reverse', tasksStarted: 0 } },
  { name: 'reverseStarted', event: { type: 'job.reverse', tasksStarted: 1 } },
];

let running: Actor<typeof jobMachine>;

function allowed(snapshot: JobSnapshot): string[] {
  return probes.filter(({ event }) => step(jobMachine, snapshot, event) !== null).map(({ name }) => name);
}

/** The running chart is in the path's state, stores the spec's code, and resumes from it with the same calls. */
function check(snapshot: JobSnapshot, status: number, calls: string[]) {
  const live = running.getSnapshot();
  expect(live.value).toEqual(snapshot.value);
  expect(jobStatusOf(live)).toBe(status);
  const resumed = jobSnapshotOf({ jobStatusId: jobStatusOf(live) });
  expect(resumed.value).toEqual(live.value);
  expect(allowed(resumed)).toEqual(calls);
  expect(allowed(live)).toEqual(calls);
}

describeModel({
  machine: jobMachine,
  scenarios: jobSamples.scenarios,
  targets: jobSamples.targets,
  guards: true,
  start(machine, _input, clock) {
    running = createActor(machine, { clock }).start();
    return { send: (event) => running.send(event as JobEvent) };
  },
  states: {
    unassigned: (snapshot) => check(snapshot, JOB_STATUS.UNASSIGNED, ['assign', 'addDeliveries', 'removeDelivery']),
    notStarted: (snapshot) => check(snapshot, JOB_STATUS.NOT_STARTED,
      ['assign', 'unassign', 'reject', 'start', 'addDeliveries', 'removeDelivery', 'notifyDelay', 'reverseUntouched', 'reverseStarted']),
    inProgress: (snapshot) => check(snapshot, JOB_STATUS.IN_PROGRESS, ['tasksFinished', 'addDeliveries', 'notifyDelay', 'reverseUntouched']),
    completed: (snapshot) => check(snapshot, JOB_STATUS.COMPLETED, ['reverseUntouched', 'reverseStarted']),
    cancelled: (snapshot) => check(snapshot, JOB_STATUS.CANCELLED, []),
  },
});
