// The spec's success messages, apart from error-catalogue.ts (which re-exports them: read them there) because the
// lists' resource declarations read them and the deliveries list's first load should not carry the catalogue (issue 19).

/** Success messages of all three specs, verbatim (typos included). */
export const SUCCESS_TEXTS = {
  loaded: 'Successfully loaded',
  created: 'Successfully created',
  updated: 'Successsfully updated',
  deleted: 'Successsfully deleted',
  deletedStores: (n: number): string => `deleted ${n} stores.`,
  syncedUser: 'Successfully synced user',
  fileUploaded: 'File uploaded sucessfully.',
  batchSubmitted: 'Batch submitted sucessfully.',
  batchesDeleted: (n: number): string => `${n} batches deleted succesfully.`,
  completedTransactions: 'Successsfully completed transactions',
  cancelledTransactions: 'Successsfully cancelled transactions',
} as const;
