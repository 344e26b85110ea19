import type { EventObject } from 'xstate';
import { asApiError } from '../../api';

/** The actor system of the running machine (the root's, for screens started with useScreenActor). */
export interface WithSystem {
  system: { get(systemId: string): { send(event: EventObject & Record<string, unknown>): void } | undefined };
}

/**
 * A success toast with the spec's text through the notifications actor (systemId 'notifications') when the
 * app runs one; views show the text inline otherwise (useNotifications in src/features/auth/account-ui.tsx).
 */
export function notifySuccess({ system }: WithSystem, params: { text: string }): void {
  system.get('notifications')?.send({ type: 'notify.success', text: params.text });
}

/**
 * A failure that no form on screen can show (a reload after a verification, an action from a menu): the global
 * error dialog through the notifications actor, titled by status (000 section 8); never for a 440.
 */
export function notifyError({ system }: WithSystem, params: { error: unknown }): void {
  const error = asApiError(params.error);
  if (!error.sessionExpired) system.get('notifications')?.send({ type: 'notify.error', error });
}
