import fc from 'fast-check';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, SnapshotFrom } from 'xstate';
import type { Scenario } from '../../src/machines/samples';
import { describeEvent, enabledEvents, startSimulation, takeEvent } from '../../src/lib/flows/simulate';

/**
 * Seeded random walks over a machine (issue 24): a walk is a scenario and a list of choices; each choice picks,
 * modulo their number, one of the events the current snapshot can take (the scenario's sample events of the
 * types the active states accept, bare events for types without samples, guards checked), until the walk ends
 * or the machine is done. The snapshots are the machine's own pure transitions, as the generated paths'; the
 * model suite replays a walk exactly as it replays a path (tests/support/model-paths.ts).
 *
 * fast-check generates the choices and, on a failure, shrinks them: fewer choices, and each towards 0 (the first
 * enabled event), so the walk printed is a shortest one that still fails.
 */

export interface WalkStep<S> {
  event: AnyEventObject;
  state: S;
}

export interface Walk<S> {
  scenario: number;
  steps: WalkStep<S>[];
}

/** The events of a walk, as printed in a failure and in the replay hint. */
export function describeWalk(walk: Walk<unknown>, scenarios: { name: string }[]): string {
  const events = walk.steps.map((step) => describeEvent(step.event)).join(' → ');
  return `scenario "${scenarios[walk.scenario]?.name ?? walk.scenario}": ${events}`;
}

/** The walk the choices make from a scenario's start (a choice past the machine's end is ignored). */
export function decodeWalk<M extends AnyStateMachine>(
  machine: M, scenarios: Scenario<M>[], scenarioIndex: number, choices: number[],
): Walk<SnapshotFrom<M>>;
export function decodeWalk(
  machine: AnyStateMachine, scenarios: Scenario<AnyStateMachine>[], scenarioIndex: number, choices: number[],
): Walk<AnyMachineSnapshot> {
  const scenario = scenarios[scenarioIndex]!;
  const samples = scenario.events ?? [];
  let state = startSimulation(machine, scenario.input);
  const steps: WalkStep<AnyMachineSnapshot>[] = [{ event: { type: 'xstate.init' }, state }];
  for (const choice of choices) {
    const enabled = enabledEvents(state, samples);
    if (enabled.length === 0) break;
    const event = enabled[choice % enabled.length]!;
    state = takeEvent(machine, state, event);
    steps.push({ event, state });
  }
  return { scenario: scenarioIndex, steps };
}

export interface WalkSettings {
  /** Walks per machine: `WALKS` (default 2 in `npm test`; `npm run test:walks` runs 200). */
  runs: number;
  /** Events per walk at most: `WALK_STEPS` (default 8). */
  maxSteps: number;
  /** `WALK_SEED`, else a fresh one per machine and run (printed either way). */
  seed: number;
  /** `WALK_PATH`: fast-check's path to one (shrunk) walk of that seed, as a failure prints it. */
  path?: string;
}

const whole = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
};

export function walkSettings(environment: Record<string, string | undefined> = process.env): WalkSettings {
  return {
    runs: whole(environment.WALKS, 2),
    maxSteps: Math.max(1, whole(environment.WALK_STEPS, 8)),
    seed: whole(environment.WALK_SEED, Math.floor(Math.random() * 0x7fffffff)),
    path: environment.WALK_PATH || undefined,
  };
}

/** Random walks of a machine over its scenarios, printed as their events (fast-check's counterexample). */
export function walkArbitrary<M extends AnyStateMachine>(
  machine: M, scenarios: Scenario<M>[], maxSteps: number,
): fc.Arbitrary<Walk<SnapshotFrom<M>>> {
  return fc.tuple(
    fc.nat({ max: Math.max(0, scenarios.length - 1) }),
    // Uniform lengths and choices: fast-check's bias towards small values would make most walks a step or two
    // long and favour each state's first events. Shrinking still goes towards fewer and smaller choices.
    fc.noBias(fc.array(fc.nat({ max: 0xffff }), { minLength: 1, maxLength: maxSteps })),
  ).map(([scenario, choices]) => {
    const walk = decodeWalk(machine, scenarios, scenario, choices);
    return Object.assign(walk, { [fc.toStringMethod]: () => describeWalk(walk, scenarios) });
  });
}
