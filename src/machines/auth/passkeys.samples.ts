import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { passkeysMachine } from './passkeys.machine';
import type { Passkey } from './passkeys.types';

export const sampleLaptopPasskey: Passkey = { id: 'cred-1', name: 'MacBook Touch ID', createdAt: '2024-02-10T09:15:00Z', lastUsedAt: '2024-05-01T07:00:00Z' };
export const samplePhonePasskey: Passkey = { id: 'cred-2', name: 'Pixel 8', createdAt: '2024-03-05T12:00:00Z', lastUsedAt: null };
export const sampleAddedPasskey: Passkey = { id: 'cred-3', name: 'Chrome on Linux', createdAt: '2024-05-02T10:30:00Z', lastUsedAt: null };

export const sampleCreationOptions = {
  challenge: 'dGVzdC1jaGFsbGVuZ2U', rp: { id: 'localhost', name: 'Courier' },
  user: { id: 'Nw', name: 'customer@demo.test', displayName: 'Thandi Nkosi' }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};
export const sampleRegistration = {
  id: 'cred-3', rawId: 'cred-3', type: 'public-key', clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
};

const events = [
  { type: 'passkeys.remove', id: sampleLaptopPasskey.id },
  { type: 'xstate.done.actor.listPasskeys', output: [sampleLaptopPasskey, samplePhonePasskey] },
  { type: 'xstate.done.actor.listPasskeys', output: [] },
  { type: 'xstate.error.actor.listPasskeys', error: toApiError(500, { message: 'Internal error (request 5)' }, '/identity/v1/passkeys') },
  { type: 'xstate.done.actor.registrationOptions', output: sampleCreationOptions },
  {
    type: 'xstate.error.actor.registrationOptions',
    error: toApiError(429, { message: 'Too many attempts. Please try again in 1 minute.' }, '/identity/v1/passkeys/registration/options'),
  },
  { type: 'xstate.done.actor.createCredential', output: sampleRegistration },
  { type: 'xstate.error.actor.createCredential', error: new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError') },
  { type: 'xstate.done.actor.verifyRegistration', output: sampleAddedPasskey },
  {
    type: 'xstate.error.actor.verifyRegistration',
    error: toApiError(400, { message: 'The passkey could not be verified.' }, '/identity/v1/passkeys/registration/verify'),
  },
  { type: 'xstate.done.actor.deletePasskey' },
  { type: 'xstate.error.actor.deletePasskey', error: toApiError(404, { message: 'Not found: passkey cred-1' }, '/identity/v1/passkeys/cred-1') },
];

export const passkeysSamples = defineSamples(passkeysMachine, [
  { name: 'a browser with passkeys', input: { supported: true }, events },
  { name: 'a browser without passkeys', input: { supported: false }, events },
], 'transitions');
