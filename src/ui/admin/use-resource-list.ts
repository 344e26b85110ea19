import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Actor } from 'xstate';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import type { ResourceId } from '../../resources';
import { listMachine } from '../../machines/lists/list.machine';
import { useResource } from '../use-resources';

function storedPageSize(key: string | undefined): number | undefined {
  if (!key || typeof localStorage === 'undefined') return undefined;
  const value = Number(localStorage.getItem(key));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * The list actor of a resource's screen, tied to the URL both ways: the URL is the list's only state, so the
 * actor follows location changes (back, a shared link) and its own changes navigate; a 404 goes to /404.
 */
export function useResourceList(resourceId: ResourceId): Actor<typeof listMachine> {
  // Suspends until the declaration is loaded: the list actor reads it when it starts.
  const resource = useResource(resourceId);
  const location = useLocation();
  const navigate = useNavigate();
  const portal = usePortal();
  const actor = useScreenActor(listMachine, {
    resource: resource.id, cca2: portal.cca2, search: location.search, storedPageSize: storedPageSize(resource.pageSizeStorageKey),
  });
  useEffect(() => {
    const navigation = actor.on('list.navigate', (event) => navigate({ search: event.search }, { replace: event.replace }));
    const notFound = actor.on('list.notFound', () => navigate('/404', { replace: true }));
    return () => {
      navigation.unsubscribe();
      notFound.unsubscribe();
    };
  }, [actor, navigate]);
  useEffect(() => {
    actor.send({ type: 'list.urlChanged', search: location.search });
  }, [actor, location.search]);
  return actor;
}
