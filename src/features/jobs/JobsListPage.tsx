import { HStack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth, usePortal } from '../../machines/root/root-actor';
import { mayCall } from '../../lib/access';
import { JOB_FIGURES_TEXTS, JOB_SCREEN_TEXTS } from '../../lib/jobs-texts';
import type { ListParams } from '../../resources/types';
import { exportJobRoutesFile, exportJobsFile, type Job } from '../../machines/operations/operations.api';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { AdminPage } from '../../ui/AdminPage';
import { ExportButton } from '../../ui/ExportButton';
import { ListView } from '../../ui/admin/ListView';
import { useResourceList } from '../../ui/admin/use-resource-list';

/** The list's filters as the exports' query (the same rows as the list, every page). */
export function jobExportQuery(params: ListParams) {
  const statuses = params.filters.jobStatuses?.split(',').filter((value) => value !== '').map(Number) as Job['jobStatusId'][] | undefined;
  const deliveryStatus = params.filters.deliveryStatus as 'All' | 'Incomplete' | 'Completed' | undefined;
  return {
    ...(params.search && { search: params.search }),
    ...(statuses && statuses.length > 0 && { jobStatuses: statuses }),
    ...(deliveryStatus && { deliveryStatus }),
  };
}

/**
 * /jobs (002 section 2): the list machinery over the jobs resource; each row opens its deliveries, and its edit
 * screen for those who may. The exports (issue 20): "Jobs" (the filtered list) and "JobRoutes" (their stops).
 */
export function Component() {
  // The declarations first: the screen's actors and crumbs read them.
  useResources(['jobs']);
  const resource = resourceOf('jobs');
  const portal = usePortal();
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const actor = useResourceList('jobs');
  const params = useSelector(actor, (snapshot) => snapshot.context.params);
  const mayEdit = mayCall('assignjobstodriver', permissions);
  const query = jobExportQuery(params);
  const { search: _search, deliveryStatus: _deliveryStatus, ...routeQuery } = query;
  return (
    <AdminPage title={resource.title} current={{ label: resource.title, to: resource.routes.list }}>
      <HStack gap={2} justify="flex-end" wrap="wrap">
        {mayCall('exportjobs', permissions) && (
          <ExportButton label={JOB_FIGURES_TEXTS.jobsExport} fileName="Jobs" request={(signal) => exportJobsFile(portal.cca2, query, signal)} />
        )}
        {mayCall('exportjobroutes', permissions) && (
          <ExportButton label={JOB_FIGURES_TEXTS.jobRoutesExport} fileName="JobRoutes" request={(signal) => exportJobRoutesFile(portal.cca2, routeQuery, signal)} />
        )}
      </HStack>
      <ListView actor={actor} mayEdit={mayEdit} rowAction={(row) => (
        <HStack gap={2}>
          <RouterLink to={`/jobs/${row.id}/deliveries`} aria-label={JOB_SCREEN_TEXTS.deliveriesOf(row.id)}>{JOB_SCREEN_TEXTS.deliveries}</RouterLink>
          {mayEdit && <RouterLink to={`/jobs/edit/${row.id}`} aria-label={JOB_SCREEN_TEXTS.editJob(row.id)}>{JOB_SCREEN_TEXTS.edit}</RouterLink>}
        </HStack>
      )} />
    </AdminPage>
  );
}
