import type { ApiError } from '../../api/api-error';
import type { ListShape } from '../../resources/query';
import type { ListParams, Page, ResourceId, ResourceRow } from '../../resources/types';

export interface ListInput {
  resource: ResourceId;
  cca2: string;
  /** The URL's query string: the only source of truth of the list. */
  search: string;
  /** The remembered page size of this list (jobs, drivers, deliveries), used when the URL has none. */
  storedPageSize?: number;
}

export interface ListContext {
  resource: ResourceId;
  cca2: string;
  shape: ListShape;
  params: ListParams;
  /** What the search box shows (ahead of the URL while the user types). */
  searchText: string;
  page: Page<ResourceRow> | undefined;
  error: ApiError | undefined;
  /** The ids of the rows selected on the shown page (row checkboxes); a new page keeps those still on it. */
  selected: number[];
  /** The bulk action being confirmed or run, with its value (e.g. the new delivery date). */
  bulk: { action: string; value: string } | undefined;
}

export type ListEvent =
  /** The URL changed (navigation, back, a shared link): the list follows it. */
  | { type: 'list.urlChanged'; search: string }
  | { type: 'list.page'; page: number }
  | { type: 'list.pageSize'; pageSize: number }
  /** A header was pressed: the same column flips the direction, another sorts ascending. */
  | { type: 'list.sort'; sortBy: string }
  | { type: 'list.search'; text: string }
  /** One filter's value; `clear` names parameters removed at the same time (a lookup's include/exclude pair). */
  | { type: 'list.filter'; name: string; value: string | undefined; clear?: readonly string[] }
  | { type: 'list.clearFilters' }
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'connection.reconnected' }
  /** A row's checkbox. */
  | { type: 'list.select'; id: number; selected: boolean }
  /** The header's checkbox: every row of the page, or none. */
  | { type: 'list.selectPage'; selected: boolean }
  | { type: 'list.clearSelection' }
  /** A button of the bulk action bar (an id of the resource's bulkActions). */
  | { type: 'list.bulk'; action: string }
  | { type: 'list.bulkValue'; value: string }
  | { type: 'list.bulkNo' }
  | { type: 'list.bulkYes' };

/** Emitted to the view: go to this URL (the view navigates; the URL then drives the list). */
export type ListEmitted = { type: 'list.navigate'; search: string; replace?: boolean } | { type: 'list.notFound' };

export interface RunBulkInput { resource: ResourceId; cca2: string; action: string; ids: number[]; value: string }

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface ListSchema {
  input: ListInput;
  context: ListContext;
  events: ListEvent;
  emitted: ListEmitted;
}

/** What the list's page loader is called with (tests provide their own loader of this shape). */
export interface LoadPageInput {
  resource: ResourceId;
  cca2: string;
  params: ListParams;
}
