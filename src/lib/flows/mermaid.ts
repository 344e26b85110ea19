import type { FlowEdge, FlowGraph, FlowNode } from './graph';
import { edgeLabelLines, nodeTitle } from './layout';

/**
 * Mermaid `stateDiagram-v2` from the same flow graph: composite states as nested blocks, parallel regions
 * separated by `--`, `[*]` for initial and final states, each transition declared in the block of the
 * lowest state that contains both its ends. Deterministic: document order throughout.
 */

function mermaidId(node: FlowNode): string {
  return node.id.replace(/[^A-Za-z0-9_]/g, '_');
}

function label(edge: FlowEdge): string {
  return edgeLabelLines(edge).join(' ').replace(/[;#]/g, ' ');
}

/** The ids of a node and its ancestors, innermost first. */
function ancestry(id: string, parents: Map<string, FlowNode>): string[] {
  const chain: string[] = [];
  for (let current = parents.get(id); current; current = parents.get(current.id)) chain.push(current.id);
  return chain;
}

export function flowToMermaid(graph: FlowGraph): string {
  const nodes = new Map<string, FlowNode>();
  const parents = new Map<string, FlowNode>();
  const index = (node: FlowNode) => {
    nodes.set(node.id, node);
    node.children.forEach((child) => {
      parents.set(child.id, node);
      index(child);
    });
  };
  index(graph.root);

  // Each edge goes into the block of the innermost state containing both ends.
  const edgesByContainer = new Map<string, FlowEdge[]>();
  for (const edge of graph.edges) {
    const sourceChain = [edge.source, ...ancestry(edge.source, parents)];
    const targetChain = new Set([edge.target, ...ancestry(edge.target, parents)]);
    let container = sourceChain.find((id) => targetChain.has(id) && nodes.get(id)!.children.length > 0 && id !== edge.source && id !== edge.target)
      ?? graph.root.id;
    // A parallel state's block holds regions only: its transitions go one level up.
    while (nodes.get(container)?.kind === 'parallel' && parents.get(container)) container = parents.get(container)!.id;
    const list = edgesByContainer.get(container) ?? [];
    list.push(edge);
    edgesByContainer.set(container, list);
  }

  const lines = ['stateDiagram-v2', '  direction LR'];
  if (graph.description) lines.push(`  %% ${graph.id}: ${graph.description.replace(/\n/g, ' ')}`);

  const writeBlock = (node: FlowNode, pad: string) => {
    const children = node.children;
    if (node.kind === 'parallel') {
      children.forEach((region, position) => {
        if (position > 0) lines.push(`${pad}--`);
        writeState(region, pad);
      });
    } else {
      for (const child of children) writeState(child, pad);
      const initial = children.find((child) => child.initial);
      if (initial) lines.push(`${pad}[*] --> ${mermaidId(initial)}`);
      for (const child of children) if (child.kind === 'final') lines.push(`${pad}${mermaidId(child)} --> [*]`);
    }
    for (const edge of edgesByContainer.get(node.id) ?? []) {
      lines.push(`${pad}${mermaidId(nodes.get(edge.source)!)} --> ${mermaidId(nodes.get(edge.target)!)}: ${label(edge)}`);
    }
  };

  const writeState = (node: FlowNode, pad: string) => {
    lines.push(`${pad}state "${nodeTitle(node)}" as ${mermaidId(node)}`);
    if (node.description) lines.push(`${pad}note right of ${mermaidId(node)}: ${node.description.replace(/\n/g, ' ')}`);
    if (node.children.length > 0) {
      lines.push(`${pad}state ${mermaidId(node)} {`);
      writeBlock(node, `${pad}  `);
      lines.push(`${pad}}`);
    }
  };

  writeBlock(graph.root, '  ');
  return `${lines.join('\n')}\n`;
}
