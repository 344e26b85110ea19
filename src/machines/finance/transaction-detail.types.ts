import type { FinanceTransactionDetail } from '../../resources/finance';

export type TransactionDetail = FinanceTransactionDetail;

export interface TransactionDetailInput {
  cca2: string;
  /** The account whose statement led here: the amount is shown as it moved this account. */
  accountId: number;
  transactionId: number;
}

export interface TransactionDetailContext extends TransactionDetailInput {
  detail: TransactionDetail | null;
  problem: string | null;
}

export type TransactionDetailEvent = { type: 'detail.retry' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, tags). */
export interface TransactionDetailSchema {
  input: TransactionDetailInput;
  context: TransactionDetailContext;
  events: TransactionDetailEvent;
  tags: 'busy';
}
