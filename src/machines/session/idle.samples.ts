import { defineSamples } from '../samples';
import { idleMachine } from './idle.machine';

export const idleSamples = defineSamples(idleMachine, [{
  name: 'signed in, idle, prompted, continued or logged out, in step with other tabs',
  input: undefined,
  events: [{ type: 'idle.tick', remainingMs: 61_000 }],
}], 'transitions');
