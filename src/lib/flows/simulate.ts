import {
  fromPromise, initialTransition, transition,
  type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode,
} from 'xstate';
import type { FlowEdge } from './graph';

/**
 * The simulator of /flows and the path overlay: the machine's own pure transitions (`initialTransition` /
 * `transition`, nothing executed, no network), with the invoked actors replaced by ones that never settle,
 * so `xstate.done.actor.*` and `xstate.error.actor.*` are taken by hand from the scenario's sample events, as
 * the model-based tests settle them.
 */

export function inertMachine(machine: AnyStateMachine): AnyStateMachine {
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors ?? {}).map((name) => [name, fromPromise(() => new Promise<never>(() => {}))]));
  return machine.provide({ actors } as never);
}

export function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
}

/** State ids of the active configuration, without the machine's own root (always active). */
export function activeIds(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set(activeNodes(snapshot).filter((node) => node.path.length > 0).map((node) => node.id));
}

export function startSimulation(machine: AnyStateMachine, input: unknown): AnyMachineSnapshot {
  return initialTransition(machine, input as never)[0] as AnyMachineSnapshot;
}

export function takeEvent(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): AnyMachineSnapshot {
  return transition(machine, snapshot as never, event as never)[0] as AnyMachineSnapshot;
}

/** Event types the active states handle (their own `on`, delays, invoked actors' done and error). */
export function acceptedTypes(snapshot: AnyMachineSnapshot): string[] {
  return [...new Set(activeNodes(snapshot).flatMap((node) => node.ownEvents))].filter((type) => type !== '' && type !== '*');
}

/**
 * What can be taken now: for each accepted type, the catalogue's sample events of that type (payloads),
 * else the bare event; only those the machine would act on (guards checked by `snapshot.can`).
 */
export function enabledEvents(snapshot: AnyMachineSnapshot, samples: AnyEventObject[] = []): AnyEventObject[] {
  if (snapshot.status !== 'active') return [];
  return acceptedTypes(snapshot).flatMap((type) => {
    const matching = samples.filter((event) => event.type === type);
    const candidates = matching.length > 0 ? matching : [{ type }];
    return candidates.filter((event) => {
      try {
        return snapshot.can(event as never);
      } catch {
        return false;
      }
    });
  });
}

interface TransitionLike {
  source: AnyStateNode;
  eventType: string;
}

/**
 * The transitions (edge ids) of the chart this very event takes from this snapshot: the machine's own
 * selection (`getTransitionData`: guards evaluated, innermost state first), matched to the graph's edge ids.
 */
export function takenEdges(edges: FlowEdge[], snapshot: AnyMachineSnapshot, event: AnyEventObject): string[] {
  let selected: TransitionLike[];
  try {
    selected = snapshot.machine.getTransitionData(snapshot as never, event as never) as unknown as TransitionLike[];
  } catch {
    return edgesFor(edges, snapshot, event.type);
  }
  return selected.flatMap((transition) => {
    const source = transition.source;
    const all = [...[...source.transitions.values()].flat(), ...(source.always ?? [])] as unknown[];
    const prefix = `${source.id}:${transition.eventType || 'always'}:${all.indexOf(transition)}:`;
    return edges.filter((edge) => edge.id.startsWith(prefix)).map((edge) => edge.id);
  });
}

/** Every transition (edge id) of the chart from the active states for an event type, whatever the guards. */
export function edgesFor(edges: FlowEdge[], snapshot: AnyMachineSnapshot, eventType: string): string[] {
  const active = activeIds(snapshot);
  return edges.filter((edge) => active.has(edge.source) && edge.eventType === eventType).map((edge) => edge.id);
}

/** A short, readable name for a sample event: its type and the gist of its payload. */
export function describeEvent(event: AnyEventObject): string {
  const { type, ...rest } = event as AnyEventObject & Record<string, unknown>;
  const keys = Object.keys(rest);
  if (keys.length === 0) return type;
  const gist = keys.map((key) => {
    const value = rest[key];
    if (value instanceof Error) return `${key}: ${value.message}`;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return `${key}: ${String(value)}`;
    if (Array.isArray(value)) return `${key}: [${value.length}]`;
    if (typeof value === 'object' && value && 'message' in value) return `${key}: ${String((value as { message: unknown }).message)}`;
    return `${key}: {…}`;
  }).join(', ');
  return `${type} (${gist.length > 80 ? `${gist.slice(0, 77)}…` : gist})`;
}
