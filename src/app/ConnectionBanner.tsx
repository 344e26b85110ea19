import { Alert, Button, Spinner } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ERROR_TEXTS } from '../lib/http-error-texts';
import { LIVE_TEXTS } from '../lib/realtime';
import { secondsToRetry, type connectionMachine } from '../machines/session/connection.machine';
import { RootActor, usePermissions } from '../machines/root/root-actor';

type ConnectionActor = ActorRefFrom<typeof connectionMachine>;

/** The connection actor (systemId 'connection'). */
export function useConnectionActor(): ConnectionActor {
  return RootActor.useSelector((snapshot) => snapshot.context.connection);
}

/** Whether every retry failed: the shell shows the connection-error screen. */
export function useConnectionFailed(): boolean {
  return useSelector(useConnectionActor(), (snapshot) => snapshot.matches('failed'));
}

/**
 * The connection banner (000 section 2): "Connecting to server..." while connecting, "Connection lost. Trying
 * to reconnect in: " with the seconds left while waiting to retry; nothing while connected. Only signed-in
 * users (who have a permission set) see it.
 */
export function ConnectionBannerView({ connection }: { connection: ConnectionActor }) {
  const permissions = usePermissions();
  const state = useSelector(connection, (snapshot) =>
    (snapshot.matches('reconnecting') ? 'lost' : snapshot.matches('connecting') ? 'connecting' : 'none'));
  const seconds = useSelector(connection, (snapshot) => secondsToRetry(snapshot.context));
  if (!permissions || state === 'none') return null;
  if (state === 'connecting') {
    return (
      <Alert.Root status="info" borderRadius={0} py={2} role="status" aria-live="polite" data-testid="connection-banner">
        <Spinner size="sm" color="secondary" aria-hidden />
        <Alert.Description>{ERROR_TEXTS.connecting}</Alert.Description>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root status="warning" borderRadius={0} py={2} role="alert" data-testid="connection-banner" alignItems="center">
      <Alert.Indicator />
      <Alert.Description flex="1">
        {ERROR_TEXTS.connectionLost}
        <span role="timer" aria-live="off" data-testid="reconnect-countdown">{seconds}</span>
      </Alert.Description>
      <Button size="xs" variant="outline" onClick={() => connection.send({ type: 'connection.retryNow' })}>
        {LIVE_TEXTS.reconnectNow}
      </Button>
    </Alert.Root>
  );
}

/** The banner of the app's own connection, as the shell mounts it. */
export function ConnectionBanner() {
  return <ConnectionBannerView connection={useConnectionActor()} />;
}
