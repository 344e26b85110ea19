import type { PasswordResetValues } from '../../lib/account-validation';
import type { FormMessages } from '../shared/form-submit.types';

export interface PasswordResetSchema {
  context: FormMessages & { email: string };
  events:
    | { type: 'reset.request'; email: string }
    | ({ type: 'reset.confirm' } & PasswordResetValues)
    | { type: 'reset.resend' }
    | { type: 'reset.changeEmail' };
  input: {
    /** From /confirm-password?email=…: the code step opens at once for that address. */
    email?: string;
  };
}
