import { ChakraProvider } from '@chakra-ui/react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import type { SimulatedClock } from 'xstate';
import type { rootMachine } from '../machines/root.machine';
import { IdlePrompt } from '../features/auth/IdlePrompt';
import { createFlowsInspector } from '../lib/flows/live-bridge';
import { PortalGate } from './PortalGate';
import { RootActor } from './root-actor';
import { system } from './theme';

export interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  hostname: string;
  defaultPortal: string;
  /** Tests run the same tree with controlled actors and a simulated clock. */
  rootLogic?: typeof rootMachine;
  clock?: SimulatedClock;
}

// The Live view of /flows: every actor of the root's system reports its state to /flows in other tabs.
const flowsInspector = createFlowsInspector();

/** Providers in order: theme, the root actor, the portal gate, then the routes. */
export function App({ router, hostname, defaultPortal, rootLogic, clock }: AppProps) {
  return (
    <ChakraProvider value={system}>
      <RootActor.Provider logic={rootLogic} options={{ input: { hostname, defaultPortal }, ...(clock && { clock }), inspect: flowsInspector }}>
        <PortalGate>
          <RouterProvider router={router} />
          <IdlePrompt />
        </PortalGate>
      </RootActor.Provider>
    </ChakraProvider>
  );
}
