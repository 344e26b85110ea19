import { render } from '@testing-library/react';
import type { SimulatedClock } from 'xstate';
import { App } from '../../src/app/App';
import { rootMachine } from '../../src/machines/root/root.machine';
import type { authMachine } from '../../src/machines/auth/auth.machine';
import type { portalMachine } from '../../src/machines/portal/portal.machine';
import type { connectionMachine } from '../../src/machines/session/connection.machine';
import type { idleMachine } from '../../src/machines/session/idle.machine';
import { quietConnection, quietIdentity } from './quiet-connection';
import { createTestRouter } from './test-router';
import type { identityLiveMachine } from '../../src/machines/session/identity-live.machine';

export interface RenderAppOptions {
  path?: string;
  hostname?: string;
  defaultPortal?: string;
  /** A portal machine to run instead of the real one (controlled actors in model tests). */
  portal?: typeof portalMachine;
  /** An auth machine to run instead of the real one (stubbed calls, controlled actors in model tests). */
  auth?: typeof authMachine;
  /** An idle machine to run instead of the real one. */
  idle?: typeof idleMachine;
  /** A connection machine to run instead of the quiet one (which connects at once, without a socket). */
  connection?: typeof connectionMachine;
  /** An identity-live machine to run instead of the quiet one (which subscribes at once and hears nothing). */
  identityLive?: typeof identityLiveMachine;
  clock?: SimulatedClock;
}

/** Renders the whole app (providers, root actor, portal gate, routes) at a path, as main.tsx does (a memory router for BrowserRouter). */
export function renderApp(options: RenderAppOptions = {}) {
  const { router, Router } = createTestRouter(options.path ?? '/');
  const actors = {
    ...(options.portal && { portal: options.portal }),
    ...(options.auth && { auth: options.auth }),
    ...(options.idle && { idle: options.idle }),
    connection: options.connection ?? quietConnection,
    identityLive: options.identityLive ?? quietIdentity,
  };
  const rootLogic = rootMachine.provide({ actors });
  // The router's handle comes back with the render, so tests can read where the app navigated.
  return Object.assign(render(
    <Router>
      <App
        hostname={options.hostname ?? 'localhost'}
        defaultPortal={options.defaultPortal ?? 'ZA'}
        rootLogic={rootLogic}
        clock={options.clock}
      />
    </Router>,
  ), { router });
}
