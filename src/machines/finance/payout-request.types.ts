import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';

export type PayoutKind = 'withdrawals' | 'advances';
export interface PayoutOption { key: string; value: string }

export interface PayoutRequestInput {
  cca2: string;
  kind: PayoutKind;
}

export interface PayoutForm {
  accountId: string;
  bankAccountId: string;
  /** As typed, in the currency's units ("250.00"). */
  amount: string;
  reason: string;
}

export interface PayoutRequestContext {
  cca2: string;
  kind: PayoutKind;
  form: PayoutForm;
  accounts: PayoutOption[];
  bankAccounts: PayoutOption[];
  /** The screen's session of Idempotency-Keys (idempotency-keys.ts): a resend of the same form is the same request. */
  session: string;
  /** The form's own check, by field, before anything is sent. */
  invalid: Partial<Record<keyof PayoutForm, string>>;
  error: ApiError | undefined;
}

export type PayoutRequestEvent =
  | { type: 'payout.open' }
  | { type: 'payout.change'; field: keyof PayoutForm; value: string }
  | { type: 'payout.submit' }
  | { type: 'payout.close' };

/** A request was made: the list reloads. */
export type PayoutRequestEmitted = { type: 'payout.requested'; request: components['schemas']['PayoutRequest'] };

export interface PayoutOptionsOutput { accounts: PayoutOption[]; bankAccounts: PayoutOption[] }
export interface PayoutOptionsInput { cca2: string }
export interface PayoutSubmitInput { cca2: string; kind: PayoutKind; key: string; body: components['schemas']['PayoutRequestForm'] }

/** The machine's types for `setup({ types })`: one schema. */
export interface PayoutRequestSchema {
  input: PayoutRequestInput;
  context: PayoutRequestContext;
  events: PayoutRequestEvent;
  emitted: PayoutRequestEmitted;
}
