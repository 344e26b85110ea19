import type { ApiError } from '../../api/api-error';
/** What the chart needs of a row: a rate upload or a store's delivery upload (the same chart, its own call). */
export interface CancellableUpload {
  id: number;
  uploadStatusId: number;
}

export interface RateUploadCancelInput {
  cca2: string;
}

export interface RateUploadCancelContext {
  cca2: string;
  /** The row being cancelled. */
  row: CancellableUpload | undefined;
  error: ApiError | undefined;
}

export type RateUploadCancelEvent =
  | { type: 'uploads.cancel'; row: CancellableUpload }
  | { type: 'uploads.confirmNo' }
  | { type: 'uploads.confirmYes' }
  | { type: 'uploads.dismiss' };

/** A row changed on the server: the list reloads. */
export type RateUploadCancelEmitted = { type: 'uploads.changed' };

export interface CancelCallInput {
  cca2: string;
  id: number;
}

/** The machine's types for `setup({ types })`: one schema. */
export interface RateUploadCancelSchema {
  input: RateUploadCancelInput;
  context: RateUploadCancelContext;
  events: RateUploadCancelEvent;
  emitted: RateUploadCancelEmitted;
}
