/**
 * Texts of the back-office lists and forms. The spec's own (SUCCESS_TEXTS, SEARCH_TEXTS) are read from
 * src/lib/error-catalogue.ts; these are ours where the spec is silent.
 */
export const LIST_TEXTS = {
  noRows: 'No records found.',
  loading: 'Loading...',
  search: 'Search',
  filterBy: 'Filter by',
  sortBy: 'Sort by',
  rowsPerPage: 'Rows per page',
  pageOf: (page: number, pages: number): string => `Page ${page} of ${Math.max(pages, 1)}`,
  totalItems: (n: number): string => `${n} ${n === 1 ? 'record' : 'records'}`,
  aboutTotalItems: (n: number): string => `About ${n.toLocaleString('en-ZA')} records`,
  previousPage: 'Previous page',
  nextPage: 'Next page',
  export: 'Export',
  exporting: (received: string): string => `Exporting... ${received}`,
  exportFailed: 'The export failed. Please try again.',
  create: 'Create',
  upload: 'Upload',
  national: 'National',
  clearFilters: 'Clear filters',
  any: 'Any',
  yes: 'Yes',
  no: 'No',
  min: 'Min',
  max: 'Max',
  tryAgain: 'Try again',
} as const;

export const FORM_TEXTS = {
  save: 'Save',
  delete: 'Delete',
  back: 'Back',
  deleteTitle: 'Delete',
  deleteQuestion: (what: string): string => `Are you sure you want to delete ${what}?`,
  conflictTitle: 'Someone else changed this record',
  conflictMessage:
    'It was changed since you opened it. Your changes are kept below; the current version is shown beside them. Keep yours to save them over the current version, or take the current version.',
  keepMine: 'Keep my changes',
  takeCurrent: 'Take the current version',
  currentValue: 'Current',
  required: (label: string): string => `${label} is required`,
  invalidEmail: 'Email address is not valid',
} as const;

/** The server's 409 message for an update that started from an old version (ours). */
export const conflictMessage = (what: string): string => `The ${what} was changed by someone else. Reload to see the current version.`;
/** A delete refused because other rows still refer to the row (ours). */
export const inUseMessage = (what: string): string => `The ${what} is still in use and cannot be deleted.`;

/** Ours: the spec's display format (000 section 9, DD-MM-YYYY) as the field's hint and its error. */
export const DATE_INPUT_TEXTS = {
  placeholder: 'DD-MM-YYYY',
  invalid: 'Enter the date as DD-MM-YYYY',
  pick: (label: string): string => `Choose ${label} on a calendar`,
} as const;

/** The link from a company or store to its ledger accounts (finance-texts.ts reads it too). */
export const ACCOUNTS_LABEL = 'Accounts';
