import { useLocation } from 'react-router-dom';
import { useAuth } from '../../machines/root/root-actor';
import { mayCall, mayOpen } from '../../lib/access';
import { resourceForPath, type ResourceId } from '../../resources';
import { useResource } from '../use-resources';
import { AdminPage } from '../AdminPage';
import { ListView } from './ListView';
import { useResourceList } from './use-resource-list';

/** The list screen of any registered resource: its route path says which (src/resources). */
export function Component() {
  const location = useLocation();
  const found = resourceForPath(location.pathname.replace(/\/+$/, ''));
  if (!found) throw new Error(`No resource for ${location.pathname}`);
  return <ResourceList key={found.id} resourceId={found.id} />;
}

function ResourceList({ resourceId }: { resourceId: ResourceId }) {
  // The declaration first: the list actor reads it when it starts.
  const resource = useResource(resourceId);
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const actor = useResourceList(resourceId);
  // The operation and the screen's route must both be open to the caller (no Add or Edit leads to the forbidden screen).
  const mayCreate = resource.operations.create !== undefined && mayCall(resource.operations.create, permissions)
    && resource.routes.add !== undefined && mayOpen(resource.routes.add, permissions);
  return (
    <AdminPage title={resource.title} current={{ label: resource.title, to: resource.routes.list }}
      createTo={mayCreate ? resource.routes.add : undefined}
      uploadTo={resource.upload && mayCall(resource.upload.operation, permissions) ? resource.upload.to : undefined}>
      {/* A resource without an edit screen names its list as the edit route: its rows link nowhere. */}
      <ListView actor={actor} mayEdit={resource.routes.edit !== resource.routes.list && mayCall(resource.operations.get, permissions) && mayOpen(resource.routes.edit, permissions)}
        bulkActions={(resource.bulkActions ?? []).filter((action) => mayCall(action.operation, permissions))} />
    </AdminPage>
  );
}
