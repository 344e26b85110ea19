import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Actor } from 'xstate';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import type { listMachine } from '../../machines/lists/list.machine';
import { jobBuildingMachine } from '../../machines/operations/job-building.machine';
import { JobBuilderView } from '../../ui/dispatch/JobBuilder';

/** The builder over the list while rows are selected; its deliveries follow the list's selection. */
export function SelectionJobBuilder({ listActor }: { listActor: Actor<typeof listMachine> }) {
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
