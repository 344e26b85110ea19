import type { EventObject } from 'xstate';
import { ApiError, asApiError } from '../../api';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../../lib/account-validation';
import { statusTitle } from '../../lib/error-catalogue';

/** A failed step as the form shows it: the status title, the message and the optional detail line. */
export interface Problem {
  title: string;
  message: string;
  detail?: string;
}

/** The catalogue's ApiError as it is; anything else (a thrown Error, a browser exception) by its message. */
export function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) return { title: error.title, message: error.message, ...(error.detail && { detail: error.detail }) };
  return { title: statusTitle(undefined), message: error instanceof Error ? error.message : String(error) };
}

/** The server named the fields at fault (a 400 with `errors`): they are shown on the fields themselves. */
export function hasFieldErrors(error: unknown): boolean {
  return hasErrors(fieldErrorsOf(error));
}

/** A failed call: field messages on their fields, or the whole problem above the form. */
export function failureOf(error: unknown): { errors: FieldErrors; problem: Problem | null } {
  const errors = fieldErrorsOf(error);
  return hasErrors(errors) ? { errors, problem: null } : { errors: {}, problem: problemOf(error) };
}

/** The actor system of the running machine (the root's, for screens started with useScreenActor). */
interface WithSystem {
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

/** After a verification, a two-factor change or a profile change: the auth actor reloads token and profile. */
export function reloadAuth({ system }: WithSystem): void {
  system.get('auth')?.send({ type: 'auth.reload' });
}

/** Guard of a failed call: the server named the fields at fault. */
export function namesFields(_: unknown, params: { error: unknown }): boolean {
  return hasFieldErrors(params.error);
}

/**
 * The onError of a form's submit: field messages (client or server) → `${form}.invalid`, anything else →
 * `${form}.failed` with the problem. The machine provides the guard `namesFields` and the action `fail`.
 */
export function submitFailed(form: string) {
  const error = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
  return [
    { guard: { type: 'namesFields' as const, params: error }, target: `${form}.invalid`, actions: { type: 'fail' as const, params: error } },
    { target: `${form}.failed`, actions: { type: 'fail' as const, params: error } },
  ];
}
