import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { system } from '../../src/ui/theme';
import { JobRouteView } from '../../src/features/jobs/JobRouteModal';
import { formatDistance } from '../../src/lib/distance';
import { JOB_FIGURES_TEXTS } from '../../src/lib/jobs-texts';
import { jobRouteMachine } from '../../src/machines/operations/job-route.machine';
import { jobRouteSamples } from '../../src/machines/operations/job-route.samples';
import { describeModel } from '../support/model-paths';

type Snapshot = SnapshotFrom<typeof jobRouteMachine>;

describeModel({
  machine: jobRouteMachine,
  scenarios: jobRouteSamples.scenarios,
  targets: jobRouteSamples.targets,
  guards: true,
  async start(machine, input, clock) {
    // The map is a lazy chunk: loaded before the first render, so its markers do not race the file's first test
    // (a busy machine transforms it for seconds; `-t "random walks"` makes a walk the first test).
    await import('../../src/ui/RouteMap');
    const actor = createActor(machine, { input, clock }).start();
    render(<ChakraProvider value={system}><JobRouteView actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          if (event.type === 'route.retry') fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
          else actor.send(event as never);
        });
      },
    };
  },
  states: {
    loading: () => {
      expect(screen.getByRole('status').textContent).toBe(JOB_FIGURES_TEXTS.routeLoading);
    },
    ready: async (snapshot: Snapshot) => {
      const route = snapshot.context.route!;
      // The stops in order with their letters A, B, C, D, listed beside the map and drawn as its markers.
      const stops = within(screen.getByRole('list', { name: JOB_FIGURES_TEXTS.route })).getAllByRole('listitem');
      expect(stops.map((item) => item.textContent?.split(' · ')[0])).toEqual(['A', 'B', 'C', 'D']);
      const markers = await screen.findAllByTestId('map-marker');
      expect(markers.map((marker) => marker.getAttribute('data-label'))).toEqual(['A', 'B', 'C', 'D']);
      // The route's distance in km to 2 decimals.
      expect((await screen.findByTestId('route-distance')).textContent).toContain(formatDistance(route.distanceKm));
      expect(formatDistance(route.distanceKm)).toContain('12.35');
    },
    failed: (snapshot: Snapshot) => {
      expect(screen.getByText(JOB_FIGURES_TEXTS.routeFailed, { exact: false }).textContent).toContain(snapshot.context.error!.message);
    },
  },
});
