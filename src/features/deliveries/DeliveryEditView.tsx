import { Alert, Button, HStack, Input, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Actor } from 'xstate';
import { DELIVERY_ADMIN_TEXTS, type DeliveryAction } from '../../lib/deliveries-admin';
import { DATE_FORMATS } from '../../lib/constants';
import { formatDate } from '../../lib/date-format';
import { DRIVER_DISTANCE_TEXTS } from '../../lib/driver-distance';
import { statusLabel, TASK_STATUS_LABELS, TASK_TYPE_LABELS } from '../../lib/statuses';
import { lotNumberText, type DeliveryAdminDetail } from '../../resources/deliveries';
import { FORM_TEXTS, LIST_TEXTS } from '../../lib/resource-texts';
import type { deliveryActionsMachine } from '../../machines/deliveries/delivery-actions.machine';
import type { formMachine } from '../../machines/lists/form.machine';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormView } from '../../ui/admin/FormView';
import { stackedTableCss } from '../../ui/table-styles';
import { ParcelTable } from './DeliveryParcelsView';

export const DELIVERY_EDIT_TEXTS = {
  details: 'Delivery details',
  waybill: 'Waybill',
  lotNumber: 'Lot number',
  status: 'Status',
  payment: 'Payment',
  company: 'Company',
  store: 'Store',
  pickUp: 'Pick-up',
  dropOff: 'Drop-off',
  distance: 'Distance (km)',
  parcels: 'Parcels',
  tracking: 'Tracking',
  rating: 'Rating',
  proof: 'Proof of delivery',
  delivered: 'Delivered',
  stops: 'Stops',
  stopColumns: ['Job', 'Stop', 'Status', 'Arrived', 'Completed'],
  noStops: 'Not in a job yet.',
  recipientName: 'Recipient name',
  note: 'Note',
  actions: 'Actions',
  dismiss: 'Dismiss',
  readOnly: 'This delivery cannot be edited in its current status.',
} as const;

const ACTION_ORDER: DeliveryAction[] = [
  'canceldelivery', 'cancelandreturntosender', 'clone', 'recalculateparcels', 'recalculatelogistics', 'reverseLogisticStatus', 'updatedeliveryproof',
];

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <HStack gap={2} align="baseline">
      <chakra.dt fontSize="sm" fontWeight="medium" minW={{ base: '110px', md: '140px' }} flexShrink={0}>{label}</chakra.dt>
      {/* minW 0 and anywhere: a long address or tracking link wraps instead of widening the page on a phone. */}
      <chakra.dd fontSize="sm" minW={0} overflowWrap="anywhere" data-testid={`detail-${label}`}>{children}</chakra.dd>
    </HStack>
  );
}

const addressText = (address: Record<string, unknown> | undefined) => String(address?.description ?? '');

