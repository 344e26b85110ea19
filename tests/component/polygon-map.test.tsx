import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { system } from '../../src/ui/theme';
import { AreaEditor } from '../../src/features/territories/AreaEditor';
import { polygonEditorMachine } from '../../src/machines/territories/polygon-editor.machine';
import type { TerritoryArea } from '../../src/machines/territories/polygon-editor.types';
import type { LatLon } from '../../src/lib/distance';
import { POLYGON_ERRORS, POLYGON_TEXTS } from '../../src/lib/territory-texts';
import { fitView, project, unproject } from '../../src/ui/map-projection';
import { PolygonMap, type PolygonMapProps } from '../../src/ui/PolygonMap';

const WIDTH = 560;
const HEIGHT = 380;
const triangle: LatLon[] = [{ lat: -33.9, lon: 18.37 }, { lat: -33.9, lon: 18.4 }, { lat: -33.93, lon: 18.4 }];

/** The map as the editor uses it: it owns the vertices and records every call. */
function Harness(props: Partial<PolygonMapProps> & { initial: LatLon[]; calls: string[] }) {
  const { initial, calls, ...rest } = props;
  const [vertices, setVertices] = useState(initial);
  return (
    <ChakraProvider value={system}>
      <PolygonMap mode="editing" {...rest} vertices={vertices}
        onAdd={(point, index) => {
          calls.push(`add ${point.lat},${point.lon} at ${index ?? 'end'}`);
          setVertices((list) => { const at = index ?? list.length; return [...list.slice(0, at), point, ...list.slice(at)]; });
        }}
        onMove={(index, point) => {
          calls.push(`move ${index} ${point.lat},${point.lon}`);
          setVertices((list) => list.map((v, i) => (i === index ? point : v)));
        }}
        onRemove={(index) => {
          calls.push(`remove ${index}`);
          setVertices((list) => list.filter((_, i) => i !== index));
        }} />
    </ChakraProvider>
  );
}

/** jsdom lays nothing out: give the SVG its natural size so pixels and view units agree. */
function sizeSvg() {
  const svg = document.querySelector('svg[role="application"]')!;
  vi.spyOn(svg, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: WIDTH, height: HEIGHT, right: WIDTH, bottom: HEIGHT, x: 0, y: 0, toJSON: () => ({}) });
  return svg;
}

const vertexAt = (index: number) => screen.getAllByTestId('polygon-vertex')[index]!;
const positionOf = (element: Element) => {
  const [, x, y] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(element.getAttribute('transform')!)!.map(Number);
  return { x: x!, y: y! };
};

describe('map projection', () => {
  it('unproject inverts project, and a fitted view maps back and forth', () => {
    const point = { lat: -33.9249, lon: 18.4241 };
    const back = unproject(project(point));
    expect(back.lat).toBeCloseTo(point.lat, 9);
    expect(back.lon).toBeCloseTo(point.lon, 9);
    const view = fitView({ points: triangle, center: point, zoom: 13, width: WIDTH, height: HEIGHT, padding: 36 });
    const p = view.toView(triangle[1]!);
    const again = view.fromView(p.x, p.y);
    expect(again.lat).toBeCloseTo(triangle[1]!.lat, 9);
    expect(again.lon).toBeCloseTo(triangle[1]!.lon, 9);
    const bounds = view.bounds();
    expect(bounds.minLat).toBeLessThan(-33.93);
    expect(bounds.maxLon).toBeGreaterThan(18.4);
  });
});

