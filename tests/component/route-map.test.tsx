import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../src/ui/theme';
import { ROUTE_MAP_TEXTS, RouteMap, type RouteMapProps } from '../../src/ui/RouteMap';

const show = (props: RouteMapProps) => render(<ChakraProvider value={system}><RouteMap {...props} /></ChakraProvider>);

const drawnLabels = () => [...document.querySelectorAll('[data-testid="map-marker"]')].map((node) => node.getAttribute('data-label'));
const stops = (label: string) => within(screen.getByRole('list', { name: `${label}: ${ROUTE_MAP_TEXTS.stops}` })).getAllByRole('listitem').map((item) => item.textContent);

/** Where Leaflet placed a marker (jsdom has no 3D transforms, so Leaflet positions with left/top). */
const markerAt = (label: string) => {
  const icon = document.querySelector(`[data-testid="map-marker"][data-label="${label}"]`)!.parentElement!;
  return { x: parseFloat(icon.style.left), y: parseFloat(icon.style.top) };
};

describe('RouteMap (Leaflet)', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('draws lettered markers with no tiles, a keyboard-focusable map, and the stops as text for screen readers', () => {
    show({
      label: 'Delivery route',
      markers: [{ lat: -33.9207, lon: 18.4231, title: '1 Long Street, Cape Town' }, { lat: -33.9806, lon: 18.4653, title: '10 Main Road, Claremont' }],
      distanceKm: 7.4567,
    });
    const map = screen.getByRole('region', { name: 'Delivery route' });
    expect(map.classList.contains('leaflet-container')).toBe(true);
    // Leaflet's keyboard handler: the map takes focus and moves with the arrow keys.
    expect(map.getAttribute('tabindex')).toBe('0');
    expect(map.getAttribute('aria-roledescription')).toBe(ROUTE_MAP_TEXTS.roleDescription);
    expect(stops('Delivery route')).toEqual(['A: 1 Long Street, Cape Town', 'B: 10 Main Road, Claremont']);
    expect(drawnLabels()).toEqual(['A', 'B']);
    // Nothing is fetched: no tile layer, no image, iframe or script.
    expect(document.querySelectorAll('.leaflet-tile-pane img, img, image, iframe, script')).toHaveLength(0);
    // North is up and east is right: Claremont is south-east of Long Street.
    const a = markerAt('A');
    const b = markerAt('B');
    expect(b.x).toBeGreaterThan(a.x);
    expect(b.y).toBeGreaterThan(a.y);
    expect(screen.getByTestId('route-distance').textContent).toBe(`${ROUTE_MAP_TEXTS.distance}: 7.46 km`);
    expect(document.querySelector('.route-map-line')).toBeNull();
  });

  it('letters markers past Z as AA, AB and draws an optional polyline, fitting every point into a laid-out map', () => {
    // jsdom lays nothing out: give the map the size a browser would.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(480);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(260);
    // 28 stops over about 4 km of Johannesburg.
    const markers = Array.from({ length: 28 }, (_, index) => ({ lat: -26.2 + index * 0.001, lon: 28.04 + index * 0.001 }));
    // The route turns a corner (Leaflet simplifies straight runs away).
    show({ markers, path: [markers[0]!, { lat: markers[0]!.lat, lon: markers[27]!.lon }, markers[27]!] });
    expect(drawnLabels().slice(24)).toEqual(['Y', 'Z', 'AA', 'AB']);
    expect(stops(ROUTE_MAP_TEXTS.label).slice(25)).toEqual(['Z', 'AA', 'AB']);
    const line = document.querySelector('path.route-map-line')!;
    // One move and two segments: three points.
    expect(line.getAttribute('d')!.match(/[ML]/g)).toEqual(['M', 'L', 'L']);
    expect(screen.queryByTestId('route-distance')).toBeNull();
    // Fitted: the first and last markers lie inside the 480 × 260 map, the route's ends at opposite corners.
    const [first, last] = [markerAt('A'), markerAt('AB')];
    for (const point of [first, last]) {
      expect(point.x).toBeGreaterThanOrEqual(0);
      expect(point.x).toBeLessThanOrEqual(480);
      expect(point.y).toBeGreaterThanOrEqual(0);
      expect(point.y).toBeLessThanOrEqual(260);
    }
    expect(last.x).toBeGreaterThan(first.x);
    expect(last.y).toBeLessThan(first.y);
    // Zoomed in past the spec's zoom 9 (where these 4 km span about 10 px) so the route fills the map.
    expect(last.x - first.x).toBeGreaterThan(100);
  });

  it('with nothing to show, is still a named map (centred on the default) with no stops', () => {
    show({ markers: [] });
    expect(screen.getByRole('region', { name: ROUTE_MAP_TEXTS.label })).toBeTruthy();
    expect(drawnLabels()).toHaveLength(0);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('a missing origin leaves B as B; metres under 1 km when asked; a configured tile URL adds a tile layer', () => {
    show({ markers: [null, { lat: -33.9249, lon: 18.4241 }], distanceKm: 0.4321, metresUnder1Km: true, tileUrl: 'https://tiles.example/{z}/{x}/{y}.png' });
    expect(drawnLabels()).toEqual(['B']);
    expect(screen.getByTestId('route-distance').textContent).toBe(`${ROUTE_MAP_TEXTS.distance}: 432 m`);
    expect(document.querySelector('.leaflet-tile-pane .leaflet-layer')).not.toBeNull();
  });

  it('redraws only the markers that changed, keeps their order (the later on top)', () => {
    const points = [
      { lat: -33.92, lon: 18.42, label: 'D', colour: '#2d3748' },
      { lat: -33.92, lon: 18.42, label: 'A', colour: '#c53030' },
      { lat: -33.98, lon: 18.46, label: 'B', colour: '#c53030' },
      { lat: -33.95, lon: 18.44, label: 'C', colour: '#c53030' },
    ];
    const elements = () => [...document.querySelectorAll('[data-testid="map-marker"]')].map((node) => node.parentElement);
    const { rerender } = show({ markers: points });
    const [driver, a, , c] = elements();
    // B changes colour (a task's status): one new element, in B's place; A still over the driver at the same spot.
    rerender(<ChakraProvider value={system}><RouteMap markers={points.map((point) => (point.label === 'B' ? { ...point, colour: '#276749' } : point))} /></ChakraProvider>);
    expect(drawnLabels()).toEqual(['D', 'A', 'B', 'C']);
    const after = elements();
    expect(after[0]).toBe(driver);
    expect(after[1]).toBe(a);
    expect(after[3]).toBe(c);
    expect(after[2]!.querySelector('span')!.getAttribute('style')).toContain('#276749');
    // The first marker replaced: the new element goes first.
    rerender(<ChakraProvider value={system}><RouteMap markers={[{ ...points[0]!, colour: '#975a16' }, ...points.slice(1)]} /></ChakraProvider>);
    expect(drawnLabels()).toEqual(['D', 'A', 'B', 'C']);
    expect(elements()[0]).not.toBe(driver);
  });
});
