import type { AnyEventObject, AnyStateMachine, InputFrom } from 'xstate';

/**
 * A named start of a machine: its input and the sample events its generated paths need (outputs and errors
 * of invoked actors as `xstate.done.actor.<id>` / `xstate.error.actor.<id>`, user events with payloads).
 * The model-based tests and the /flows simulator read the same catalogue, so both exercise the same flows.
 */
export interface Scenario<M extends AnyStateMachine> {
  name: string;
  input: InputFrom<M>;
  events?: AnyEventObject[];
}

/** A machine and its scenarios; each `<name>.samples.ts` beside a machine exports one of these. */
export interface MachineSamples<M extends AnyStateMachine> {
  machine: M;
  scenarios: Scenario<M>[];
  /**
   * 'transitions': paths also target every transition the state-targeted ones miss, and the model suite
   * fails on a transition no path takes (machines move to this one by one; 'states' until then).
   */
  targets?: 'states' | 'transitions';
}
