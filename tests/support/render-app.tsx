import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import type { SimulatedClock } from 'xstate';
import { App } from '../../src/app/App';
import { routes } from '../../src/app/routes';
import { rootMachine } from '../../src/machines/root.machine';
import type { portalMachine } from '../../src/machines/portal/portal.machine';

export interface RenderAppOptions {
  path?: string;
  hostname?: string;
  defaultPortal?: string;
  /** A portal machine to run instead of the real one (controlled actors in model tests). */
  portal?: typeof portalMachine;
  clock?: SimulatedClock;
}

/** Renders the whole app (providers, root actor, portal gate, routes) at a path, as main.tsx does. */
export function renderApp(options: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  const rootLogic = options.portal ? rootMachine.provide({ actors: { portal: options.portal } }) : undefined;
  return render(
    <App
      router={router}
      hostname={options.hostname ?? 'localhost'}
      defaultPortal={options.defaultPortal ?? 'ZA'}
      rootLogic={rootLogic}
      clock={options.clock}
    />,
  );
}
