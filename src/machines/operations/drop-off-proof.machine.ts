import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { NO_PROOF, scanError } from '../../lib/proof-of-delivery';
import { MAX_PROOF_PHOTOS, missingParts, proofBody } from './drop-off-proof';
import type { DropOffProofContext, DropOffProofSchema, ProofPhoto, TaskState } from './drop-off-proof.types';

const EMPTY = {
  taskId: null, label: '', required: null, parcelBarcodes: [], signature: null, photos: [], scans: [], scanError: null, code: '', location: null, error: null,
} satisfies Omit<DropOffProofContext, 'cca2'>;

/**
 * The driver's drop-off (issue 20): before Complete, the proof the delivery's company asks for — the recipient's
 * signature (drawn, or the name typed), photos uploaded to the media store, a scan of each parcel, the one-time
 * code — each required, optional or off. Required parts missing keep Complete back with the server's own rule
 * (src/lib/proof-of-delivery.ts), so a refusal (422) is the exception: a wrong code.
 */
export const dropOffProofMachine = setup({
  types: {} as DropOffProofSchema,
  actors: {
    loadTaskState: fromPromise<TaskState, { cca2: string; taskId: number }>(async ({ input, signal }) => {
      const { data } = await api.connect.GET('/tasks/gettaskstate/{cca2}/{id}', { params: { path: { cca2: input.cca2, id: input.taskId } }, signal });
      return data!;
    }),
    uploadPhoto: fromPromise<ProofPhoto, { cca2: string; taskId: number; file: Blob }>(async ({ input, signal }) => {
      const form = new FormData();
      form.append('file', input.file, 'drop-off-photo');
      const { data } = await api.connect.POST('/tasks/proofphoto/{cca2}/{id}', {
        params: { path: { cca2: input.cca2, id: input.taskId } }, body: { file: '' }, bodySerializer: () => form, signal,
      });
      return data!;
    }),
    completeDropOff: fromPromise<TaskState, { cca2: string; taskId: number; body: ReturnType<typeof proofBody> }>(async ({ input }) => {
      const { data } = await api.connect.PUT('/tasks/completedropoff/{cca2}/{id}', { params: { path: { cca2: input.cca2, id: input.taskId } }, body: input.body });
      return data!;
    }),
  },
  actions: {
    scan: assign(({ context, event }) => {
      assertEvent(event, 'proof.scan');
      const code = event.code.trim();
      if (!code) return {};
      const problem = scanError(code, context.parcelBarcodes, context.scans);
      return problem ? { scanError: problem } : { scans: [...context.scans, code], scanError: null };
    }),
  },
  guards: {
    complete: ({ context }) => missingParts(context).length === 0,
    // completedropoff takes three photos at most (openapi ProofOfDeliveryForm.photoIds).
    roomForPhoto: ({ context, event }) => context.photos.length < MAX_PROOF_PHOTOS && event.type === 'proof.photo' && event.file instanceof Blob,
  },
}).createMachine({
  id: 'dropOffProof',
  description: 'The proof a drop-off needs (signature, photo, parcel scans, one-time code) before it is completed.',
  context: ({ input }) => ({ cca2: input.cca2, ...EMPTY }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The job screen offers "Complete drop-off".',
      on: { 'proof.open': { target: 'loading', actions: assign(({ event }) => ({ ...EMPTY, taskId: event.taskId, label: event.label })) } },
    },
    loading: {
      description: 'What the delivery\'s company asks for and the parcels\' barcodes are fetched (gettaskstate).',
      tags: ['busy'],
      invoke: {
        id: 'loadTaskState',
        src: 'loadTaskState',
        input: ({ context }) => ({ cca2: context.cca2, taskId: context.taskId! }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({ required: event.output.proofRequired ?? NO_PROOF, parcelBarcodes: event.output.parcelBarcodes ?? [] })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    failed: {
      description: 'The task could not be read: try again or close.',
      on: { 'proof.retry': { target: 'loading', actions: assign({ error: null }) }, 'proof.cancel': 'closed' },
    },
    editing: {
      description: 'Signature, photos, scans and code as asked; Complete once nothing required is missing.',
      on: {
        // An event without its value (a sample-less probe of the path search, a file dialog closed) changes nothing.
        'proof.sign': { guard: ({ event }) => Boolean(event.signature), actions: assign({ signature: ({ event }) => event.signature }) },
        'proof.clearSignature': { actions: assign({ signature: null }) },
        'proof.photo': { guard: 'roomForPhoto', target: 'uploading', actions: assign({ error: null }) },
        'proof.scan': { guard: ({ event }) => typeof event.code === 'string', actions: 'scan' },
        'proof.code': { guard: ({ event }) => typeof event.code === 'string', actions: assign({ code: ({ event }) => event.code.trim() }) },
        'proof.located': { guard: ({ event }) => Boolean(event.location), actions: assign({ location: ({ event }) => event.location }) },
        'proof.submit': { guard: 'complete', target: 'completing', actions: assign({ error: null }) },
        'proof.cancel': 'closed',
      },
    },
    uploading: {
      description: 'The photo goes to the media store (uploadproofphoto).',
      tags: ['busy'],
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ context, event }) => {
          assertEvent(event, 'proof.photo');
          return { cca2: context.cca2, taskId: context.taskId!, file: event.file };
        },
        onDone: { target: 'editing', actions: assign({ photos: ({ context, event }) => (event.output ? [...context.photos, event.output] : context.photos) }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    completing: {
      description: 'The drop-off is completed with its proof; the server checks it again (a wrong code is refused).',
      tags: ['busy'],
      invoke: {
        id: 'completeDropOff',
        src: 'completeDropOff',
        input: ({ context }) => ({ cca2: context.cca2, taskId: context.taskId!, body: proofBody(context) }),
        onDone: { target: 'completed', actions: emit(({ context }) => ({ type: 'proof.completed' as const, taskId: context.taskId! })) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    completed: {
      description: 'The drop-off is completed; closing returns to the job.',
      on: { 'proof.cancel': 'closed' },
    },
  },
});
