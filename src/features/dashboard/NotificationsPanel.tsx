import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { NOTIFICATION_TEXTS } from '../../lib/dashboard-texts';
import { formatDate } from '../../lib/date-format';
import { DATE_FORMATS } from '../../lib/constants';
import type { webNotificationsMachine } from '../../machines/operations/web-notifications.machine';

/** The notifications list (002 section 2): unread count, a page of notifications, mark as read, paging. */
export function NotificationsPanel({ actor }: { actor: Actor<typeof webNotificationsMachine> }) {
  const data = useSelector(actor, (s) => s.context.data);
  const page = useSelector(actor, (s) => s.context.page);
  const totalPages = useSelector(actor, (s) => s.context.totalPages);
  const unread = useSelector(actor, (s) => s.context.unread);
  const marking = useSelector(actor, (s) => s.context.marking);
  const inFailed = useSelector(actor, (s) => s.matches('failed'));
  const inReady = useSelector(actor, (s) => s.matches('ready'));
  const busyTag = useSelector(actor, (s) => s.hasTag('busy'));
  const loadingTag = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = busyTag || loadingTag;
  // Previous and Next are offered when the chart takes them (its guard knows the pages).
  const canPrevious = useSelector(actor, (s) => s.can({ type: 'notifications.page', page: s.context.page - 1 }));
  const canNext = useSelector(actor, (s) => s.can({ type: 'notifications.page', page: s.context.page + 1 }));
  return (
    <Stack as="section" aria-label={NOTIFICATION_TEXTS.title} gap={2}>
      <HStack justify="space-between">
        <Text fontWeight="bold">{NOTIFICATION_TEXTS.title}</Text>
        <Badge data-testid="unread-count">{NOTIFICATION_TEXTS.unread(unread)}</Badge>
      </HStack>
      {inFailed && (
        <HStack>
          <Text role="alert" fontSize="sm">{NOTIFICATION_TEXTS.failed}</Text>
          <Button size="xs" onClick={() => actor.send({ type: 'notifications.retry' })}>{NOTIFICATION_TEXTS.retry}</Button>
        </HStack>
      )}
      {loadingTag && data.length === 0 && <Text role="status" fontSize="sm">{NOTIFICATION_TEXTS.loading}</Text>}
      {inReady && data.length === 0 && <Text fontSize="sm">{NOTIFICATION_TEXTS.empty}</Text>}
      <Stack as="ul" gap={1} listStyleType="none" p={0} aria-busy={busy || undefined}>
        {data.map((item) => (
          <Box as="li" key={item.id} borderWidth="1px" borderRadius="sm" p={2} fontWeight={item.read ? 'normal' : 'bold'} aria-label={item.title}>
            <Text fontSize="sm">{item.title}</Text>
            <Text fontSize="xs" fontWeight="normal">{item.message}</Text>
            <HStack justify="space-between">
              <Text fontSize="xs" fontWeight="normal" color="fg.muted">{formatDate(item.createdAt, DATE_FORMATS.dateTime)}</Text>
              {!item.read && (
                <Button size="xs" variant="ghost" disabled={marking !== null} aria-label={`${NOTIFICATION_TEXTS.markRead}: ${item.title}`}
                  onClick={() => actor.send({ type: 'notifications.markRead', id: item.id })}>{NOTIFICATION_TEXTS.markRead}</Button>
              )}
            </HStack>
          </Box>
        ))}
      </Stack>
      <HStack justify="space-between" fontSize="sm">
        <Button size="xs" variant="outline" disabled={busy || !canPrevious} onClick={() => actor.send({ type: 'notifications.page', page: page - 1 })}>{NOTIFICATION_TEXTS.previous}</Button>
        <Text>{NOTIFICATION_TEXTS.page(page, totalPages)}</Text>
        <Button size="xs" variant="outline" disabled={busy || !canNext} onClick={() => actor.send({ type: 'notifications.page', page: page + 1 })}>{NOTIFICATION_TEXTS.next}</Button>
      </HStack>
    </Stack>
  );
}
