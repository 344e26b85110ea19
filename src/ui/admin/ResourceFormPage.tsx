import { HStack, Link } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { mayCall } from '../../lib/access';
import { useAuth, usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { RESOURCE_IDS, RESOURCE_ROUTES, type ResourceId } from '../../resources';
import type { ResourceDef, ResourceRow } from '../../resources/types';
import { formMachine } from '../../machines/lists/form.machine';
import { AdminPage } from '../AdminPage';
import { FormView } from './FormView';
import { useFormNavigation } from './use-form-navigation';
import { useResource } from '../use-resources';

function resourceOfLocation(pathname: string): ResourceId {
  const first = pathname.split('/')[1];
  const id = RESOURCE_IDS.find((candidate) => RESOURCE_ROUTES[candidate].list === `/${first}`);
  if (!id) throw new Error(`No resource for ${pathname}`);
  return id;
}

/** The add and edit screens of any registered resource (/{type}/add, /{type}/edit/:id). */
export function Component() {
  const location = useLocation();
  const { id } = useParams();
  const resourceId = resourceOfLocation(location.pathname);
  const recordId = id === undefined ? undefined : Number(id);
  // A new actor per record: after a create the edit screen of the new id starts over.
  return <ResourceForm key={`${resourceId}-${recordId ?? 'new'}`} resourceId={resourceId} id={Number.isInteger(recordId) ? recordId : undefined} />;
}

function ResourceForm({ resourceId, id }: { resourceId: ResourceId; id: number | undefined }) {
  // The declaration first: the form actor reads it when it starts.
  const resource = useResource(resourceId);
  const portal = usePortal();
  const actor = useScreenActor(formMachine, { resource: resource.id, cca2: portal.cca2, id });
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  useFormNavigation(actor);
  const record = useSelector(actor, (snapshot) => snapshot.context.record);
  const title = id === undefined ? `Add ${resource.singular}` : `Edit ${resource.singular}`;
  const here = id === undefined ? resource.routes.add ?? resource.routes.list : resource.routes.edit.replace(':id', String(id));
  return (
    <AdminPage title={title} parents={[{ label: resource.title, to: resource.routes.list }]} current={{ label: title, to: here }}>
      <FormView actor={actor} permissions={permissions} />
      {id !== undefined && <RelatedLinks resource={resource} id={id} record={record} />}
    </AdminPage>
  );
}

/** Links to the screens nested under this record (its ratings, its accounts) that the caller may open. */
function RelatedLinks({ resource, id, record }: { resource: ResourceDef; id: number; record: ResourceRow | undefined }) {
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  // A link only for some records (a driver's deposits) waits for the record before it shows.
  const links = (resource.related ?? []).filter((link) => mayCall(link.operation, permissions) && (!link.shownFor || (record !== undefined && link.shownFor(record))));
  if (links.length === 0) return null;
  return (
    <HStack as="nav" aria-label={`More about this ${resource.singular}`} gap={4} mt={4} wrap="wrap" fontSize="sm">
      {links.map((link) => <Link key={link.label} asChild><RouterLink to={link.path(id)}>{link.label}</RouterLink></Link>)}
    </HStack>
  );
}
