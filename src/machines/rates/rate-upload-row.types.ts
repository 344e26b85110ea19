import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';

export type RateUpload = components['schemas']['RateUpload'];
export type RateUploadUpdate = components['schemas']['RateUploadUpdate'];

/** The editable fields as the inputs hold them (text; the price in currency units). */
export interface RateUploadDraft {
  name: string;
  slaType: string;
  parcelTypeId: string;
  rateType: string;
  dayOfWeekType: string;
  pricingTier: string;
  startKmRange: string;
  endKmRange: string;
  newPrice: string;
}

export interface RateUploadRowInput {
  cca2: string;
  id: number;
}

export interface RateUploadRowContext {
  cca2: string;
  id: number;
  row: RateUpload | undefined;
  draft: RateUploadDraft;
  error: ApiError | undefined;
}

export type RateUploadRowEvent =
  | { type: 'row.change'; field: keyof RateUploadDraft; value: string }
  | { type: 'row.save' }
  | { type: 'row.cancelUpload' }
  | { type: 'row.confirmNo' }
  | { type: 'row.confirmYes' };

export interface RowCallInput {
  cca2: string;
  id: number;
}

export interface RowSaveInput extends RowCallInput {
  body: RateUploadUpdate;
}

/** The machine's types for `setup({ types })`: one schema. */
export interface RateUploadRowSchema {
  input: RateUploadRowInput;
  context: RateUploadRowContext;
  events: RateUploadRowEvent;
  tags: 'busy';
}
