/** The finance screens' paths (000 section 2). */
export const financePaths = {
  accounts: '/accounts',
  transactions: (accountId: number) => `/accounts/${accountId}/transactions`,
  transaction: (accountId: number, transactionId: number) => `/accounts/${accountId}/transactions/${transactionId}`,
} as const;
