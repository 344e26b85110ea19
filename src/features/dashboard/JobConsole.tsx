import { Alert, Button, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { mayCall } from '../../lib/access';
import { DASHBOARD_TEXTS } from '../../lib/dashboard-texts';
import { JOB_ACTION_LABELS } from '../../lib/jobs-texts';
import type { Permissions } from '../../lib/roles';
import { allowedJobActions, mayAddTask, mayAssign } from '../../machines/operations/job-actions';
import { taskWizardMachine } from '../../machines/operations/task-wizard.machine';
import { jobScreenMachine } from '../../machines/operations/job-screen.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { TaskWizard, type TaskWizardActor } from './TaskWizard';
import { DriverDistanceNotice, DriverPicker, JobFiguresView, type JobScreenActor } from '../../ui/dispatch/JobDispatch';

/**
 * The selected job's actions in the dashboard's right side bar (issue 20): the job-screen chart of the job
 * screens, so the dashboard offers exactly what the job and task charts and the access table allow; assigning
 * picks a driver from the list nearest the first stop first (a far one is confirmed). The delay form, the
 * deliveries and the tasks stay on the job's own screen (linked).
 */
export function JobConsole({ jobId, permissions, assignTo }: { jobId: number; permissions: Permissions; assignTo?: number }) {
  const portal = usePortal();
  const actor = useScreenActor(jobScreenMachine, { cca2: portal.cca2, jobId, withCost: mayCall('jobcost', permissions), withReasons: mayCall('getjobautodispatch', permissions) });
  const wizard = useScreenActor(taskWizardMachine, { cca2: portal.cca2, jobId });
  // A stop added: the job (and the dashboard's lists, over the hub) show it.
  useEffect(() => {
    const added = wizard.on('wizard.added', () => actor.send({ type: 'job.changed' }));
    return () => added.unsubscribe();
  }, [wizard, actor]);
  // A job dropped on a driver: once the job is shown, assign it to that driver as the picker would (once).
  const ready = useSelector(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.details !== null);
  const sent = useRef(false);
  useEffect(() => {
    if (assignTo === undefined || sent.current || !ready) return;
    sent.current = true;
    const job = actor.getSnapshot().context.details!.job;
    if (mayAssign(job, permissions)) actor.send({ type: 'job.call', call: { kind: 'assign', id: jobId, driverId: assignTo } });
  }, [assignTo, ready, actor, jobId, permissions]);
  return <JobConsoleView actor={actor} permissions={permissions} wizard={wizard} />;
}

export function JobConsoleView({ actor, permissions, wizard }: { actor: JobScreenActor; permissions: Permissions; wizard?: TaskWizardActor }) {
  const details = useSelector(actor, (s) => s.context.details);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy') || s.hasTag('loading'));
  if (!details) return null;
  const { job, tasks } = details;
  // notifyDelay asks for a delay and a message: its form is on the job's screen.
  const actions = allowedJobActions(job, tasks, permissions, true).filter((name) => name !== 'notifyDelay');
  return (
    <Stack as="section" aria-label={DASHBOARD_TEXTS.jobActions} gap={2} aria-busy={busy || undefined}>
      {error && (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title>{error.message}</Alert.Title>
        </Alert.Root>
      )}
      <Flex gap={2} wrap="wrap" role="group" aria-label={DASHBOARD_TEXTS.jobActions}>
        {actions.map((name) => (
          <Button key={name} size="xs" disabled={busy} onClick={() => actor.send({ type: 'job.call', call: { kind: 'job', action: name, id: job.id } })}>
            {JOB_ACTION_LABELS[name]}
          </Button>
        ))}
      </Flex>
      <DriverPicker actor={actor} jobId={job.id} mayOpen={mayAssign(job, permissions)} />
      {wizard && mayAddTask(job, permissions) && <TaskWizard actor={wizard} deliveries={details.deliveries} />}
      <DriverDistanceNotice actor={actor} />
      <JobFiguresView actor={actor} />
      {mayCall('getjob', permissions) && (
        <Text fontSize="sm"><chakra.a asChild color="blue.600"><Link to={`/jobs/edit/${job.id}`}>{DASHBOARD_TEXTS.openJob}</Link></chakra.a></Text>
      )}
    </Stack>
  );
}
