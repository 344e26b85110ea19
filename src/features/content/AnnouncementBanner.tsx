import { Alert, Button, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { usePermissions, usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { CONTENT_TEXTS } from '../../lib/content-texts';
import { announcementBannerMachine } from '../../machines/content/announcement-banner.machine';

/** The shell's announcements banner for the signed-in user (a new user, a new banner). */
export function AnnouncementBanner() {
  const permissions = usePermissions();
  if (!permissions) return null;
  return <SignedInBanner key={permissions.id} />;
}

function SignedInBanner() {
  const portal = usePortal();
  const actor = useScreenActor(announcementBannerMachine, { cca2: portal.cca2.toLowerCase() });
  return <AnnouncementBannerView actor={actor} />;
}

/** What the banner actor shows: each current announcement with its Dismiss button. */
export function AnnouncementBannerView({ actor }: { actor: Actor<typeof announcementBannerMachine> }) {
  const announcements = useSelector(actor, (s) => s.context.announcements);
  const dismissing = useSelector(actor, (s) => s.context.dismissing);
  const problem = useSelector(actor, (s) => s.context.problem);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  if (announcements.length === 0) return null;
  return (
    <Stack gap={0} role="region" aria-label={CONTENT_TEXTS.announcementsRegion}>
      {announcements.map((announcement) => (
        <Alert.Root key={announcement.id} status="info" borderRadius={0} role="note" aria-label={announcement.title}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{announcement.title}</Alert.Title>
            <Alert.Description whiteSpace="pre-line">{announcement.message}</Alert.Description>
          </Alert.Content>
          <Button size="xs" variant="outline" alignSelf="center" loading={dismissing === announcement.id} disabled={busy}
            aria-label={`${CONTENT_TEXTS.dismiss} ${announcement.title}`}
            onClick={() => actor.send({ type: 'banner.dismiss', id: announcement.id })}>
            {CONTENT_TEXTS.dismiss}
          </Button>
        </Alert.Root>
      ))}
      {problem && <Alert.Root status="error" borderRadius={0}><Alert.Indicator /><Alert.Title>{problem}</Alert.Title></Alert.Root>}
    </Stack>
  );
}
