import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import { cleanup } from '@testing-library/react';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fromPromise, SimulatedClock,
  type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import type { Scenario } from '../../src/machines/samples';
import type { StatePath } from 'xstate/graph';
import { machinePaths, transitionKeys } from '../../src/lib/flows/paths';
import { activeNodes } from '../../src/lib/flows/simulate';
import { describeWalk, walkArbitrary, walkSettings } from './model-walks';

/**
 * Model-based tests from the machines the app runs. `xstate/graph` walks the real machine; each generated
 * path is replayed against the real actor (invoked actors answered with the scenario's sample events, delays
 * through a SimulatedClock) while the view renders from it, and every state reached is checked with the
 * assertion of that state. Coverage of states and transitions is measured and printed; a state without an
 * assertion, or one no path reaches, fails the suite. Seeded random walks (tests/support/model-walks.ts) are
 * replayed the same way, after the paths; they do not count towards the coverage.
 */

type Snapshot<M extends AnyStateMachine> = SnapshotFrom<M>;

export interface Driver {
  /** Sends a user event to the actor under test (through the UI; may wait for the screen to be there). */
  send(event: AnyEventObject): void | Promise<void>;
}

export type { Scenario } from '../../src/machines/samples';

export interface ModelSpec<M extends AnyStateMachine> {
  machine: M;
  scenarios: Scenario<M>[];
  paths?: 'shortest' | 'simple';
  /** The samples' `targets`: with 'transitions', every transition must be taken by some path. */
  targets?: 'states' | 'transitions';
  /**
   * Guard coverage enforced (opt-in per machine, with targets 'transitions'): the suite fails when a named guard
   * was seen only true or only false by the replayed paths, unless `guardExemptions` names it.
   */
  guards?: boolean;
  /**
   * Guards that cannot be seen both ways by construction, each with why ('alwaysTrueHere: only reached after ...').
   * An exemption for a guard that is seen both ways, or that the machine does not have, fails too (stale).
   */
  guardExemptions?: Record<string, string>;
  /**
   * Starts the real thing with the given (controlled) machine: usually renders the view that subscribes to
   * it. Returns how to send user events to it.
   */
  start(machine: M, input: InputFrom<M>, clock: SimulatedClock): Promise<Driver> | Driver;
  /** What the user observes in each state, keyed by state path ('ready', 'form.editing'). */
  states: Record<string, (snapshot: Snapshot<M>) => void | Promise<void>>;
}

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type GuardFn = (args: unknown, params: unknown) => boolean;

/**
 * Wraps every named guard of a machine so each evaluation's outcome is recorded (guard coverage: each guard seen
 * both true and false by some path). Guards written inline in the config have no name and are not counted.
 */
function observeGuards<M extends AnyStateMachine>(machine: M, seen: Map<string, Set<boolean>>): M {
  const guards = (machine.implementations.guards ?? {}) as Record<string, unknown>;
  const wrapped = Object.fromEntries(Object.entries(guards).filter(([, guard]) => typeof guard === 'function').map(([name, guard]) => [
    name,
    (args: unknown, params: unknown) => {
      const outcome = Boolean((guard as GuardFn)(args, params));
      seen.get(name)?.add(outcome);
      return outcome;
    },
  ]));
  return provided(machine, { guards: wrapped });
}

/** Replaces every promise actor of a machine with one the path runner settles by hand. */
function controlActors<M extends AnyStateMachine>(machine: M) {
  const pending = new Map<string, Deferred>();
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors ?? {}).map((name) => [
      name,
      fromPromise(({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }))),
    ]),
  );
  return { machine: provided(machine, { actors }), pending };
}

/**
 * `provide` keeps the machine's type (xstate types it on the concrete machine); this overload says so for the
 * generic machine of a suite, which TypeScript resolves to AnyStateMachine's `provide`.
 */
function provided<M extends AnyStateMachine>(machine: M, implementations: Parameters<AnyStateMachine['provide']>[0]): M;
function provided(machine: AnyStateMachine, implementations: Parameters<AnyStateMachine['provide']>[0]): AnyStateMachine {
  return machine.provide(implementations);
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child))];
}

