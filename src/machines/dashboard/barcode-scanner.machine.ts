import { assign, emit, fromPromise, setup } from 'xstate';
import { asApiError, type ApiError } from '../../api/api-error';
import { findDeliveryByCode } from './barcode-scanner.api';

export interface BarcodeScannerInput {
  cca2: string;
}

export interface BarcodeScannerContext {
  cca2: string;
  /** The last code typed or scanned (keyboard-wedge scanners type it and press Enter). */
  code: string;
  error: ApiError | undefined;
}

export type BarcodeScannerEvent =
  | { type: 'scanner.open' }
  | { type: 'scanner.close' }
  | { type: 'scanner.submit'; code: string };

/** Emitted when a code names a delivery: the dashboard opens its detail panel. */
export type BarcodeScannerEmitted = { type: 'scanner.found'; deliveryId: number };

/**
 * The dashboard's barcode scanner modal (002 section 2): a code typed, or typed by a keyboard-wedge scanner
 * followed by Enter, is looked up among the deliveries the user may see; a match closes the modal and opens the
 * delivery's details, no match says so and waits for the next code.
 */
export const barcodeScannerMachine = setup({
  types: {
    input: {} as BarcodeScannerInput,
    context: {} as BarcodeScannerContext,
    events: {} as BarcodeScannerEvent,
    emitted: {} as BarcodeScannerEmitted,
  },
  actors: {
    findDelivery: fromPromise<number | null, { cca2: string; code: string }>(({ input, signal }) => findDeliveryByCode(input.cca2, input.code, signal)),
  },
  actions: {
    storeCode: assign({ code: ({ event }) => (event.type === 'scanner.submit' ? event.code.trim() : ''), error: undefined }),
    storeError: assign({ error: ({ event }) => asApiError((event as { error?: unknown }).error) }),
    reset: assign({ code: '', error: undefined }),
  },
  guards: {
    hasCode: ({ event }) => event.type === 'scanner.submit' && event.code.trim() !== '',
    found: ({ event }) => typeof (event as { output?: unknown }).output === 'number',
  },
}).createMachine({
  id: 'barcodeScanner',
  description: 'The barcode scanner modal: a typed or scanned code finds a delivery and opens its details.',
  context: ({ input }) => ({ cca2: input.cca2, code: '', error: undefined }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The modal is closed.',
      on: { 'scanner.open': { target: 'open', actions: 'reset' } },
    },
    open: {
      description: 'The modal is open with its code field focused.',
      initial: 'waiting',
      on: { 'scanner.close': { target: 'closed', actions: 'reset' } },
      states: {
        waiting: {
          description: 'Waiting for a code (typed, or a scanner\'s keystrokes and Enter).',
          on: { 'scanner.submit': { guard: 'hasCode', target: 'searching', actions: 'storeCode' } },
        },
        searching: {
          description: 'Looking the code up among the deliveries.',
          tags: ['busy'],
          invoke: {
            id: 'findDelivery',
            src: 'findDelivery',
            input: ({ context }) => ({ cca2: context.cca2, code: context.code }),
            onDone: [
              { guard: 'found', target: '#barcodeScanner.closed', actions: emit(({ event }) => ({ type: 'scanner.found' as const, deliveryId: event.output as number })) },
              { target: 'notFound' },
            ],
            onError: { target: 'failed', actions: 'storeError' },
          },
        },
        notFound: {
          description: 'No delivery has this code; the next code can be scanned.',
          on: { 'scanner.submit': { guard: 'hasCode', target: 'searching', actions: 'storeCode' } },
        },
        failed: {
          description: 'The lookup failed; the code can be scanned again.',
          on: { 'scanner.submit': { guard: 'hasCode', target: 'searching', actions: 'storeCode' } },
        },
      },
    },
  },
});
