import { fromCallback, type AnyActorRef } from 'xstate';
import { CONNECTION_SYSTEM_ID } from '../session/connection.machine';

/**
 * Reports `connection.reconnected` of the connection actor (systemId 'connection'), when the system has one:
 * hub messages are at most once, so screens that show live data reload it over REST after a reconnect.
 */
export const reconnects = fromCallback<{ type: 'connection.reconnected' }>(({ sendBack, system }) => {
  const connection = (system as { get(id: string): AnyActorRef | undefined }).get(CONNECTION_SYSTEM_ID);
  const listener = (connection as { on?: (type: string, handler: () => void) => { unsubscribe(): void } } | undefined)
    ?.on?.('connection.reconnected', () => sendBack({ type: 'connection.reconnected' }));
  return () => listener?.unsubscribe();
});
