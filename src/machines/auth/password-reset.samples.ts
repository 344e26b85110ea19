import { toApiError } from '../../api/api-error';
import { AUTH_TEXTS } from '../../lib/error-catalogue';
import { defineSamples } from '../samples';
import { passwordResetMachine } from './password-reset.machine';

const URL_FORGOT = '/identity/v1/auth/forgotPassword';
const URL_RESET = '/identity/v1/auth/resetPassword';

const events = [
  { type: 'reset.request', email: 'customer@demo.test' },
  { type: 'reset.request', email: 'not-an-email' },
  { type: 'reset.confirm', code: '123456', password: 'New-password-1', confirmPassword: 'New-password-1' },
  { type: 'reset.confirm', code: '12', password: 'short', confirmPassword: 'other' },
  { type: 'xstate.done.actor.requestResetCode', output: true },
  { type: 'xstate.error.actor.requestResetCode', error: toApiError(429, { message: AUTH_TEXTS.tooManyRequests('1 minute') }, URL_FORGOT) },
  {
    type: 'xstate.error.actor.requestResetCode',
    error: toApiError(400, { message: 'Invalid request: email must match format "email"', errors: { email: ['email must match format "email"'] } }, URL_FORGOT),
  },
  { type: 'xstate.done.actor.resendResetCode', output: true },
  { type: 'xstate.error.actor.resendResetCode', error: toApiError(429, { message: AUTH_TEXTS.tooManyRequests('1 minute') }, URL_FORGOT) },
  { type: 'xstate.done.actor.resetPassword', output: true },
  { type: 'xstate.error.actor.resetPassword', error: toApiError(400, { message: AUTH_TEXTS.codeInvalid, errors: { code: [AUTH_TEXTS.codeInvalid] } }, URL_RESET) },
  { type: 'xstate.error.actor.resetPassword', error: toApiError(500, { message: 'Internal error (request 42)' }, URL_RESET) },
];

export const passwordResetSamples = defineSamples(passwordResetMachine, [
  { name: '/forgot-password', input: {}, events },
  { name: '/confirm-password?email=…', input: { email: 'customer@demo.test' }, events },
], 'transitions');
