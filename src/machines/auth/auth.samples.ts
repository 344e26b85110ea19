import type { AnyEventObject } from 'xstate';
import { toApiError } from '../../api/api-error';
import { SIGN_IN_TEXTS } from '../../lib/shell-texts';
import { sampleToken } from '../../lib/flows/sample-token';
import { defineSamples } from '../samples';
import { authMachine } from './auth.machine';
import type { Profile } from './auth.types';

export const sampleAdminProfile: Profile = {
  id: 1, email: 'administrator@demo.test', firstName: 'Ada', lastName: 'Admin', emailConfirmed: true, phoneNumberConfirmed: true,
  contactCountryCode: 'ZA', twoFactorEnabled: false, hasProfilePicture: false,
};
const mainToken = sampleToken({ id: 1, email: 'administrator@demo.test', roles: ['Administrator'], nonce: 'main' });
const refreshedToken = sampleToken({ id: 1, email: 'administrator@demo.test', roles: ['Administrator'], nonce: 'refreshed' });
const impersonatedToken = sampleToken({
  id: 42, email: 'store.user@demo.test', roles: ['StoreUser'], act: { id: 1, email: 'administrator@demo.test' }, nonce: 'imp',
});

const refreshUrl = '/identity/v1/auth/refreshToken';
const invalidCredentials = toApiError(401, { message: 'Invalid email or password.' }, '/identity/v1/auth/login');
const wrongCode = toApiError(401, { message: 'The code is incorrect or has expired.' }, '/identity/v1/twoFactor/verify');
const badRegistration = toApiError(400, { message: 'Bad input', errors: { email: ['email must match format "email"'] } }, '/identity/v1/auth/register');

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.restoreSession', output: { jwtToken: mainToken, profile: sampleAdminProfile } },
  { type: 'xstate.error.actor.restoreSession', error: toApiError(401, undefined, refreshUrl) },
  { type: 'auth.login', email: 'administrator@demo.test', password: 'Demo-password-1' },
  { type: 'xstate.done.actor.login', output: { twoFactorHash: 'hash-1', message: 'A verification code has been sent to your email address.' } },
  { type: 'xstate.done.actor.login', output: { jwtToken: mainToken } },
  { type: 'xstate.error.actor.login', error: invalidCredentials },
  { type: 'auth.register', email: 'new.user@demo.test', password: 'Demo-password-1', firstName: 'Nia', lastName: 'New' },
  { type: 'xstate.done.actor.register', output: { leadEmailTaken: true } },
  { type: 'xstate.done.actor.register', output: { jwtToken: mainToken } },
  { type: 'xstate.error.actor.register', error: badRegistration },
  { type: 'auth.twoFactor.verify', code: '123456' },
  { type: 'xstate.done.actor.twoFactorVerify', output: { jwtToken: mainToken } },
  { type: 'xstate.error.actor.twoFactorVerify', error: wrongCode },
  { type: 'xstate.done.actor.twoFactorResend', output: undefined },
  { type: 'xstate.error.actor.twoFactorResend', error: toApiError(429, { message: 'Too many attempts. Please try again in 30 seconds.' }, '/identity/v1/twoFactor/resend') },
  { type: 'auth.external.start', provider: 'oidc' },
  { type: 'xstate.done.actor.externalAuthorize', output: { authorizationUrl: 'http://127.0.0.1:9999/auth?client_id=courier' } },
  // The screen offers only the providers the server lists, so its authorize call fails only as any call can (500).
  { type: 'xstate.error.actor.externalAuthorize', error: toApiError(500, { message: 'Internal error (request 1)' }, '/identity/v1/external/authorize') },
  { type: 'auth.external.complete', provider: 'oidc', callbackUrl: 'http://localhost/login/external/callback?code=abc&state=xyz' },
  { type: 'xstate.done.actor.externalLogin', output: { jwtToken: mainToken } },
  { type: 'xstate.error.actor.externalLogin', error: toApiError(401, { message: 'The sign-in provider refused the login.' }, '/identity/v1/external/login') },
  { type: 'xstate.done.actor.passkeyLogin', output: { jwtToken: mainToken } },
  { type: 'xstate.error.actor.passkeyLogin', error: toApiError(400, { message: SIGN_IN_TEXTS.passkeyFailed }, '/identity/v1/passkeys/login/verify') },
  { type: 'xstate.done.actor.loadProfile', output: sampleAdminProfile },
  { type: 'xstate.error.actor.loadProfile', error: toApiError(500, { message: 'E1' }, '/identity/v1/profile') },
  { type: 'xstate.error.actor.loadProfile', error: toApiError(440, undefined, '/identity/v1/profile') },
  { type: 'xstate.done.actor.refreshToken', output: { jwtToken: refreshedToken } },
  { type: 'xstate.error.actor.refreshToken', error: toApiError(401, undefined, refreshUrl) },
  { type: 'xstate.error.actor.refreshToken', error: toApiError(440, undefined, refreshUrl) },
  { type: 'xstate.error.actor.refreshToken', error: toApiError(500, undefined, refreshUrl) },
  { type: 'xstate.done.actor.reloadSession', output: { jwtToken: refreshedToken, profile: sampleAdminProfile } },
  { type: 'xstate.error.actor.reloadSession', error: toApiError(401, undefined, refreshUrl) },
  { type: 'xstate.error.actor.reloadSession', error: toApiError(440, undefined, refreshUrl) },
  { type: 'xstate.error.actor.reloadSession', error: toApiError(500, undefined, refreshUrl) },
  { type: 'auth.impersonate', userId: 42 },
  { type: 'xstate.done.actor.impersonate', output: { jwtToken: impersonatedToken } },
  { type: 'xstate.error.actor.impersonate', error: toApiError(403, { message: 'You cannot impersonate a user with equal or higher privileges.' }, '/identity/v1/auth/impersonate') },
  { type: 'auth.sync.token', token: refreshedToken },
  { type: 'auth.sync.token', token: impersonatedToken },
];

export const authSamples = defineSamples(authMachine, [
  { name: 'sign-in, two-factor, refresh, impersonation and logout', input: undefined, events },
], 'transitions');
