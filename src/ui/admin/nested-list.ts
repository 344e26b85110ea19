import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Actor } from 'xstate';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import type { ResourceId } from '../../resources';
import { listMachine } from '../../machines/lists/list.machine';
import { useResources } from '../use-resources';

/**
 * A nested list (/users/:id/ratings) is the parent resource's list with a filter fixed by the path: the filter
 * lives in the path, never in the query string, so links stay short and the parent cannot be changed from
 * the filters.
 */
export function withFixedFilters(search: string, fixed: Record<string, string>): string {
  const query = new URLSearchParams(search);
  for (const [name, value] of Object.entries(fixed)) query.set(name, value);
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function withoutFixedFilters(search: string, fixed: Record<string, string>): string {
  const query = new URLSearchParams(search);
  for (const name of Object.keys(fixed)) query.delete(name);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * The list actor of a nested list screen: like useResourceList (the URL is the list's only state), with the
 * `fixed` filters added to what the list reads and left out of what it writes. Key the calling component by
 * the parent, so that `fixed` never changes while it is mounted.
 */
export function useNestedList(resourceId: ResourceId, fixed: Record<string, string>): Actor<typeof listMachine> {
  useResources([resourceId]);
  const location = useLocation();
  const navigate = useNavigate();
  const portal = usePortal();
  const actor = useScreenActor(listMachine, { resource: resourceId, cca2: portal.cca2, search: withFixedFilters(location.search, fixed) });
  const key = JSON.stringify(fixed);
  useEffect(() => {
    const filters = JSON.parse(key) as Record<string, string>;
    const navigation = actor.on('list.navigate', (event) => navigate({ search: withoutFixedFilters(event.search, filters) }, { replace: event.replace }));
    const notFound = actor.on('list.notFound', () => navigate('/404', { replace: true }));
    return () => {
      navigation.unsubscribe();
      notFound.unsubscribe();
    };
  }, [actor, navigate, key]);
  useEffect(() => {
    actor.send({ type: 'list.urlChanged', search: withFixedFilters(location.search, JSON.parse(key) as Record<string, string>) });
  }, [actor, location.search, key]);
  return actor;
}
