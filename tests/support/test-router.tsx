import { useLayoutEffect, type ReactNode } from 'react';
import {
  UNSAFE_createMemoryHistory, unstable_HistoryRouter as HistoryRouter, useNavigate, type InitialEntry, type Location, type NavigateOptions, type To,
} from 'react-router-dom';

/** Where the app is and a way to go elsewhere, as a test sees the router (the data router's object did the same). */
export interface TestRouter {
  /** The router's location: a navigation moves it at once, before the new location renders (as router.state did). */
  state: { location: Location };
  /** Resolves once the navigation is asked for; await it inside act() so that the new location renders. */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
}

/**
 * A router over a memory history at `initialEntry` (the app runs in BrowserRouter in main.tsx) and its handle.
 * Render `Router` around the app; `router` reads the history's location and navigates as the app's own code does.
 */
export function createTestRouter(initialEntry: InitialEntry = '/'): { router: TestRouter; Router: (props: { children: ReactNode }) => ReactNode } {
  // v5Compat: every push and replace is told to the router, as BrowserRouter's own history does.
  const history = UNSAFE_createMemoryHistory({ initialEntries: [initialEntry], v5Compat: true });
  const router: TestRouter = {
    // The history's location moves when a navigation is asked for.
    state: { get location() { return history.location; } },
    navigate: () => Promise.reject(new Error('The test router has not rendered yet')),
  };
  function Probe() {
    const navigate = useNavigate();
    // After each commit: the navigate function of the current location.
    useLayoutEffect(() => {
      router.navigate = async (to, options) => {
        if (typeof to === 'number') await navigate(to);
        else await navigate(to, options);
      };
    });
    return null;
  }
  function Router({ children }: { children: ReactNode }) {
    return (
      <HistoryRouter history={history}>
        <Probe />
        {children}
      </HistoryRouter>
    );
  }
  return { router, Router };
}
