import type { ApiError } from '../../api/api-error';
import type { RateUpload } from './rate-upload-row.types';

export interface RateUploadCancelInput {
  cca2: string;
}

export interface RateUploadCancelContext {
  cca2: string;
  /** The row being cancelled. */
  row: RateUpload | undefined;
  error: ApiError | undefined;
}

export type RateUploadCancelEvent =
  | { type: 'uploads.cancel'; row: RateUpload }
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
