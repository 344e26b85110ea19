import { Button, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { BULK_TEXTS } from '../../resources/bulk';
import type { BulkActionDef } from '../../resources/types';
import type { listMachine } from '../../machines/lists/list.machine';
import { ConfirmDialog } from '../LazyConfirmDialog';
import { DateInput } from '../LazyDateInput';

/**
 * The bar over a list while rows are selected: how many, the resource's bulk actions the caller may run, and
 * "Clear selection"; each action asks the shared confirm dialog (No / Yes, with its value where it needs one).
 */
export function BulkActionBar({ actor, actions }: { actor: Actor<typeof listMachine>; actions: readonly BulkActionDef[] }) {
  const selected = useSelector(actor, (snapshot) => snapshot.context.selected);
  const bulk = useSelector(actor, (snapshot) => snapshot.context.bulk);
  const confirming = useSelector(actor, (snapshot) => snapshot.matches({ ready: 'confirming' }));
  const running = useSelector(actor, (snapshot) => snapshot.matches({ ready: 'running' }));
  // Yes waits for the action's value (the chart's bulkValueGiven guard).
  const yesAllowed = useSelector(actor, (snapshot) => snapshot.can({ type: 'list.bulkYes' }));
  const action = actions.find((candidate) => candidate.id === bulk?.action);
  const open = (confirming || running) && action !== undefined;
  return (
    <>
      {selected.length > 0 && (
        <HStack role="region" aria-label={BULK_TEXTS.bulkActions} gap={2} wrap="wrap" p={2} bg="gray.50" borderRadius="md">
          <Text fontSize="sm" fontWeight="medium" aria-live="polite">{BULK_TEXTS.selected(selected.length)}</Text>
          {actions.map((candidate) => (
            <Button key={candidate.id} size="xs" variant="outline" disabled={running}
              onClick={() => actor.send({ type: 'list.bulk', action: candidate.id })}>
              {candidate.label}
            </Button>
          ))}
          <Button size="xs" variant="ghost" disabled={running} onClick={() => actor.send({ type: 'list.clearSelection' })}>{BULK_TEXTS.clearSelection}</Button>
        </HStack>
      )}
      <ConfirmDialog open={open} busy={running} title={action?.label ?? ''} message={action?.question(selected.length) ?? ''}
        yesDisabled={!yesAllowed}
        onNo={() => actor.send({ type: 'list.bulkNo' })} onYes={() => actor.send({ type: 'list.bulkYes' })}>
        {action?.input && (
          <Stack gap={1} mt={3}>
            <chakra.label fontSize="sm" htmlFor="bulk-action-value">{action.input.label}</chakra.label>
            <DateInput id="bulk-action-value" label={action.input.label} width="100%" value={bulk?.value ?? ''} required
              onChange={(value) => actor.send({ type: 'list.bulkValue', value: value ?? '' })} />
          </Stack>
        )}
      </ConfirmDialog>
    </>
  );
}
