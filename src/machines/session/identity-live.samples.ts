import { defineSamples } from '../samples';
import { identityLiveMachine } from './identity-live.machine';

export const identityLiveSamples = defineSamples(identityLiveMachine, [
  {
    name: 'signed in: subscribe to my identity; a role change reloads the profile, a rotation refreshes, a revocation signs out',
    input: undefined,
    events: [
      { type: 'identity.session.start' },
      { type: 'xstate.done.actor.connect' },
      { type: 'xstate.error.actor.connect', error: new Error('Failed to complete negotiation with the server: TypeError: Failed to fetch') },
      { type: 'identity.update', update: { userId: 9, refreshToken: null, reloadProfile: true, revoked: false } },
      { type: 'identity.update', update: { userId: 9, refreshToken: 'rotated-refresh-token', reloadProfile: false, revoked: false } },
      { type: 'identity.update', update: { userId: 9, refreshToken: null, reloadProfile: false, revoked: true } },
      { type: 'xstate.done.actor.watch', output: { tokenExpired: false, error: 'Server returned an error on close: The session has ended' } },
      { type: 'xstate.done.actor.watch', output: { tokenExpired: false, error: 'Server returned an error on close: Server is shutting down' } },
      { type: 'identity.session.end' },
    ],
  },
], 'transitions');
