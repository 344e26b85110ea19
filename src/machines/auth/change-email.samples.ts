import { toApiError } from '../../api/api-error';
import { AUTH_TEXTS } from '../../lib/error-catalogue';
import { defineSamples } from '../samples';
import { changeEmailMachine } from './change-email.machine';
import { sampleCustomerProfile } from './profile.samples';

const profile = sampleCustomerProfile();

export const changeEmailSamples = defineSamples(changeEmailMachine, [{
  name: 'a customer',
  input: { userId: 7, email: profile.email },
  events: [
    { type: 'changeEmail.submit', email: 'thandi@new.test', password: 'Demo-password-1' },
    { type: 'changeEmail.submit', email: profile.email, password: '' },
    { type: 'xstate.done.actor.changeEmail', output: true },
    {
      type: 'xstate.error.actor.changeEmail',
      error: toApiError(400, { message: AUTH_TEXTS.passwordIncorrect, errors: { password: [AUTH_TEXTS.passwordIncorrect] } }, '/identity/v1/account/changeEmail/7'),
    },
    { type: 'xstate.error.actor.changeEmail', error: toApiError(409, { message: AUTH_TEXTS.emailTaken }, '/identity/v1/account/changeEmail/7') },
  ],
}], 'transitions');
