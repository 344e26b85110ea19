import type { ApiError } from '../../api/api-error';
import type { ResourceId, SelectOption } from '../../resources/types';

export type SelectMode = 'include' | 'exclude';

/** What the select's search is given; a select whose search is swapped in takes the same input. */
export interface SearchOptionsInput {
  resource: ResourceId;
  cca2: string;
  term: string;
  params: Record<string, string | number>;
}

export interface SearchSelectInput {
  resource: ResourceId;
  cca2: string;
  /** The option chosen already (an edit form, a filter from the URL). */
  selected?: SelectOption | null;
  mode?: SelectMode;
  /** Offer to create the typed text as a new option (the spec: addresses). */
  allowCreate?: boolean;
  minLength?: number;
  /** Extra query parameters of the search (a select whose search is swapped in, e.g. the payable accounts of a delivery). */
  params?: Record<string, string | number>;
}

export interface SearchSelectContext {
  resource: ResourceId;
  cca2: string;
  term: string;
  options: SelectOption[];
  selected: SelectOption | null;
  mode: SelectMode;
  allowCreate: boolean;
  minLength: number;
  params: Record<string, string | number>;
  error: ApiError | undefined;
}

export type SearchSelectEvent =
  | { type: 'select.type'; term: string }
  | { type: 'select.choose'; option: SelectOption }
  | { type: 'select.clear' }
  | { type: 'select.mode'; mode: SelectMode }
  | { type: 'select.create' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface SearchSelectSchema {
  input: SearchSelectInput;
  context: SearchSelectContext;
  events: SearchSelectEvent;
}
