// Apart from error-catalogue.ts (which re-exports them): every list's search box shows them, and the first list screen
// needs none of the other screens' texts (issue 19, "A fast first load").

/** Searchable select texts (000 §5, 001 §5, 002 §5). */
export const SEARCH_TEXTS = {
  minimum: (n: number): string => `Minimum of ${n} characters for a search...`,
  enterSearchTerm: 'Enter search term...',
  noMatchingResults: 'No matching results.',
  notFoundNoMatchingResults: 'Not found! No matching results.',
  startTyping: 'Start typing...',
  enterAddress: 'Enter an address...',
  enterAccountName: 'Enter an account name...',
  noMatchingAccounts: 'No matching accounts found.',
  noMatchingAddresses: 'No matching addresses found.',
} as const;
