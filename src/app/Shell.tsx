import { Box, Link } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Outlet } from 'react-router-dom';
import { ConnectionBanner, useConnectionFailed } from './ConnectionBanner';
import { Header, NewDeliveryButton } from './Header';
import { ImpersonationBar } from './ImpersonationBar';
import { Notifications } from './Notifications';
import { useAuth, useNotificationsActor } from '../machines/root/root-actor';
import { ConnectionErrorScreen, SessionErrorScreen } from './StartupScreens';
import { NewDeliveryContext } from '../ui/NewDeliverySlot';
import { UnconfirmedEmailBanner } from '../ui/UnconfirmedEmailBanner';
import { AnnouncementBanner } from '../features/content/AnnouncementBanner';

// One element for every render: the context value stays the same.
const NEW_DELIVERY = <NewDeliveryButton />;

/**
 * The frame of every screen: header, the unconfirmed-email banner, then the route's page, with the global
 * error dialog and the toasts. A session error (440) or a call without response replaces it all with its
 * screen, which reloads after the countdown. The page gets the header's 'New delivery' button through
 * NewDeliveryContext, so a feature other than booking can show it without importing booking.
 */
export function Shell() {
  const sessionExpired = useAuth((snapshot) => snapshot.matches('sessionExpired'));
  const connectionLost = useSelector(useNotificationsActor(), (snapshot) => snapshot.matches({ connection: 'lost' }));
  // Every real-time reconnect attempt failed: the same screen, reloading after the countdown.
  const liveFailed = useConnectionFailed();
  if (sessionExpired) return <SessionErrorScreen />;
  if (connectionLost || liveFailed) return <ConnectionErrorScreen />;
  return (
    <Box minH="100vh" bg="bg.subtle">
      <Link
        href="#content"
        position="absolute"
        left="-9999px"
        zIndex="skipLink"
        bg="bg"
        color="primary"
        px={3}
        py={2}
        _focus={{ left: 2, top: 2 }}
      >
        Skip to content
      </Link>
      <Header />
      <ImpersonationBar />
      <ConnectionBanner />
      <UnconfirmedEmailBanner />
      <AnnouncementBanner />
      <Box id="content" tabIndex={-1} _focus={{ outline: 'none' }}>
        <NewDeliveryContext value={NEW_DELIVERY}>
          <Outlet />
        </NewDeliveryContext>
      </Box>
      <Notifications />
    </Box>
  );
}
