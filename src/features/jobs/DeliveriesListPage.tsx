import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Actor } from 'xstate';
import { mayCall } from '../../lib/access';
import { useAuth, usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import type { listMachine } from '../../machines/lists/list.machine';
import { jobBuildingMachine } from '../../machines/operations/job-building.machine';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useResourceList } from '../../ui/admin/use-resource-list';
import { JobBuilderView } from '../../ui/dispatch/JobBuilder';

/**
 * /deliveries (002 section 2) with job building (issue 20): the deliveries list of the list machinery; for those who
 * may create jobs, the rows selected there make a new job or join an open one (the job-building chart).
 */
export function Component() {
  // The declarations first: the screen's actors and crumbs read them.
  useResources(['deliveries']);
  const resource = resourceOf('deliveries');
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const actor = useResourceList('deliveries');
  const mayCreate = resource.operations.create !== undefined && mayCall(resource.operations.create, permissions);
  const mayBuild = mayCall('createjob', permissions) && mayCall('getjobreadydeliveries', permissions);
  return (
    <AdminPage title={resource.title} current={{ label: resource.title, to: resource.routes.list }} createTo={mayCreate ? resource.routes.add : undefined}>
      {mayBuild && <SelectionJobBuilder listActor={actor} />}
      <ListView actor={actor} mayEdit={mayCall(resource.operations.get, permissions)} selectable={mayBuild}
        bulkActions={(resource.bulkActions ?? []).filter((action) => mayCall(action.operation, permissions))} />
    </AdminPage>
  );
}

/** The builder over the list while rows are selected; its deliveries follow the list's selection. */
function SelectionJobBuilder({ listActor }: { listActor: Actor<typeof listMachine> }) {
  const portal = usePortal();
  const builder = useScreenActor(jobBuildingMachine, { cca2: portal.cca2, jobId: null });
  return <SelectionJobBuilderView listActor={listActor} builder={builder} />;
}

/** The list's selection drives the builder; a job built spends the selection and reloads the list. */
export function SelectionJobBuilderView({ listActor, builder }: { listActor: Actor<typeof listMachine>; builder: Actor<typeof jobBuildingMachine> }) {
  const selected = useSelector(listActor, (snapshot) => snapshot.context.selected);
  const built = useSelector(builder, (snapshot) => snapshot.matches('built'));
  useEffect(() => {
    builder.send({ type: 'build.select', deliveryIds: selected });
  }, [builder, selected]);
  useEffect(() => {
    if (!built) return;
    listActor.send({ type: 'list.clearSelection' });
    listActor.send({ type: 'list.reload' });
  }, [built, listActor]);
  if (selected.length === 0 && !built) return null;
  return <JobBuilderView actor={builder} mode="list" />;
}
