import { HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../machines/root/root-actor';
import { mayCall } from '../../lib/access';
import { JOB_SCREEN_TEXTS } from '../../lib/jobs-texts';
import { resourceOf } from '../../resources';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useResourceList } from '../../ui/admin/use-resource-list';

/** /jobs (002 section 2): the list machinery over the jobs resource; each row opens its deliveries, and its edit screen for those who may. */
export function Component() {
  const resource = resourceOf('jobs');
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const actor = useResourceList('jobs');
  const mayEdit = mayCall('assignjobstodriver', permissions);
  return (
    <AdminPage title={resource.title} current={{ label: resource.title, to: resource.routes.list }}>
      <ListView actor={actor} mayEdit={mayEdit} rowAction={(row) => (
        <HStack gap={2}>
          <RouterLink to={`/jobs/${row.id}/deliveries`} aria-label={JOB_SCREEN_TEXTS.deliveriesOf(row.id)}>{JOB_SCREEN_TEXTS.deliveries}</RouterLink>
          {mayEdit && <RouterLink to={`/jobs/edit/${row.id}`} aria-label={JOB_SCREEN_TEXTS.editJob(row.id)}>{JOB_SCREEN_TEXTS.edit}</RouterLink>}
        </HStack>
      )} />
    </AdminPage>
  );
}
