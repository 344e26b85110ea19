import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { machineGraph } from '../../src/lib/flows/graph';
import { delaySourcesOf, formatDelay } from '../../src/lib/flows/labels';
import { layoutFlow, type FlowLayout, type LaidOutNode } from '../../src/lib/flows/layout';
import { layoutProblems } from '../../src/lib/flows/layout-check';
import { flowToMermaid } from '../../src/lib/flows/mermaid';
import { generatePaths, pathCoverage } from '../../src/lib/flows/paths';
import { activeIds, describeEvent, enabledEvents, inertMachine, startSimulation, takeEvent, takenEdges } from '../../src/lib/flows/simulate';
import { drawFlow, flowToSvg, svgToString } from '../../src/lib/flows/svg';
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

describe('flows: the overlap check', () => {
  const node = (id: string, x: number, y: number, children: LaidOutNode[] = [], extra: Partial<LaidOutNode> = {}): LaidOutNode => ({
    node: { id, key: id, path: id, kind: children.length ? 'compound' : 'atomic', initial: false, region: false, tags: [], children: children.map((child) => child.node) },
    x, y, width: children.length ? 400 : 80, height: children.length ? 200 : 36, children, ...extra,
  });
  const layoutOf = (root: LaidOutNode, edges: FlowLayout['edges'] = []): FlowLayout => ({
    graph: { id: 'm', root: root.node, edges: edges.map((edge) => edge.edge) }, width: 500, height: 300, root, edges,
  });
  const edge = (source: string, target: string, label: { x: number; y: number }, points = [{ x: 0, y: 0 }, { x: 1, y: 1 }]) => ({
    edge: { id: `${source}->${target}`, source, target, eventType: 'go', event: 'go', actions: [], internal: false, reenter: false },
    points, label: { ...label, width: 40, height: 17, lines: ['go'] },
  });

  it('finds overlapping siblings, labels on foreign states, and edges through an initial dot', () => {
    expect(layoutProblems(layoutOf(node('m', 0, 0, [node('a', 10, 40), node('b', 150, 40)])))).toEqual([]);
    expect(layoutProblems(layoutOf(node('m', 0, 0, [node('a', 10, 40), node('b', 60, 50)])))).toEqual(['a overlaps b']);
    expect(layoutProblems(layoutOf(node('m', 0, 0, [node('a', 10, 40), node('b', 380, 40)])))).toEqual(['b sticks out of m']);
    const three = node('m', 0, 0, [node('a', 10, 40), node('b', 150, 40), node('c', 290, 40)]);
    expect(layoutProblems(layoutOf(three, [edge('a', 'b', { x: 100, y: 60 })]))).toEqual([]);
    expect(layoutProblems(layoutOf(three, [edge('a', 'c', { x: 160, y: 50 })]))).toEqual(['label of a->c lies on b']);
    const withDot = node('m', 0, 0, [node('a', 40, 40, [], { initialMarker: { x: 10, y: 53, size: 10, points: [{ x: 20, y: 58 }, { x: 40, y: 58 }] } }), node('b', 150, 40)]);
    expect(layoutProblems(layoutOf(withDot, [edge('b', 'a', { x: 100, y: 100 }, [{ x: 150, y: 58 }, { x: 0, y: 58 }])])))
      .toEqual(['b->a crosses a (initial dot)']);
  });
});

