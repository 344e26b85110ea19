import { Alert, Box, Button, Flex, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Actor } from 'xstate';
import { usePermissions, usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { mayCall } from '../../lib/access';
import { formatDistance } from '../../lib/distance';
import { DRIVER_DISTANCE_TEXTS } from '../../lib/driver-distance';
import { JOB_ACTION_LABELS, JOB_FIGURES_TEXTS, JOB_SCREEN_TEXTS, TASK_ACTION_LABELS } from '../../lib/jobs-texts';
import type { Permissions } from '../../lib/roles';
import { canRate, JOB_STATUS_LABELS, LOGISTIC_STATUS_LABELS, statusLabel, TASK_STATUS_LABELS, TASK_TYPE_LABELS } from '../../lib/statuses';
import { allowedJobActions, allowedTaskActions, mayAddDeliveries, mayAssign, mayRemoveDelivery } from '../../machines/operations/job-actions';
import { jobBuildingMachine } from '../../machines/operations/job-building.machine';
import { JobBuilderView } from '../../ui/dispatch/JobBuilder';
import { JobRouteModal } from './JobRouteModal';
import { DriverDistanceNotice, DriverPicker, JobFiguresView } from '../../ui/dispatch/JobDispatch';
import { DELIVERY_STEPS, deliveryStepStates, type StepTask } from '../../machines/operations/delivery-steps';
import { jobScreenMachine } from '../../machines/operations/job-screen.machine';
import type { components } from '../../api/generated/connect';
import { AdminPage } from '../../ui/AdminPage';
import { stackedTableCss } from '../../ui/table-styles';
import { adjustmentMachine } from '../../machines/finance/adjustment.machine';
import { AdjustmentDialog } from '../../ui/finance/AdjustmentDialog';
import { dropOffProofMachine } from '../../machines/operations/drop-off-proof.machine';
import { DropOffProofDialog, type DropOffProofActor } from './DropOffProofDialog';

/** The task table's headers (each card's labels on a phone). */
const TASK_COLUMNS = ['#', 'Type', 'Waybill', 'Status', JOB_SCREEN_TEXTS.actions] as const;

type JobDelivery = components['schemas']['JobDelivery'];
type JobScreenActor = Actor<typeof jobScreenMachine>;

/**
 * The delivery summary card (002 section 2), detailed form: the pick-up / drop-off stepper (a hub step when the
 * delivery has a hub address: a job's delivery carries none), the rating link once delivered, the edit screen in
 * a new tab for those who may open it, the tracking link only with the beta permission. The steps derive from the
 * delivery's tasks on the job (none is current once all are completed or failed).
 */
export function DeliverySummaryCard({ delivery, tasks, permissions, action }: {
  delivery: JobDelivery & { ratingUrl?: string | null; trackingUrl?: string | null }; tasks: readonly StepTask[]; permissions: Permissions | null | undefined; action?: React.ReactNode;
}) {
  const steps = deliveryStepStates(delivery.deliveryId, delivery.logisticStatusId, tasks);
  return (
    <Box as="article" aria-label={delivery.waybill ?? String(delivery.id)} borderWidth="1px" borderRadius="md" p={3}>
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="bold">{delivery.waybill ?? delivery.id}</Text>
        <Text>{statusLabel(LOGISTIC_STATUS_LABELS, delivery.logisticStatusId)}</Text>
      </HStack>
      <chakra.ol display="flex" gap={4} listStyleType="none" p={0} my={2} aria-label="Progress">
        {DELIVERY_STEPS.map((name) => (
          <li key={name} aria-current={steps[name] === 'current' ? 'step' : undefined}>
            {JOB_SCREEN_TEXTS.summary[name]}{steps[name] === 'pending' ? '' : ` (${JOB_SCREEN_TEXTS.stepState[steps[name]]})`}
          </li>
        ))}
      </chakra.ol>
      <Text fontSize="sm">{delivery.originAddress.description} → {delivery.destinationAddress.description} · {formatDistance(delivery.distanceEstimate)}</Text>
      <HStack gap={3} fontSize="sm" mt={1}>
        {mayCall('getdelivery', permissions) && (
          <chakra.a href={`/deliveries/edit/${delivery.deliveryId}`} target="_blank" rel="noopener noreferrer" color="blue.600">{JOB_SCREEN_TEXTS.openEdit}</chakra.a>
        )}
        {canRate(delivery.logisticStatusId) && delivery.ratingUrl
          ? <chakra.a href={delivery.ratingUrl} color="blue.600">{JOB_SCREEN_TEXTS.rating}</chakra.a>
          : <chakra.span aria-disabled="true" color="fg.muted">{JOB_SCREEN_TEXTS.rating}</chakra.span>}
        {permissions?.beta && delivery.trackingUrl && <chakra.a href={delivery.trackingUrl} color="blue.600">{JOB_SCREEN_TEXTS.tracking}</chakra.a>}
        {action}
      </HStack>
    </Box>
  );
}

/** notifyJobDelay with the expected delay and a message (both optional), opened from the job's actions. */
function DelayForm({ actor, jobId, busy, onDone }: { actor: JobScreenActor; jobId: number; busy: boolean; onDone: () => void }) {
  const [minutes, setMinutes] = useState('');
  const [message, setMessage] = useState('');
  const delayMinutes = Number(minutes);
  const validMinutes = minutes === '' || (Number.isInteger(delayMinutes) && delayMinutes >= 1 && delayMinutes <= 1440);
  return (
    <chakra.form display="flex" gap={2} flexWrap="wrap" alignItems="flex-end" aria-label={JOB_ACTION_LABELS.notifyDelay}
      onSubmit={(event) => {
        event.preventDefault();
        if (!validMinutes) return;
        actor.send({
          type: 'job.call',
          call: { kind: 'job', action: 'notifyDelay', id: jobId, delay: { ...(minutes !== '' && { delayMinutes }), ...(message.trim() !== '' && { message: message.trim() }) } },
        });
        onDone();
      }}>
      <Input size="sm" maxW="140px" inputMode="numeric" aria-label={JOB_FIGURES_TEXTS.delayMinutes} placeholder={JOB_FIGURES_TEXTS.delayMinutes}
        aria-invalid={!validMinutes || undefined} value={minutes} onChange={(event) => setMinutes(event.currentTarget.value)} />
      <Input size="sm" maxW="320px" maxLength={500} aria-label={JOB_FIGURES_TEXTS.delayMessage} placeholder={JOB_FIGURES_TEXTS.delayMessage}
        value={message} onChange={(event) => setMessage(event.currentTarget.value)} />
      <Button size="sm" type="submit" disabled={busy || !validMinutes}>{JOB_FIGURES_TEXTS.sendDelay}</Button>
    </chakra.form>
  );
}

/** The job of /jobs/:id/deliveries or /jobs/edit/:id, drawn from its actor. */
export function JobView({ actor, permissions, edit, addDeliveries, adjustments, dropOffProof }: {
  actor: JobScreenActor; permissions: Permissions | null | undefined; edit: boolean;
  /**
   * The drop-off dialog's actor (issue 20): "Complete drop-off" opens it to take the proof the delivery's company
   * asks for; without it the call is made directly (as before proof of delivery).
   */
  dropOffProof?: DropOffProofActor;
  /** The job cost's Debit/Credit dialog (issue 15), shown on the edit screen once the job has a driver. */
  adjustments?: React.ReactNode;
  /** The job-building panel of the edit screen (its own chart), shown where the job chart takes deliveries. */
  addDeliveries?: React.ReactNode;
}) {
  const details = useSelector(actor, (s) => s.context.details);
  const error = useSelector(actor, (s) => s.context.error);
  const inFailed = useSelector(actor, (s) => s.matches('failed'));
  const inNotFound = useSelector(actor, (s) => s.matches('notFound'));
  const busyTag = useSelector(actor, (s) => s.hasTag('busy'));
  const loadingTag = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = busyTag || loadingTag;
  const [delayOpen, setDelayOpen] = useState(false);
  const [routeOpen, setRouteOpen] = useState(false);
  if (inFailed) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{JOB_SCREEN_TEXTS.loadFailed} {error?.message}</Alert.Title>
        <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'job.retry' })}>{JOB_SCREEN_TEXTS.tryAgain}</Button>
      </Alert.Root>
    );
  }
  if (inNotFound) return <Text role="alert">{JOB_SCREEN_TEXTS.notFound}</Text>;
  if (!details) return <div role="status">{JOB_SCREEN_TEXTS.loading}</div>;
  const { job, deliveries, tasks } = details;
  const jobActions = allowedJobActions(job, tasks, permissions, edit);
  const ordered = [...tasks].sort((a, b) => a.taskJobOrder - b.taskJobOrder);
  return (
    <Stack gap={3} aria-busy={busy || undefined}>
      {error && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{error.message}</Alert.Title>
        </Alert.Root>
      )}
      <HStack gap={3} wrap="wrap">
        <Text fontWeight="bold">{statusLabel(JOB_STATUS_LABELS, job.jobStatusId)}</Text>
        <Text>{job.driverName ?? ''}</Text>
        <Text>{formatDistance(job.distanceKm)}</Text>
      </HStack>
      <Flex gap={2} wrap="wrap" role="group" aria-label={JOB_SCREEN_TEXTS.actions}>
        {jobActions.map((name) => (
          <Button key={name} size="sm" disabled={busy}
            onClick={() => (name === 'notifyDelay' ? setDelayOpen(!delayOpen) : actor.send({ type: 'job.call', call: { kind: 'job', action: name, id: job.id } }))}>
            {JOB_ACTION_LABELS[name]}
          </Button>
        ))}
        <Button size="sm" variant="outline" onClick={() => setRouteOpen(true)}>{JOB_FIGURES_TEXTS.route}</Button>
        <DriverPicker actor={actor} jobId={job.id} mayOpen={edit && mayAssign(job, permissions)} />
      </Flex>
      {delayOpen && jobActions.includes('notifyDelay') && <DelayForm actor={actor} jobId={job.id} busy={busy} onDone={() => setDelayOpen(false)} />}
      <JobRouteModal jobId={job.id} open={routeOpen} onClose={() => setRouteOpen(false)} />
      <DriverDistanceNotice actor={actor} />
      <JobFiguresView actor={actor} />
      {edit && job.driverId !== null && adjustments}
      <Stack gap={2}>
        {deliveries.map((delivery) => (
          <DeliverySummaryCard key={delivery.id} delivery={delivery} tasks={tasks} permissions={permissions}
            action={edit && mayRemoveDelivery(job, deliveries.length - 1, permissions) ? (
              <Button size="xs" variant="outline" disabled={busy}
                onClick={() => actor.send({ type: 'job.call', call: { kind: 'removeDelivery', id: job.id, deliveryId: delivery.deliveryId } })}>
                {JOB_SCREEN_TEXTS.removeDelivery(delivery.waybill ?? String(delivery.deliveryId))}
              </Button>
            ) : undefined} />
        ))}
      </Stack>
      {edit && addDeliveries && mayAddDeliveries(job, permissions) && addDeliveries}
      {/* On a phone each task is a card (the shared stacked table style). */}
      <chakra.table role="table" width="100%" fontSize="sm" css={{ borderCollapse: 'collapse', '& th, & td': { padding: '6px 8px', borderBottom: '1px solid #e2e2e2', textAlign: 'left' }, ...stackedTableCss }}>
        <caption style={{ textAlign: 'left', fontWeight: 'bold' }}>{JOB_SCREEN_TEXTS.tasks}</caption>
        <thead><tr>{TASK_COLUMNS.map((header) => <th key={header} scope="col" data-static="">{header}</th>)}</tr></thead>
        <tbody>
          {ordered.map((task) => {
            const delivery = deliveries.find((row) => row.deliveryId === task.deliveryId);
            const actions = allowedTaskActions(task, permissions, { jobStatusId: job.jobStatusId, logisticStatusId: delivery?.logisticStatusId });
            return (
              <tr key={task.id}>
                <td data-label={TASK_COLUMNS[0]}>{task.taskJobOrder}</td>
                <td data-label={TASK_COLUMNS[1]}>{statusLabel(TASK_TYPE_LABELS, task.taskTypeId)}</td>
                <td data-label={TASK_COLUMNS[2]}>{task.waybill ?? ''}</td>
                <td data-label={TASK_COLUMNS[3]}>
                  {statusLabel(TASK_STATUS_LABELS, task.taskStatusId)}
                  {task.arrivedFarFromStop && task.arrivedDistanceKm !== null && (
                    <Text as="span" display="block" color="orange.700" fontWeight="medium">⚠ {DRIVER_DISTANCE_TEXTS.arrivedFar(task.arrivedDistanceKm)}</Text>
                  )}
                </td>
                <td data-label={TASK_COLUMNS[4]}>
                  <HStack gap={1} wrap="wrap" justify="flex-end">
                    {actions.map((name) => (
                      <Button key={name} size="xs" variant="outline" disabled={busy}
                        aria-label={`${TASK_ACTION_LABELS[name]} (${statusLabel(TASK_TYPE_LABELS, task.taskTypeId)} ${task.taskJobOrder})`}
                        onClick={() => (name === 'completedropoff' && dropOffProof
                          ? dropOffProof.send({ type: 'proof.open', taskId: task.id, label: task.waybill ?? String(task.deliveryId) })
                          : actor.send({ type: 'job.call', call: { kind: 'task', action: name, id: task.id } }))}>
                        {TASK_ACTION_LABELS[name]}
                      </Button>
                    ))}
                  </HStack>
                </td>
              </tr>
            );
          })}
        </tbody>
      </chakra.table>
    </Stack>
  );
}

