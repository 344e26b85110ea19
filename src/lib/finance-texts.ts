import { ACCOUNTS_LABEL } from './resource-texts';

// Texts of the finance screens (000 sections 2, 6; 002 sections 3, 9). Export names are the spec's.
export const FINANCE_TEXTS = {
  accounts: ACCOUNTS_LABEL,
  account: 'account',
  transactions: 'Transactions',
  transaction: 'transaction',
  accountName: 'Account',
  accountType: 'Type',
  owner: 'Owner',
  balance: 'Balance',
  active: 'Active',
  date: 'Date',
  transactionType: 'Transaction type',
  transactionStatus: 'Status',
  description: 'Description',
  waybill: 'Waybill',
  amount: 'Amount',
  balanceAfter: 'Balance after',
  startDate: 'From',
  endDate: 'To',
  viewTransactions: 'Transactions',
  viewTransactionsOf: (account: string) => `Transactions of ${account}`,
  accountsExport: 'Accounts',
  transactionsExport: 'Transactions',
  readOnly: 'Transactions are never edited: a correction is a new transaction.',
  transactionTitle: (id: number) => `Transaction #${id}`,
  transactionExport: (id: number) => `Transaction Id ${id}`,
  items: 'Items',
  quantity: 'Quantity',
  amountExcl: 'Amount excl. VAT',
  subtotal: 'Subtotal',
  vat: 'VAT',
  total: 'Total',
  reversalOf: 'Reversal of',
  noItems: 'This transaction has no items.',
  notFound: 'This transaction does not exist in this account, or it is not yours to see.',
  loading: 'Loading the transaction...',
  retry: 'Retry',
  view: (id: number) => `View transaction #${id}`,
  viewTransaction: 'View',
  // Account add/edit (issue 15).
  ownerCompany: 'Company',
  ownerStore: 'Store',
  ownerUser: 'User',
  creditLimit: 'Credit limit',
  editAccount: 'Edit',
  editAccountOf: (account: string) => `Edit ${account}`,
} as const;

export const ACCOUNT_TYPES = ['Prepay', 'PostPay', 'System'] as const;
/** The types an account can be added with: system accounts are the platform's own. */
export const CUSTOMER_ACCOUNT_TYPES = ['Prepay', 'PostPay'] as const;
/** 002 section 9: the transaction types and their reversals. */
export const TRANSACTION_TYPES = ['Credit', 'Debit', 'Invoice', 'Deposit', 'Withdraw', 'Advance', 'Cash Credit', 'Cash Debit'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** Every type a ledger transaction may have: the spec's, and the reversal of each (a closed set). */
export type LedgerTransactionType = TransactionType | `${TransactionType} reversal`;
export const TRANSACTION_TYPE_OPTIONS: readonly LedgerTransactionType[] = [...TRANSACTION_TYPES, ...TRANSACTION_TYPES.map((type) => `${type} reversal` as const)];

/** The reversal's type of a transaction type read back from the ledger; a reversal is never reversed again. */
export function reversalTypeOf(type: string): LedgerTransactionType {
  const base = TRANSACTION_TYPES.find((candidate) => candidate === type);
  if (!base) throw new Error(`'${type}' is not a transaction type that can be reversed`);
  return `${base} reversal`;
}
export const TRANSACTION_STATUSES = ['Posted', 'Reversed'] as const;

/** The adjustment dialog (002 sections 2 and 5): validation and confirmation texts verbatim. */
export const ADJUSTMENT_TEXTS = {
  amountRequired: 'Amount excl is required',
  amountNegative: 'Amount excl cannot be less than 0',
  reasonRequired: 'Reason is required',
  belowZero: (target: 'delivery' | 'job') => (target === 'job' ? 'New cost excl cannot be less than 0.' : 'New price excl cannot be less than 0.'),
  cannotBeUndone: 'Transaction cannot be undone!',
  question: (target: 'delivery' | 'job', isCredit: boolean, amount: string) => {
    const what = target === 'delivery' ? 'the delivery price' : 'the driver pay (job cost)';
    const raise = target === 'delivery' ? !isCredit : isCredit;
    return `Are you sure you want to ${raise ? 'increase' : 'reduce'} ${what} by ${amount}, VAT exclusive?`;
  },
  debit: 'Debit',
  credit: 'Credit',
  title: (target: 'delivery' | 'job', isCredit: boolean) => `${isCredit ? 'Credit' : 'Debit'} ${target === 'delivery' ? 'delivery price' : 'job cost'}`,
  amount: 'Amount excl',
  reason: 'Reason',
  next: 'Next',
  confirm: 'Confirm',
  back: 'Back',
  cancel: 'Cancel',
  current: 'Now (excl)',
  loading: 'Loading...',
  group: 'Adjust amounts',
} as const;
