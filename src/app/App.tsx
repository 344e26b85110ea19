import { ChakraProvider } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { SimulatedClock } from 'xstate';
import type { rootMachine } from '../machines/root/root.machine';
import { createFlowsInspector } from '../lib/flows/live-bridge';
import { PortalGate } from './PortalGate';
import { AppRoutes } from './routes';
import { RootActor, useIdleActor } from '../machines/root/root-actor';
import { system } from '../ui/theme';
import { useOnceTrue } from './use-once-true';

// The idle prompt (a modal dialog: focus trap, scroll lock) loads the first time it is due, 3 minutes before a
// signed-in session times out; visitors and most visits never need it.
const IdlePrompt = lazy(() => import('../features/auth/IdlePrompt').then((module) => ({ default: module.IdlePrompt })));

function IdlePromptWhenDue() {
  const due = useOnceTrue(useSelector(useIdleActor(), (snapshot) => snapshot.matches({ watching: 'prompting' })));
  return <Suspense fallback={null}>{due && <IdlePrompt />}</Suspense>;
}

export interface AppProps {
  hostname: string;
  defaultPortal: string;
  /** Tests run the same tree with controlled actors and a simulated clock. */
  rootLogic?: typeof rootMachine;
  clock?: SimulatedClock;
}

// The Live view of /flows: every actor of the root's system reports its state to /flows in other tabs.
const flowsInspector = createFlowsInspector();

/**
 * Providers in order: theme, the root actor, the portal gate, then the routes. Rendered inside a router:
 * BrowserRouter in main.tsx, a MemoryRouter in tests (outside the portal gate, so the location outlives its screens).
 */
export function App({ hostname, defaultPortal, rootLogic, clock }: AppProps) {
  return (
    <ChakraProvider value={system}>
      <RootActor.Provider logic={rootLogic} options={{ input: { hostname, defaultPortal }, ...(clock && { clock }), inspect: flowsInspector }}>
        <PortalGate>
          <AppRoutes />
          <IdlePromptWhenDue />
        </PortalGate>
      </RootActor.Provider>
    </ChakraProvider>
  );
}