describe('flows: layout → SVG and Mermaid', () => {
  it('nests children inside their parents, without overlapping siblings', async () => {
    const layout = await layoutFlow(machineGraph(sample as never, delays), new ELK());
    expect(layoutProblems(layout)).toEqual([]);
    expect(layout.edges.every((edge) => edge.points.length >= 2)).toBe(true);
    // The initial dots are laid out as nodes of their own, each with its arrow.
    const initials = boxes(layout.root).filter((laid) => laid.node.initial);
    expect(initials.map((laid) => laid.node.key)).toEqual(['editing', 'clean', 'a', 'b']);
    expect(initials.every((laid) => laid.initialMarker && laid.initialMarker.points.length >= 2)).toBe(true);
  });

  it('lays out the largest real machine, the booking wizard, without overlaps, actions shown or hidden', async () => {
    const wizard = FLOW_MACHINES.find((entry) => entry.id === 'wizard')!;
    for (const showActions of [true, false]) {
      const layout = await layoutFlow(machineGraph(wizard.machine, wizard.delays), new ELK(), { showActions });
      expect(boxes(layout.root).length).toBeGreaterThan(30);
      expect(layoutProblems(layout), `overlaps with showActions: ${showActions}`).toEqual([]);
    }
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

// Two guarded transitions for one event, a delay and an invoked actor: what the simulator and the path overlay
// must tell apart.
const guarded = setup({
  types: { context: {} as { ok: boolean }, input: {} as { ok: boolean }, events: {} as { type: 'go' } },
  actors: { load: fromPromise(async () => 1) },
  guards: { isOk: ({ context }) => context.ok },
  delays: { retryInterval: RETRY_INTERVAL_MS },
}).createMachine({
  id: 'guarded',
  context: ({ input }) => ({ ok: input.ok }),
  initial: 'idle',
  states: {
    idle: { on: { go: [{ guard: 'isOk', target: 'loading' }, { target: 'failed' }] } },
    loading: { invoke: { id: 'load', src: 'load', onDone: 'done', onError: 'failed' } },
    failed: { after: { retryInterval: 'idle' } },
    done: { type: 'final' },
  },
});

describe('flows: simulator and test paths', () => {
  const graph = machineGraph(guarded as never);

  it('highlights only the transition the guards choose', () => {
    const edgeOf = (target: string) => graph.edges.find((edge) => edge.source === 'guarded.idle' && edge.target === target)!.id;
    for (const [ok, target] of [[true, 'guarded.loading'], [false, 'guarded.failed']] as const) {
      const snapshot = startSimulation(inertMachine(guarded as never), { ok });
      expect(enabledEvents(snapshot).map((event) => event.type)).toEqual(['go']);
      expect(takenEdges(graph.edges, snapshot, { type: 'go' })).toEqual([edgeOf(target)]);
      expect([...activeIds(takeEvent(inertMachine(guarded as never), snapshot, { type: 'go' }))]).toEqual([target]);
    }
  });

  it('offers invoked actors\' outcomes and delays as events, and the catalogue\'s payloads', () => {
    const machine = inertMachine(guarded as never);
    const loading = takeEvent(machine, startSimulation(machine, { ok: true }), { type: 'go' });
    const samples = [{ type: 'xstate.done.actor.load', output: 42 }];
    expect(enabledEvents(loading, samples)).toEqual([{ type: 'xstate.done.actor.load', output: 42 }, { type: 'xstate.error.actor.load' }]);
    expect(describeEvent(samples[0]!)).toBe('xstate.done.actor.load (output: 42)');
    const failed = takeEvent(machine, loading, { type: 'xstate.error.actor.load' });
    expect(enabledEvents(failed).map((event) => event.type)).toEqual(['xstate.after.retryInterval.guarded.failed']);
  });

  it('generates the paths the model tests replay, with their steps on the chart and the coverage', () => {
    const scenarios = [{ name: 'ok', input: { ok: true }, events: [{ type: 'xstate.done.actor.load', output: 1 }] }, { name: 'not ok', input: { ok: false } }];
    const paths = generatePaths(guarded as never, graph, scenarios as never);
    expect(paths.map((path) => `${path.scenario}: ${path.label} ⇒ ${path.target}`)).toContain('ok: xstate.init → go → xstate.done.actor.load ⇒ "done"');
    const toDone = paths.find((path) => path.target === '"done"')!;
    expect(toDone.steps.map((step) => step.edges)).toEqual([[], ['guarded.idle:go:0:0'], ['guarded.loading:xstate.done.actor.load:0:0']]);
    const coverage = pathCoverage(graph, paths);
    expect(coverage).toMatchObject({ states: 4, statesReached: 4, unreachedStates: [] });
    // Shortest paths end at each state once: the delay back to idle is on none of them.
    expect(coverage).toMatchObject({ transitions: 5, transitionsReached: 4 });
    expect(pathCoverage(graph, paths.filter((path) => path.scenario === 'not ok'))).toMatchObject({ statesReached: 2, unreachedStates: ['guarded.loading', 'guarded.done'] });
  });

  it('names every state for screen readers in the app, and only there', async () => {
    const layout = await layoutFlow(machineGraph(sample as never, delays), new ELK());
    const app = svgToString(drawFlow(layout, { interactive: true, highlight: { active: new Set(['sample.editing', 'sample.editing.clean']) } }));
    expect(app).toContain('role="group" aria-label="Statechart of sample"');
    expect(app).toContain('aria-label="editing: compound state (initial, active). The form"');
    expect(app).toContain('aria-label="editing.hist: deep history state"');
    expect(app).toContain('aria-label="both.left: parallel region"');
    expect(app).toContain('aria-label="done: final state"');
    expect(flowToSvg(layout)).not.toContain('aria-label="editing');
  });
});
