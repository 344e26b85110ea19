import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { barcodeScannerMachine } from './barcode-scanner.machine';

/** getUserMedia's errors, named as browsers name them (own `name`, so the two samples stay distinct events). */
const cameraError = (name: string, message: string) => Object.assign(new Error(message), { name });

/** A camera stream as the samples need it: no tracks to stop (the real one comes from getUserMedia). */
const SAMPLE_STREAM = { id: 'sample-camera', getTracks: () => [] } as unknown as MediaStream;

export const barcodeScannerSamples = defineSamples(barcodeScannerMachine, [
  {
    name: 'an operator scans a waybill: it opens the delivery, an unknown code says so, a failed lookup lets them scan again',
    input: { cca2: 'ZA', camera: false },
    events: [
      { type: 'scanner.submit', code: 'WBJ0005' },
      { type: 'xstate.done.actor.findDelivery', output: 105 },
      { type: 'xstate.done.actor.findDelivery', output: null },
      { type: 'xstate.error.actor.findDelivery', error: toApiError(503, { message: 'Service Unavailable' }, '/connect/deliveries/ZA') },
    ],
  },
  {
    name: 'with a camera: the operator turns it on, it reads a waybill; a refused permission or a missing camera leaves typed entry',
    input: { cca2: 'ZA', camera: true },
    events: [
      { type: 'scanner.submit', code: 'WBJ0005' },
      { type: 'scanner.camera.detected', code: 'WBJ0005' },
      { type: 'xstate.done.actor.startCamera', output: SAMPLE_STREAM },
      { type: 'xstate.error.actor.startCamera', error: cameraError('NotAllowedError', 'Permission denied') },
      { type: 'xstate.error.actor.startCamera', error: cameraError('NotFoundError', 'Requested device not found') },
      { type: 'xstate.done.actor.findDelivery', output: 105 },
      { type: 'xstate.done.actor.findDelivery', output: null },
      { type: 'xstate.error.actor.findDelivery', error: toApiError(503, { message: 'Service Unavailable' }, '/connect/deliveries/ZA') },
    ],
  },
], 'transitions');
