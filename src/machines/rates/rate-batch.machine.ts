import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { liveDashboard } from '../../api/realtime';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { RATE_BATCH_POLL_MS } from '../../lib/constants';
import { RATE_SHEET_TYPES, RATE_TEXTS } from '../../lib/rate-texts';
import { UPLOAD_BATCH_STATUS } from '../../lib/statuses';
import { notifySuccess } from '../shared/shared.actions';
import type { BatchCallInput, RateBatchEvent, RateBatchSchema, RateImpact, UploadBatch, UploadSheetInput } from './rate-batch.types';

function isProgressOf(kind: string, batchId: number, payload: unknown): payload is { processedRows: number; uploadStatusId: number } {
  if (typeof payload !== 'object' || payload === null) return false;
  const { kind: sent, uploadBatchId, processedRows, uploadStatusId } = payload as Record<string, unknown>;
  return sent === kind && uploadBatchId === batchId && typeof processedRows === 'number' && typeof uploadStatusId === 'number';
}

/** The dashboard hub's bulkIndexer events of one batch of a kind ('rateUploadBatch', 'deliveryUploadBatch'), through the app's one connection. */
export const batchProgressOf = (kind: string) => fromCallback<RateBatchEvent, BatchCallInput>(({ sendBack, input }) => {
  const stop = liveDashboard.on('bulkIndexer', (payload) => {
    if (isProgressOf(kind, input.batchId, payload)) sendBack({ type: 'batch.progress', processedRows: payload.processedRows, uploadStatusId: payload.uploadStatusId });
  });
  const unsubscribe = liveDashboard.subscribe('BulkIndexer').catch(() => async () => undefined);
  return () => {
    stop();
    void unsubscribe.then((done) => done());
  };
});

export const batchProgress = batchProgressOf('rateUploadBatch');

/** What a completed batch made: rates created or changed, deliveries booked, stores created or changed, or distances found. */
export function batchCreatedRows(batch: UploadBatch): number {
  if ('ratesCreated' in batch) return batch.ratesCreated;
  if ('storesCreated' in batch) return batch.storesCreated;
  if ('distancesFound' in batch) return batch.distancesFound;
  return batch.deliveriesCreated;
}

/** The sheet's media type from its name (browsers report .csv differently: text/csv, application/vnd.ms-excel ...). */
export const sheetTypeOf = (file: File): string => (/\.xlsx$/i.test(file.name) ? RATE_SHEET_TYPES.xlsx : /\.csv$/i.test(file.name) ? RATE_SHEET_TYPES.csv : file.type);

/** The request parts of a sheet upload: the file itself as the body, sent as it is under its sheet type. */
export const sheetUpload = (file: File) => ({
  body: file,
  headers: { 'Content-Type': sheetTypeOf(file) },
  bodySerializer: (body: unknown) => body as BodyInit,
});

/**
 * A rate upload batch from its sheet to its rates (002 sections 2, 5, 8): choose a .csv or .xlsx, upload it (the
 * server keeps good rows and bad rows with their errors), submit, and follow the background submit to 100 %:
 * bulkIndexer events move the bar, and the batch is read again every RATE_BATCH_POLL_MS as a fallback.
 */
