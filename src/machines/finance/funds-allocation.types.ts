import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';

export type FundsReceived = components['schemas']['FundsReceived'];
export interface AllocationAccount { id: number; accountName: string; balance: number }

export interface FundsAllocationInput {
  cca2: string;
  id: number;
}

export interface FundsAllocationContext {
  cca2: string;
  id: number;
  funds: FundsReceived | undefined;
  accounts: AllocationAccount[];
  /** Amounts as typed per account id, in the currency's units. */
  amounts: Record<string, string>;
  /** The screen's session of Idempotency-Keys (idempotency-keys.ts): a resend of the same allocation is the same request. */
  session: string;
  error: ApiError | undefined;
}

export type FundsAllocationEvent =
  | { type: 'allocation.change'; accountId: number; value: string }
  | { type: 'allocation.submit' }
  | { type: 'allocation.retry' };

export type FundsAllocationEmitted = { type: 'allocation.notFound' } | { type: 'allocation.allocated'; funds: FundsReceived };

export interface LoadInput { cca2: string; id: number }
export interface LoadOutput { funds: FundsReceived; accounts: AllocationAccount[] }
export interface AllocateInput { cca2: string; id: number; key: string; allocations: { accountId: number; amount: number }[] }

/** The machine's types for `setup({ types })`: one schema. */
export interface FundsAllocationSchema {
  input: FundsAllocationInput;
  context: FundsAllocationContext;
  events: FundsAllocationEvent;
  emitted: FundsAllocationEmitted;
}
