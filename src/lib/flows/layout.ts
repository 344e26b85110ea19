import type { ELK, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { FlowEdge, FlowGraph, FlowNode } from './graph';

/**
 * elkjs layered layout of a flow graph: hierarchy included (compound states laid out with their children,
 * transitions routed across levels), direction right, every edge label placed by the layout so nothing
 * overlaps. Coordinates are absolute and rounded so that exported files only change when the chart does.
 */

export const FONT_SIZE = 12;
const CHAR_WIDTH = 7;
const LINE_HEIGHT = 15;
const NODE_HEIGHT = 36;
const HEADER = 28;
/** The initial state's dot: a node of its own in the layout, so no arrow, label or state ever covers it. */
const INITIAL_DOT = 10;
const INITIAL_SUFFIX = '#initial';

export interface LaidOutNode {
  node: FlowNode;
  x: number;
  y: number;
  width: number;
  height: number;
  children: LaidOutNode[];
  /** For the initial child of a compound state: its dot and the arrow from it, placed by the layout. */
  initialMarker?: InitialMarker;
}

export interface InitialMarker {
  x: number;
  y: number;
  size: number;
  points: { x: number; y: number }[];
}

export interface LaidOutEdge {
  edge: FlowEdge;
  /** Polyline through the layout's bend points. */
  points: { x: number; y: number }[];
  label: { x: number; y: number; width: number; height: number; lines: string[] };
}

export interface FlowLayout {
  graph: FlowGraph;
  width: number;
  height: number;
  root: LaidOutNode;
  edges: LaidOutEdge[];
}

export interface LayoutOptions {
  /** Show action names on the edges (a toggle hides them). */
  showActions?: boolean;
}

export const LAYOUT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'POLYLINE',
  'elk.layered.spacing.nodeNodeBetweenLayers': '48',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.edgeNode': '16',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.crossingMinimization.forceNodeModelOrder': 'false',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.randomSeed': '1',
} as const;

function textWidth(text: string): number {
  return Math.ceil(text.length * CHAR_WIDTH);
}

/** The lines of an edge label: event, [guard], / actions. */
export function edgeLabelLines(edge: FlowEdge, options: LayoutOptions = {}): string[] {
  const lines = [edge.delayName ? `${edge.event} (${edge.delayName})` : edge.event];
  if (edge.guard) lines.push(`[${edge.guard}]`);
  if (options.showActions !== false && edge.actions.length > 0) lines.push(`/ ${edge.actions.join(', ')}`);
  return lines;
}

export function nodeTitle(node: FlowNode): string {
  if (node.kind === 'history') return node.history === 'deep' ? 'H*' : 'H';
  return node.key;
}

function elkNode(node: FlowNode): ElkNode {
  const title = nodeTitle(node);
  if (node.children.length === 0) {
    const width = node.kind === 'history' ? 36 : Math.max(72, textWidth(title) + 28);
    return { id: node.id, width, height: node.kind === 'history' ? 36 : NODE_HEIGHT };
  }
  const initial = node.children.find((child) => child.initial);
  return {
    id: node.id,
    layoutOptions: {
      'elk.padding': `[top=${HEADER + 8},left=12,bottom=12,right=12]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${textWidth(title) + 28},${HEADER + 24})`,
    },
    // The initial dot first, so the model order puts it in the first layer, before the initial state.
    children: [...(initial ? [{ id: `${node.id}${INITIAL_SUFFIX}`, width: INITIAL_DOT, height: INITIAL_DOT }] : []), ...node.children.map(elkNode)],
  };
}

/** The arrows from each compound state's initial dot to its initial child. */
function initialEdges(node: FlowNode): ElkExtendedEdge[] {
  const initial = node.children.find((child) => child.initial);
  return [
    ...(initial ? [{ id: `${initial.id}${INITIAL_SUFFIX}`, sources: [`${node.id}${INITIAL_SUFFIX}`], targets: [initial.id] }] : []),
    ...node.children.flatMap(initialEdges),
  ];
}