/** The delivery's stops in its jobs, with an arrival far from the stop flagged as on the job page. */
function StopsTable({ tasks, timeZone, mayOpenJobs }: { tasks: DeliveryAdminDetail['tasks']; timeZone: string; mayOpenJobs: boolean }) {
  const when = (value: string | null) => (value ? formatDate(value, DATE_FORMATS.dateTime, timeZone) : '');
  const [job, stop, status, arrived, completed] = DELIVERY_EDIT_TEXTS.stopColumns;
  if (tasks.length === 0) return <Text fontSize="sm">{DELIVERY_EDIT_TEXTS.noStops}</Text>;
  return (
    <chakra.table width="100%" fontSize="sm" css={{ borderCollapse: 'collapse', '& th, & td': { padding: '4px 8px', borderBottom: '1px solid #e2e2e2', textAlign: 'left' }, ...stackedTableCss }}>
      <thead><tr>{DELIVERY_EDIT_TEXTS.stopColumns.map((header) => <th key={header} scope="col">{header}</th>)}</tr></thead>
      <tbody>
        {tasks.map((task) => (
          <tr key={task.id} data-testid={`stop-${task.id}`}>
            <td data-label={job}>{mayOpenJobs ? <Link asChild><RouterLink to={`/jobs/${task.jobId}/deliveries`}>#{task.jobId}</RouterLink></Link> : `#${task.jobId}`}</td>
            <td data-label={stop}>{statusLabel(TASK_TYPE_LABELS, task.taskTypeId)}</td>
            <td data-label={status}>{statusLabel(TASK_STATUS_LABELS, task.taskStatusId)}</td>
            <td data-label={arrived}>
              {when(task.arrivedDate)}
              {task.arrivedFarFromStop && task.arrivedDistanceKm !== null && (
                <Text as="span" display="block" color="orange.700" fontWeight="medium">⚠ {DRIVER_DISTANCE_TEXTS.arrivedFar(task.arrivedDistanceKm)}</Text>
              )}
            </td>
            <td data-label={completed}>{when(task.completedDate)}</td>
          </tr>
        ))}
      </tbody>
    </chakra.table>
  );
}

/** The delivery edit screen drawn from its form actor (details, contacts) and its actions actor. */
export function DeliveryEditView({ form, actions, mayClone, timeZone, mayOpenJobs = false, renderParcels, renderAdjustments, renderProof }: {
  form: Actor<typeof formMachine>;
  /** The portal's: times are shown as its users live them. */
  timeZone: string;
  actions: Actor<typeof deliveryActionsMachine>;
  mayClone: boolean;
  /** Whether the caller may open a job's page (the stops then link to their job). */
  mayOpenJobs?: boolean;
  /** The parcels section with its own actor (the page's); a read-only table without it. */
  renderParcels?: (record: DeliveryAdminDetail) => ReactNode;
  /** The price adjustment's Debit/Credit dialog (issue 15), when the page offers it for this record. */
  renderAdjustments?: (record: DeliveryAdminDetail) => ReactNode;
  /** The proof of delivery (issue 20), when the caller may read it. */
  renderProof?: (record: DeliveryAdminDetail) => ReactNode;
}) {
  const record = useSelector(form, (snapshot) => snapshot.context.record) as DeliveryAdminDetail | undefined;
  const loading = useSelector(form, (snapshot) => snapshot.hasTag('loading'));
  if (!record) return loading ? <div role="status">{LIST_TEXTS.loading}</div> : <FormView actor={form} />;
  const allowed: Record<DeliveryAction, boolean> = { ...record.allowed, clone: mayClone };
  return (
    <Stack gap={5}>
      <chakra.section aria-label={DELIVERY_EDIT_TEXTS.details}>
        <chakra.dl display="grid" gap={1}>
          <Detail label={DELIVERY_EDIT_TEXTS.waybill}>{record.waybill ?? ''}</Detail>
          <Detail label={DELIVERY_EDIT_TEXTS.lotNumber}>{lotNumberText(record.lotNumber)}</Detail>
          <Detail label={DELIVERY_EDIT_TEXTS.status}>{record.logisticStatus}</Detail>
          <Detail label={DELIVERY_EDIT_TEXTS.payment}>{record.paymentStatus}</Detail>
          <Detail label={DELIVERY_EDIT_TEXTS.company}>{record.companyName ?? ''}</Detail>
          <Detail label={DELIVERY_EDIT_TEXTS.store}>{record.storeName ?? ''}</Detail>
          <Detail label={DELIVERY_EDIT_TEXTS.pickUp}>{addressText(record.originAddress)}</Detail>
          <Detail label={DELIVERY_EDIT_TEXTS.dropOff}>{addressText(record.destinationAddress)}</Detail>
          <Detail label={DELIVERY_EDIT_TEXTS.distance}>{String(record.distanceKm)}</Detail>
          <Detail label={DELIVERY_EDIT_TEXTS.tracking}>
            {record.trackingUrl ? <Link href={record.trackingUrl} target="_blank" rel="noreferrer">{record.trackingUrl}</Link> : ''}
          </Detail>
          {record.ratingUrl && (
            <Detail label={DELIVERY_EDIT_TEXTS.rating}><Link href={record.ratingUrl} target="_blank" rel="noreferrer">{DELIVERY_EDIT_TEXTS.rating}</Link></Detail>
          )}
          {record.deliveredDate && <Detail label={DELIVERY_EDIT_TEXTS.delivered}>{formatDate(record.deliveredDate, DATE_FORMATS.dateTime, timeZone)}</Detail>}
          {record.proof && (
            <Detail label={DELIVERY_EDIT_TEXTS.proof}>{[record.proof.recipientName, record.proof.note].filter(Boolean).join(' — ')}</Detail>
          )}
        </chakra.dl>
      </chakra.section>

      <chakra.section aria-label={DELIVERY_EDIT_TEXTS.stops}>
        <Text fontWeight="bold" mb={1}>{DELIVERY_EDIT_TEXTS.stops}</Text>
        <StopsTable tasks={record.tasks} timeZone={timeZone} mayOpenJobs={mayOpenJobs} />
      </chakra.section>

      <chakra.section aria-label={DELIVERY_EDIT_TEXTS.parcels}>
        <Text fontWeight="bold" mb={1}>{DELIVERY_EDIT_TEXTS.parcels}</Text>
        {renderParcels ? renderParcels(record) : <ParcelTable items={record.deliveryItems} />}
      </chakra.section>

      {renderAdjustments?.(record)}

      <DeliveryActionsView actions={actions} allowed={allowed} />

      <chakra.section aria-label={FORM_TEXTS.save}>
        {record.allowed.edit ? <FormView actor={form} /> : <Text fontSize="sm" role="note">{DELIVERY_EDIT_TEXTS.readOnly}</Text>}
      </chakra.section>

      {renderProof?.(record)}
    </Stack>
  );
}

/** The actions the delivery allows now, each with its confirmation; a refusal stays until dismissed. */
export function DeliveryActionsView({ actions, allowed }: { actions: Actor<typeof deliveryActionsMachine>; allowed: Record<DeliveryAction, boolean> }) {
  const action = useSelector(actions, (snapshot) => snapshot.context.action);
  const error = useSelector(actions, (snapshot) => snapshot.context.error);
  const proof = useSelector(actions, (snapshot) => snapshot.context.proof);
  const running = useSelector(actions, (snapshot) => snapshot.matches('running'));
  const failed = useSelector(actions, (snapshot) => snapshot.matches('failed'));
  const confirming = useSelector(actions, (snapshot) => snapshot.matches('confirming')) || running;
  // Yes is offered when the chart takes it (a proof of delivery needs the recipient's name).
  const canConfirm = useSelector(actions, (snapshot) => snapshot.can({ type: 'actions.confirmYes' }));
  return (
    <chakra.section aria-label={DELIVERY_EDIT_TEXTS.actions}>
      <HStack gap={2} wrap="wrap">
        {ACTION_ORDER.filter((name) => allowed[name]).map((name) => (
          <Button key={name} size="sm" variant="outline" disabled={running}
            onClick={() => actions.send({ type: 'actions.request', action: name })}>
            {DELIVERY_ADMIN_TEXTS.actionLabels[name]}
          </Button>
        ))}
      </HStack>
      {failed && (
        <Alert.Root status="error" role="alert" mt={2}>
          <Alert.Indicator />
          <Alert.Title>{error?.message}</Alert.Title>
          <Button size="xs" ml="auto" onClick={() => actions.send({ type: 'actions.dismiss' })}>{DELIVERY_EDIT_TEXTS.dismiss}</Button>
        </Alert.Root>
      )}
      {confirming && action === 'updatedeliveryproof' && (
        <Stack gap={2} mt={3} maxW="400px" role="group" aria-label={DELIVERY_ADMIN_TEXTS.actionLabels.updatedeliveryproof}>
          <Text fontSize="sm">{DELIVERY_ADMIN_TEXTS.confirm.updatedeliveryproof}</Text>
          <Input size="sm" aria-label={DELIVERY_EDIT_TEXTS.recipientName} placeholder={DELIVERY_EDIT_TEXTS.recipientName} value={proof.recipientName}
            onChange={(event) => actions.send({ type: 'actions.proof', name: 'recipientName', value: event.currentTarget.value })} />
          <Input size="sm" aria-label={DELIVERY_EDIT_TEXTS.note} placeholder={DELIVERY_EDIT_TEXTS.note} value={proof.note}
            onChange={(event) => actions.send({ type: 'actions.proof', name: 'note', value: event.currentTarget.value })} />
          <HStack gap={2}>
            <Button size="sm" variant="outline" onClick={() => actions.send({ type: 'actions.confirmNo' })}>No</Button>
            <Button size="sm" loading={running} disabled={!canConfirm}
              onClick={() => actions.send({ type: 'actions.confirmYes' })}>Yes</Button>
          </HStack>
        </Stack>
      )}
      <ConfirmDialog open={confirming && action !== undefined && action !== 'updatedeliveryproof'} busy={running}
        title={action ? DELIVERY_ADMIN_TEXTS.actionLabels[action] : ''} message={action ? DELIVERY_ADMIN_TEXTS.confirm[action] : ''}
        onNo={() => actions.send({ type: 'actions.confirmNo' })} onYes={() => actions.send({ type: 'actions.confirmYes' })} />
    </chakra.section>
  );
}
