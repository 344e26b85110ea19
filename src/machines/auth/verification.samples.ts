import { toApiError } from '../../api/api-error';
import { AUTH_TEXTS } from '../../lib/error-catalogue';
import { defineSamples } from '../samples';
import { verificationMachine } from './verification.machine';
import type { VerificationKind } from './verification.types';

const URL_SEND = '/identity/v1/emailVerification/send';
const URL_CONFIRM = '/identity/v1/emailVerification/confirm';

const events = [
  { type: 'verification.confirm', code: '123456' },
  { type: 'verification.confirm', code: '12a' },
  { type: 'xstate.done.actor.sendCode' },
  { type: 'xstate.error.actor.sendCode', error: toApiError(429, { message: AUTH_TEXTS.tooManyRequests('30 seconds') }, URL_SEND) },
  { type: 'xstate.error.actor.sendCode', error: toApiError(409, { message: AUTH_TEXTS.emailAlreadyConfirmed }, URL_SEND) },
  { type: 'xstate.done.actor.resendCode' },
  { type: 'xstate.error.actor.resendCode', error: toApiError(429, { message: AUTH_TEXTS.tooManyRequests('30 seconds') }, URL_SEND) },
  { type: 'xstate.done.actor.confirmCode' },
  { type: 'xstate.error.actor.confirmCode', error: toApiError(400, { message: AUTH_TEXTS.codeInvalid, errors: { code: [AUTH_TEXTS.codeInvalid] } }, URL_CONFIRM) },
  { type: 'xstate.error.actor.confirmCode', error: toApiError(500, { message: 'Internal error (request 9)' }, URL_CONFIRM) },
];

const KINDS: VerificationKind[] = ['email', 'phone', 'twoFactorEnable', 'twoFactorDisable'];

export const verificationSamples = defineSamples(verificationMachine, KINDS.map((kind) => ({ name: kind, input: { kind }, events })), 'transitions');
