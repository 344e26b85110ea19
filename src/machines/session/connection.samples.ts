import { defineSamples } from '../samples';
import { connectionMachine } from './connection.machine';

export const connectionSamples = defineSamples(connectionMachine, [
  {
    name: 'signed in: connect, lose the connection, reconnect or give up',
    input: undefined,
    events: [
      { type: 'xstate.error.actor.connect', error: new Error('Failed to complete negotiation with the server: TypeError: Failed to fetch') },
      { type: 'xstate.done.actor.watch', output: { tokenExpired: false, error: 'Server returned an error on close: Server is shutting down' } },
      { type: 'xstate.done.actor.watch', output: { tokenExpired: true, error: 'Server returned an error on close: The access token has expired' } },
    ],
  },
], 'transitions');
