import type { ChangeEmailValues } from '../../lib/account-validation';
import type { FormMessages } from '../shared/form-submit.types';

export interface ChangeEmailSchema {
  context: FormMessages & {
    userId: number;
    /** The current address (the new one once changed). */
    email: string;
    /** The address being submitted. */
    newEmail: string;
  };
  events:
    | { type: 'changeEmail.open' }
    | ({ type: 'changeEmail.submit' } & ChangeEmailValues)
    | { type: 'changeEmail.cancel' }
    | { type: 'changeEmail.close' };
  input: {
    userId: number;
    /** The current address. */
    email: string;
  };
}
