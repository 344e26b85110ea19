import { Button, chakra, Stack, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { DATE_FORMATS } from '../../lib/constants';
import { formatDate } from '../../lib/date-format';
import { formatBytes, INDEX_MANAGEMENT_TEXTS as T } from '../../lib/index-management';
import type { indexManagementMachine } from '../../machines/admin/index-management.machine';
import type { IndexProgress } from '../../machines/admin/index-management.types';

type IndexManagementActor = Actor<typeof indexManagementMachine>;

/** /admin/indexmanagement: the indexes with their figures; Analyze and Rebuild per index, its progress while one runs. */
export function IndexManagementView({ actor }: { actor: IndexManagementActor }) {
  const indexes = useSelector(actor, (snapshot) => snapshot.context.indexes);
  const progress = useSelector(actor, (snapshot) => snapshot.context.progress);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  const c = T.columns;
  return (
    <Stack gap={4}>
      <Text>{T.intro}</Text>
      {error && <Text role="alert" color="red.600">{error.message}</Text>}
      <Button alignSelf="start" size="sm" variant={failed ? 'solid' : 'outline'} disabled={loading || busy} onClick={() => actor.send({ type: 'indexes.reload' })}>{T.reload}</Button>
      {/* Eight columns do not fit a phone: the table scrolls in its own box, the page does not. */}
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="100%">
        <Table.Root recipe={tableSlotRecipe} size="sm" aria-busy={loading} aria-label={T.title}>
          <Table.Header>
            <Table.Row>
              {[c.name, c.table, c.size, c.scans, c.lastAnalyze, c.bloat, c.progress, ''].map((label) => <Table.ColumnHeader key={label}>{label}</Table.ColumnHeader>)}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {indexes.map((index) => {
              const running = progress[index.name];
              const inFlight = running !== undefined && (running.state === 'queued' || running.state === 'active');
              return (
                <Table.Row key={index.name}>
                  <Table.Cell title={index.definition}>{index.name}{index.isValid ? '' : ` (${T.invalid})`}</Table.Cell>
                  <Table.Cell>{index.table}</Table.Cell>
                  <Table.Cell>{formatBytes(index.sizeBytes)}</Table.Cell>
                  <Table.Cell>{index.scans}</Table.Cell>
                  <Table.Cell>{index.lastAnalyze ? formatDate(index.lastAnalyze, DATE_FORMATS.dateTime) : T.never}</Table.Cell>
                  <Table.Cell>{index.bloatPercent === null ? T.notMeasured : `${index.bloatPercent} %`}</Table.Cell>
                  <Table.Cell>{running && <Progress name={index.name} progress={running} />}</Table.Cell>
                  <Table.Cell>
                    <Stack direction="row" gap={2}>
                      {(['analyze', 'rebuild'] as const).map((action) => (
                        <Button key={action} size="xs" variant="outline" disabled={busy || inFlight} aria-label={`${action === 'analyze' ? T.analyze : T.rebuild} ${index.name}`}
                          onClick={() => actor.send({ type: 'index.maintain', indexName: index.name, action })}>
                          {action === 'analyze' ? T.analyze : T.rebuild}
                        </Button>
                      ))}
                    </Stack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

function Progress({ name, progress }: { name: string; progress: IndexProgress }) {
  const label = `${progress.action === 'analyze' ? T.analyze : T.rebuild}: ${progress.state}`;
  return (
    <Stack gap={1} minW="8rem">
      <chakra.div role="progressbar" aria-label={`${T.columns.progress} ${name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.progress}
        aria-valuetext={label} bg="gray.100" h="2" rounded="sm">
        <chakra.div bg={progress.state === 'failed' ? 'red.500' : 'green.500'} h="full" rounded="sm" width={`${progress.progress}%`} />
      </chakra.div>
      <Text fontSize="xs">{label} {progress.progress} %</Text>
      {progress.state === 'failed' && progress.message && <Text fontSize="xs" color="red.600">{progress.message}</Text>}
    </Stack>
  );
}
