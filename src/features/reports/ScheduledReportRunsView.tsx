import { Alert, Button, HStack, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { DATE_FORMATS } from '../../lib/constants';
import { formatDate } from '../../lib/date-format';
import { SCHEDULED_REPORT_TEXTS } from '../../lib/reports';
import { LIST_TEXTS } from '../../lib/resource-texts';
import type { scheduledReportRunsMachine } from '../../machines/reports/scheduled-report-runs.machine';
import { downloadScheduledReportRun, type ScheduledReportRun } from '../../resources/scheduled-reports';
import { ExportButton } from '../../ui/ExportButton';

const STATUS_COLOURS: Record<ScheduledReportRun['status'], string> = { Queued: 'gray.600', Running: 'blue.700', Sent: 'green.700', Failed: 'red.700' };
const rangeOf = (run: ScheduledReportRun) => (run.startDate === run.endDate ? run.startDate : `${run.startDate} to ${run.endDate}`);

/** A scheduled report's run history and "Run now" (its edit screen); a sent run's file downloads as it was emailed. */
export function ScheduledReportRunsView({ actor }: { actor: Actor<typeof scheduledReportRunsMachine> }) {
  const runs = useSelector(actor, (s) => s.context.runs);
  const queued = useSelector(actor, (s) => s.context.queued);
  const problem = useSelector(actor, (s) => s.context.problem);
  const cca2 = useSelector(actor, (s) => s.context.cca2);
  const id = useSelector(actor, (s) => s.context.scheduledReportId);
  const inLoadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const inReady = useSelector(actor, (s) => s.matches('ready'));
  const running = useSelector(actor, (s) => s.matches('running'));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const items = runs ?? [];
  return (
    <Stack as="section" aria-labelledby="scheduled-report-runs" gap={3} mt={8} maxW="960px">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md" id="scheduled-report-runs">{SCHEDULED_REPORT_TEXTS.runs}</Heading>
        <HStack gap={2}>
          <Button size="sm" variant="outline" disabled={!inReady} onClick={() => actor.send({ type: 'runs.refresh' })}>Refresh</Button>
          <Button size="sm" bg="secondary" color="white" loading={running} loadingText={SCHEDULED_REPORT_TEXTS.runNow}
            disabled={!inReady} onClick={() => actor.send({ type: 'runs.runNow' })}>{SCHEDULED_REPORT_TEXTS.runNow}</Button>
        </HStack>
      </HStack>
      {queued && <Text role="status" data-testid="run-queued">{SCHEDULED_REPORT_TEXTS.runQueued}</Text>}
      {problem && (
        <Alert.Root status="error" role="alert"><Alert.Indicator /><Alert.Title>{problem}</Alert.Title>
          {inLoadFailed && <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'runs.retry' })}>{LIST_TEXTS.tryAgain}</Button>}
        </Alert.Root>
      )}
      {loading && runs === null && <Text role="status">{LIST_TEXTS.loading}</Text>}
      {runs && items.length === 0 && <Text>{SCHEDULED_REPORT_TEXTS.noRuns}</Text>}
      {items.length > 0 && (
        <chakra.table width="100%" fontSize="sm" aria-label={SCHEDULED_REPORT_TEXTS.runs} css={{ '& th, & td': { textAlign: 'left', padding: '4px 8px', borderBottom: '1px solid #e2e8f0' } }}>
          <thead>
            <tr><th>Queued</th><th>Period</th><th>Status</th><th>Finished</th><th>File</th><th>Error</th></tr>
          </thead>
          <tbody>
            {items.map((run) => (
              <tr key={run.id} data-testid="scheduled-report-run">
                <td>{formatDate(run.createdAt, DATE_FORMATS.dateTime)}</td>
                <td>{rangeOf(run)}</td>
                <td><chakra.span color={STATUS_COLOURS[run.status]} fontWeight="medium">{run.status}</chakra.span></td>
                <td>{run.finishedAt ? formatDate(run.finishedAt, DATE_FORMATS.dateTime) : ''}</td>
                <td>
                  {run.fileName && (
                    <ExportButton label={SCHEDULED_REPORT_TEXTS.download} fileName={run.fileName.replace(/\.xlsx$/, '')}
                      request={(signal) => downloadScheduledReportRun(cca2, id, run.id, signal)} />
                  )}
                </td>
                <td>{run.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </chakra.table>
      )}
    </Stack>
  );
}
