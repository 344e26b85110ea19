import { Link as RouterLink, useParams } from 'react-router-dom';
import { usePermissions, usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { mayCall } from '../../lib/access';
import { DASHBOARD_TOPICS, maySubscribe } from '../../lib/realtime';
import type { Permissions } from '../../lib/roles';
import { barcodeScannerMachine } from '../../machines/dashboard/barcode-scanner.machine';
import { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import { liveMergeMachine } from '../../machines/operations/live-merge.machine';
import { webNotificationsMachine } from '../../machines/operations/web-notifications.machine';
import { DashboardView } from './DashboardView';
import { JobConsole } from './JobConsole';
import { MyDeliveries } from './MyDeliveries';
import { MessagingWindow } from './MessagingWindow';
import { messagingMachine } from '../../machines/operations/messaging.machine';
import { DRIVER_DEPOSITS_TEXTS, MESSAGING_TEXTS } from '../../lib/dashboard-texts';
import { Button, HStack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { mayAssign } from '../../machines/operations/job-actions';
import type { JobDrop } from './DashboardView';
import { depositMachine } from '../../machines/operations/deposit.machine';
import { DepositButton, DepositModal } from './DepositModal';
import { autoDispatchMachine } from '../../machines/operations/auto-dispatch.machine';
import { AutoDispatchButton, AutoDispatchModal } from './AutoDispatchModal';
import { jobBuildingMachine } from '../../machines/operations/job-building.machine';
import { JobBuilderView } from '../../ui/dispatch/JobBuilder';

/** /dashboard and /dashboard/:id (the job shown): the live lists and the view state, one actor each. */
export function Component() {
  const { id } = useParams();
  const jobId = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
  const permissions = usePermissions();
  if (!permissions) return null;
  // A customer who may not read the deliveries list sees the deliveries they placed (issue 4).
  if (!mayCall('getdeliveries', permissions)) return <MyDeliveries key={permissions.id} permissions={permissions} />;
  return <Dashboard key={`${jobId ?? ''}:${permissions.id}`} jobId={jobId} permissions={permissions} />;
}

/** The job builder of the dashboard: the ready deliveries to choose, a new or open job to put them in. */
function DashboardJobBuilder() {
  const portal = usePortal();
  const builder = useScreenActor(jobBuildingMachine, { cca2: portal.cca2, jobId: null });
  return <JobBuilderView actor={builder} mode="console" />;
}

function Dashboard({ jobId, permissions }: { jobId: number | null; permissions: Permissions }) {
  const portal = usePortal();
  const live = useScreenActor(liveMergeMachine, {
    cca2: portal.cca2,
    jobId,
    listType: 'incomplete',
    topics: DASHBOARD_TOPICS.filter((topic) => maySubscribe(topic, permissions)),
    sources: {
      deliveries: mayCall('getdeliveries', permissions),
      jobs: mayCall('getjobs', permissions),
      drivers: mayCall('getdrivers', permissions),
    },
  });
  const view = useScreenActor(dashboardMachine, undefined);
  const notifications = useScreenActor(webNotificationsMachine, { cca2: portal.cca2 });
  const scanner = useScreenActor(barcodeScannerMachine, { cca2: portal.cca2 });
  const messaging = useScreenActor(messagingMachine, { cca2: portal.cca2, userId: permissions.id });
  const mayMessage = mayCall('getconversations', permissions);
  const deposit = useScreenActor(depositMachine, { cca2: portal.cca2 });
  const mayDeposit = mayCall('recorddriverdeposit', permissions);
  // Issue 20: "Run auto-dispatch" for job editors; the lists show its assignments over the hub.
  const autoDispatch = useScreenActor(autoDispatchMachine, { cca2: portal.cca2 });
  const mayAutoDispatch = mayCall('runautodispatch', permissions);
  // A job dropped on a driver (issue 20): its details open and its console assigns it as if the driver were picked
  // (the distance, the far warning, the chart's refusal all apply).
  const [dropped, setDropped] = useState<{ jobId: number; driverId: number; at: number } | null>(null);
  const jobDrop = useMemo<JobDrop | undefined>(() => (mayCall('assignjobstodriver', permissions) ? {
    may: (job) => mayAssign(job, permissions),
    onDrop: (jobId, driverId) => {
      setDropped({ jobId, driverId, at: Date.now() });
      live.send({ type: 'live.details.open', kind: 'job', id: jobId });
    },
  } : undefined), [permissions, live]);
  // The messaging window rings with the dashboard's sound: the same mute.
  const muted = useSelector(live, (snapshot) => snapshot.context.muted);
  useEffect(() => { messaging.send({ type: 'messaging.muted', muted }); }, [messaging, muted]);
  return (
    <DashboardView live={live} view={view} notifications={notifications} scanner={scanner} tiles={portal.mapTiles ?? null}
      jobDrop={jobDrop}
      jobBuilder={mayCall('createjob', permissions) ? () => <DashboardJobBuilder /> : undefined}
      jobActions={(selected) => (
        <JobConsole key={`${selected}:${dropped?.jobId === selected ? dropped.at : ''}`} jobId={selected} permissions={permissions}
          assignTo={dropped?.jobId === selected ? dropped.driverId : undefined} />
      )}
      driverActions={mayMessage || mayDeposit ? (driverId, driverName) => (
        <HStack wrap="wrap">
          {mayMessage && <Button size="xs" variant="outline" mt={1} onClick={() => messaging.send({ type: 'messaging.open', driverId })}>{MESSAGING_TEXTS.message}</Button>}
          {mayDeposit && <DepositButton actor={deposit} driverId={driverId} driverName={driverName ?? String(driverId)} />}
          {/* The deposits recorded so far, each with its ledger postings (issue 20). */}
          {mayDeposit && <RouterLink to={`/users/${driverId}/deposits`}>{DRIVER_DEPOSITS_TEXTS.open}</RouterLink>}
        </HStack>
      ) : undefined}
      messaging={mayMessage || mayDeposit || mayAutoDispatch ? (
        <>
          {mayAutoDispatch && <><AutoDispatchButton actor={autoDispatch} /><AutoDispatchModal actor={autoDispatch} /></>}
          {mayMessage && <MessagingWindow actor={messaging} />}{mayDeposit && <DepositModal actor={deposit} />}
        </>
      ) : undefined} />
  );
}
