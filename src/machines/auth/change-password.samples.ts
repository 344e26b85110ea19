import { toApiError } from '../../api/api-error';
import { AUTH_TEXTS } from '../../lib/error-catalogue';
import { defineSamples } from '../samples';
import { changePasswordMachine } from './change-password.machine';
import { sampleServerError } from './profile.samples';

export const changePasswordSamples = defineSamples(changePasswordMachine, [{
  name: 'a customer',
  input: undefined,
  events: [
    { type: 'changePassword.submit', currentPassword: 'Demo-password-1', newPassword: 'Better-password-2', confirmPassword: 'Better-password-2' },
    { type: 'changePassword.submit', currentPassword: '', newPassword: 'short', confirmPassword: 'other' },
    { type: 'xstate.done.actor.changePassword', output: true },
    {
      type: 'xstate.error.actor.changePassword',
      error: toApiError(400, { message: AUTH_TEXTS.currentPasswordIncorrect, errors: { currentPassword: [AUTH_TEXTS.currentPasswordIncorrect] } }, '/identity/v1/auth/changepassword'),
    },
    { type: 'xstate.error.actor.changePassword', error: sampleServerError('/identity/v1/auth/changepassword') },
  ],
}], 'transitions');
