import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { DASHBOARD_TEXTS } from '../../lib/dashboard-texts';
import { formatDistance } from '../../lib/distance';
import { DRIVER_AVAILABILITY_LABELS, JOB_STATUS_LABELS, LOGISTIC_STATUS_LABELS, statusLabel, TASK_STATUS_LABELS, TASK_TYPE_LABELS } from '../../lib/statuses';
import type { liveMergeMachine } from '../../machines/operations/live-merge.machine';
import type { ReactNode } from 'react';
import type { DashboardDetails, DeliveryDetails, DriverDetails, JobDetails } from '../../machines/operations/operations.api';

type LiveActor = Actor<typeof liveMergeMachine>;

function JobDetailView({ details }: { details: JobDetails }) {
  const { job, deliveries, tasks } = details;
  return (
    <Stack gap={1} fontSize="sm">
      <Text fontWeight="bold">Job {job.id}</Text>
      <Text>{statusLabel(JOB_STATUS_LABELS, job.jobStatusId)}{job.driverName ? ` · ${job.driverName}` : ''}</Text>
      <Text>{deliveries.map((delivery) => delivery.waybill ?? delivery.id).join(', ')}</Text>
      <Stack as="ol" gap={0} ps={4}>
        {[...tasks].sort((a, b) => a.taskJobOrder - b.taskJobOrder).map((task) => (
          <li key={task.id}>{statusLabel(TASK_TYPE_LABELS, task.taskTypeId)} {task.waybill ?? ''}: {statusLabel(TASK_STATUS_LABELS, task.taskStatusId)}</li>
        ))}
      </Stack>
      {/* The route itself is drawn on the centre map. */}
      <Text>{tasks.length > 0 ? DASHBOARD_TEXTS.routeDistance(formatDistance(job.distanceKm)) : DASHBOARD_TEXTS.routeUnavailable}</Text>
    </Stack>
  );
}

function DriverDetailView({ details }: { details: DriverDetails }) {
  const { driver, jobs } = details;
  return (
    <Stack gap={1} fontSize="sm">
      <Text fontWeight="bold">{driver.fullName}</Text>
      <Text>{statusLabel(DRIVER_AVAILABILITY_LABELS, driver.driverAvailabilityId)}</Text>
      <Text>{driver.email}{driver.phoneNumber ? ` · ${driver.phoneNumber}` : ''}</Text>
      <Text>{DASHBOARD_TEXTS.columns.openJobs}: {jobs.map((job) => job.id).join(', ') || '0'}</Text>
    </Stack>
  );
}

function DeliveryDetailView({ details }: { details: DeliveryDetails }) {
  return (
    <Stack gap={1} fontSize="sm">
      <Text fontWeight="bold">{details.waybill ?? details.id}</Text>
      <Text>{statusLabel(LOGISTIC_STATUS_LABELS, details.logisticStatusId)}</Text>
      {details.companyName && <Text>{details.companyName}</Text>}
      <Text>{formatDistance(details.distanceKm)}</Text>
    </Stack>
  );
}

/** A row's actions; drivers get their name too (the deposit modal's title). */
type Actions = ((id: number, name?: string) => ReactNode) | undefined;

function DetailBody({ data, jobActions, driverActions }: { data: DashboardDetails; jobActions: Actions; driverActions: Actions }) {
  switch (data.kind) {
    case 'job': return <><JobDetailView details={data.details} />{jobActions?.(data.details.job.id)}</>;
    case 'driver': return <><DriverDetailView details={data.details} />{driverActions?.(data.details.driver.id, data.details.driver.fullName)}</>;
    default: return <DeliveryDetailView details={data.details} />;
  }
}

/** The right side bar: the open delivery, job or driver (refetched after a live update) and the notification sound. */
export function DetailPanel({ live, jobActions, driverActions }: { live: LiveActor; jobActions?: Actions; driverActions?: Actions }) {
  const detail = useSelector(live, (snapshot) => snapshot.context.detail);
  const data = useSelector(live, (snapshot) => snapshot.context.detailData);
  const state = useSelector(live, (snapshot) => snapshot.value.details);
  const muted = useSelector(live, (snapshot) => snapshot.context.muted);
  return (
    <Stack as="aside" aria-label={DASHBOARD_TEXTS.rightSidebar} gap={2} minW="260px" maxW="340px">
      <HStack justify="space-between">
        <Text fontWeight="bold">{DASHBOARD_TEXTS.rightSidebar}</Text>
        <Button size="xs" variant="outline" aria-pressed={muted} onClick={() => live.send({ type: 'live.mute.toggle' })}>
          {muted ? DASHBOARD_TEXTS.unmute : DASHBOARD_TEXTS.mute}
        </Button>
      </HStack>
      <Box role="region" aria-label={detail ? DASHBOARD_TEXTS.openDetails(detail.kind, detail.id) : DASHBOARD_TEXTS.rightSidebar}>
        {state === 'closed' && <Text fontSize="sm">{DASHBOARD_TEXTS.detailsNone}</Text>}
        {state === 'loading' && <Text role="status" fontSize="sm">{DASHBOARD_TEXTS.detailsLoading}</Text>}
        {state === 'failed' && (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Title>{DASHBOARD_TEXTS.detailsFailed}</Alert.Title>
            <Button size="xs" ml="auto" onClick={() => live.send({ type: 'live.details.retry' })}>{DASHBOARD_TEXTS.retry}</Button>
          </Alert.Root>
        )}
        {state === 'stale' && <Text role="status" fontSize="xs">{DASHBOARD_TEXTS.detailsUpdating}</Text>}
        {detail && data && state !== 'failed' && <DetailBody data={data} jobActions={jobActions} driverActions={driverActions} />}
        {detail && <Button size="xs" variant="ghost" mt={2} onClick={() => live.send({ type: 'live.details.close' })}>{DASHBOARD_TEXTS.closeDetails}</Button>}
      </Box>
    </Stack>
  );
}
