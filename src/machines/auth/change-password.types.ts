import type { ChangePasswordValues } from '../../lib/account-validation';
import type { FormMessages } from '../shared/form-submit.types';

export interface ChangePasswordSchema {
  context: FormMessages;
  events:
    | { type: 'changePassword.open' }
    | ({ type: 'changePassword.submit' } & ChangePasswordValues)
    | { type: 'changePassword.cancel' }
    | { type: 'changePassword.close' };
  input: undefined;
}
