import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { Actor } from 'xstate';
import { mayCall } from '../../lib/access';
import { useAuth } from '../../machines/root/root-actor';
import type { listMachine } from '../../machines/lists/list.machine';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useResourceList } from '../../ui/admin/use-resource-list';
import { lazyPart } from '../../ui/lazy-part';

/** The job builder (its chart, view and texts) loads with the first row selected: most visits select none. */
const SelectionJobBuilder = lazyPart(() => import('./SelectionJobBuilder'), (module) => module.SelectionJobBuilder, () => null);

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
      <ListView actor={actor} mayEdit={mayCall(resource.operations.get, permissions)} selectable={mayBuild}
        bulkActions={(resource.bulkActions ?? []).filter((action) => mayCall(action.operation, permissions))}
        selectionTools={mayBuild && <JobBuilderOnSelection listActor={actor} />} />
    </AdminPage>
  );
}

/** Mounts the builder from the first selection on, and keeps it (a job built clears the selection and says so). */
function JobBuilderOnSelection({ listActor }: { listActor: Actor<typeof listMachine> }) {
  const [wanted, setWanted] = useState(false);
  const selected = useSelector(listActor, (snapshot) => snapshot.context.selected.length > 0);
  // Set while rendering, as React advises for state that follows a prop: no extra commit without the builder.
  if (selected && !wanted) setWanted(true);
  return wanted || selected ? <SelectionJobBuilder listActor={listActor} /> : null;
}
