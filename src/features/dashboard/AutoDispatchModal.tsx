import { Alert, Button, chakra, Dialog, HStack, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { AUTO_DISPATCH_TEXTS } from '../../lib/auto-dispatch';
import type { autoDispatchMachine } from '../../machines/operations/auto-dispatch.machine';
import type { AutoDispatchRun } from '../../machines/operations/auto-dispatch.types';

export type AutoDispatchActor = Actor<typeof autoDispatchMachine>;

const texts = AUTO_DISPATCH_TEXTS;

export function AutoDispatchButton({ actor }: { actor: AutoDispatchActor }) {
  return <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'autoDispatch.open' })}>{texts.run}</Button>;
}

/**
 * "Run auto-dispatch" (its chart: auto-dispatch.machine.ts): the territory, Run, the "leave it on" switch, and the
 * result: each job assigned with its driver and the rule that decided, each job left with why.
 */
export function AutoDispatchModal({ actor }: { actor: AutoDispatchActor }) {
  const open = useSelector(actor, (snapshot) => !snapshot.matches('closed'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const running = useSelector(actor, (snapshot) => snapshot.matches('running'));
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  // Run once is offered when the chart takes it (a territory chosen, nothing under way).
  const canRun = useSelector(actor, (snapshot) => snapshot.can({ type: 'autoDispatch.run' }));
  const { settings, territoryId, result, error } = useSelector(actor, (snapshot) => snapshot.context);
  const chosen = settings.find((setting) => setting.territoryId === territoryId);
  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(details) => { if (!details.open && !busy) actor.send({ type: 'autoDispatch.close' }); }} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="520px" mx={4}>
            <Dialog.Header><Dialog.Title>{texts.run}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              <Stack gap={3} fontSize="sm">
                {error && <Alert.Root status="error" size="sm"><Alert.Indicator /><Alert.Title>{error.message}</Alert.Title></Alert.Root>}
                {!failed && settings.length === 0 && !busy && <Text>{texts.noTerritories}</Text>}
                {settings.length > 0 && (
                  <>
                    <Stack gap={1}>
                      <chakra.label htmlFor="auto-dispatch-territory" fontWeight="medium">{texts.territory}</chakra.label>
                      <NativeSelect.Root size="sm" disabled={busy}>
                        <NativeSelect.Field id="auto-dispatch-territory" value={territoryId ?? ''}
                          onChange={(event) => actor.send({ type: 'autoDispatch.territory', territoryId: Number(event.currentTarget.value) })}>
                          {settings.map((setting) => <option key={setting.territoryId} value={setting.territoryId}>{setting.territoryName}</option>)}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Stack>
                    <HStack as="label" gap={2}>
                      <input type="checkbox" checked={chosen?.isOn ?? false} disabled={busy}
                        onChange={(event) => actor.send({ type: 'autoDispatch.leaveOn', isOn: event.currentTarget.checked })} />
                      <Text as="span">{texts.leaveOn}</Text>
                    </HStack>
                  </>
                )}
                {busy && <Text role="status">{running ? texts.running : texts.loading}</Text>}
                {result && <AutoDispatchResult result={result} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {failed
                ? <Button onClick={() => actor.send({ type: 'autoDispatch.retry' })}>{texts.retry}</Button>
                : <Button disabled={!canRun} onClick={() => actor.send({ type: 'autoDispatch.run' })}>{texts.runOnce}</Button>}
              <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'autoDispatch.close' })}>{texts.close}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function AutoDispatchResult({ result }: { result: AutoDispatchRun }) {
  if (result.assigned.length === 0 && result.unassigned.length === 0) return <Text role="status">{texts.nothing}</Text>;
  return (
    <Stack gap={2}>
      <Text role="status">{texts.result(result.assigned.length, result.unassigned.length)}</Text>
      {result.assigned.length > 0 && (
        <Stack as="ul" aria-label={texts.assignedList} gap={0} ps={4}>
          {result.assigned.map((record) => (
            <li key={record.id}>{texts.assignedLine(record.jobId, record.driverName, record.distanceKm, texts.rule(record.rule))}</li>
          ))}
        </Stack>
      )}
      {result.unassigned.length > 0 && (
        <Stack as="ul" aria-label={texts.unassignedList} gap={0} ps={4}>
          {result.unassigned.map((item) => <li key={item.jobId}>{texts.unassignedLine(item.jobId, item.reason)}</li>)}
        </Stack>
      )}
    </Stack>
  );
}
