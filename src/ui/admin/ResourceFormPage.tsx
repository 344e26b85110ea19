import { useLocation, useParams } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { RESOURCES } from '../../resources';
import type { ResourceDef } from '../../resources/types';
import { formMachine } from '../../machines/lists/form.machine';
import { AdminPage } from '../AdminPage';
import { FormView } from './FormView';
import { useFormNavigation } from './use-form-navigation';

function resourceOfLocation(pathname: string): ResourceDef {
  const first = pathname.split('/')[1];
  const resource = Object.values(RESOURCES).find((candidate) => candidate.routes.list === `/${first}`);
  if (!resource) throw new Error(`No resource for ${pathname}`);
  return resource;
}

/** The add and edit screens of any registered resource (/{type}/add, /{type}/edit/:id). */
export function Component() {
  const location = useLocation();
  const { id } = useParams();
  const resource = resourceOfLocation(location.pathname);
  const recordId = id === undefined ? undefined : Number(id);
  // A new actor per record: after a create the edit screen of the new id starts over.
  return <ResourceForm key={`${resource.id}-${recordId ?? 'new'}`} resource={resource} id={Number.isInteger(recordId) ? recordId : undefined} />;
}

function ResourceForm({ resource, id }: { resource: ResourceDef; id: number | undefined }) {
  const portal = usePortal();
  const actor = useScreenActor(formMachine, { resource: resource.id, cca2: portal.cca2, id });
  useFormNavigation(actor);
  const title = id === undefined ? `Add ${resource.singular}` : `Edit ${resource.singular}`;
  const here = id === undefined ? resource.routes.add ?? resource.routes.list : resource.routes.edit.replace(':id', String(id));
  return (
    <AdminPage title={title} parents={[{ label: resource.title, to: resource.routes.list }]} current={{ label: title, to: here }}>
      <FormView actor={actor} />
    </AdminPage>
  );
}
