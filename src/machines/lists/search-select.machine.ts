import { fromPromise } from 'xstate';
import { SEARCH_DEBOUNCE_MS } from '../../lib/list-constants';
import { loadResource } from '../../resources';
import type { ResourceId, SelectOption } from '../../resources/types';
import { searchSelectLogic } from './search-select.logic';
import type { SearchOptionsInput } from './search-select.types';

/**
 * A searchable select (000 section 5, 002 section 5) of the back office: the chart of search-select.logic.ts with
 * the resource registry's search and create (the resource's declaration loaded on the first search if its screen
 * has not loaded it).
 */
export const searchSelectMachine = searchSelectLogic.provide({
  // As the chart has it; named here so that the /flows diagram of this file labels the delay with its constant.
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  actors: {
    searchOptions: fromPromise<SelectOption[], SearchOptionsInput>(
      async ({ input, signal }) => (await loadResource(input.resource)).api.selectOptions(input.cca2, input.term, signal),
    ),
    createOption: fromPromise<SelectOption, { resource: ResourceId; cca2: string; term: string }>(async ({ input }) => {
      const created = await (await loadResource(input.resource)).api.create?.(input.cca2, { name: input.term });
      if (!created) throw new Error(`${input.resource} options cannot be created`);
      return { key: String(created.id), value: input.term };
    }),
  },
});