/** /jobs/:id/deliveries and /jobs/edit/:id. */
export function Component() {
  const { id } = useParams();
  const location = useLocation();
  const jobId = Number(id);
  const edit = location.pathname.startsWith('/jobs/edit/');
  return <JobScreen key={`${jobId}:${edit}`} jobId={jobId} edit={edit} />;
}

function JobScreen({ jobId, edit }: { jobId: number; edit: boolean }) {
  const portal = usePortal();
  const permissions = usePermissions();
  const navigate = useNavigate();
  const location = useLocation();
  const actor = useScreenActor(jobScreenMachine, { cca2: portal.cca2, jobId, withCost: mayCall('jobcost', permissions), withReasons: mayCall('getjobautodispatch', permissions) });
  const notFound = useSelector(actor, (snapshot) => snapshot.matches('notFound'));
  useEffect(() => {
    if (notFound) navigate('/404', { replace: true });
  }, [notFound, navigate]);
  // The driver's drop-off proof (issue 20): once the drop-off is completed the job reloads.
  const dropOffProof = useScreenActor(dropOffProofMachine, { cca2: portal.cca2 });
  useEffect(() => {
    const subscription = dropOffProof.on('proof.completed', () => actor.send({ type: 'job.changed' }));
    return () => subscription.unsubscribe();
  }, [dropOffProof, actor]);
  const title = JOB_SCREEN_TEXTS.title(jobId);
  return (
    <AdminPage title={title} parents={[{ label: 'Jobs', to: '/jobs' }]} current={{ label: edit ? JOB_SCREEN_TEXTS.edit : JOB_SCREEN_TEXTS.deliveries, to: location.pathname }}>
      <JobView actor={actor} permissions={permissions} edit={edit} dropOffProof={dropOffProof}
        addDeliveries={edit && mayCall('getjobreadydeliveries', permissions) ? <AddDeliveries jobActor={actor} jobId={jobId} /> : undefined}
        adjustments={edit && mayCall('createJobTransactionItem', permissions) ? <JobAdjustments jobActor={actor} jobId={jobId} /> : undefined} />
      <DropOffProofDialog actor={dropOffProof} />
    </AdminPage>
  );
}

