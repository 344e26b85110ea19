import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePortal, useAuth } from '../../app/root-actor';
import { useScreenActor } from '../../app/use-screen-actor';
import { mayCall } from '../../lib/access';
import { resourceForPath, resourceOf, type ResourceId } from '../../lib/resources';
import { listMachine } from '../../machines/lists/list.machine';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from './ListView';

function storedPageSize(key: string | undefined): number | undefined {
  if (!key || typeof localStorage === 'undefined') return undefined;
  const value = Number(localStorage.getItem(key));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The list screen of any registered resource: its route path says which (src/lib/resources). */
export function Component() {
  const location = useLocation();
  const found = resourceForPath(location.pathname.replace(/\/+$/, ''));
  if (!found) throw new Error(`No resource for ${location.pathname}`);
  return <ResourceList key={found.resource.id} resourceId={found.resource.id} />;
}

function ResourceList({ resourceId }: { resourceId: ResourceId }) {
  const resource = resourceOf(resourceId);
  const location = useLocation();
  const navigate = useNavigate();
  const portal = usePortal();
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
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
  const mayCreate = resource.operations.create !== undefined && mayCall(resource.operations.create, permissions);
  return (
    <AdminPage title={resource.title} current={{ label: resource.title, to: resource.routes.list }}
      createTo={mayCreate ? resource.routes.add : undefined}>
      <ListView actor={actor} mayEdit={mayCall(resource.operations.get, permissions)} />
    </AdminPage>
  );
}
