import { HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../machines/root/root-actor';
import { mayCall } from '../../lib/access';
import { FLEET_TEXTS } from '../../lib/fleet';
import { resourceOf } from '../../resources';
import type { ResourceRow } from '../../resources/types';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useResourceList } from '../../ui/admin/use-resource-list';

/** /hubs: the shared list; each row opens the hub's page (/hubs/:id) and its edit screen. */
export function Component() {
  const resource = resourceOf('hubs');
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const actor = useResourceList('hubs');
  const label = (row: ResourceRow) => resource.label(row);
  return (
    <AdminPage title={resource.title} current={{ label: resource.title, to: resource.routes.list }}
      createTo={mayCall('createhub', permissions) ? resource.routes.add : undefined}>
      <ListView actor={actor} mayEdit={mayCall('gethub', permissions)} rowAction={(row) => (
        <HStack gap={2}>
          <RouterLink to={`/hubs/${row.id}`} aria-label={`${FLEET_TEXTS.view} ${label(row)}`}>{FLEET_TEXTS.view}</RouterLink>
          {mayCall('updatehub', permissions) && (
            <RouterLink to={`/hubs/edit/${row.id}`} aria-label={`${FLEET_TEXTS.edit} ${label(row)}`}>{FLEET_TEXTS.edit}</RouterLink>
          )}
        </HStack>
      )} />
    </AdminPage>
  );
}
