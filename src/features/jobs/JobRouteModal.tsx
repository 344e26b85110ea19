import { Alert, Button, Dialog, Portal, Stack, Text, chakra } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { JOB_FIGURES_TEXTS } from '../../lib/jobs-texts';
import { statusLabel, TASK_TYPE_LABELS } from '../../lib/statuses';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { jobRouteMachine } from '../../machines/operations/job-route.machine';
import { RouteMap } from '../../ui/LazyRouteMap';

type JobRouteActor = Actor<typeof jobRouteMachine>;

/** The job route's content, drawn from its chart: the stops lettered on the map and listed, the route's km. */
export function JobRouteView({ actor }: { actor: JobRouteActor }) {
  const route = useSelector(actor, (s) => s.context.route);
  const error = useSelector(actor, (s) => s.context.error);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  if (failed) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{JOB_FIGURES_TEXTS.routeFailed} {error?.message}</Alert.Title>
        <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'route.retry' })}>Try again</Button>
      </Alert.Root>
    );
  }
  if (!route) return <Text role="status">{JOB_FIGURES_TEXTS.routeLoading}</Text>;
  const markers = route.stops.map((stop) => ({ ...stop.coordinates, label: stop.label, title: stop.description }));
  return (
    <Stack gap={2}>
      <RouteMap label={JOB_FIGURES_TEXTS.routeTitle(route.jobId)} markers={markers} path={route.stops.map((stop) => stop.coordinates)}
        distanceKm={route.distanceKm} height={360} width={720} />
      <chakra.ol listStyleType="none" p={0} fontSize="sm" aria-label={JOB_FIGURES_TEXTS.route}>
        {route.stops.map((stop) => (
          <li key={stop.taskId}><strong>{stop.label}</strong> · {statusLabel(TASK_TYPE_LABELS, stop.taskTypeId)} · {stop.waybill ?? ''} · {stop.description}</li>
        ))}
      </chakra.ol>
    </Stack>
  );
}

function JobRouteContent({ jobId }: { jobId: number }) {
  const portal = usePortal();
  const actor = useScreenActor(jobRouteMachine, { cca2: portal.cca2, jobId });
  return <JobRouteView actor={actor} />;
}

/** The job route modal (002 section 2): opened from the job screens; its chart runs while it is open. */
export function JobRouteModal({ jobId, open, onClose }: { jobId: number; open: boolean; onClose: () => void }) {
  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(details) => { if (!details.open) onClose(); }} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={4}>
            <Dialog.Header><Dialog.Title>{JOB_FIGURES_TEXTS.routeTitle(jobId)}</Dialog.Title></Dialog.Header>
            <Dialog.Body>{open && <JobRouteContent jobId={jobId} />}</Dialog.Body>
            <Dialog.Footer><Button variant="outline" onClick={onClose}>{JOB_FIGURES_TEXTS.close}</Button></Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
