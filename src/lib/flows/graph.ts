import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { actionName, edgeEventLabel, guardName, type DelaySources } from './labels';

/**
 * A statechart as data the layout, the SVG and the Mermaid export share: state nodes in document order and
 * every transition with readable labels. Built from `toDirectedGraph` (xstate/graph) over the real machine,
 * plus the eventless (`always`) transitions it leaves out.
 */

export type FlowNodeKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface FlowNode {
  /** The state node's id ('auth.signedIn.idle'): unique in the machine. */
  id: string;
  key: string;
  /** Path below the root, dot-joined ('signedIn.idle'); '' for the root. */
  path: string;
  kind: FlowNodeKind;
  history?: 'shallow' | 'deep';
  description?: string;
  /** The initial child of a compound parent. */
  initial: boolean;
  /** A region of a parallel state. */
  region: boolean;
  /**
   * Left at once by eventless transitions (nothing else handled, nothing invoked, not final): never observed,
   * so coverage leaves it out, as the model-based tests do.
   */
  transient?: boolean;
  tags: string[];
  children: FlowNode[];
}

export interface FlowEdge {
  /** Stable across runs: source id, event type, index of the transition, index of the target. */
  id: string;
  source: string;
  target: string;
  /** The event type as the machine writes it ('' for eventless). */
  eventType: string;
  /** Readable: 'auth.login', 'after 30 s', 'done: login', 'error: login', 'always'. */
  event: string;
  /** Constant behind a delay ('RETRY_INTERVAL_MS'), when known. */
  delayName?: string;
  guard?: string;
  actions: string[];
  /** A transition without a target: the state is not left (drawn as a loop). */
  internal: boolean;
  reenter: boolean;
}

export interface FlowGraph {
  id: string;
  description?: string;
  root: FlowNode;
  edges: FlowEdge[];
}

function kindOf(node: AnyStateNode): FlowNodeKind {
  return node.type as FlowNodeKind;
}

/** The same rule as tests/support/model-paths.ts: only eventless transitions out, nothing invoked, not final. */
function isTransient(node: AnyStateNode): boolean {
  return node.always !== undefined && node.always.length > 0 && Object.keys(node.on ?? {}).length === 0
    && node.invoke.length === 0 && node.after.length === 0 && node.type !== 'final';
}

function toFlowNode(graph: DirectedGraphNode, parent: AnyStateNode | undefined): FlowNode {
  const node = graph.stateNode;
  const initialTarget = parent?.type === 'compound' ? parent.initial?.target?.[0] : undefined;
  return {
    id: node.id,
    key: node.key,
    path: node.path.join('.'),
    kind: kindOf(node),
    ...(node.type === 'history' && { history: node.history === 'deep' ? 'deep' : 'shallow' }),
    ...(node.description && { description: node.description }),
    initial: initialTarget !== undefined && initialTarget === node,
    region: parent?.type === 'parallel',
    ...(isTransient(node) && { transient: true }),
    tags: [...node.tags].sort(),
    children: graph.children.map((child) => toFlowNode(child, node)),
  };
}

function allGraphNodes(graph: DirectedGraphNode): DirectedGraphNode[] {
  return [graph, ...graph.children.flatMap(allGraphNodes)];
}

interface TransitionLike {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  actions: readonly unknown[];
  reenter?: boolean;
}

export function machineGraph(machine: AnyStateMachine, delays: DelaySources = {}): FlowGraph {
  const directed = toDirectedGraph(machine);
  const edges: FlowEdge[] = [];
  for (const graph of allGraphNodes(directed)) {
    const node = graph.stateNode;
    // toDirectedGraph's edges, grouped back by transition so that each keeps its index in the machine.
    const transitions: TransitionLike[] = [
      ...[...node.transitions.values()].flat() as TransitionLike[],
      ...((node.always ?? []) as TransitionLike[]),
    ];
    transitions.forEach((transition, index) => {
      const targets = transition.target && transition.target.length > 0 ? transition.target : [node];
      const internal = !transition.target || transition.target.length === 0;
      const label = edgeEventLabel(transition.eventType, machine, delays);
      targets.forEach((target, targetIndex) => {
        edges.push({
          id: `${node.id}:${transition.eventType || 'always'}:${index}:${targetIndex}`,
          source: node.id,
          target: target.id,
          eventType: transition.eventType,
          event: label.text,
          ...(label.delayName && { delayName: label.delayName }),
          ...(transition.guard !== undefined && { guard: guardName(transition.guard) }),
          actions: transition.actions.map(actionName).filter((name): name is string => name !== undefined),
          internal,
          reenter: transition.reenter === true,
        });
      });
    });
  }
  return {
    id: machine.id,
    ...(machine.root.description && { description: machine.root.description }),
    root: toFlowNode(directed, undefined),
    edges,
  };
}

/** Every node of the graph, root first, in document order. */
export function flowNodes(root: FlowNode): FlowNode[] {
  return [root, ...root.children.flatMap(flowNodes)];
}