/** A state you can never observe: only eventless transitions out, nothing invoked, not final. */
function isTransient(node: AnyStateNode): boolean {
  return node.always !== undefined && node.always.length > 0 && node.on && Object.keys(node.on).length === 0
    && node.invoke.length === 0 && node.after.length === 0 && node.type !== 'final';
}

function statePath(node: AnyStateNode): string {
  return node.path.join('.');
}

function delayOf(machine: AnyStateMachine, eventType: string, context: unknown): number {
  const rest = eventType.slice('xstate.after.'.length);
  const node = allStateNodes(machine.root).find((candidate) => rest.endsWith(`.${candidate.id}`));
  const delay = node ? rest.slice(0, rest.length - node.id.length - 1) : rest;
  if (/^\d+$/.test(delay)) return Number(delay);
  const configured = (machine.implementations.delays as Record<string, unknown>)[delay];
  const value = typeof configured === 'function' ? (configured as (args: { context: unknown }) => number)({ context }) : configured;
  if (typeof value !== 'number') throw new Error(`Unknown delay '${delay}' in ${eventType}`);
  return value;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export interface Coverage {
  machine: string;
  states: number;
  statesReached: number;
  transitions: number;
  transitionsReached: number;
  paths: number;
  /** Failing tests of the suite: paths, the assertion check, the reach check. */
  failures: number;
  unreached: string[];
  /** States without an assertion in the suite's `states`. */
  unasserted: string[];
  /** Transitions no path takes, and whether the suite requires them all (its samples target transitions). */
  untaken?: string[];
  targets?: 'states' | 'transitions';
  /** Named guards, and how many of them some path saw both true and false. */
  guards?: number;
  guardsBothWays?: number;
  /** Guards not yet seen both ways, with the outcome missing ('isNotFound: never false'). */
  guardsOneWay?: string[];
  /** Whether the suite fails on a one-way guard (its spec's `guards`). */
  guardsEnforced?: boolean;
}

/** What replays saw: states asserted, transitions taken, named guards' outcomes. */
interface Observed {
  states: Set<string>;
  transitions: Set<string>;
  guards: Map<string, Set<boolean>>;
}

/**
 * Whether the suite's machine (the one `start` was given: its guards observed) takes `event` in the state of
 * `snapshot`: for a chart that runs deep in the app, where the test holds no handle on the running actor. The
 * assertions have checked that the view shows that very state, so this is the running chart's answer.
 */
export function chartCan(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  return machine.resolveState({ value: snapshot.value, context: snapshot.context }).can(event);
}

export function describeModel<M extends AnyStateMachine>(spec: ModelSpec<M>): void {
  const { machine } = spec;
  const observe = (): Observed => ({
    states: new Set(),
    transitions: new Set(),
    guards: new Map(Object.keys(machine.implementations.guards ?? {}).map((name) => [name, new Set<boolean>()])),
  });
  const nodes = allStateNodes(machine.root).filter((node) => node !== machine.root);
  const observable = nodes.filter((node) => !isTransient(node));
  const transitions = nodes.flatMap((node) =>
    [...node.transitions.entries()].flatMap(([eventType, list]) => list.map((_, index) => `${statePath(node)} --${eventType}#${index}`)));
  // The generated paths' coverage (the walks observe on their own).
  const pathsSeen = observe();
  const { states: reachedStates, transitions: reachedTransitions, guards: guardOutcomes } = pathsSeen;
  let failures = 0;
  let pathCount = 0;
  const unasserted = observable.map(statePath).filter((path) => !(path in spec.states));

  describe(`model: ${machine.id}`, () => {
    it('has an assertion for every state', () => {
      if (unasserted.length > 0) failures += 1;
      expect(unasserted, `states without an assertion in ${machine.id}`).toEqual([]);
    });

    const perScenario = machinePaths(machine, spec.scenarios, spec.paths, spec.targets);
    for (const [index, scenario] of spec.scenarios.entries()) {
      const paths = perScenario[index] ?? [];
      for (const path of paths) {
        pathCount += 1;
        const label = path.steps.map((step) => step.event.type).join(' → ') || '(initial)';
        it(`${scenario.name}: ${label} ⇒ ${JSON.stringify((path.state as { value: unknown }).value)}`, async () => {
          try {
            await replay(path.steps, scenario, pathsSeen);
          } catch (error) {
            failures += 1;
            throw error;
          }
        });
      }
    }

    it('reaches every state', () => {
      const unreached = observable.map(statePath).filter((path) => !reachedStates.has(path));
      if (unreached.length > 0) failures += 1;
      expect(unreached, `states of ${machine.id} no generated path reaches`).toEqual([]);
    });

    if (spec.targets === 'transitions') {
      it('takes every transition', () => {
        const untaken = transitions.filter((transition) => !reachedTransitions.has(transition));
        if (untaken.length > 0) failures += 1;
        expect(untaken, `transitions of ${machine.id} no generated path takes`).toEqual([]);
      });
    }

    if (spec.guards) {
      it('sees every guard both ways', () => {
        const exemptions = spec.guardExemptions ?? {};
        const oneWay = oneWayGuards().filter(([name]) => !(name in exemptions)).map(describeOneWay);
        const stale = Object.keys(exemptions).filter((name) => (guardOutcomes.get(name)?.size ?? 2) === 2);
        if (oneWay.length > 0 || stale.length > 0) failures += 1;
        expect(oneWay, `guards of ${machine.id} no generated path sees both true and false`).toEqual([]);
        expect(stale, `guard exemptions of ${machine.id} that name no one-way guard`).toEqual([]);
      });
    }

    const walks = walkSettings(machine.id);
    if (walks.runs > 0) {
      // A failing run is shrunk: each retry renders again, so the budget allows for a few dozen of them.
      const budget = 60_000 + walks.runs * walks.maxSteps * 1_000;
      it('random walks', async () => {
        const file = relative(process.cwd(), expect.getState().testPath ?? '');
        const replayHint = (seed: number, path?: string) =>
          `WALK_SEED=${seed}${path ? ` WALK_PATH="${path}"` : ''} npx vitest run --project 'model*' ${file} -t "random walks"`;
        console.log(`random walks of ${machine.id}: ${walks.runs} walk(s) of at most ${walks.maxSteps} events, seed ${walks.seed} (again: ${replayHint(walks.seed, walks.path)})`);
        const observed = observe();
        let events = 0;
        const property = fc.asyncProperty(walkArbitrary(machine, spec.scenarios, walks.maxSteps), async (walk) => {
          events += walk.steps.length - 1;
          await replay(walk.steps, spec.scenarios[walk.scenario]!, observed);
        }).beforeEach(() => cleanup());
        const details = await fc.check(property, {
          seed: walks.seed, numRuns: walks.runs, path: walks.path, interruptAfterTimeLimit: budget - 15_000,
        });
        if (details.failed) {
          failures += 1;
          const [walk] = details.counterexample ?? [];
          const cause = details.errorInstance;
          throw new Error([
            `A random walk of ${machine.id} failed (seed ${details.seed}; shrunk ${details.numShrinks} time(s)${details.interrupted ? ', interrupted' : ''}).`,
            `Shortest failing walk: ${walk ? describeWalk(walk, spec.scenarios) : '(none)'}`,
            `Replay it: ${replayHint(details.seed, details.counterexamplePath ?? undefined)}`,
            `${cause instanceof Error ? cause.message : String(cause)}`,
          ].join('\n'), { cause });
        }
        console.log(`random walks of ${machine.id}: ${details.numRuns} walk(s), ${events} events, ${observed.states.size} states and ${observed.transitions.size} transitions seen, seed ${details.seed}: passed`);
      }, budget);
    }

    afterAll(() => {
      const row = coverage();
      console.log(formatCoverage([row]));
      // `npm run test:model` collects every machine's row into one table.
      const collector = process.env.MODEL_COVERAGE_FILE;
      if (collector) appendFileSync(collector, `${JSON.stringify(row)}\n`);
    });
  });

  /** Replays a generated path's or a walk's steps through the real view, asserting each state reached. */
  async function replay(steps: StatePath<Snapshot<M>, AnyEventObject>['steps'], scenario: Scenario<M>, observed: Observed) {
    const clock = new SimulatedClock();
    const controlled = controlActors(observeGuards(machine, observed.guards));
    const driver = await spec.start(controlled.machine, scenario.input, clock);
    let previous: Snapshot<M> | undefined;
    for (const step of steps) {
      const { event } = step;
      if (previous) transitionKeys(previous, event).forEach((key) => observed.transitions.add(key));
      if (event.type.startsWith('xstate.done.actor.')) {
        const id = event.type.slice('xstate.done.actor.'.length);
        settle(controlled.pending, id).resolve((event as { output?: unknown }).output);
      } else if (event.type.startsWith('xstate.error.actor.')) {
        const id = event.type.slice('xstate.error.actor.'.length);
        settle(controlled.pending, id).reject((event as { error?: unknown }).error);
      } else if (event.type.startsWith('xstate.after.')) {
        clock.increment(delayOf(machine, event.type, (previous as { context?: unknown } | undefined)?.context));
      } else if (event.type !== 'xstate.init') {
        await driver.send(event);
      }
      await flush();
      await assertState(step.state, observed);
      previous = step.state;
    }
  }

  function settle(pending: Map<string, Deferred>, id: string): Deferred {
    const deferred = pending.get(id);
    if (!deferred) throw new Error(`The path settles actor '${id}', but the running actor has not invoked it`);
    pending.delete(id);
    return deferred;
  }

  async function assertState(snapshot: Snapshot<M>, observed: Observed) {
    const active = activeNodes(snapshot).filter((node) => node !== machine.root);
    for (const node of active) {
      const path = statePath(node);
      observed.states.add(path);
      const assertion = spec.states[path];
      if (!assertion) throw new Error(`No assertion for state '${path}' of ${machine.id}`);
      await assertion(snapshot);
    }
  }

  function coverage(): Coverage {
    return {
      machine: machine.id,
      states: observable.length,
      statesReached: observable.filter((node) => reachedStates.has(statePath(node))).length,
      transitions: transitions.length,
      transitionsReached: transitions.filter((transition) => reachedTransitions.has(transition)).length,
      paths: pathCount,
      failures,
      unreached: observable.map(statePath).filter((path) => !reachedStates.has(path)),
      unasserted,
      untaken: transitions.filter((transition) => !reachedTransitions.has(transition)),
      targets: spec.targets ?? 'states',
      guards: guardOutcomes.size,
      guardsBothWays: [...guardOutcomes.values()].filter((outcomes) => outcomes.size === 2).length,
      guardsOneWay: oneWayGuards().map(describeOneWay),
      guardsEnforced: spec.guards ?? false,
    };
  }

  function oneWayGuards(): [string, Set<boolean>][] {
    return [...guardOutcomes].filter(([, outcomes]) => outcomes.size < 2);
  }
}

function describeOneWay([name, outcomes]: [string, Set<boolean>]): string {
  return `${name}: never ${outcomes.has(true) ? 'false' : outcomes.has(false) ? 'true' : 'evaluated'}`;
}

export function formatCoverage(rows: Coverage[]): string {
  const header = ['machine', 'states', 'reached', 'transitions', 'reached', 'guards', 'both ways', 'paths', 'failures'];
  // Nothing to cover (a chart without guards) is fully covered, not 0 %.
  const share = (part: number, whole: number) => (whole === 0 ? '- (100%)' : `${part} (${Math.round((100 * part) / whole)}%)`);
  const body = rows.map((row) => [
    row.machine, String(row.states), share(row.statesReached, row.states),
    String(row.transitions), share(row.transitionsReached, row.transitions),
    String(row.guards ?? 0), share(row.guardsBothWays ?? 0, row.guards ?? 0),
    String(row.paths), String(row.failures),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return ['', 'Model-based coverage', line(header), ...body.map(line), ''].join('\n');
}
