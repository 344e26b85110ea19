import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { system } from '../../src/ui/theme';
import { AreaEditor } from '../../src/features/territories/AreaEditor';
import { POLYGON_TEXTS } from '../../src/lib/territory-texts';
import { polygonEditorMachine } from '../../src/machines/territories/polygon-editor.machine';
import { polygonEditorSamples } from '../../src/machines/territories/polygon-editor.samples';
import { chartCan, describeModel } from '../support/model-paths';

/** The chart the suite started (its guards observed), for `chartCan`. */
let chart = polygonEditorMachine;
let navigations: string[] = [];
let notFound = 0;

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const rows = () => screen.queryAllByTestId('vertex-row');
const shape = () => screen.queryByTestId('polygon-shape');

function showsProblem(snapshot: SnapshotFrom<typeof polygonEditorMachine>) {
  const { problem } = snapshot.context;
  if (problem?.field === 'polygon') expect(screen.getByTestId('polygon-error').textContent).toBe(problem.message);
  else expect(screen.queryByTestId('polygon-error')).toBeNull();
  if (problem?.field === 'areaName') expect(screen.getByText(problem.message).getAttribute('role')).toBe('alert');
}

function showsVertices(snapshot: SnapshotFrom<typeof polygonEditorMachine>) {
  const { vertices } = snapshot.context;
  expect(rows()).toHaveLength(vertices.length);
  vertices.forEach((vertex, index) => {
    expect((screen.getByLabelText(`${POLYGON_TEXTS.vertex(index + 1)} ${POLYGON_TEXTS.latitude}`) as HTMLInputElement).value).toBe(String(vertex.lat));
    expect((screen.getByLabelText(`${POLYGON_TEXTS.vertex(index + 1)} ${POLYGON_TEXTS.longitude}`) as HTMLInputElement).value).toBe(String(vertex.lon));
  });
  expect(screen.queryAllByTestId('polygon-vertex')).toHaveLength(vertices.length);
}

/**
 * The name field always sends a string and the map a view with finite bounds: the chart takes those, and refuses
 * the malformed events the screen cannot send (a rename with no name, a view with no bounds).
 */
function refusesMalformed(snapshot: SnapshotFrom<typeof polygonEditorMachine>) {
  expect(screen.getByLabelText(/Area name/)).toBeTruthy();
  expect(chartCan(chart, snapshot, { type: 'area.rename', areaName: 'North' })).toBe(true);
  expect(chartCan(chart, snapshot, { type: 'area.rename' })).toBe(false);
  expect(chartCan(chart, snapshot, { type: 'places.view', bounds: { minLat: -26.3, maxLat: -26.1, minLon: 28, maxLon: 28.2 } })).toBe(true);
  expect(chartCan(chart, snapshot, { type: 'places.view' })).toBe(false);
}

/** Each vertex shown offers Remove, which the chart takes; there is none past the last, and the chart refuses it. */
function removesShownVertices(snapshot: SnapshotFrom<typeof polygonEditorMachine>) {
  const count = snapshot.context.vertices.length;
  for (let index = 0; index < count; index += 1) {
    expect(button(POLYGON_TEXTS.removeVertex(index + 1))).toBeTruthy();
    expect(chartCan(chart, snapshot, { type: 'vertex.remove', index })).toBe(true);
  }
  expect(screen.queryByRole('button', { name: POLYGON_TEXTS.removeVertex(count + 1) })).toBeNull();
  expect(chartCan(chart, snapshot, { type: 'vertex.remove', index: count })).toBe(false);
}