export const rateBatchMachine = setup({
  types: {} as RateBatchSchema,
  actors: {
    batchProgress,
    uploadSheet: fromPromise<UploadBatch, UploadSheetInput>(async ({ input: { cca2, file } }) => {
      const { data } = await api.connect.POST('/uploadbatches/{cca2}/Rate', {
        params: { path: { cca2 }, query: { fileName: file.name } },
        ...sheetUpload(file),
      });
      return data!.uploadBatch;
    }),
    submitBatch: fromPromise<UploadBatch, BatchCallInput>(async ({ input: { cca2, batchId } }) => {
      const { data } = await api.connect.POST('/uploadbatches/{cca2}/Rate/{id}/submit', { params: { path: { cca2, id: batchId } } });
      return data!.uploadBatch;
    }),
    readBatch: fromPromise<UploadBatch, BatchCallInput>(async ({ input: { cca2, batchId } }) => {
      const { data } = await api.connect.GET('/uploadbatches/{cca2}/batch/Rate/{id}', { params: { path: { cca2, id: batchId } } });
      return data!;
    }),
    previewImpact: fromPromise<RateImpact, BatchCallInput>(async ({ input: { cca2, batchId } }) => {
      const { data } = await api.connect.GET('/uploadbatches/{cca2}/Rate/{id}/impact', { params: { path: { cca2, id: batchId } } });
      return data!;
    }),
  },
  actions: {
    notifyUploaded: ({ system }) => notifySuccess({ system }, { text: RATE_TEXTS.fileUploaded }),
    notifySubmitted: ({ system }) => notifySuccess({ system }, { text: RATE_TEXTS.batchSubmitted }),
  },
  guards: {
    completed: ({ context }) => context.batch?.uploadStatusId === UPLOAD_BATCH_STATUS.COMPLETED,
    // A batch opened again (after its rows were corrected elsewhere) that is already being submitted.
    running: ({ context }) => context.batch?.uploadStatusId === UPLOAD_BATCH_STATUS.SUBMITTED || context.batch?.uploadStatusId === UPLOAD_BATCH_STATUS.IN_PROGRESS,
    resuming: ({ context }) => context.resumeId !== undefined,
    hasFile: ({ context }) => context.file !== undefined,
    // Only a rate batch changes prices; a store's delivery batch (same chart) has nothing to preview.
    previewable: ({ context }) => context.batch !== undefined && 'ratesCreated' in context.batch,
  },
  delays: { poll: RATE_BATCH_POLL_MS },
}).createMachine({
  id: 'rateBatch',
  description: 'Upload a rate sheet, see its rows\' errors, submit it and follow the background submit to 100 %.',
  context: ({ input }) => ({ cca2: input.cca2, resumeId: input.batchId, file: undefined, batch: undefined, impact: undefined, error: undefined }),
  initial: 'opening',
  on: {
    'batch.progress': {
      actions: assign({
        batch: ({ context, event }) => context.batch && { ...context.batch, processedRows: event.processedRows, uploadStatusId: event.uploadStatusId as UploadBatch['uploadStatusId'] },
      }),
    },
  },
  states: {
    opening: {
      description: 'A new sheet, or a batch uploaded earlier opened again (its rows corrected on their own screens).',
      always: [{ guard: 'resuming', target: 'resuming' }, { target: 'choosing' }],
    },
    resuming: {
      tags: 'busy',
      description: 'The batch is read as it is now: its counts reflect the rows corrected or cancelled since the upload.',
      invoke: {
        id: 'readResumed',
        src: 'readBatch',
        input: ({ context }) => ({ cca2: context.cca2, batchId: context.resumeId! }),
        onDone: { target: 'uploaded', actions: assign({ batch: ({ event }) => event.output }) },
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    choosing: {
      description: 'The file input takes one .xlsx or .csv sheet.',
      on: {
        'batch.choose': { actions: assign({ file: ({ event }) => event.file, error: undefined }) },
        'batch.upload': { guard: 'hasFile', target: 'uploading' },
      },
    },
    uploading: {
      tags: 'busy',
      description: 'The sheet streams to the server, which validates every row.',
      invoke: {
        id: 'uploadSheet',
        src: 'uploadSheet',
        input: ({ context }) => ({ cca2: context.cca2, file: context.file! }),
        onDone: { target: 'uploaded', actions: [assign({ batch: ({ event }) => event.output, impact: undefined }), 'notifyUploaded'] },
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    uploaded: {
      description: 'The batch with its valid and invalid rows; its rows can be corrected or cancelled before submitting.',
      // Only a batch opened again can already be under way or done.
      always: [{ guard: 'completed', target: 'completed' }, { guard: 'running', target: 'inProgress' }],
      on: {
        'batch.submit': { target: 'submitting' },
        'batch.preview': { guard: 'previewable', target: 'previewing' },
        'batch.reset': { target: 'choosing', actions: assign({ file: undefined, batch: undefined, impact: undefined, error: undefined }) },
      },
    },
    previewing: {
      tags: 'busy',
      description: 'The last 30 days\' quotes are priced with and without the batch (nothing is written).',
      invoke: {
        id: 'previewImpact',
        src: 'previewImpact',
        input: ({ context }) => ({ cca2: context.cca2, batchId: context.batch!.id }),
        onDone: { target: 'uploaded', actions: assign({ impact: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'uploaded', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    submitting: {
      tags: 'busy',
      description: 'The batch is queued for the background submit.',
      invoke: {
        id: 'submitBatch',
        src: 'submitBatch',
        input: ({ context }) => ({ cca2: context.cca2, batchId: context.batch!.id }),
        onDone: { target: 'inProgress', actions: [assign({ batch: ({ event }) => event.output, error: undefined }), 'notifySubmitted'] },
        onError: { target: 'uploaded', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    inProgress: {
      tags: 'busy',
      description: 'The rows become rates in the background; the progress bar follows the bulkIndexer events.',
      invoke: { id: 'batchProgress', src: 'batchProgress', input: ({ context }) => ({ cca2: context.cca2, batchId: context.batch!.id }) },
      initial: 'waiting',
      states: {
        waiting: { after: { poll: 'reading' } },
        reading: {
          invoke: {
            id: 'readBatch',
            src: 'readBatch',
            input: ({ context }) => ({ cca2: context.cca2, batchId: context.batch!.id }),
            onDone: { target: 'waiting', actions: assign({ batch: ({ event }) => event.output }) },
            onError: { target: 'waiting' },
          },
        },
      },
      always: { guard: 'completed', target: 'completed' },
    },
    completed: {
      description: 'Every row is done: the batch shows how many rates were made and which rows failed.',
      // A completion learnt from a hub event carries no counts: the batch is read once more.
      invoke: {
        id: 'readFinal',
        src: 'readBatch',
        input: ({ context }) => ({ cca2: context.cca2, batchId: context.batch!.id }),
        onDone: { actions: assign({ batch: ({ event }) => event.output }) },
        // The batch is complete either way: a failed read only leaves its counts as the events had them, and says so.
        onError: { actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
      on: { 'batch.reset': { target: 'choosing', actions: assign({ file: undefined, batch: undefined, impact: undefined, error: undefined }) } },
    },
  },
});
