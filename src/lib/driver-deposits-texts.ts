// Issue 20 (f-dispatch-e2e): the deposits the modal recorded, listed per driver for finance (/users/:id/deposits).
export const DRIVER_DEPOSITS_TEXTS = {
  title: 'Deposits',
  singular: 'deposit',
  driver: 'Driver',
  depositedAt: 'Deposited at',
  amount: 'Amount',
  reference: 'Slip reference',
  note: 'Note',
  recordedAt: 'Recorded at',
  ledger: 'Ledger',
  ledgerOf: (reference: string): string => `Ledger postings of ${reference} (Cash Debit, Cash Credit)`,
  readOnly: 'Deposits are read-only: a correction is a ledger posting.',
  open: 'Deposits',
} as const;
