import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import type { Scenario } from './samples';
import type { FlowGraph } from './graph';
import { activeIds, activeNodes, takenEdges } from './simulate';

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

/** The paths of one scenario, exactly as the model-based tests replay them (tests/support/model-paths.ts). */
export function scenarioPaths(machine: AnyStateMachine, scenario: Scenario<AnyStateMachine>, kind: 'shortest' | 'simple' = 'shortest'): AnyPath[] {
  const generate = kind === 'simple' ? getSimplePaths : getShortestPaths;
  return shortestPerState(generate(machine, { input: scenario.input, events: eventsFor(scenario.events ?? []) as never }) as AnyPath[]);
}

export function generatePaths(
  machine: AnyStateMachine, graph: FlowGraph, scenarios: Scenario<AnyStateMachine>[], kind: 'shortest' | 'simple' = 'shortest',
): TestPath[] {
  return scenarios.flatMap((scenario, scenarioIndex) => {
    const paths = scenarioPaths(machine, scenario, kind);
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
