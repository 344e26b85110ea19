import { Badge, Box, Button, Field, Flex, Heading, Input, Spinner, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { DATE_FORMATS } from '../../lib/constants';
import { formatDate } from '../../lib/date-format';
import { OUTBOX_TEXTS } from '../../lib/error-catalogue';
import { useAccountLogic } from './account-logic';
import { AccountPage, ProblemNotice, StatusNote } from './account-ui';

/**
 * /outbox (ours, administrators): the messages the mail and SMS senders deliver, codes included, so a person
 * can finish sign-in, verification and reset flows by hand in development. Production keeps no outbox.
 */
export function Component() {
  const actor = useScreenActor(useAccountLogic().outbox, undefined);
  const { timeZone } = usePortal();
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const messages = useSelector(actor, (snapshot) => snapshot.context.messages);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));

  if (state === 'unavailable') {
    return (
      <AccountPage title={OUTBOX_TEXTS.title}>
        <StatusNote>{OUTBOX_TEXTS.unavailable}</StatusNote>
      </AccountPage>
    );
  }

  return (
    <AccountPage title={OUTBOX_TEXTS.title} wide>
      <Text mb={4} color="fg.muted">{OUTBOX_TEXTS.intro}</Text>
      <Flex gap={2} align="flex-end" mb={4} wrap="wrap">
        <Box flex="1" minW="16rem">
          <Field.Root mb={4}>
            <Field.Label>{OUTBOX_TEXTS.recipient}</Field.Label>
            <Input
              type="search"
              placeholder={OUTBOX_TEXTS.recipientPlaceholder}
              onChange={(event) => actor.send({ type: 'outbox.filter', recipient: event.target.value })}
            />
          </Field.Root>
        </Box>
        <Button variant="outline" mb={4} loading={loading} loadingText={OUTBOX_TEXTS.refreshing} onClick={() => actor.send({ type: 'outbox.refresh' })}>
          {OUTBOX_TEXTS.refresh}
        </Button>
      </Flex>
      {state === 'failed' ? (
        <>
          <ProblemNotice problem={problem} />
          <Button bg="secondary" color="white" onClick={() => actor.send({ type: 'outbox.retry' })}>{OUTBOX_TEXTS.retry}</Button>
        </>
      ) : loading && messages.length === 0 ? (
        <Spinner aria-label={OUTBOX_TEXTS.refreshing} />
      ) : messages.length === 0 ? (
        <StatusNote>{OUTBOX_TEXTS.empty}</StatusNote>
      ) : (
        <Box as="ol" aria-label={OUTBOX_TEXTS.title} listStyleType="none" display="grid" gap={3}>
          {messages.map((message) => (
            <Box as="li" key={message.id} borderWidth="1px" borderRadius="md" p={3}>
              <Flex gap={2} align="center" wrap="wrap" mb={1}>
                <Badge>{message.channel === 'sms' ? 'SMS' : 'Email'}</Badge>
                <Heading as="h2" size="sm">{message.subject}</Heading>
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                {OUTBOX_TEXTS.to(message.recipient)} · {formatDate(message.createdAt, DATE_FORMATS.dateTime, timeZone)}
              </Text>
              <Box as="pre" mt={2} fontFamily="mono" fontSize="sm" whiteSpace="pre-wrap">{message.body}</Box>
            </Box>
          ))}
        </Box>
      )}
    </AccountPage>
  );
}
