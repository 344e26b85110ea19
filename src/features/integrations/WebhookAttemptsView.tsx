import { Alert, Button, HStack, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { INTEGRATION_TEXTS } from '../../lib/integrations';
import { LIST_TEXTS } from '../../lib/resource-texts';
import { DATE_FORMATS } from '../../lib/constants';
import { formatDate } from '../../lib/date-format';
import type { webhookAttemptsMachine } from '../../machines/integrations/webhook-attempts.machine';

/** Attempts are seconds apart: the time shows seconds. */
const formatDateTime = (iso: string) => formatDate(iso, `${DATE_FORMATS.dateTime}:ss`);

const STATUS_COLOURS: Record<number, string> = { 2000: 'green.700', 0: 'gray.600', [-1000]: 'orange.700', [-2000]: 'red.700' };

/** The webhook's delivery log and "Send test event" (edit screen). */
export function WebhookAttemptsView({ actor }: { actor: Actor<typeof webhookAttemptsMachine> }) {
  const attempts = useSelector(actor, (s) => s.context.attempts);
  const lastTest = useSelector(actor, (s) => s.context.lastTest);
  const problem = useSelector(actor, (s) => s.context.problem);
  const page = useSelector(actor, (s) => s.context.page);
  const inLoadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const inReady = useSelector(actor, (s) => s.matches('ready'));
  const inTesting = useSelector(actor, (s) => s.matches('testing'));
  const loadingTag = useSelector(actor, (s) => s.hasTag('loading'));
  const testing = inTesting;
  const items = attempts?.items ?? [];
  return (
    <Stack as="section" aria-labelledby="webhook-attempts" gap={3} mt={8} maxW="960px">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md" id="webhook-attempts">{INTEGRATION_TEXTS.attempts}</Heading>
        <HStack gap={2}>
          <Button size="sm" variant="outline" disabled={!inReady} onClick={() => actor.send({ type: 'attempts.refresh' })}>Refresh</Button>
          <Button size="sm" bg="secondary" color="white" loading={testing} loadingText={INTEGRATION_TEXTS.sendTest}
            disabled={!inReady} onClick={() => actor.send({ type: 'attempts.test' })}>{INTEGRATION_TEXTS.sendTest}</Button>
        </HStack>
      </HStack>
      {lastTest && (
        <Text role="status" data-testid="webhook-test-result">
          {`${INTEGRATION_TEXTS.testSent} ${lastTest.status}${lastTest.httpStatus ? ` (HTTP ${lastTest.httpStatus})` : ''}${lastTest.error ? `: ${lastTest.error}` : ''}`}
        </Text>
      )}
      {problem && (
        <Alert.Root status="error" role="alert"><Alert.Indicator /><Alert.Title>{problem}</Alert.Title>
          {inLoadFailed && <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'attempts.retry' })}>{LIST_TEXTS.tryAgain}</Button>}
        </Alert.Root>
      )}
      {loadingTag && <Text role="status">{LIST_TEXTS.loading}</Text>}
      {attempts && items.length === 0 && !loadingTag && <Text>{INTEGRATION_TEXTS.noAttempts}</Text>}
      {items.length > 0 && (
        <chakra.table width="100%" fontSize="sm" aria-label={INTEGRATION_TEXTS.attempts} css={{ '& th, & td': { textAlign: 'left', padding: '4px 8px', borderBottom: '1px solid #e2e8f0' } }}>
          <thead>
            <tr><th>Time</th><th>Event</th><th>Attempt</th><th>Result</th><th>HTTP</th><th>Duration</th><th>Error</th><th>{INTEGRATION_TEXTS.nextAttempt}</th></tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} data-testid="webhook-attempt">
                <td>{formatDateTime(item.createdAt)}</td>
                <td>{item.event}</td>
                <td>{item.attempt}</td>
                <td><chakra.span color={STATUS_COLOURS[item.statusId] ?? 'inherit'} fontWeight="medium">{item.status}</chakra.span></td>
                <td>{item.httpStatus ?? ''}</td>
                <td>{item.durationMs === null ? '' : `${item.durationMs} ms`}</td>
                <td>{item.error ?? ''}</td>
                <td>{item.nextAttemptAt ? formatDateTime(item.nextAttemptAt) : ''}</td>
              </tr>
            ))}
          </tbody>
        </chakra.table>
      )}
      {attempts && attempts.paging.totalPages > 1 && (
        <HStack as="nav" aria-label="Attempt pages" gap={2}>
          <Button size="sm" variant="outline" disabled={page <= 1 || !inReady} onClick={() => actor.send({ type: 'attempts.page', page: page - 1 })}>{LIST_TEXTS.previousPage}</Button>
          <Text>{LIST_TEXTS.pageOf(page, attempts.paging.totalPages)}</Text>
          <Button size="sm" variant="outline" disabled={page >= attempts.paging.totalPages || !inReady}
            onClick={() => actor.send({ type: 'attempts.page', page: page + 1 })}>{LIST_TEXTS.nextPage}</Button>
        </HStack>
      )}
    </Stack>
  );
}
