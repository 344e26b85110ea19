// What changed in a statechart between two versions of docs/flows (the files `npm run flows:export` writes): states
// and transitions added, removed or changed, read from the Mermaid text, and both drawings with those marked.
// States are keyed by their Mermaid id (the state path), transitions by source state, event and guard: one whose
// target or actions differ is "changed"; a new event or guard is removed + added.

export type Change = 'added' | 'removed' | 'changed';

export interface ChartShape {
  states: Set<string>;
  /** `source|event [guard]` → `target / actions` (initial transitions: source `[*]` within their parent). */
  transitions: Map<string, string>;
}

export interface ChartDiff {
  states: Map<string, Change>;
  transitions: Map<string, Change>;
  /** Each changed transition's `target / actions`, before and after. */
  outcomes: Map<string, { before?: string; after?: string }>;
}

const STATE_LINE = /^\s*state "(?:[^"]*)" as (\S+)/;
const EDGE_LINE = /^\s*(\S+) --> (\S+?)(?:: (.*))?$/;
const normalise = (text: string) => text.replace(/[;#]/g, ' ').replace(/\s+/g, ' ').trim();
/** A label's trigger (event and guard) apart from its actions. */
const triggerOf = (label: string) => normalise(label).split(' / ')[0]!;
const actionsOf = (label: string) => normalise(label).split(' / ').slice(1).join(' / ');

export function chartShape(mermaid: string): ChartShape {
  const states = new Set<string>();
  const transitions = new Map<string, string>();
  const parents: string[] = [];
  for (const line of mermaid.split('\n')) {
    const state = STATE_LINE.exec(line);
    if (state) {
      states.add(state[1]!);
      if (line.trimEnd().endsWith('{')) parents.push(state[1]!);
      continue;
    }
    if (/^\s*state \S+ \{\s*$/.test(line)) { parents.push(line.trim().split(' ')[1]!); continue; }
    if (/^\s*\}\s*$/.test(line)) { parents.pop(); continue; }
    const edge = EDGE_LINE.exec(line);
    if (!edge) continue;
    const source = edge[1] === '[*]' ? `[*]${parents.at(-1) ?? ''}` : edge[1]!;
    const actions = actionsOf(edge[3] ?? '');
    transitions.set(`${source}|${triggerOf(edge[3] ?? '')}`, actions ? `${edge[2]!} / ${actions}` : edge[2]!);
  }
  return { states, transitions };
}

export function diffCharts(before: ChartShape, after: ChartShape): ChartDiff {
  const states = new Map<string, Change>();
  for (const id of before.states) if (!after.states.has(id)) states.set(id, 'removed');
  for (const id of after.states) if (!before.states.has(id)) states.set(id, 'added');
  const transitions = new Map<string, Change>();
  const outcomes = new Map<string, { before?: string; after?: string }>();
  for (const [key, was] of before.transitions) {
    const now = after.transitions.get(key);
    if (now === was) continue;
    transitions.set(key, now === undefined ? 'removed' : 'changed');
    outcomes.set(key, { before: was, after: now });
  }
  for (const [key, now] of after.transitions) {
    if (before.transitions.has(key)) continue;
    transitions.set(key, 'added');
    outcomes.set(key, { after: now });
  }
  return { states, transitions, outcomes };
}

export const isEmptyDiff = (diff: ChartDiff) => diff.states.size === 0 && diff.transitions.size === 0;

const mermaidId = (statePath: string) => statePath.replace(/[^A-Za-z0-9_]/g, '_');
const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/**
 * The drawing with the changes of one side marked: a `diff-<change>` class on each changed state's and transition's
 * group (the drawing of the other side shows the rest), styled by a <style> added to the SVG.
 */
export function markDrawing(svg: string, diff: ChartDiff, side: 'before' | 'after'): string {
  const shown = (change: Change | undefined) => change !== undefined && (change === 'changed' || (change === 'removed') === (side === 'before'));
  let marked = svg.replace(/<g class="(state [^"]*)" data-state="([^"]*)">/g, (whole, classes: string, path: string) => {
    const change = diff.states.get(mermaidId(unescape(path)));
    return shown(change) ? `<g class="${classes} diff-${change}" data-state="${path}">` : whole;
  });
  marked = marked.replace(/<g class="transition" data-transition="([^"]*)">([\s\S]*?)<\/g>/g, (whole, key: string, body: string) => {
    const source = mermaidId(unescape(key).split(':')[0]!);
    const label = normalise([...body.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((text) => unescape(text[1]!)).join(' '));
    const change = diff.transitions.get(`${source}|${triggerOf(label)}`);
    return shown(change) ? `<g class="transition diff-${change}" data-transition="${key}">${body}</g>` : whole;
  });
  return marked.replace(/(<svg[^>]*>)/, `$1\n  <style>${DIFF_STYLE}</style>`);
}

const DIFF_STYLE = [
  '.diff-added > rect, .diff-added > path { stroke: #16a34a; stroke-width: 3; }',
  '.diff-removed > rect, .diff-removed > path { stroke: #dc2626; stroke-width: 3; stroke-dasharray: 6 3; }',
  '.diff-changed > rect, .diff-changed > path { stroke: #d97706; stroke-width: 3; }',
  '.diff-added > text { fill: #15803d; } .diff-removed > text { fill: #b91c1c; } .diff-changed > text { fill: #b45309; }',
].join(' ');

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One machine's page: the list of changes, then before and after side by side. */
export function diffPage(machine: string, rev: string, diff: ChartDiff, before: string | undefined, after: string | undefined): string {
  const items = [
    ...[...diff.states].map(([id, change]) => `<li class="${change}">${change} state <code>${escapeHtml(id)}</code></li>`),
    ...[...diff.transitions].map(([key, change]) => {
      const [source, label] = key.split('|');
      const { before: was, after: now } = diff.outcomes.get(key) ?? {};
      const outcome = change === 'changed' ? `${was} ⇒ ${now}` : (now ?? was ?? '');
      return `<li class="${change}">${change} transition <code>${escapeHtml(source!)}</code>: ${escapeHtml(label || '(always)')} → ${escapeHtml(outcome)}</li>`;
    }),
  ];
  const column = (title: string, svg: string | undefined) =>
    `<section><h2>${title}</h2>${svg ?? '<p>(no such machine)</p>'}</section>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(machine)}: ${escapeHtml(rev)} → now</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem}main{display:flex;gap:1rem;align-items:flex-start}section{flex:1;overflow:auto;border:1px solid #cbd5e1;padding:.5rem}section svg{max-width:100%;height:auto}li.added{color:#15803d}li.removed{color:#b91c1c}li.changed{color:#b45309}</style>
</head><body><h1>${escapeHtml(machine)}: ${escapeHtml(rev)} → working tree</h1>
<p>Green: added; red, dashed: removed; amber: changed (same event and guard, another target or other actions).</p>
<ul>${items.join('')}</ul>
<main>${column(`Before (${escapeHtml(rev)})`, before)}${column('After', after)}</main></body></html>
`;
}
