import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '../../lib/constants';
import { resourceOf } from '../../resources';
import type { ResourceId, SelectOption } from '../../resources/types';
import { errorParams, outputParams } from '../shared/shared.actions';
import type { SearchOptionsInput, SearchSelectSchema } from './search-select.types';

/**
 * A searchable select (000 section 5, 002 section 5): "Enter search term..." while empty, "Minimum of 3
 * characters for a search..." below the minimum, the search 500 ms after the last key, "No matching
 * results." when nothing matches; Include / Exclude; creating the typed option where allowed.
 */
export const searchSelectMachine = setup({
  types: {} as SearchSelectSchema,
  actors: {
    searchOptions: fromPromise<SelectOption[], SearchOptionsInput>(
      ({ input, signal }) => resourceOf(input.resource).api.selectOptions(input.cca2, input.term, signal),
    ),
    createOption: fromPromise<SelectOption, { resource: ResourceId; cca2: string; term: string }>(async ({ input }) => {
      const created = await resourceOf(input.resource).api.create?.(input.cca2, { name: input.term });
      if (!created) throw new Error(`${input.resource} options cannot be created`);
      return { key: String(created.id), value: input.term };
    }),
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
