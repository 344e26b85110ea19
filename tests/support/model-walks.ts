import fc from 'fast-check';
import { initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import type { Scenario } from '../../src/machines/samples';
import { describeEvent, enabledEvents } from '../../src/lib/flows/simulate';

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
  const pending = new Pending();
  let [state, actions] = initialTransition(machine, scenario.input);
  pending.track(actions);
  const steps: WalkStep<AnyMachineSnapshot>[] = [{ event: { type: 'xstate.init' }, state }];
  for (const choice of choices) {
    const enabled = enabledEvents(state, samples).filter((event) => pending.canHappen(state, event));
    if (enabled.length === 0) break;
    const event = enabled[choice % enabled.length]!;
    pending.happened(state, event);
    [state, actions] = transition(machine, state, event);
    pending.track(actions);
    steps.push({ event, state });
  }
  return { scenario: scenarioIndex, steps };
}

/**
 * What can still happen on its own: an invoked actor answers once per invocation, a delay fires once per
 * scheduling. The pure snapshot keeps a settled actor and its state still lists `xstate.done.actor.<id>`, so
 * without this a walk would settle one invocation twice, or fire a delay that was never scheduled again.
 */
class Pending {
  private readonly delays = new Set<string>();
  private readonly settled = new Map<string, unknown>();

  track(actions: { type: string; params?: unknown }[]) {
    for (const action of actions) {
      const params = (action.params ?? {}) as { delay?: unknown; id?: string; sendId?: string; event?: { type?: string } };
      if (action.type === 'xstate.raise' && params.delay !== undefined && params.event?.type) this.delays.add(params.event.type);
      if (action.type === 'xstate.cancel') this.delays.delete(params.sendId ?? params.id ?? '');
    }
  }

  canHappen(state: AnyMachineSnapshot, event: AnyEventObject): boolean {
    if (event.type.startsWith('xstate.after.')) return this.delays.has(event.type);
    const id = actorOf(event.type);
    return id === undefined || (state.children[id] !== undefined && state.children[id] !== this.settled.get(id));
  }

  happened(state: AnyMachineSnapshot, event: AnyEventObject) {
    if (event.type.startsWith('xstate.after.')) this.delays.delete(event.type);
    const id = actorOf(event.type);
    if (id !== undefined) this.settled.set(id, state.children[id]);
  }
}

function actorOf(eventType: string): string | undefined {
  const match = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(eventType);
  return match?.[1];
}

export interface WalkSettings {
  /**
   * Walks per machine: `WALKS` (`npm run test:walks` runs 200; `WALKS=0` none). Default 2, with the seed fixed per
   * machine, so `npm test` walks every chart the same way on every run.
   */
  runs: number;
  /** Events per walk at most: `WALK_STEPS` (default 8). */
  maxSteps: number;
  /**
   * `WALK_SEED=<n>`; `WALK_SEED=random` (as `npm run test:walks` sets it) a fresh one per machine and run; unset, one
   * fixed per machine (its id's hash), so the walks of `npm test` are the same on every run. Printed either way.
   */
  seed: number;
  /** `WALK_PATH`: fast-check's path to one (shrunk) walk of that seed, as a failure prints it. */
  path?: string;
}

const whole = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
};

/** A machine's fixed seed: its id's FNV-1a hash. */
function seedOf(machineId: string): number {
  let hash = 0x811c9dc5;
  for (const char of machineId) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash & 0x7fffffff;
}

export function walkSettings(machineId: string, environment: Record<string, string | undefined> = process.env): WalkSettings {
  const seed = environment.WALK_SEED === 'random' ? Math.floor(Math.random() * 0x7fffffff) : whole(environment.WALK_SEED, seedOf(machineId));
  return {
    runs: whole(environment.WALKS, 2),
    maxSteps: Math.max(1, whole(environment.WALK_STEPS, 8)),
    seed,
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
