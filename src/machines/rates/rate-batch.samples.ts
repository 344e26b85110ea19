import { toApiError } from '../../api/api-error';
import { RATE_TEXTS } from '../../lib/rate-texts';
import { defineSamples } from '../samples';
import { rateBatchMachine } from './rate-batch.machine';
import type { DeliveryUploadBatch, RateImpact, RateUploadBatch } from './rate-batch.types';

export const SAMPLE_SHEET = new File(['Name,Rate type,SlaType,Parcel Type,Day of the week,Start km,End km,Price\n'], 'rates.csv', { type: 'text/csv' });

/** A batch just uploaded: 2 good rows, 1 with errors. */
export const SAMPLE_BATCH: RateUploadBatch = {
  id: 12, fileName: 'rates.csv', uploadStatusId: 0, uploadStatus: 'Unprocessed', createdBy: 'Sipho Staff', createdAt: '2026-11-26T08:00:00.000Z',
  totalRows: 3, validRows: 2, invalidRows: 1, cancelledRows: 0, processedRows: 0, ratesCreated: 0, submittedAt: null,
};
export const SUBMITTED_BATCH: RateUploadBatch = { ...SAMPLE_BATCH, uploadStatusId: 1000, uploadStatus: 'Submitted', submittedAt: '2026-11-26T08:01:00.000Z' };
export const COMPLETED_BATCH: RateUploadBatch = { ...SUBMITTED_BATCH, uploadStatusId: 4000, uploadStatus: 'Completed', processedRows: 2, ratesCreated: 2 };

/** A store's delivery batch (the same chart serves it): it changes no prices, so it has no impact preview. */
export const SAMPLE_DELIVERY_BATCH: DeliveryUploadBatch = {
  id: 12, storeId: 3, storeName: 'Gardens Store', fileName: 'deliveries.csv', uploadStatusId: 0, uploadStatus: 'Unprocessed', createdBy: 'Sipho Staff',
  createdAt: '2026-11-26T08:00:00.000Z', totalRows: 3, validRows: 2, invalidRows: 1, cancelledRows: 0, processedRows: 0, deliveriesCreated: 0,
  quotedTotalExclCents: 16250, submittedAt: null,
};
const COMPLETED_DELIVERY_BATCH: DeliveryUploadBatch = {
  ...SAMPLE_DELIVERY_BATCH, uploadStatusId: 4000, uploadStatus: 'Completed', processedRows: 2, deliveriesCreated: 2, submittedAt: '2026-11-26T08:01:00.000Z',
};

/** The batch's impact preview: three list-price Standard quotes up by R 11.25, one by R 2.50. */
export const SAMPLE_IMPACT: RateImpact = {
  since: '2026-10-27T08:00:00.000Z', quotesConsidered: 9, changed: 4, noLongerPriced: 0, newlyPriced: 1, rowsApplied: 2, rowsRefused: 0,
  overall: { changed: 4, minCents: 250, medianCents: 1125, maxCents: 1125, totalCents: 3625 },
  groups: [{ companyId: null, companyName: null, slaType: 'Standard', changed: 4, minCents: 250, medianCents: 1125, maxCents: 1125, totalCents: 3625 }],
  samples: [{ deliveryId: 41, waybill: 'WB000041', companyName: null, slaType: 'Standard', distanceKm: 6.2, readyForCollectionDate: '2026-11-20',
    oldPriceExclCents: 7000, newPriceExclCents: 8125, differenceCents: 1125 }],
};

export const rateBatchSamples = defineSamples(rateBatchMachine, [
  {
    name: 'upload a sheet (refused once), preview its impact (failing once), submit it and follow it to 100 %',
    input: { cca2: 'ZA' },
    events: [
      { type: 'batch.choose', file: SAMPLE_SHEET },
      { type: 'batch.upload' },
      { type: 'xstate.error.actor.uploadSheet', error: toApiError(400, { message: RATE_TEXTS.missingColumns(['Price']) }, '/connect/uploadbatches/ZA/Rate') },
      { type: 'xstate.done.actor.uploadSheet', output: SAMPLE_BATCH },
      { type: 'batch.preview' },
      { type: 'xstate.error.actor.previewImpact', error: toApiError(503, { message: 'Service unavailable' }, '/connect/uploadbatches/ZA/Rate/12/impact') },
      { type: 'batch.preview' },
      { type: 'xstate.done.actor.previewImpact', output: SAMPLE_IMPACT },
      { type: 'batch.submit' },
      { type: 'xstate.error.actor.submitBatch', error: toApiError(409, { message: RATE_TEXTS.notSubmittable }, '/connect/uploadbatches/ZA/Rate/12/submit') },
      { type: 'xstate.done.actor.submitBatch', output: SUBMITTED_BATCH },
      { type: 'batch.progress', processedRows: 1, uploadStatusId: 2000 },
      { type: 'xstate.after.poll.rateBatch.inProgress.waiting' },
      { type: 'xstate.error.actor.readBatch', error: toApiError(503, { message: 'Service unavailable' }, '/connect/uploadbatches/ZA/batch/Rate/12') },
      { type: 'xstate.done.actor.readBatch', output: COMPLETED_BATCH },
      { type: 'batch.progress', processedRows: 2, uploadStatusId: 4000 },
      // The final read fails (the batch stays at 100 % and says why) or answers the counts.
      { type: 'xstate.error.actor.readFinal', error: toApiError(503, { message: 'Service unavailable' }, '/connect/uploadbatches/ZA/batch/Rate/12') },
      { type: 'xstate.done.actor.readFinal', output: COMPLETED_BATCH },
      { type: 'batch.reset' },
    ],
  },
  {
    name: 'open a batch uploaded earlier again: gone, still unsubmitted, already under way, or done',
    input: { cca2: 'ZA', batchId: 12 },
    events: [
      { type: 'xstate.error.actor.readResumed', error: toApiError(404, { message: 'Not found' }, '/connect/uploadbatches/ZA/batch/Rate/12') },
      { type: 'xstate.done.actor.readResumed', output: SAMPLE_BATCH },
      { type: 'xstate.done.actor.readResumed', output: SUBMITTED_BATCH },
      { type: 'xstate.done.actor.readResumed', output: COMPLETED_BATCH },
      { type: 'xstate.done.actor.readFinal', output: COMPLETED_BATCH },
      // What the batch opened again goes on to (the first scenario takes these steps' every branch).
      { type: 'batch.choose', file: SAMPLE_SHEET },
      { type: 'batch.upload' },
      { type: 'xstate.done.actor.uploadSheet', output: SAMPLE_BATCH },
      { type: 'batch.preview' },
      { type: 'xstate.done.actor.previewImpact', output: SAMPLE_IMPACT },
      { type: 'batch.submit' },
      { type: 'xstate.done.actor.submitBatch', output: SUBMITTED_BATCH },
      { type: 'xstate.done.actor.readBatch', output: COMPLETED_BATCH },
      { type: 'batch.reset' },
    ],
  },
  {
    name: "a store's delivery batch: uploaded, nothing to preview, submitted and done at once",
    input: { cca2: 'ZA' },
    events: [
      { type: 'batch.choose', file: SAMPLE_SHEET },
      { type: 'batch.upload' },
      { type: 'xstate.done.actor.uploadSheet', output: SAMPLE_DELIVERY_BATCH },
      { type: 'batch.submit' },
      { type: 'xstate.done.actor.submitBatch', output: COMPLETED_DELIVERY_BATCH },
      { type: 'xstate.done.actor.readFinal', output: COMPLETED_DELIVERY_BATCH },
      { type: 'batch.reset' },
    ],
  },
], 'transitions');
