import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '../../lib/list-constants';
import type { ResourceId, SelectOption } from '../../resources/types';
import { errorParams, outputParams } from '../shared/shared.actions';
import type { SearchOptionsInput, SearchSelectSchema } from './search-select.types';

const noSearch = () => Promise.reject(new Error('This select has no search: provide searchOptions.'));

/**
 * The searchable select's chart without its searches: the back office's select (searchSelectMachine,
 * search-select.machine.ts) provides the resource registry's; a public page's island provides its own and so never
 * loads the registry. Not a `*.machine.ts` file: the /flows catalogue lists the chart once, as searchSelectMachine.
 *
 * A searchable select (000 section 5, 002 section 5): "Enter search term..." while empty, "Minimum of 3
 * characters for a search..." below the minimum, the search 500 ms after the last key, "No matching
 * results." when nothing matches; Include / Exclude; creating the typed option where allowed.
 */
export const searchSelectLogic = setup({
  types: {} as SearchSelectSchema,
  actors: {
    searchOptions: fromPromise<SelectOption[], SearchOptionsInput>(noSearch),
    createOption: fromPromise<SelectOption, { resource: ResourceId; cca2: string; term: string }>(noSearch),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  guards: {
    isEmpty: ({ event }) => {
      assertEvent(event, 'select.type');
      return event.term.trim() === '';
    },
    isTooShort: ({ context, event }) => {
      assertEvent(event, 'select.type');
      return event.term.trim().length < context.minLength;
    },
    // A path generated without a sample output has none.
    hasResults: (_, options: SelectOption[] | undefined) => (options ?? []).length > 0,
    isOffered: ({ context, event }) => {
      assertEvent(event, 'select.choose');
      return context.options.some((option) => option.key === event.option.key);
    },
    hasSomething: ({ context }) => context.selected !== null || context.term !== '',
    mayCreate: ({ context }) => context.allowCreate && context.term.trim().length >= context.minLength,
  },
  actions: {
    setTerm: assign(({ event }) => {
      assertEvent(event, 'select.type');
      return { term: event.term };
    }),
    clearOptions: assign({ options: [] }),
    storeOptions: assign((_, options: SelectOption[]) => ({ options, error: undefined })),
    storeError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error), options: [] })),
    choose: assign(({ event }) => {
      assertEvent(event, 'select.choose');
      return { selected: event.option, term: '', options: [] };
    }),
    chooseCreated: assign((_, selected: SelectOption) => ({ selected, term: '', options: [] })),
    clear: assign({ selected: null, term: '', options: [] }),
    setMode: assign(({ event }) => {
      assertEvent(event, 'select.mode');
      return { mode: event.mode };
    }),
  },
}).createMachine({
  id: 'searchSelect',
  description: 'A searchable select: minimum 3 characters, 500 ms debounce, Include / Exclude, optional create.',
  context: ({ input }) => ({
    resource: input.resource,
    cca2: input.cca2,
    term: '',
    options: [],
    selected: input.selected ?? null,
    mode: input.mode ?? 'include',
    allowCreate: input.allowCreate ?? false,
    minLength: input.minLength ?? MIN_SEARCH_LENGTH,
    params: input.params ?? {},
    error: undefined,
  }),
  initial: 'empty',
  on: {
    'select.type': [
      { guard: 'isEmpty', target: '.empty', actions: ['setTerm', 'clearOptions'] },
      { guard: 'isTooShort', target: '.tooShort', actions: ['setTerm', 'clearOptions'] },
      { target: '.debouncing', reenter: true, actions: 'setTerm' },
    ],
    'select.choose': { guard: 'isOffered', target: '.empty', actions: 'choose' },
    'select.clear': { guard: 'hasSomething', target: '.empty', actions: 'clear' },
    'select.mode': { actions: 'setMode' },
  },
  states: {
    empty: { description: 'Nothing typed: "Enter search term...".' },
    tooShort: { description: 'Fewer characters than the minimum: "Minimum of 3 characters for a search...".' },
    debouncing: {
      description: 'Waiting 500 ms after the last key.',
      after: { searchDebounce: 'searching' },
    },
    searching: {
      tags: ['loading'],
      invoke: {
        id: 'searchOptions',
        src: 'searchOptions',
        input: ({ context }) => ({ resource: context.resource, cca2: context.cca2, term: context.term.trim(), params: context.params }),
        onDone: [
          { guard: { type: 'hasResults', params: outputParams }, target: 'results', actions: { type: 'storeOptions', params: outputParams } },
          { target: 'noResults', actions: 'clearOptions' },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: errorParams } },
      },
    },
    results: { description: 'The matching options.' },
    noResults: {
      description: '"No matching results." (and the create option where allowed).',
      on: { 'select.create': { guard: 'mayCreate', target: 'creating' } },
    },
    failed: { description: 'The search failed: "Not found! No matching results.".' },
    creating: {
      tags: ['loading'],
      invoke: {
        id: 'createOption',
        src: 'createOption',
        input: ({ context }) => ({ resource: context.resource, cca2: context.cca2, term: context.term.trim() }),
        onDone: { target: 'empty', actions: { type: 'chooseCreated', params: outputParams } },
        onError: { target: 'failed', actions: { type: 'storeError', params: errorParams } },
      },
    },
  },
});
