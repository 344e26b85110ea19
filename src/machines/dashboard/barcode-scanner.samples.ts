import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { barcodeScannerMachine } from './barcode-scanner.machine';

export const barcodeScannerSamples = defineSamples(barcodeScannerMachine, [
  {
    name: 'an operator scans a waybill: it opens the delivery, an unknown code says so, a failed lookup lets them scan again',
    input: { cca2: 'ZA' },
    events: [
      { type: 'scanner.submit', code: 'WBJ0005' },
      { type: 'xstate.done.actor.findDelivery', output: 105 },
      { type: 'xstate.done.actor.findDelivery', output: null },
      { type: 'xstate.error.actor.findDelivery', error: toApiError(503, { message: 'Service Unavailable' }, '/connect/deliveries/ZA') },
    ],
  },
]);
