import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { machineGraph } from '../../src/lib/flows/graph';
import { delaySourcesOf, formatDelay } from '../../src/lib/flows/labels';
import { layoutFlow, type LaidOutNode } from '../../src/lib/flows/layout';
import { flowToMermaid } from '../../src/lib/flows/mermaid';
import { flowToSvg } from '../../src/lib/flows/svg';
import { RETRY_INTERVAL_MS } from '../../src/lib/constants';
import { FLOW_MACHINES } from '../../src/features/flows/catalogue';

// A small machine with every kind of state and label the diagrams must show.
const sample = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'go' } | { type: 'form.submit' } | { type: 'back' } },
  actors: { saveForm: fromPromise(async () => 1) },
  guards: { isValid: () => true },
  actions: { track: () => {} },
  delays: { retryInterval: RETRY_INTERVAL_MS },
}).createMachine({
  id: 'sample',
  description: 'A sample',
  context: { count: 0 },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form',
      initial: 'clean',
      states: { clean: { on: { go: 'dirty' } }, dirty: {}, hist: { type: 'history', history: 'deep' } },
      on: { 'form.submit': { guard: 'isValid', target: 'saving', actions: ['track', assign({ count: 1 })] } },
    },
    saving: {
      invoke: { id: 'saveForm', src: 'saveForm', onDone: 'both', onError: 'waiting' },
    },
    waiting: { after: { retryInterval: 'saving' }, on: { back: 'editing.hist' } },
    both: {
      type: 'parallel',
      states: { left: { initial: 'a', states: { a: {} } }, right: { initial: 'b', states: { b: { always: '#sample.done' } } } },
    },
    done: { type: 'final' },
  },
});

const delays = delaySourcesOf('setup({ delays: { retryInterval: RETRY_INTERVAL_MS } })');

describe('flows: graph → labels', () => {
  const graph = machineGraph(sample as never, delays);
  const events = graph.edges.map((edge) => edge.event);

  it('labels events as written, delays with their constant, actors as done/error, eventless as always', () => {
    expect(events).toEqual(expect.arrayContaining(['go', 'form.submit', 'done: saveForm', 'error: saveForm', 'after 1.5 s', 'always', 'back']));
    expect(graph.edges.find((edge) => edge.event === 'after 1.5 s')!.delayName).toBe('RETRY_INTERVAL_MS');
    const submit = graph.edges.find((edge) => edge.eventType === 'form.submit')!;
    expect(submit.guard).toBe('isValid');
    expect(submit.actions).toEqual(['track', 'assign']);
  });

  it('keeps the kinds of states: compound, parallel with regions, history, final, initial', () => {
    const byKey = (key: string) => JSON.stringify(graph.root).includes(`"key":"${key}"`);
    expect(byKey('hist') && byKey('left')).toBe(true);
    const editing = graph.root.children.find((node) => node.key === 'editing')!;
    expect(editing.kind).toBe('compound');
    expect(editing.initial).toBe(true);
    expect(editing.children.find((node) => node.key === 'hist')).toMatchObject({ kind: 'history', history: 'deep' });
    const both = graph.root.children.find((node) => node.key === 'both')!;
    expect(both.kind).toBe('parallel');
    expect(both.children.every((region) => region.region)).toBe(true);
    expect(graph.root.children.find((node) => node.key === 'done')!.kind).toBe('final');
  });

  it('formats delays readably and reads computed delay expressions from source', () => {
    expect([formatDelay(30_000), formatDelay(1500), formatDelay(3_420_000), formatDelay(3_600_000), formatDelay(500)])
      .toEqual(['30 s', '1.5 s', '57 min', '1 h', '500 ms']);
    expect(delaySourcesOf('delays: {\n untilPrompt: IDLE_TIMEOUT_MS - IDLE_PROMPT_BEFORE_MS,\n promptDuration: IDLE_PROMPT_BEFORE_MS,\n}'))
      .toEqual({ untilPrompt: 'IDLE_TIMEOUT_MS - IDLE_PROMPT_BEFORE_MS', promptDuration: 'IDLE_PROMPT_BEFORE_MS' });
  });
});

function boxes(node: LaidOutNode): LaidOutNode[] {
  return [node, ...node.children.flatMap(boxes)];
}

/** Children inside their parents, siblings apart: what makes a diagram readable at any size. */
function expectNestedWithoutOverlaps(root: LaidOutNode) {
  for (const parent of boxes(root)) {
    for (const child of parent.children) {
      expect(child.x).toBeGreaterThanOrEqual(parent.x);
      expect(child.y).toBeGreaterThanOrEqual(parent.y);
      expect(child.x + child.width).toBeLessThanOrEqual(parent.x + parent.width);
      expect(child.y + child.height).toBeLessThanOrEqual(parent.y + parent.height);
    }
    parent.children.forEach((a, i) => parent.children.slice(i + 1).forEach((b) => {
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, `${a.node.id} overlaps ${b.node.id}`).toBe(true);
    }));
  }
}

describe('flows: layout → SVG and Mermaid', () => {
  it('nests children inside their parents, without overlapping siblings', async () => {
    const layout = await layoutFlow(machineGraph(sample as never, delays), new ELK());
    expectNestedWithoutOverlaps(layout.root);
    expect(layout.edges.every((edge) => edge.points.length >= 2)).toBe(true);
  });

  it('lays out the largest real machine, the booking wizard, without overlaps', async () => {
    const wizard = FLOW_MACHINES.find((entry) => entry.id === 'wizard')!;
    const layout = await layoutFlow(machineGraph(wizard.machine, wizard.delays), new ELK());
    expect(boxes(layout.root).length).toBeGreaterThan(30);
    expectNestedWithoutOverlaps(layout.root);
  }, 60_000);

  it('draws nested boxes, dashed regions, initial dots, double-bordered finals and history marks, deterministically', async () => {
    const svg = flowToSvg(await layoutFlow(machineGraph(sample as never, delays), new ELK()));
    expect(svg).toContain('data-state="sample.editing.clean"');
    expect(svg.match(/stroke-dasharray="6 4"/g)).toHaveLength(2);
    expect(svg).toMatch(/class="initial"/);
    expect(svg).toContain('>H*</text>');
    expect(svg).toContain('>after 1.5 s (RETRY_INTERVAL_MS)</text>');
    expect(svg).toContain('>[isValid]</text>');
    expect(svg).toContain('>/ track, assign</text>');
    const again = flowToSvg(await layoutFlow(machineGraph(sample as never, delays), new ELK()));
    expect(again).toBe(svg);
  });

  it('writes Mermaid stateDiagram-v2 with composite blocks, regions and [*]', () => {
    const mermaid = flowToMermaid(machineGraph(sample as never, delays));
    expect(mermaid.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(mermaid).toContain('  [*] --> sample_editing');
    expect(mermaid).toContain('  sample_done --> [*]');
    expect(mermaid).toContain('state sample_both {');
    expect(mermaid).toMatch(/\n\s+--\n/);
    expect(mermaid).toContain('sample_saving --> sample_both: done: saveForm');
    expect(mermaid).toContain('sample_editing --> sample_saving: form.submit [isValid] / track, assign');
  });
});