function elkEdge(edge: FlowEdge, options: LayoutOptions): ElkExtendedEdge {
  const lines = edgeLabelLines(edge, options);
  return {
    id: edge.id,
    sources: [edge.source],
    targets: [edge.target],
    labels: [{
      id: `${edge.id}#label`, text: lines.join('\n'),
      width: Math.max(...lines.map(textWidth)) + 8, height: lines.length * LINE_HEIGHT + 2,
    }],
  };
}

const round = (value: number | undefined) => Math.round(value ?? 0);

function pointsOf(edge: ElkExtendedEdge | undefined): { x: number; y: number }[] {
  const section = edge?.sections?.[0];
  return section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((point) => ({ x: round(point.x), y: round(point.y) })) : [];
}

function collect(elk: ElkNode, nodes: Map<string, FlowNode>, markers: Map<string, InitialMarker>): LaidOutNode {
  const marker = markers.get(elk.id);
  return {
    node: nodes.get(elk.id)!,
    x: round(elk.x), y: round(elk.y), width: round(elk.width), height: round(elk.height),
    children: (elk.children ?? []).filter((child) => !child.id.endsWith(INITIAL_SUFFIX)).map((child) => collect(child, nodes, markers)),
    ...(marker && { initialMarker: marker }),
  };
}

function allElkNodes(node: ElkNode): ElkNode[] {
  return [node, ...(node.children ?? []).flatMap(allElkNodes)];
}

function flatten(node: FlowNode, into: Map<string, FlowNode>): Map<string, FlowNode> {
  into.set(node.id, node);
  node.children.forEach((child) => flatten(child, into));
  return into;
}

function allEdges(node: ElkNode): ElkExtendedEdge[] {
  return [...(node.edges ?? []), ...(node.children ?? []).flatMap(allEdges)];
}

export async function layoutFlow(graph: FlowGraph, elk: ELK, options: LayoutOptions = {}): Promise<FlowLayout> {
  const nodes = flatten(graph.root, new Map());
  // The machine is drawn as the outer box, so transitions of the machine itself (root `on`) have a source.
  const input: ElkNode = {
    id: '__flow',
    layoutOptions: { ...LAYOUT_OPTIONS, 'elk.padding': '[top=8,left=8,bottom=8,right=8]' },
    children: [elkNode(graph.root)],
    edges: [...graph.edges.map((edge) => elkEdge(edge, options)), ...initialEdges(graph.root)],
  };
  const output = await elk.layout(input);
  const byId = new Map(graph.edges.map((edge) => [edge.id, edge]));
  const laidEdges = allEdges(output);
  const dots = new Map(allElkNodes(output).filter((node) => node.id.endsWith(INITIAL_SUFFIX)).map((node) => [node.id, node]));
  const markers = new Map<string, InitialMarker>();
  for (const laid of laidEdges) {
    if (!laid.id.endsWith(INITIAL_SUFFIX)) continue;
    const dot = dots.get(laid.sources[0]!)!;
    markers.set(laid.targets[0]!, { x: round(dot.x), y: round(dot.y), size: INITIAL_DOT, points: pointsOf(laid) });
  }
  const edges: LaidOutEdge[] = laidEdges.filter((laid) => byId.has(laid.id)).map((laid) => {
    const edge = byId.get(laid.id)!;
    const label = laid.labels?.[0];
    return {
      edge,
      points: pointsOf(laid),
      label: {
        x: round(label?.x), y: round(label?.y), width: round(label?.width), height: round(label?.height),
        lines: edgeLabelLines(edge, options),
      },
    };
  });
  // Document order, not the layout's: stable output.
  const order = new Map(graph.edges.map((edge, index) => [edge.id, index]));
  edges.sort((a, b) => order.get(a.edge.id)! - order.get(b.edge.id)!);
  const root = collect(output.children![0]!, nodes, markers);
  return { graph, width: round(output.width), height: round(output.height), root, edges };
}
