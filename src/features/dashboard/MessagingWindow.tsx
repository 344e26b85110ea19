import { Alert, Badge, Box, Button, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { MESSAGING_TEXTS } from '../../lib/dashboard-texts';
import type { messagingMachine } from '../../machines/operations/messaging.machine';
import { VISITOR_CHAT_TEXTS } from '../../lib/visitor-chat';

export type MessagingActor = Actor<typeof messagingMachine>;

/** The messaging window (its chart: messaging.machine.ts): conversations with unread counts, one open with its draft. */
export function MessagingWindow({ actor }: { actor: MessagingActor }) {
  const conversations = useSelector(actor, (s) => s.context.conversations);
  const unreadTotal = useSelector(actor, (s) => s.context.unreadTotal);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const open = useSelector(actor, (s) => s.matches('conversation'));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const sending = useSelector(actor, (s) => s.hasTag('busy'));
  const driverName = useSelector(actor, (s) => s.context.driverName);
  const messages = useSelector(actor, (s) => s.context.messages);
  const draft = useSelector(actor, (s) => s.context.draft);
  const error = useSelector(actor, (s) => s.context.error);
  const userId = useSelector(actor, (s) => s.context.userId);
  return (
    <Box as="section" role="region" aria-label={MESSAGING_TEXTS.title} borderWidth="1px" borderRadius="md" p={2}>
      <HStack justify="space-between" mb={1}>
        <Text fontWeight="bold">{MESSAGING_TEXTS.title}</Text>
        {unreadTotal > 0 && <Badge colorPalette="red" aria-live="polite">{MESSAGING_TEXTS.unread(unreadTotal)}</Badge>}
      </HStack>
      {failed && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{MESSAGING_TEXTS.failed}</Alert.Title>
          <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'messaging.retry' })}>{MESSAGING_TEXTS.retry}</Button>
        </Alert.Root>
      )}
      {error && !failed && <Text role="alert" fontSize="xs" color="red.600">{error.message}</Text>}
      {!open && !failed && (
        conversations.length === 0 ? <Text fontSize="sm">{loading ? MESSAGING_TEXTS.loading : MESSAGING_TEXTS.none}</Text> : (
          <chakra.ul listStyleType="none" p={0} m={0} aria-label={MESSAGING_TEXTS.conversations}>
            {conversations.map((row) => (
              <li key={`${row.kind ?? 'driver'}-${row.id}`}>
                {row.kind === 'visitor' ? (
                  // Issue 19: a chat widget visitor, marked as such (name and email instead of a driver).
                  <Button size="xs" variant="ghost" w="100%" justifyContent="space-between" onClick={() => actor.send({ type: 'messaging.openVisitor', conversationId: row.id })}>
                    <span>{VISITOR_CHAT_TEXTS.visitor}: {MESSAGING_TEXTS.open(row.driverName, row.unreadCount)} · {row.visitorEmail}</span>
                  </Button>
                ) : (
                  <Button size="xs" variant="ghost" w="100%" justifyContent="space-between" onClick={() => actor.send({ type: 'messaging.open', driverId: row.driverId })}>
                    <span>{MESSAGING_TEXTS.open(row.driverName, row.unreadCount)}</span>
                  </Button>
                )}
              </li>
            ))}
          </chakra.ul>
        )
      )}
      {open && (
        <Stack gap={2} fontSize="sm">
          <HStack justify="space-between">
            <Text fontWeight="medium">{driverName}</Text>
            <Button size="xs" variant="ghost" onClick={() => actor.send({ type: 'messaging.close' })}>{MESSAGING_TEXTS.close}</Button>
          </HStack>
          <chakra.ol listStyleType="none" p={0} m={0} maxH="240px" overflowY="auto" aria-label={driverName} aria-busy={loading || undefined}>
            {messages.map((message) => (
              <chakra.li key={message.id} textAlign={message.senderUserId === userId ? 'right' : 'left'} py={0.5}>
                <Text as="span" fontSize="xs" color="fg.muted">{message.senderName}: </Text>{message.body}
              </chakra.li>
            ))}
          </chakra.ol>
          <chakra.form display="flex" gap={2} onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'messaging.send' }); }}>
            <Input size="sm" aria-label={MESSAGING_TEXTS.draft} placeholder={MESSAGING_TEXTS.draft} maxLength={2000} value={draft}
              onChange={(event) => actor.send({ type: 'messaging.draft', text: event.currentTarget.value })} />
            <Button size="sm" type="submit" disabled={sending || draft.trim() === ''}>{sending ? MESSAGING_TEXTS.sending : MESSAGING_TEXTS.send}</Button>
          </chakra.form>
        </Stack>
      )}
    </Box>
  );
}
