import { transition, type AnyMachineSnapshot, type AnyStateMachine, type EventFromLogic, type SnapshotFrom } from 'xstate';

/**
 * One step of a pure chart from a stored state: the next snapshot when the chart takes the event, or null
 * when it does not (the server answers 409 and changes nothing; views do not offer the action).
 */
export function step<M extends AnyStateMachine>(machine: M, from: SnapshotFrom<M>, event: EventFromLogic<M>): SnapshotFrom<M> | null {
  if (!(from as AnyMachineSnapshot).can(event)) return null;
  return transition(machine, from, event)[0];
}
