import { useContext, useLayoutEffect, type ReactNode } from 'react';
import { MemoryRouter, UNSAFE_NavigationContext, useNavigate, type InitialEntry, type Location, type NavigateOptions, type To } from 'react-router-dom';

/** Where the app is and a way to go elsewhere, as a test sees the router (the data router's object did the same). */
export interface TestRouter {
  /** The router's location: a navigation moves it at once, before the new location renders (as router.state did). */
  state: { location: Location };
  /** Resolves once the navigation is asked for; await it inside act() so that the new location renders. */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
}

/**
 * A memory router at `initialEntry` (the app runs in BrowserRouter in main.tsx) and its handle. Render `Router`
 * around the app; `router` reads the memory history's location and navigates as the app's own code does.
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
    // MemoryRouter's navigator is its memory history, whose location moves when a navigation is asked for.
    const history = useContext(UNSAFE_NavigationContext).navigator as unknown as { location: Location };
    const navigate = useNavigate();
    // After each commit: the navigate function of the current location.
    useLayoutEffect(() => {
      router.state = { get location() { return history.location; } };
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
