import { useLayoutEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, type InitialEntry, type Location, type NavigateOptions, type To } from 'react-router-dom';

/** Where the app is (the location last rendered) and a way to go elsewhere, as a test sees the router. */
export interface TestRouter {
  state: { location: Location };
  /** Resolves once the navigation is asked for; await it inside act() so that the new location renders. */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
}

/**
 * A memory router at `initialEntry` (the app runs in BrowserRouter in main.tsx) and its handle. Render `Router`
 * around the app; `router` reads the location the app last rendered and navigates as a link would.
 */
export function createTestRouter(initialEntry: InitialEntry = '/'): { router: TestRouter; Router: (props: { children: ReactNode }) => ReactNode } {
  const router: TestRouter = {
    state: {
      get location(): Location {
        throw new Error('The test router has not rendered yet');
      },
    },
    navigate: () => Promise.reject(new Error('The test router has not rendered yet')),
  };
  function Probe() {
    const location = useLocation();
    const navigate = useNavigate();
    // After each commit: what the app shows, and the navigate function of the current location.
    useLayoutEffect(() => {
      router.state = { location };
      router.navigate = async (to, options) => {
        if (typeof to === 'number') await navigate(to);
        else await navigate(to, options);
      };
    });
    return null;
  }
  function Router({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[initialEntry]}>
        <Probe />
        {children}
      </MemoryRouter>
    );
  }
  return { router, Router };
}
