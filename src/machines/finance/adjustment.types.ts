import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';

/** What is adjusted: a paid delivery's price or a job's cost (its driver's pay). */
export type AdjustmentTarget = 'delivery' | 'job';
export type AdjustmentItem = components['schemas']['AdjustmentItem'];

export interface AdjustmentInput {
  cca2: string;
  target: AdjustmentTarget;
  id: number;
}

export interface AdjustmentForm {
  /** As typed, in the currency's units ("20.00"), VAT exclusive. */
  amount: string;
  /** The reason. */
  description: string;
}

export interface AdjustmentContext {
  cca2: string;
  target: AdjustmentTarget;
  id: number;
  /** Debit or credit, chosen by the button that opened the dialog. */
  isCredit: boolean;
  form: AdjustmentForm;
  /** The price or cost excl now (cents), when known: the dialog refuses one that would take it below zero. */
  currentExcl: number | null;
  /** The Idempotency-Key session (idempotency-keys.ts): a resend of the same adjustment is the same request. */
  session: string;
  invalid: Partial<Record<'amount' | 'description' | 'newAmount', string>>;
  error: ApiError | undefined;
}

export type AdjustmentEvent =
  | { type: 'adjustment.open'; isCredit: boolean; currentExcl: number | null }
  | { type: 'adjustment.change'; field: keyof AdjustmentForm; value: string }
  | { type: 'adjustment.submit' }
  | { type: 'adjustment.confirm' }
  | { type: 'adjustment.back' }
  | { type: 'adjustment.close' };

export type AdjustmentEmitted =
  | { type: 'adjustment.done'; item: AdjustmentItem }
  | { type: 'adjustment.notFound' };

export interface AdjustmentCurrentInput { cca2: string; target: AdjustmentTarget; id: number; known: number | null }
export interface AdjustmentSubmitInput { cca2: string; target: AdjustmentTarget; key: string; body: components['schemas']['AdjustmentForm'] }

/** The machine's types for `setup({ types })`: one schema. */
export interface AdjustmentSchema {
  input: AdjustmentInput;
  context: AdjustmentContext;
  events: AdjustmentEvent;
  emitted: AdjustmentEmitted;
}
