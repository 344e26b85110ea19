import type { EventObject } from 'xstate';
import type { FieldErrors } from '../../lib/account-validation';
import type { Problem } from '../auth/account-helpers';

/** What every form chart keeps: messages on the fields at fault, or one problem above the form. */
export interface FormMessages {
  errors: FieldErrors;
  problem: Problem | null;
}

/**
 * The schema of a machine built on the form-submit chart: its context holds the form's messages; the rest is
 * the machine's own. `setup({ types: {} as ChangeEmailSchema })` reads it.
 */
export interface FormSubmitSchema<TContext extends FormMessages = FormMessages, TEvent extends EventObject = EventObject, TInput = unknown, TOutput = unknown> {
  context: TContext;
  events: TEvent;
  input: TInput;
  output?: TOutput;
}
