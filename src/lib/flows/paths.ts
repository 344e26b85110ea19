import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import type { Scenario } from './samples';
import type { FlowGraph } from './graph';
import { activeIds, activeNodes, takeEvent, takenEdges } from './simulate';

/**
 * The generated test paths of a machine, as the model-based tests generate them (xstate/graph over the real
 * machine, the scenario's sample events where it has them, one path per reached state value and last event),
 * and what they cover of the chart.
 */

export interface TestPath {
  id: string;
  scenario: string;
  /** 'xstate.init → auth.login → done: login'. */
  label: string;
  events: AnyEventObject[];
  /** Per step: the edges taken and the states active after it. */
  steps: { event: AnyEventObject; edges: string[]; states: string[] }[];
  target: string;
}

export interface PathCoverage {
  states: number;
  statesReached: number;
  transitions: number;
  transitionsReached: number;
  unreachedStates: string[];
}

function eventsFor(samples: AnyEventObject[]) {
  return (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const types = [...new Set(activeNodes(snapshot).flatMap((node: AnyStateNode) => node.ownEvents))];
    return types.flatMap((type) => {
      const matching = samples.filter((event) => event.type === type);
      return matching.length > 0 ? matching : [{ type }];
    });
  };
}

type AnyPath = StatePath<AnyMachineSnapshot, AnyEventObject>;

function shortestPerState(paths: AnyPath[]): AnyPath[] {
  const best = new Map<string, AnyPath>();
  for (const path of paths) {
    const key = `${JSON.stringify(path.state.value)} ${path.steps.at(-1)?.event.type ?? ''}`;
    const current = best.get(key);
    if (!current || path.steps.length < current.steps.length) best.set(key, path);
  }
  return [...best.values()];
}

/**
 * The transitions an event takes from a snapshot, guards evaluated, named `<state path> --<event>#<index>`
 * (the index among that state's transitions for the event: a guarded alternative is a transition of its own).
 */
export function transitionKeys(snapshot: AnyMachineSnapshot, event: AnyEventObject): string[] {
  let selected: ReturnType<AnyStateMachine['getTransitionData']>;
  try {
    selected = snapshot.machine.getTransitionData(snapshot, event);
  } catch {
    return [];
  }
  return selected.map((transition) => {
    const list: unknown[] = transition.source.transitions.get(transition.eventType) ?? [];
    return `${transition.source.path.join('.')} --${transition.eventType}#${list.indexOf(transition)}`;
  });
}

function pathKeys(path: AnyPath): string[] {
  return path.steps.slice(1).flatMap((step, index) => transitionKeys(path.steps[index]!.state, step.event));
}

/**
 * Transition-targeted paths: for each transition no kept path takes, the shortest path to a snapshot from
 * which some sample event takes it, plus that event. Shortest paths end once per state, so a transition back
 * to a state already reached (a retry, a cancel, a guard that refuses) is only reached this way.
 */
function transitionPaths(
  machine: AnyStateMachine, all: AnyPath[], covered: Set<string>, events: (snapshot: AnyMachineSnapshot) => AnyEventObject[],
): AnyPath[] {
  const extra: AnyPath[] = [];
  for (const path of [...all].sort((a, b) => a.steps.length - b.steps.length)) {
    if (path.state.status !== 'active') continue;
    for (const event of events(path.state)) {
      const keys = transitionKeys(path.state, event);
      if (keys.length === 0 || keys.every((key) => covered.has(key))) continue;
      keys.forEach((key) => covered.add(key));
      const next = takeEvent(machine, path.state, event);
      extra.push({ state: next, steps: [...path.steps, { event, state: next }], weight: path.weight + 1 });
    }
  }
  return extra;
}

/**
 * The paths of a machine's scenarios, exactly as the model-based tests replay them (tests/support/model-paths.ts):
 * one per reached state and last event; with `targets: 'transitions'`, one more per transition that none of
 * those takes, from the first scenario (in catalogue order) where a sample event takes it.
 */
export function machinePaths<M extends AnyStateMachine>(
  machine: M, scenarios: Scenario<M>[], kind?: 'shortest' | 'simple', targets?: 'states' | 'transitions',
): StatePath<SnapshotFrom<M>, AnyEventObject>[][];
export function machinePaths(
  machine: AnyStateMachine, scenarios: Scenario<AnyStateMachine>[], kind: 'shortest' | 'simple' = 'shortest', targets: 'states' | 'transitions' = 'states',
): AnyPath[][] {
  const generate = kind === 'simple' ? getSimplePaths : getShortestPaths;
  const walks = scenarios.map((scenario) => {
    const events = eventsFor(scenario.events ?? []);
    const all: AnyPath[] = generate(machine, { input: scenario.input, events });
    return { events, all, kept: shortestPerState(all) };
  });
  if (targets === 'states') return walks.map((walk) => walk.kept);
  const covered = new Set(walks.flatMap((walk) => walk.kept.flatMap(pathKeys)));
  return walks.map((walk) => [...walk.kept, ...transitionPaths(machine, walk.all, covered, walk.events)]);
}

export function generatePaths(
  machine: AnyStateMachine, graph: FlowGraph, scenarios: Scenario<AnyStateMachine>[], kind: 'shortest' | 'simple' = 'shortest',
  targets: 'states' | 'transitions' = 'states',
): TestPath[] {
  const perScenario = machinePaths(machine, scenarios, kind, targets);
  return scenarios.flatMap((scenario, scenarioIndex) => {
    const paths = perScenario[scenarioIndex]!;
    return paths.map((path, index) => {
      let previous: AnyMachineSnapshot | undefined;
      const steps = path.steps.map((step) => {
        const edges = previous ? takenEdges(graph.edges, previous, step.event) : [];
        previous = step.state;
        return { event: step.event, edges, states: [...activeIds(step.state)] };
      });
      return {
        id: `${scenarioIndex}:${index}`,
        scenario: scenario.name,
        label: path.steps.map((step) => step.event.type).join(' → ') || '(initial)',
        events: path.steps.map((step) => step.event),
        steps,
        target: JSON.stringify(path.state.value),
      };
    });
  });
}

export function pathCoverage(graph: FlowGraph, paths: TestPath[]): PathCoverage {
  const states: string[] = [];
  // Transient states are never observed (left at once): not counted, as in `npm run test:model`.
  const walk = (node: FlowGraph['root']) => node.children.forEach((child) => {
    if (!child.transient) states.push(child.id);
    walk(child);
  });
  walk(graph.root);
  const reachedStates = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.states)));
  const reachedEdges = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.edges)));
  return {
    states: states.length,
    statesReached: states.filter((id) => reachedStates.has(id)).length,
    transitions: graph.edges.length,
    transitionsReached: graph.edges.filter((edge) => reachedEdges.has(edge.id)).length,
    unreachedStates: states.filter((id) => !reachedStates.has(id)),
  };
}
