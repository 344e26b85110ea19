import { Alert, Box, Button, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Actor } from 'xstate';
import { formatDistance } from '../../lib/distance';
import { JOB_BUILDING_TEXTS } from '../../lib/jobs-texts';
import { JOB_STATUS_LABELS, statusLabel } from '../../lib/statuses';
import { jobBuildingMachine, joinableIds, targetJobs } from '../../machines/operations/job-building.machine';

type JobBuildingActor = Actor<typeof jobBuildingMachine>;

/**
 * Building a job (issue 20), drawn from its chart. On the deliveries list the rows selected there are the
 * deliveries (`list`): the dispatcher picks a new job or an open one. On a job's own screen (`job`) the job is
 * fixed and the ready deliveries in no job are listed to choose from. On the dashboard (`console`) both: the
 * ready deliveries to choose from, and a new job or an open one to put them in.
 */
export function JobBuilderView({ actor, mode }: { actor: JobBuildingActor; mode: 'list' | 'job' | 'console' }) {
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const built = useSelector(actor, (s) => s.matches('built'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'build.submit' }));
  const joinable = joinableIds(context);
  const targets = targetJobs(context);
  const jobId = context.jobId;
  return (
    <Box as="section" role="region" aria-label={JOB_BUILDING_TEXTS.region} aria-busy={busy || loading || undefined} borderWidth="1px" borderRadius="md" p={3}>
      <Stack gap={2}>
        {context.error && (
          <Alert.Root status={context.options ? 'warning' : 'error'}>
            <Alert.Indicator />
            <Alert.Title>{context.options ? context.error.message : `${JOB_BUILDING_TEXTS.loadFailed} ${context.error.message}`}</Alert.Title>
            {!context.options && !loading && <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'build.reload' })}>{JOB_BUILDING_TEXTS.reload}</Button>}
          </Alert.Root>
        )}
        {loading && <Text role="status" fontSize="sm">{JOB_BUILDING_TEXTS.loading}</Text>}
        {built && context.built ? (
          <HStack gap={3} wrap="wrap" role="status">
            <Text>{JOB_BUILDING_TEXTS.built(context.built.job.id, context.built.deliveries.length)}</Text>
            <RouterLink to={`/jobs/edit/${context.built.job.id}`}>{JOB_BUILDING_TEXTS.openJob(context.built.job.id)}</RouterLink>
            <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'build.again' })}>{JOB_BUILDING_TEXTS.again}</Button>
          </HStack>
        ) : (
          <>
            {mode !== 'list' && context.options && (
              context.options.deliveries.length === 0
                ? <Text fontSize="sm">{JOB_BUILDING_TEXTS.noReady}</Text>
                : (
                  <chakra.fieldset>
                    <chakra.legend fontWeight="medium" fontSize="sm">{JOB_BUILDING_TEXTS.readyDeliveries}</chakra.legend>
                    <Stack gap={1} maxH="240px" overflowY="auto">
                      {context.options.deliveries.map((delivery) => {
                        const name = delivery.waybill ?? String(delivery.deliveryId);
                        return (
                          <chakra.label key={delivery.deliveryId} display="flex" gap={2} fontSize="sm" alignItems="center">
                            <input type="checkbox" aria-label={JOB_BUILDING_TEXTS.choose(name)} disabled={busy}
                              checked={context.deliveryIds.includes(delivery.deliveryId)}
                              onChange={() => actor.send({ type: 'build.toggle', deliveryId: delivery.deliveryId })} />
                            <span>{name} · {delivery.originAddress.description} → {delivery.destinationAddress.description} · {formatDistance(delivery.distanceEstimate)}</span>
                          </chakra.label>
                        );
                      })}
                    </Stack>
                  </chakra.fieldset>
                )
            )}
            <HStack gap={2} wrap="wrap">
              {mode !== 'job' && <Text fontSize="sm" aria-live="polite">{JOB_BUILDING_TEXTS.selected(context.deliveryIds.length, joinable.length)}</Text>}
              {context.fixedJobId === null && (
                <chakra.label fontSize="sm" display="flex" gap={2} alignItems="center">
                  {JOB_BUILDING_TEXTS.target}
                  <chakra.select borderWidth="1px" borderRadius="sm" px={1} value={jobId === null ? '' : String(jobId)} disabled={busy || loading}
                    onChange={(event) => actor.send({ type: 'build.target', jobId: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })}>
                    <option value="">{JOB_BUILDING_TEXTS.newJob}</option>
                    {targets.map((job) => (
                      <option key={job.id} value={String(job.id)}>{JOB_BUILDING_TEXTS.jobOption(job.id, statusLabel(JOB_STATUS_LABELS, job.jobStatusId), job.deliveryCount)}</option>
                    ))}
                  </chakra.select>
                </chakra.label>
              )}
              <Button size="sm" disabled={!canSubmit || busy} loading={busy} loadingText={JOB_BUILDING_TEXTS.working}
                onClick={() => actor.send({ type: 'build.submit' })}>
                {jobId === null ? JOB_BUILDING_TEXTS.create(joinable.length) : JOB_BUILDING_TEXTS.add(joinable.length, jobId)}
              </Button>
            </HStack>
          </>
        )}
      </Stack>
    </Box>
  );
}
