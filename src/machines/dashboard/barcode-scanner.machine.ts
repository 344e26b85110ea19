import { and, assertEvent, assign, emit, fromCallback, fromPromise, setup, stateIn } from 'xstate';
import { asApiError } from '../../api/api-error';
import { errorParams, outputParams } from '../shared/shared.actions';
import { findDeliveryByCode } from './barcode-scanner.api';
import { cameraScanningSupported, isCameraPermissionDenied, openCamera, stopCameraStream, watchForBarcodes } from './barcode-camera';
import type { BarcodeScannerSchema, BarcodeScannerEvent } from './barcode-scanner.types';

const codeOf = (event: BarcodeScannerEvent) => {
  assertEvent(event, ['scanner.submit', 'scanner.camera.detected']);
  return typeof event.code === 'string' ? event.code.trim() : '';
};

/**
 * The dashboard's barcode scanner modal (002 section 2): a code typed, typed by a keyboard-wedge scanner
 * followed by Enter, or read by the camera where the browser can, is looked up among the deliveries the user
 * may see; a match closes the modal and opens the delivery's details, no match says so and waits for the next
 * code. The camera runs beside typed entry, which stays usable whatever the camera does.
 */
export const barcodeScannerMachine = setup({
  types: {} as BarcodeScannerSchema,
  actors: {
    findDelivery: fromPromise<number | null, { cca2: string; code: string }>(({ input, signal }) => findDeliveryByCode(input.cca2, input.code, signal)),
    startCamera: fromPromise<MediaStream>(({ signal }) => openCamera(signal)),
    readBarcodes: fromCallback<BarcodeScannerEvent, { stream: MediaStream | undefined }>(({ input, sendBack }) =>
      (input.stream ? watchForBarcodes(input.stream, (code) => sendBack({ type: 'scanner.camera.detected', code })) : undefined)),
  },
  actions: {
    storeCode: assign({ code: ({ event }) => codeOf(event), error: undefined }),
    storeError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
    reset: assign({ code: '', error: undefined }),
    storeStream: assign((_, stream: MediaStream | undefined) => ({ stream })),
    stopCamera: ({ context }) => stopCameraStream(context.stream),
    forgetStream: assign({ stream: undefined }),
  },
  guards: {
    hasCode: ({ event }) => codeOf(event) !== '',
    found: (_, deliveryId: number | null) => typeof deliveryId === 'number',
    cameraAvailable: ({ context }) => context.camera,
    permissionDenied: (_, params: { error: unknown }) => isCameraPermissionDenied(params.error),
  },
}).createMachine({
  id: 'barcodeScanner',
  description: 'The barcode scanner modal: a typed or scanned code (keyboard-wedge scanner, or the camera where the browser can) finds a delivery and opens its details.',
  context: ({ input }) => ({ cca2: input.cca2, code: '', error: undefined, camera: input.camera ?? cameraScanningSupported(), stream: undefined }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The modal is closed (and the camera off).',
      on: { 'scanner.open': { target: 'open', actions: 'reset' } },
    },
    open: {
      description: 'The modal is open with its code field focused; the camera, where offered, runs beside it.',
      type: 'parallel',
      on: { 'scanner.close': { target: 'closed', actions: 'reset' } },
      states: {
        lookup: {
          description: 'Codes, typed or scanned, looked up one at a time.',
          initial: 'waiting',
          states: {
            waiting: {
              description: 'Waiting for a code (typed, or a scanner\'s keystrokes and Enter, or the camera).',
              on: {
                'scanner.submit': { guard: 'hasCode', target: 'searching', actions: 'storeCode' },
                'scanner.camera.detected': { guard: and(['hasCode', stateIn('#barcodeScanner.open.camera.scanning')]), target: 'searching', actions: 'storeCode' },
              },
            },
            searching: {
              description: 'Looking the code up among the deliveries.',
              tags: ['busy'],
              invoke: {
                id: 'findDelivery',
                src: 'findDelivery',
                input: ({ context }) => ({ cca2: context.cca2, code: context.code }),
                onDone: [
                  { guard: { type: 'found', params: outputParams }, target: '#barcodeScanner.closed', actions: emit(({ event }) => ({ type: 'scanner.found' as const, deliveryId: event.output as number })) },
                  { target: 'notFound' },
                ],
                onError: { target: 'failed', actions: { type: 'storeError', params: errorParams } },
              },
            },
            notFound: {
              description: 'No delivery has this code; the next code can be scanned.',
              on: {
                'scanner.submit': { guard: 'hasCode', target: 'searching', actions: 'storeCode' },
                'scanner.camera.detected': { guard: and(['hasCode', stateIn('#barcodeScanner.open.camera.scanning')]), target: 'searching', actions: 'storeCode' },
              },
            },
            failed: {
              description: 'The lookup failed; the code can be scanned again.',
              on: {
                'scanner.submit': { guard: 'hasCode', target: 'searching', actions: 'storeCode' },
                'scanner.camera.detected': { guard: and(['hasCode', stateIn('#barcodeScanner.open.camera.scanning')]), target: 'searching', actions: 'storeCode' },
              },
            },
          },
        },
        camera: {
          description: 'The camera, where the browser can read barcodes: off until the user turns it on.',
          initial: 'off',
          states: {
            off: {
              description: 'Typed entry only (the "Use camera" toggle shows where the browser can scan).',
              on: { 'scanner.camera.start': { guard: 'cameraAvailable', target: 'starting' } },
            },
            starting: {
              description: 'Asking for the camera (the browser may ask the user for permission).',
              invoke: {
                id: 'startCamera',
                src: 'startCamera',
                onDone: { target: 'scanning', actions: { type: 'storeStream', params: outputParams } },
                onError: [
                  { guard: { type: 'permissionDenied', params: errorParams }, target: 'denied' },
                  { target: 'unavailable' },
                ],
              },
              on: { 'scanner.camera.stop': { target: 'off' } },
            },
            scanning: {
              description: 'Reading barcodes from the camera; a new code is looked up like a typed one.',
              invoke: { id: 'readBarcodes', src: 'readBarcodes', input: ({ context }) => ({ stream: context.stream }) },
              exit: ['stopCamera', 'forgetStream'],
              on: { 'scanner.camera.stop': { target: 'off' } },
            },
            denied: {
              description: 'Camera permission was refused: said so; typed entry still works.',
              on: { 'scanner.camera.start': { target: 'starting' } },
            },
            unavailable: {
              description: 'The camera could not be started (none, or in use): said so; typed entry still works.',
              on: { 'scanner.camera.start': { target: 'starting' } },
            },
          },
        },
      },
    },
  },
});
