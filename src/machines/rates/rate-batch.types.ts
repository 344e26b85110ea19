import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';

export type RateUploadBatch = components['schemas']['RateUploadBatch'];
export type DeliveryUploadBatch = components['schemas']['DeliveryUploadBatch'];
export type StoreUploadBatch = components['schemas']['StoreUploadBatch'];
export type DistanceUploadBatch = components['schemas']['DistanceUploadBatch'];
/** What a rate batch would change (its impact preview). */
export type RateImpact = components['schemas']['RateImpact'];
/** The chart serves every kind of upload batch (rates; a store's deliveries, stores, distance discovery through their .actors.ts). */
export type UploadBatch = RateUploadBatch | DeliveryUploadBatch | StoreUploadBatch | DistanceUploadBatch;

export interface RateBatchInput {
  cca2: string;
  /** A batch uploaded earlier, opened again to preview and submit it (its rows' screens link back to it). */
  batchId?: number;
}

export interface RateBatchContext {
  cca2: string;
  /** The batch to open again, if any (read once at the start). */
  resumeId: number | undefined;
  file: File | undefined;
  batch: UploadBatch | undefined;
  /** The impact preview of the uploaded rate batch, once asked for (cleared by a new upload). */
  impact: RateImpact | undefined;
  error: ApiError | undefined;
}

export type RateBatchEvent =
  | { type: 'batch.choose'; file: File }
  | { type: 'batch.upload' }
  | { type: 'batch.submit' }
  /** Preview what a rate batch would change before submitting it. */
  | { type: 'batch.preview' }
  /** A bulkIndexer event of the dashboard hub for this batch (its processed rows and status). */
  | { type: 'batch.progress'; processedRows: number; uploadStatusId: number }
  | { type: 'batch.reset' };

export interface UploadSheetInput {
  cca2: string;
  file: File;
}

export interface BatchCallInput {
  cca2: string;
  batchId: number;
}

/** The machine's types for `setup({ types })`: one schema. */
export interface RateBatchSchema {
  input: RateBatchInput;
  context: RateBatchContext;
  events: RateBatchEvent;
  tags: 'busy';
}
