import { noResponseError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { errorReportMachine } from './error-report.machine';

export const sampleThrownError = new TypeError("Cannot read properties of undefined (reading 'map')");

export const errorReportSamples = defineSamples(errorReportMachine, [
  {
    name: 'an error thrown while signed in',
    input: { error: sampleThrownError, url: 'http://localhost:3000/deliveries', agent: 'test-agent', auth: '12' },
    events: [
      { type: 'xstate.done.actor.logFrontendError', output: '4711' },
      { type: 'xstate.error.actor.logFrontendError', error: noResponseError() },
    ],
  },
], 'transitions');
