import { use } from 'react';
import { loadResources, resourceOf, resourcesReady, type ResourceDef, type ResourceId } from '../resources';
import { PartLoadError } from './lazy-part';

// One load per set of ids, kept once it succeeded: every render of a view that suspended on it waits on the same
// promise, and calls use() on it again once it is done (React asks for both). A failed load is forgotten, so that
// a retry fetches again.
const loads = new Map<string, Promise<void>>();

const keyOf = (ids: readonly ResourceId[]) => [...ids].sort().join(',');

function loadFor(key: string, ids: readonly ResourceId[]): Promise<void> {
  let load = loads.get(key);
  if (!load) {
    load = loadResources(ids).catch((error: unknown) => {
      loads.delete(key);
      // The code could not be fetched: the screen's boundary (lazyPart) offers to try again.
      throw new PartLoadError(error instanceof Error ? error.message : String(error), { cause: error });
    });
    loads.set(key, load);
  }
  return load;
}

/**
 * Suspends the view until these resources' declarations (and those their lookups name) are loaded: a view calls
 * it before it reads a declaration or creates a list or form actor over one. The screen's Suspense boundary shows
 * its placeholder meanwhile.
 */
export function useResources(ids: readonly ResourceId[]): void {
  const key = keyOf(ids);
  // Loaded before this view asked (another screen loaded them): nothing to wait for.
  if (!loads.has(key) && resourcesReady(ids)) return;
  use(loadFor(key, ids));
}

/** One resource's declaration, once loaded (see useResources). */
export function useResource(id: ResourceId): ResourceDef {
  useResources([id]);
  return resourceOf(id);
}