describeModel({
  machine: polygonEditorMachine,
  scenarios: polygonEditorSamples.scenarios,
  targets: polygonEditorSamples.targets,
  guards: true,
  start(machine, input, clock) {
    chart = machine;
    navigations = [];
    notFound = 0;
    const actor = createActor(machine, { input, clock });
    actor.on('area.navigate', (event) => navigations.push(event.to));
    actor.on('area.notFound', () => { notFound += 1; });
    actor.start();
    render(<ChakraProvider value={system}><AreaEditor actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'area.rename': fireEvent.change(screen.getByLabelText(/Area name/), { target: { value: event.areaName } }); break;
            case 'draw.start': fireEvent.click(button(POLYGON_TEXTS.draw)); break;
            case 'draw.cancel': fireEvent.click(button(POLYGON_TEXTS.cancel)); break;
            case 'polygon.close': fireEvent.click(button(POLYGON_TEXTS.close)); break;
            case 'polygon.redraw': fireEvent.click(button(POLYGON_TEXTS.redraw)); break;
            case 'area.save': fireEvent.click(button(POLYGON_TEXTS.save)); break;
            case 'area.retry': fireEvent.click(button(POLYGON_TEXTS.retry)); break;
            case 'conflict.keepMine': fireEvent.click(button(POLYGON_TEXTS.keepMine)); break;
            case 'conflict.takeCurrent': fireEvent.click(button(POLYGON_TEXTS.takeCurrent)); break;
            case 'vertex.add':
              fireEvent.change(screen.getByLabelText(`${POLYGON_TEXTS.addVertex} ${POLYGON_TEXTS.latitude}`), { target: { value: String(event.lat) } });
              fireEvent.change(screen.getByLabelText(`${POLYGON_TEXTS.addVertex} ${POLYGON_TEXTS.longitude}`), { target: { value: String(event.lon) } });
              fireEvent.click(button(POLYGON_TEXTS.addVertex));
              break;
            case 'vertex.move': {
              // Typed into the vertex's fields and committed, one coordinate at a time (each a move of its own).
              for (const [which, value] of [[POLYGON_TEXTS.latitude, event.lat], [POLYGON_TEXTS.longitude, event.lon]] as const) {
                const field = screen.getByLabelText(`${POLYGON_TEXTS.vertex(event.index + 1)} ${which}`) as HTMLInputElement;
                if (field.value === String(value)) continue;
                fireEvent.change(field, { target: { value: String(value) } });
                fireEvent.blur(field);
              }
              break;
            }
            case 'vertex.remove': fireEvent.click(button(POLYGON_TEXTS.removeVertex(event.index + 1))); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    loading: () => expect(screen.getByRole('status').textContent).toBe(POLYGON_TEXTS.loading),
    loadFailed: () => expect(button(POLYGON_TEXTS.retry)).toBeTruthy(),
    notFound: () => expect(notFound).toBe(1),
    idle: (snapshot) => {
      expect(screen.getByTestId('polygon-status').textContent).toBe(POLYGON_TEXTS.idle);
      expect(button(POLYGON_TEXTS.draw)).toBeTruthy();
      expect((screen.getByLabelText(/Area name/) as HTMLInputElement).value).toBe(snapshot.context.areaName);
      expect(rows()).toHaveLength(0);
      refusesMalformed(snapshot);
    },
    drawing: (snapshot) => {
      expect(screen.getByTestId('polygon-status').textContent).toBe(POLYGON_TEXTS.drawing(snapshot.context.vertices.length));
      expect(button(POLYGON_TEXTS.close)).toBeTruthy();
      showsVertices(snapshot);
      showsProblem(snapshot);
      refusesMalformed(snapshot);
      removesShownVertices(snapshot);
      // An open ring: a line, not a filled shape.
      if (snapshot.context.vertices.length > 1) expect(shape()?.tagName).toBe('polyline');
    },
    editing: (snapshot) => {
      showsVertices(snapshot);
      refusesMalformed(snapshot);
      removesShownVertices(snapshot);
      if (snapshot.context.vertices.length > 1) expect(shape()?.tagName).toBe('polygon');
      expect(button(POLYGON_TEXTS.redraw)).toBeTruthy();
    },
    'editing.valid': (snapshot) => {
      expect(button(POLYGON_TEXTS.save).disabled).toBe(false);
      expect(screen.getByTestId('polygon-status').textContent).toBe(POLYGON_TEXTS.editing(snapshot.context.vertices.length));
      showsProblem(snapshot);
      if (snapshot.context.areaId !== undefined && navigations.length > 0) expect(navigations.at(-1)).toBe(`/territories/1/areas/${snapshot.context.areaId}`);
    },
    'editing.invalid': (snapshot) => {
      expect(button(POLYGON_TEXTS.save).disabled).toBe(true);
      expect(snapshot.context.problem?.field).toBe('polygon');
      showsProblem(snapshot);
    },
    saving: () => {
      expect(screen.getByTestId('polygon-status').textContent).toBe(POLYGON_TEXTS.saving);
      expect(button(POLYGON_TEXTS.save).disabled).toBe(true);
    },
    conflict: (snapshot) => {
      expect(screen.getByText(POLYGON_TEXTS.conflictTitle)).toBeTruthy();
      expect(screen.getByText(new RegExp(snapshot.context.current!.areaName))).toBeTruthy();
    },
  },
});
