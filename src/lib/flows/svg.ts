import { FONT_SIZE, nodeTitle, type FlowLayout, type LaidOutEdge, type LaidOutNode } from './layout';

/**
 * The drawing of a laid-out chart as a small element tree, rendered to a string for `docs/flows/*.svg` and
 * to React elements by the StatechartDiagram widget: one drawing, two outputs. Compound states are nested
 * boxes, parallel regions dashed, the initial state has a dot and an arrow, final states a double border,
 * history states a circled H / H*.
 */

export interface SvgElement {
  tag: string;
  attrs: Record<string, string | number>;
  children?: (SvgElement | string)[];
}

export interface Highlight {
  /** State ids of the active configuration. */
  active?: ReadonlySet<string>;
  /** Transition ids and state ids of an overlaid path. */
  pathEdges?: ReadonlySet<string>;
  pathStates?: ReadonlySet<string>;
  /** Transition ids that can be taken now (simulator). */
  enabledEdges?: ReadonlySet<string>;
}

export const COLOURS = {
  text: '#1e293b',
  muted: '#64748b',
  stroke: '#475569',
  state: '#ffffff',
  compound: '#f8fafc',
  region: '#94a3b8',
  edge: '#64748b',
  labelBackground: '#ffffff',
  active: '#fde68a',
  activeStroke: '#b45309',
  path: '#2563eb',
  pathState: '#dbeafe',
  enabled: '#059669',
} as const;

const el = (tag: string, attrs: SvgElement['attrs'], children?: SvgElement['children']): SvgElement =>
  children ? { tag, attrs, children } : { tag, attrs };

const KIND_NAMES = { atomic: 'state', compound: 'compound state', parallel: 'parallel state', final: 'final state', history: 'history state' } as const;

/** What a screen reader says for a state: its path, kind, marks and description. */
export function stateLabel(laid: LaidOutNode, marks: { active: boolean; onPath: boolean }): string {
  const { node } = laid;
  const kind = node.kind === 'history' ? `${node.history} history state` : node.region ? 'parallel region' : KIND_NAMES[node.kind];
  const flags = [...(node.initial ? ['initial'] : []), ...(marks.active ? ['active'] : []), ...(marks.onPath ? ['on the path'] : [])];
  return `${node.path || node.id}: ${kind}${flags.length ? ` (${flags.join(', ')})` : ''}${node.description ? `. ${node.description}` : ''}`;
}

function stateElement(laid: LaidOutNode, highlight: Highlight, interactive: boolean): SvgElement[] {
  const { node, x, y, width, height } = laid;
  const active = highlight.active?.has(node.id) ?? false;
  const onPath = highlight.pathStates?.has(node.id) ?? false;
  const compound = laid.children.length > 0;
  const classes = ['state', node.kind, ...(node.region ? ['region'] : []), ...(active ? ['active'] : []), ...(onPath ? ['on-path'] : [])];
  const fill = active ? COLOURS.active : onPath ? COLOURS.pathState : compound ? COLOURS.compound : COLOURS.state;
  const stroke = active ? COLOURS.activeStroke : onPath ? COLOURS.path : node.region ? COLOURS.region : COLOURS.stroke;
  const strokeWidth = active || onPath ? 2.5 : 1.25;
  const parts: SvgElement[] = [];
  const title = nodeTitle(node);
  if (node.kind === 'history') {
    const r = Math.min(width, height) / 2;
    parts.push(el('circle', { cx: x + width / 2, cy: y + height / 2, r, fill, stroke, 'stroke-width': strokeWidth }));
    parts.push(el('text', { x: x + width / 2, y: y + height / 2 + 4, 'text-anchor': 'middle', 'font-weight': 'bold' }, [title]));
  } else {
    parts.push(el('rect', {
      x, y, width, height, rx: node.region ? 0 : 8, fill, stroke, 'stroke-width': strokeWidth,
      ...(node.region && { 'stroke-dasharray': '6 4' }),
    }));
    if (node.kind === 'final') {
      parts.push(el('rect', { x: x + 3, y: y + 3, width: width - 6, height: height - 6, rx: 6, fill: 'none', stroke, 'stroke-width': 1 }));
    }
    if (compound) {
      const badge = node.kind === 'parallel' ? ' ∥' : '';
      parts.push(el('text', { x: x + 10, y: y + 18, 'font-weight': 'bold' }, [title + badge]));
    } else {
      parts.push(el('text', { x: x + width / 2, y: y + height / 2 + 4, 'text-anchor': 'middle' }, [title]));
    }
  }
  const dot = laid.initialMarker;
  if (dot) {
    // Placed by the layout as a node of its own: nothing else is drawn there.
    parts.push(el('circle', { cx: dot.x + dot.size / 2, cy: dot.y + dot.size / 2, r: dot.size / 2, fill: COLOURS.text, class: 'initial' }));
    if (dot.points.length >= 2) {
      parts.push(el('path', { d: pathData(dot.points), fill: 'none', stroke: COLOURS.text, 'stroke-width': 1.25, 'marker-end': 'url(#flow-arrow-initial)' }));
    }
  }
  const description = node.description ? [el('title', {}, [node.description])] : [];
  return [el('g', {
    class: classes.join(' '), 'data-state': node.id,
    ...(interactive && { role: 'img', 'aria-label': stateLabel(laid, { active, onPath }) }),
  }, [...description, ...parts])];
}