describe('PolygonMap', () => {
  it('adds a vertex where the map is clicked while drawing, and none when idle', () => {
    const calls: string[] = [];
    const { rerender } = render(<Harness initial={[]} calls={calls} mode="idle" />);
    sizeSvg();
    fireEvent.pointerDown(screen.getByTestId('polygon-map-surface'), { clientX: WIDTH / 2, clientY: HEIGHT / 2 });
    expect(calls).toEqual([]);
    rerender(<Harness initial={[]} calls={calls} mode="drawing" />);
    fireEvent.pointerDown(screen.getByTestId('polygon-map-surface'), { clientX: WIDTH / 2, clientY: HEIGHT / 2 });
    // The empty map is centred on the default centre (Cape Town).
    expect(calls).toEqual(['add -33.9249,18.4241 at end']);
    expect(screen.getAllByTestId('vertex-row')).toHaveLength(1);
  });

  it('drags a vertex: the move follows the pointer in map coordinates', () => {
    const calls: string[] = [];
    render(<Harness initial={triangle} calls={calls} />);
    const svg = sizeSvg();
    const start = positionOf(vertexAt(0));
    fireEvent.pointerDown(vertexAt(0), { clientX: start.x, clientY: start.y });
    fireEvent.pointerMove(svg, { clientX: start.x, clientY: start.y - 20 });
    fireEvent.pointerUp(svg);
    fireEvent.pointerMove(svg, { clientX: start.x, clientY: start.y - 60 });
    expect(calls).toHaveLength(1);
    const [, index, lat, lon] = /^move (\d) ([-\d.]+),([-\d.]+)$/.exec(calls[0]!)!;
    expect(index).toBe('0');
    // Dragged north (up): the latitude grows, the longitude stays.
    expect(Number(lat)).toBeGreaterThan(triangle[0]!.lat);
    expect(Number(lon)).toBeCloseTo(triangle[0]!.lon, 4);
    expect(screen.getByTestId('polygon-shape').tagName).toBe('polygon');
  });

  it('is keyboard accessible: arrows move the selected vertex, Delete removes it, Enter adds at the centre', () => {
    const calls: string[] = [];
    render(<Harness initial={triangle} calls={calls} />);
    sizeSvg();
    expect(vertexAt(1).getAttribute('aria-label')).toBe(`${POLYGON_TEXTS.vertex(2)}: -33.9, 18.4`);
    fireEvent.focus(vertexAt(1));
    expect(vertexAt(1).getAttribute('data-selected')).toBe('true');
    fireEvent.keyDown(vertexAt(1), { key: 'ArrowRight' });
    const [, , lat, lon] = /^move (\d) ([-\d.]+),([-\d.]+)$/.exec(calls[0]!)!;
    expect(Number(lon)).toBeGreaterThan(18.4);
    expect(Number(lat)).toBeCloseTo(-33.9, 4);
    fireEvent.keyDown(vertexAt(1), { key: 'Enter' });
    expect(calls[1]).toMatch(/^add -33\.9\d*,18\.3\d* at 2$/);
    expect(screen.getAllByTestId('polygon-vertex')).toHaveLength(4);
    fireEvent.keyDown(vertexAt(3), { key: 'Delete' });
    expect(calls[2]).toBe('remove 3');
    const svg = document.querySelector('svg[role="application"]')!;
    fireEvent.keyDown(svg, { key: 'Enter' });
    expect(calls[3]).toMatch(/^add .* at /);
  });

  it('the vertex list is the same polygon as text: typing a coordinate moves, the button removes, the form adds', () => {
    const calls: string[] = [];
    render(<Harness initial={triangle} calls={calls} />);
    const latitude = screen.getByLabelText(`${POLYGON_TEXTS.vertex(3)} ${POLYGON_TEXTS.latitude}`);
    fireEvent.change(latitude, { target: { value: '-33.95' } });
    expect(calls).toEqual([]);
    fireEvent.keyDown(latitude, { key: 'Enter' });
    expect(calls).toEqual(['move 2 -33.95,18.4']);
    fireEvent.change(latitude, { target: { value: 'north' } });
    fireEvent.blur(latitude);
    expect(calls).toHaveLength(1);
    expect((latitude as HTMLInputElement).value).toBe('-33.95');
    fireEvent.click(screen.getByRole('button', { name: POLYGON_TEXTS.removeVertex(1) }));
    expect(calls[1]).toBe('remove 0');
    fireEvent.change(screen.getByLabelText(`${POLYGON_TEXTS.addVertex} ${POLYGON_TEXTS.latitude}`), { target: { value: '-33.91' } });
    fireEvent.change(screen.getByLabelText(`${POLYGON_TEXTS.addVertex} ${POLYGON_TEXTS.longitude}`), { target: { value: '18.36' } });
    fireEvent.click(screen.getByRole('button', { name: POLYGON_TEXTS.addVertex }));
    expect(calls[2]).toBe('add -33.91,18.36 at end');
    expect(screen.getAllByTestId('vertex-row')).toHaveLength(3);
  });

  it('shows the gazetteer places inside the view as dots, and reports the view to load them', async () => {
    const onViewChange = vi.fn();
    render(<Harness initial={triangle} calls={[]} onViewChange={onViewChange}
      places={[{ placeId: 'sea-point', name: 'Sea Point', lat: -33.915, lon: 18.39 }, { placeId: 'soweto', name: 'Soweto', lat: -26.2485, lon: 27.854 }]}
      others={[{ name: 'Kirstenbosch Gardens', kind: 'exception', vertices: triangle }]} />);
    const dots = screen.getAllByTestId('map-place');
    expect(dots.map((dot) => dot.textContent)).toEqual(['Sea Point']);
    expect(screen.getAllByTestId('polygon-other')).toHaveLength(1);
    expect(onViewChange).toHaveBeenCalledTimes(1);
    const [bounds] = onViewChange.mock.calls[0]!;
    expect(bounds.minLat).toBeLessThan(-33.93);
    expect(bounds.maxLat).toBeGreaterThan(-33.9);
    // Nothing is fetched: no image, tile or script.
    expect(document.querySelectorAll('img, image, iframe, script')).toHaveLength(0);
  });

  it('disabled: no vertex can be moved, removed or added', () => {
    const calls: string[] = [];
    render(<Harness initial={triangle} calls={calls} disabled />);
    sizeSvg();
    fireEvent.keyDown(vertexAt(0), { key: 'Delete' });
    fireEvent.pointerDown(vertexAt(0), { clientX: 10, clientY: 10 });
    expect(calls).toEqual([]);
    expect((screen.getByRole('button', { name: POLYGON_TEXTS.addVertex }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the area screen: the editor machine behind the map', () => {
  it('draws a polygon with three clicks, refuses to close a crossing ring, saves the closed ring and loads the places of the view', async () => {
    let saved: unknown;
    let placesAsked: unknown;
    const machine = polygonEditorMachine.provide({
      actors: {
        saveArea: fromPromise(async ({ input }: { input: { polygon: number[][]; areaName: string } }) => {
          saved = input;
          return { id: 9, territoryId: 1, territoryName: 'Cape Town', areaName: input.areaName, kind: 'area', polygon: input.polygon, xmin: '5' } satisfies TerritoryArea;
        }) as never,
        loadOthers: fromPromise(async () => [{
          id: 3, territoryId: 1, territoryName: 'Cape Town', areaName: 'Kirstenbosch Gardens', kind: 'exception',
          polygon: [[18.425, -33.98], [18.44, -33.98], [18.44, -33.995], [18.425, -33.98]], xmin: '2',
        }] satisfies TerritoryArea[]) as never,
        loadPlaces: fromPromise(async ({ input }: { input: { bounds: unknown } }) => {
          placesAsked = input.bounds;
          return [{ placeId: 'za-cape-town-newlands', name: 'Newlands', lat: -33.974, lon: 18.461 }];
        }) as never,
      },
    });
    const navigations: string[] = [];
    const actor = createActor(machine, { input: { cca2: 'ZA', territoryId: 1, kind: 'area' } });
    actor.on('area.navigate', (event) => navigations.push(event.to));
    actor.start();
    render(<ChakraProvider value={system}><AreaEditor actor={actor} /></ChakraProvider>);
    expect((await screen.findAllByTestId('map-place')).map((dot) => dot.textContent)).toEqual(['Newlands']);
    expect(placesAsked).toMatchObject({ minLat: expect.any(Number), maxLon: expect.any(Number) });
    // The territory's other polygons are drawn for context, named for screen readers.
    expect((await screen.findAllByTestId('polygon-other')).map((shape) => shape.textContent)).toEqual(['Kirstenbosch Gardens']);

    fireEvent.click(screen.getByRole('button', { name: POLYGON_TEXTS.draw }));
    sizeSvg();
    const surface = screen.getByTestId('polygon-map-surface');
    // Clockwise from the top left, then a fourth click that makes the ring cross itself.
    fireEvent.pointerDown(surface, { clientX: 100, clientY: 100 });
    fireEvent.pointerDown(surface, { clientX: 400, clientY: 100 });
    fireEvent.pointerDown(surface, { clientX: 100, clientY: 300 });
    fireEvent.pointerDown(surface, { clientX: 400, clientY: 300 });
    expect(screen.getByTestId('polygon-status').textContent).toBe(POLYGON_TEXTS.drawing(4));
    fireEvent.click(screen.getByRole('button', { name: POLYGON_TEXTS.close }));
    expect(screen.getByTestId('polygon-error').textContent).toBe(POLYGON_ERRORS.selfIntersecting(2, 4));
    fireEvent.keyDown(vertexAt(3), { key: 'Delete' });
    // A click on the first vertex closes the ring.
    fireEvent.pointerDown(vertexAt(0), { clientX: 100, clientY: 100 });
    expect(screen.getByTestId('polygon-status').textContent).toBe(POLYGON_TEXTS.editing(3));

    fireEvent.click(screen.getByRole('button', { name: POLYGON_TEXTS.save }));
    expect(screen.getByText(POLYGON_ERRORS.areaNameRequired).getAttribute('role')).toBe('alert');
    fireEvent.change(screen.getByLabelText(/Area name/), { target: { value: 'Gardens' } });
    fireEvent.click(screen.getByRole('button', { name: POLYGON_TEXTS.save }));
    await vi.waitFor(() => expect(navigations).toEqual(['/territories/1/areas/9']));
    const { polygon } = saved as { polygon: number[][] };
    expect(polygon).toHaveLength(4);
    expect(polygon[0]).toEqual(polygon[3]);
  });
});
