import { Alert, Box, Button, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { formatDistance } from '../../lib/distance';
import { DRIVER_DISTANCE_TEXTS } from '../../lib/driver-distance';
import { DRIVER_PICKER_TEXTS, JOB_FIGURES_TEXTS, JOB_SCREEN_TEXTS } from '../../lib/jobs-texts';
import { formatMoney } from '../../lib/money';
import { AUTO_DISPATCH_TEXTS } from '../../lib/auto-dispatch';
import type { AutoDispatchAssignment } from '../../machines/operations/operations.api';
import type { jobScreenMachine } from '../../machines/operations/job-screen.machine';

// The job-screen chart's dispatch parts, shared by the job screens and the dashboard's details side bar.

export type JobScreenActor = Actor<typeof jobScreenMachine>;

/**
 * Assigning by picking (issue 20): the drivers nearest the first stop and free to work first, each with their
 * distance, far ones flagged; a far pick is still confirmed (DriverDistanceNotice).
 */
export function DriverPicker({ actor, jobId, mayOpen }: { actor: JobScreenActor; jobId: number; mayOpen: boolean }) {
  const choosing = useSelector(actor, (s) => s.matches('choosingDriver'));
  const candidates = useSelector(actor, (s) => s.context.candidates);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  if (!choosing) {
    return mayOpen ? <Button size="sm" variant="outline" disabled={busy} onClick={() => actor.send({ type: 'job.pickDriver' })}>{DRIVER_PICKER_TEXTS.open}</Button> : null;
  }
  return (
    <Box as="section" role="dialog" aria-label={DRIVER_PICKER_TEXTS.title} borderWidth="1px" borderRadius="md" p={2} w="100%">
      <HStack justify="space-between" mb={1}>
        <Text fontWeight="medium" fontSize="sm">{DRIVER_PICKER_TEXTS.title}{candidates?.pickUpDescription ? ` · ${candidates.pickUpDescription}` : ''}</Text>
        <Button size="xs" variant="ghost" onClick={() => actor.send({ type: 'job.cancelAssign' })}>{DRIVER_PICKER_TEXTS.cancel}</Button>
      </HStack>
      {!candidates ? <Text role="status" fontSize="sm">{DRIVER_PICKER_TEXTS.loading}</Text>
        : candidates.items.length === 0 ? <Text fontSize="sm">{DRIVER_PICKER_TEXTS.none}</Text>
          : (
            <chakra.ul listStyleType="none" p={0} m={0} maxH="280px" overflowY="auto" aria-label={DRIVER_PICKER_TEXTS.title}>
              {candidates.items.map(({ driver, distanceKm, isFar }) => (
                <chakra.li key={driver.id} display="flex" gap={2} alignItems="center" py={1} borderBottomWidth="1px">
                  <Text flex="1" fontSize="sm">
                    {driver.fullName} · {driver.driverAvailability} · {distanceKm === null ? DRIVER_PICKER_TEXTS.noPosition : formatDistance(distanceKm)}
                    {isFar && <Text as="span" color="orange.700" fontWeight="medium"> ⚠ {DRIVER_PICKER_TEXTS.far}</Text>}
                  </Text>
                  <Button size="xs" colorPalette={isFar ? 'orange' : 'blue'} aria-label={DRIVER_PICKER_TEXTS.pick(driver.fullName)}
                    onClick={() => actor.send({ type: 'job.call', call: { kind: 'assign', id: jobId, driverId: driver.id } })}>
                    {JOB_SCREEN_TEXTS.assign}
                  </Button>
                </chakra.li>
              ))}
            </chakra.ul>
          )}
    </Box>
  );
}

/** The job's summary (jobSummary) and, for those who may see it, its cost lines (jobcost), in cents. */
export function JobFiguresView({ actor }: { actor: JobScreenActor }) {
  const figures = useSelector(actor, (s) => s.context.figures);
  if (!figures) return null;
  const { summary, cost, autoDispatch } = figures;
  const open = summary.tasksByStatus.notStarted + summary.tasksByStatus.inProgress;
  return (
    <>
    <HStack as="section" aria-label={JOB_FIGURES_TEXTS.summary} gap={6} wrap="wrap" align="flex-start" fontSize="sm">
      <Stack gap={0}>
        <Text fontWeight="medium">{JOB_FIGURES_TEXTS.summary}</Text>
        <Text>{JOB_FIGURES_TEXTS.tasks(summary.tasksByStatus.completed, open, summary.tasksByStatus.exception)}</Text>
        <Text>{formatDistance(summary.distanceKm)}{summary.durationMinutes !== null ? ` · ${JOB_FIGURES_TEXTS.duration(summary.durationMinutes)}` : ''}</Text>
      </Stack>
      {cost && (
        <chakra.table aria-label={JOB_FIGURES_TEXTS.cost} css={{ '& td': { padding: '0 8px 0 0' } }}>
          <tbody>
            {cost.items.map((item) => <tr key={item.id}><td>{item.description}</td><td>{item.quantity}</td><td>{formatMoney(item.amountExcl)}</td></tr>)}
            <tr><td><strong>{JOB_FIGURES_TEXTS.total}</strong></td><td /><td><strong>{formatMoney(cost.totalExcl)}</strong></td></tr>
          </tbody>
        </chakra.table>
      )}
    </HStack>
    {autoDispatch && autoDispatch[0] && <AutoDispatchReasons record={autoDispatch[0]} />}
    </>
  );
}

const km = (value: number) => value.toFixed(2);

/**
 * Why auto-dispatch gave the job to its driver (issue 20): the rule that decided and the candidates it weighed,
 * each with the km and penalties that made its score (the lowest wins), and why an excluded one could not take it.
 */
export function AutoDispatchReasons({ record }: { record: AutoDispatchAssignment }) {
  const texts = AUTO_DISPATCH_TEXTS;
  return (
    <Stack as="section" aria-label={texts.why} gap={1} fontSize="sm">
      <Text fontWeight="medium">{texts.why}</Text>
      <Text>{texts.recorded(record.driverName, texts.rule(record.rule), record.considered)}</Text>
      <chakra.table aria-label={texts.candidates} css={{ '& td, & th': { padding: '0 8px 0 0', textAlign: 'left' } }}>
        <thead>
          <tr>
            <th>{texts.columns.driver}</th><th>{texts.columns.distance}</th><th>{texts.columns.vehicle}</th>
            <th>{texts.columns.window}</th><th>{texts.columns.load}</th><th>{texts.columns.score}</th>
          </tr>
        </thead>
        <tbody>
          {record.candidates.map((candidate) => (
            <tr key={candidate.driverId} aria-current={candidate.driverId === record.driverId ? 'true' : undefined}>
              <td>{candidate.driverId === record.driverId ? <strong>{candidate.driverName}</strong> : candidate.driverName}</td>
              <td>{km(candidate.distanceKm)}</td><td>{km(candidate.vehicleKm)}</td><td>{km(candidate.windowKm)}</td><td>{km(candidate.loadKm)}</td>
              <td>{candidate.excluded ? texts.excluded(candidate.excluded) : km(candidate.score)}</td>
            </tr>
          ))}
        </tbody>
      </chakra.table>
    </Stack>
  );
}

/**
 * How far the driver being assigned is from the pick-up; above the threshold a warning asks the dispatcher to
 * confirm or choose another driver (issue 21).
 */
export function DriverDistanceNotice({ actor }: { actor: JobScreenActor }) {
  const distance = useSelector(actor, (s) => s.context.driverDistance);
  const checking = useSelector(actor, (s) => s.matches('checkingDriver'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingAssign'));
  if (checking) return <Text role="status" fontSize="sm">{DRIVER_DISTANCE_TEXTS.checking}</Text>;
  if (!distance) return null;
  const where = distance.distanceKm === null ? DRIVER_DISTANCE_TEXTS.unknown : DRIVER_DISTANCE_TEXTS.distance(distance.distanceKm, distance.pickUpDescription);
  if (!confirming) return <Text role="status" fontSize="sm">{where}</Text>;
  return (
    <Alert.Root status="warning" role="alertdialog" aria-label={DRIVER_DISTANCE_TEXTS.farWarning(distance.distanceKm ?? 0, distance.thresholdKm)}>
      <Alert.Indicator />
      <Stack gap={2}>
        <Alert.Title>{DRIVER_DISTANCE_TEXTS.farWarning(distance.distanceKm ?? 0, distance.thresholdKm)}</Alert.Title>
        <Alert.Description>{where}</Alert.Description>
        <HStack>
          <Button size="sm" colorPalette="red" onClick={() => actor.send({ type: 'job.confirmAssign' })}>{DRIVER_DISTANCE_TEXTS.confirm}</Button>
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'job.cancelAssign' })}>{DRIVER_DISTANCE_TEXTS.cancel}</Button>
        </HStack>
      </Stack>
    </Alert.Root>
  );
}

