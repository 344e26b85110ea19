import type { FlowLayout, LaidOutNode } from './layout';

/**
 * What makes a laid-out chart unreadable, found automatically (tests and `npm run flows:export` run it): a child
 * outside its parent's box, two sibling boxes that intersect (the initial dots count as boxes), an edge label on
 * a state it does not belong to or on another label, an edge crossing an initial dot.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function inside(child: Box, parent: Box): boolean {
  return child.x >= parent.x && child.y >= parent.y && child.x + child.width <= parent.x + parent.width && child.y + child.height <= parent.y + parent.height;
}

/** Whether the segment p→q passes through the open box (Liang–Barsky clipping). */
function segmentCrosses(p: { x: number; y: number }, q: { x: number; y: number }, box: Box): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const checks: [number, number][] = [[-dx, p.x - box.x], [dx, box.x + box.width - p.x], [-dy, p.y - box.y], [dy, box.y + box.height - p.y]];
  for (const [denominator, numerator] of checks) {
    if (denominator === 0) {
      if (numerator <= 0) return false;
      continue;
    }
    const t = numerator / denominator;
    if (denominator < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 >= t1) return false;
  }
  return true;
}

function dotBox(node: LaidOutNode): Box | undefined {
  const dot = node.initialMarker;
  return dot && { x: dot.x, y: dot.y, width: dot.size, height: dot.size };
}

export function layoutProblems(layout: FlowLayout): string[] {
  const problems: string[] = [];
  const ancestors = new Map<string, string[]>();
  const all: LaidOutNode[] = [];
  const walk = (node: LaidOutNode, chain: string[]) => {
    all.push(node);
    ancestors.set(node.node.id, chain);
    node.children.forEach((child) => walk(child, [...chain, node.node.id]));
  };
  walk(layout.root, []);
  const dots = all.flatMap((node) => {
    const box = dotBox(node);
    return box ? [{ id: `${node.node.id} (initial dot)`, of: node.node.id, box }] : [];
  });

  for (const parent of all) {
    const siblings = [
      ...parent.children.map((child) => ({ id: child.node.id, box: child as Box })),
      ...parent.children.flatMap((child) => {
        const box = dotBox(child);
        return box ? [{ id: `${child.node.id} (initial dot)`, box }] : [];
      }),
    ];
    for (const sibling of siblings) if (!inside(sibling.box, parent)) problems.push(`${sibling.id} sticks out of ${parent.node.id}`);
    siblings.forEach((a, index) => siblings.slice(index + 1).forEach((b) => {
      if (intersects(a.box, b.box)) problems.push(`${a.id} overlaps ${b.id}`);
    }));
  }

  layout.edges.forEach((laid, index) => {
    const { edge, label, points } = laid;
    const own = new Set([edge.source, edge.target, ...(ancestors.get(edge.source) ?? []), ...(ancestors.get(edge.target) ?? [])]);
    if (label.width > 0) {
      for (const node of all) if (!own.has(node.node.id) && intersects(label, node)) problems.push(`label of ${edge.id} lies on ${node.node.id}`);
      for (const dot of dots) if (intersects(label, dot.box)) problems.push(`label of ${edge.id} lies on ${dot.id}`);
      for (const other of layout.edges.slice(index + 1)) {
        if (other.label.width > 0 && intersects(label, other.label)) problems.push(`label of ${edge.id} lies on the label of ${other.edge.id}`);
      }
    }
    for (const dot of dots) {
      if (points.slice(1).some((point, at) => segmentCrosses(points[at]!, point, dot.box))) problems.push(`${edge.id} crosses ${dot.id}`);
    }
  });
  return problems;
}
