import { ApiError } from '../../api';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../../lib/account-validation';
import { statusTitle } from '../../lib/http-error-texts';
import type { WithSystem } from './notify';

// The notifications live apart (./notify.ts): the auth machine, in the app shell, needs them without the forms' field
// validation (issue 19, "A fast first load").
export { notifyError, notifySuccess } from './notify';

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