/** Adding ready deliveries to this job (the job-building chart with the job fixed); the job reloads once they joined. */
function AddDeliveries({ jobActor, jobId }: { jobActor: JobScreenActor; jobId: number }) {
  const portal = usePortal();
  const builder = useScreenActor(jobBuildingMachine, { cca2: portal.cca2, jobId });
  const built = useSelector(builder, (snapshot) => snapshot.matches('built'));
  useEffect(() => {
    if (built) jobActor.send({ type: 'job.changed' });
  }, [built, jobActor]);
  return <JobBuilderView actor={builder} mode="job" />;
}

/** The job cost adjustment (issue 15; administrators and management): the job reloads after one; a job gone is /404. */
function JobAdjustments({ jobActor, jobId }: { jobActor: JobScreenActor; jobId: number }) {
  const portal = usePortal();
  const navigate = useNavigate();
  const actor = useScreenActor(adjustmentMachine, { cca2: portal.cca2, target: 'job', id: jobId });
  useEffect(() => {
    const subscriptions = [
      actor.on('adjustment.done', () => jobActor.send({ type: 'job.changed' })),
      actor.on('adjustment.notFound', () => navigate('/404')),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, jobActor, navigate]);
  return <AdjustmentDialog actor={actor} currentExcl={null} />;
}
