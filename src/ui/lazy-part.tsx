import { Box, Button, Text } from '@chakra-ui/react';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { SCREEN_TEXTS } from '../lib/shell-texts';

/** The code of a part could not be fetched: the connection, not the part, failed. */
export class PartLoadError extends Error {
  override name = 'PartLoadError';
}

/**
 * Stylesheets whose fetch failed stay in the document unloaded, and Vite's preloader never asks for them again:
 * replaced by fresh links, the browser fetches them anew.
 */
function refetchFailedStylesheets() {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (link.sheet) continue;
    const fresh = link.cloneNode() as HTMLLinkElement;
    link.replaceWith(fresh);
  }
}

/** The first automatic retry after a failed fetch; each later one waits twice as long, up to a minute. */
export const PART_RETRY_MS = 5_000;
const PART_RETRY_MAX_MS = 60_000;

class LoadBoundary extends Component<{ children: ReactNode; onRetry: () => void; retryInMs: number }, { error: unknown }> {
  override state = { error: undefined as unknown };
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // The server may only be restarting: the part tries again by itself, as the button does.
  override componentDidUpdate() {
    if (this.state.error instanceof PartLoadError && this.retryTimer === undefined) {
      this.retryTimer = setTimeout(this.props.onRetry, this.props.retryInMs);
    }
  }

  override componentWillUnmount() {
    clearTimeout(this.retryTimer);
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    // Anything but a failed fetch of the code is a defect: the app's own boundary reports it.
    if (!(error instanceof PartLoadError)) throw error;
    return (
      <Box role="alert" p={3} borderWidth="1px" borderRadius="md" bg="bg.muted" data-testid="part-not-loaded">
        <Text mb={2}>{SCREEN_TEXTS.partNotLoaded}</Text>
        <Button size="sm" variant="outline" onClick={this.props.onRetry}>
          {SCREEN_TEXTS.partRetry}
        </Button>
      </Box>
    );
  }
}

/**
 * A part of a screen loaded on first use (a chunk of its own): `fetch` imports its module, `pick` takes the component
 * from it. If the module cannot be fetched, only that part says so, with a button to try again (and tries again by
 * itself, less and less often); the rest of the screen keeps working and nothing typed is lost. Without this, a
 * failed fetch reaches the app's error screen, which reloads the page. A module without the component is a defect,
 * not a connection problem: `pick`'s error goes to the app's boundary.
 */
export function lazyPart<P extends object, M>(
  fetch: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  fallback: (props: P) => ReactNode,
): ComponentType<P> {
  const make = () => lazy(async () => {
    let module: M;
    try {
      module = await fetch();
    } catch (error) {
      throw new PartLoadError(error instanceof Error ? error.message : String(error), { cause: error });
    }
    return { default: pick(module) };
  });
  // One lazy component for every instance until a load fails; a retry starts a new one (React keeps a failed one failed).
  let Loaded = make();
  return function LazyPart(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      refetchFailedStylesheets();
      Loaded = make();
      setAttempt((count) => count + 1);
    };
    return (
      // A new key mounts a new boundary, with no error, for the new attempt.
      <LoadBoundary key={attempt} onRetry={retry} retryInMs={Math.min(PART_RETRY_MS * 2 ** attempt, PART_RETRY_MAX_MS)}>
        <Suspense fallback={fallback(props)}>
          <Loaded {...props} />
        </Suspense>
      </LoadBoundary>
    );
  };
}
