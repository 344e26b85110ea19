import { assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import type { CancelCallInput, CancellableUpload, RateUploadCancelSchema } from './rate-upload-cancel.types';

/**
 * The cancel action of each row of a batch's rate uploads (002 sections 2 and 4): "This action cannot be undone.
 * Are you sure you want to cancel rate upload #{id}?", then DELETE uploadbatches/{cca2}/Rate/{id}; the list reloads.
 * A store's delivery uploads run the same chart with their own call (deliveryUploadCancelActors).
 */
export const rateUploadCancelMachine = setup({
  types: {} as RateUploadCancelSchema,
  actors: {
    cancelUpload: fromPromise<CancellableUpload, CancelCallInput>(async ({ input: { cca2, id } }) => {
      const { data } = await api.connect.DELETE('/uploadbatches/{cca2}/Rate/{id}', { params: { path: { cca2, id } } });
      return data!;
    }),
  },
  actions: {
    take: assign({ row: ({ event }) => ('row' in event ? event.row : undefined), error: undefined }),
    forget: assign({ row: undefined, error: undefined }),
  },
}).createMachine({
  id: 'rateUploadCancel',
  description: 'Cancel one rate upload of a batch after the spec\'s confirmation; the list reloads.',
  context: ({ input }) => ({ cca2: input.cca2, row: undefined, error: undefined }),
  initial: 'idle',
  states: {
    idle: { on: { 'uploads.cancel': { target: 'confirming', actions: 'take' } } },
    confirming: {
      description: 'The confirm dialog (No / Yes).',
      on: { 'uploads.confirmNo': { target: 'idle', actions: 'forget' }, 'uploads.confirmYes': 'cancelling' },
    },
    cancelling: {
      invoke: {
        id: 'cancelUpload',
        src: 'cancelUpload',
        input: ({ context }) => ({ cca2: context.cca2, id: context.row!.id }),
        onDone: { target: 'idle', actions: ['forget', emit({ type: 'uploads.changed' as const })] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    failed: {
      description: 'Refused (already in progress or cancelled meanwhile): the message stays until dismissed; the list reloads.',
      entry: emit({ type: 'uploads.changed' as const }),
      on: { 'uploads.dismiss': { target: 'idle', actions: 'forget' }, 'uploads.cancel': { target: 'confirming', actions: 'take' } },
    },
  },
});
