import { defineSamples } from '../samples';
import { countdownMachine } from './countdown.machine';

export const countdownSamples = defineSamples(countdownMachine, [
  { name: 'the 30-second reload countdown of the session-error screen', input: {} },
], 'transitions');
