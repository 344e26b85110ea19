import { assign, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { fetchDeliveryProof, type DeliveryProofPack } from '../../resources/deliveries';
import type { DeliveryProofInput, DeliveryProofSchema } from './delivery-proof.types';

/**
 * The proof pack on the delivery's screen (issue 20): each completed drop-off's signature, photos, scans, code check,
 * times and position, with its PDF. Loaded once (a proof never changes once given); a failure offers Retry.
 */
export const deliveryProofMachine = setup({
  types: {} as DeliveryProofSchema,
  actors: {
    loadProof: fromPromise<DeliveryProofPack, DeliveryProofInput>(({ input, signal }) => fetchDeliveryProof(input, signal)),
  },
  actions: {
    setPack: assign((_, params: { pack: DeliveryProofPack }) => ({ pack: params.pack, problem: null })),
    fail: assign((_, params: { error: unknown }) => ({ problem: asApiError(params.error).message })),
    clearProblem: assign({ problem: null }),
  },
}).createMachine({
  id: 'deliveryProof',
  description: 'The proof of delivery of one delivery: what each completed drop-off came with, and its PDF.',
  context: ({ input }) => ({ ...input, pack: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadProof',
        src: 'loadProof',
        input: ({ context }) => ({ cca2: context.cca2, id: context.id }),
        onDone: { target: 'shown', actions: { type: 'setPack', params: ({ event }) => ({ pack: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The problem, with Retry.',
      on: { 'proof.retry': { target: 'loading', actions: 'clearProblem' } },
    },
    shown: {
      description: 'Each drop-off\'s proof and Download; or that none was completed with proof yet.',
      type: 'final',
    },
  },
});
