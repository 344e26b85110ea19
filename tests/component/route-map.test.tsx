import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../src/app/theme';
import { ROUTE_MAP_TEXTS, RouteMap, type RouteMapProps } from '../../src/ui/RouteMap';

const show = (props: RouteMapProps) => render(<ChakraProvider value={system}><RouteMap {...props} /></ChakraProvider>);

const markerAt = (label: string) => {
  const marker = document.querySelector(`[data-testid="map-marker"][data-label="${label}"]`)!;
  const [, x, y] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(marker.getAttribute('transform')!)!.map(Number);
  return { x: x!, y: y! };
};

describe('RouteMap', () => {
  it('draws lettered markers from coordinates with no tiles, named for screen readers', () => {
    show({
      label: 'Delivery route',
      markers: [{ lat: -33.9207, lon: 18.4231, title: '1 Long Street, Cape Town' }, { lat: -33.9806, lon: 18.4653, title: '10 Main Road, Claremont' }],
      distanceKm: 7.4567,
    });
    const map = screen.getByRole('img', { name: 'Delivery route: A: 1 Long Street, Cape Town, B: 10 Main Road, Claremont' });
    expect(map.tagName.toLowerCase()).toBe('svg');
    expect([...document.querySelectorAll('[data-testid="map-marker"]')].map((node) => node.getAttribute('data-label'))).toEqual(['A', 'B']);
    // Nothing is fetched: no image, tile or script.
    expect(document.querySelectorAll('img, image, iframe, script')).toHaveLength(0);
    // North is up and east is right: Claremont is south-east of Long Street.
    const a = markerAt('A');
    const b = markerAt('B');
    expect(b.x).toBeGreaterThan(a.x);
    expect(b.y).toBeGreaterThan(a.y);
    expect(screen.getByTestId('route-distance').textContent).toBe(`${ROUTE_MAP_TEXTS.distance}: 7.46 km`);
    expect(screen.queryByTestId('route-line')).toBeNull();
  });

  it('letters markers past Z as AA, AB and draws an optional polyline', () => {
    const markers = Array.from({ length: 28 }, (_, index) => ({ lat: -26.2 + index * 0.01, lon: 28.04 + index * 0.01 }));
    show({ markers, path: markers.slice(0, 3) });
    const labels = [...document.querySelectorAll('[data-testid="map-marker"]')].map((node) => node.getAttribute('data-label'));
    expect(labels.slice(24)).toEqual(['Y', 'Z', 'AA', 'AB']);
    expect(screen.getByTestId('route-line').getAttribute('points')!.split(' ')).toHaveLength(3);
    expect(screen.queryByTestId('route-distance')).toBeNull();
  });

  it('with nothing to show, is still a named map centred on the default (-33.9249, 18.4241)', () => {
    show({ markers: [] });
    expect(screen.getByRole('img', { name: ROUTE_MAP_TEXTS.label })).toBeTruthy();
    expect(document.querySelectorAll('[data-testid="map-marker"]')).toHaveLength(0);
  });

  it('a marker at the default centre sits in the middle; a missing origin leaves B as B', () => {
    show({ markers: [null, { lat: -33.9249, lon: 18.4241 }], distanceKm: 0.4321, metresUnder1Km: true });
    expect(markerAt('B')).toEqual({ x: 240, y: 130 });
    expect(screen.getByTestId('route-distance').textContent).toBe(`${ROUTE_MAP_TEXTS.distance}: 432 m`);
  });
});