function statesOf(laid: LaidOutNode, highlight: Highlight, interactive: boolean): SvgElement[] {
  return [...stateElement(laid, highlight, interactive), ...laid.children.flatMap((child) => statesOf(child, highlight, interactive))];
}

function pathData(points: { x: number; y: number }[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x} ${point.y}`).join(' ');
}

function edgeElement(laid: LaidOutEdge, highlight: Highlight, interactive: boolean): SvgElement {
  const { edge, points, label } = laid;
  const onPath = highlight.pathEdges?.has(edge.id) ?? false;
  const enabled = highlight.enabledEdges?.has(edge.id) ?? false;
  const stroke = onPath ? COLOURS.path : enabled ? COLOURS.enabled : COLOURS.edge;
  const classes = ['transition', ...(onPath ? ['on-path'] : []), ...(enabled ? ['enabled'] : [])];
  const lines = label.lines.map((line, index) => el('text', {
    x: label.x + label.width / 2, y: label.y + 12 + index * 15, 'text-anchor': 'middle',
    fill: index === 0 ? COLOURS.text : COLOURS.muted, ...(index === 0 && { 'font-weight': onPath ? 'bold' : 'normal' }),
  }, [line]));
  return el('g', {
    class: classes.join(' '), 'data-transition': edge.id,
    ...(interactive && { tabindex: 0, role: 'img', 'aria-label': `${edge.source} → ${edge.target}: ${label.lines.join(' ')}` }),
  }, [
    el('path', {
      d: pathData(points), fill: 'none', stroke, 'stroke-width': onPath ? 2.5 : 1.25,
      'marker-end': onPath ? 'url(#flow-arrow-path)' : 'url(#flow-arrow)',
    }),
    el('rect', { x: label.x, y: label.y, width: label.width, height: label.height, rx: 3, fill: COLOURS.labelBackground, 'fill-opacity': 0.85 }),
    ...lines,
  ]);
}

function marker(id: string, colour: string): SvgElement {
  return el('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, [
    el('path', { d: 'M0 0 L10 5 L0 10 z', fill: colour }),
  ]);
}

export interface DrawOptions {
  highlight?: Highlight;
  /** Focusable transitions (the in-app widget); off for exported files. */
  interactive?: boolean;
}

/** The chart as an element tree with the root `<svg>`. */
export function drawFlow(layout: FlowLayout, options: DrawOptions = {}): SvgElement {
  const highlight = options.highlight ?? {};
  const { width, height, graph } = layout;
  return el('svg', {
    xmlns: 'http://www.w3.org/2000/svg', viewBox: `0 0 ${width} ${height}`, width, height,
    // Exported files are one image; in the app the states and transitions inside are read one by one.
    role: options.interactive ? 'group' : 'img', 'aria-label': `Statechart of ${graph.id}`,
    'font-family': 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif', 'font-size': FONT_SIZE, fill: COLOURS.text,
  }, [
    el('title', {}, [graph.description ? `${graph.id}: ${graph.description}` : graph.id]),
    el('defs', {}, [marker('flow-arrow', COLOURS.edge), marker('flow-arrow-path', COLOURS.path), marker('flow-arrow-initial', COLOURS.text)]),
    el('g', { class: 'states' }, statesOf(layout.root, highlight, options.interactive ?? false)),
    el('g', { class: 'transitions' }, layout.edges.map((edge) => edgeElement(edge, highlight, options.interactive ?? false))),
  ]);
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Serialises an element tree: two-space indentation, one element a line, stable attribute order. */
export function svgToString(element: SvgElement, depth = 0): string {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(element.attrs).map(([name, value]) => ` ${name}="${escape(String(value))}"`).join('');
  const children = element.children ?? [];
  if (children.length === 0) return `${pad}<${element.tag}${attrs}/>`;
  if (children.every((child) => typeof child === 'string')) {
    return `${pad}<${element.tag}${attrs}>${children.map((child) => escape(child as string)).join('')}</${element.tag}>`;
  }
  const inner = children.map((child) => (typeof child === 'string' ? `${pad}  ${escape(child)}` : svgToString(child, depth + 1)));
  return [`${pad}<${element.tag}${attrs}>`, ...inner, `${pad}</${element.tag}>`].join('\n');
}

export function flowToSvg(layout: FlowLayout): string {
  return `${svgToString(drawFlow(layout))}\n`;
}
