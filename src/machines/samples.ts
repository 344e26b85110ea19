import type { AnyStateMachine } from 'xstate';
import type { MachineSamples, Scenario } from '../lib/flows/samples';

// The shapes are the flows toolkit's (src/lib/flows reads them and may not import src/machines).
export type { MachineSamples, Scenario };

export function defineSamples<M extends AnyStateMachine>(machine: M, scenarios: Scenario<M>[], targets: MachineSamples<M>['targets'] = 'states'): MachineSamples<M> {
  return { machine, scenarios, targets };
}
