import { assertEvent, assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '../../lib/list-constants';
import { resourceOf } from '../../resources';
import { parseListParams, toSearchString, type ListShape } from '../../resources/query';
import type { BulkActionDef, ListParams, Page, ResourceId, ResourceRow } from '../../resources/types';
import { errorParams, notifyError, notifySuccess, outputParams, systemActor } from '../shared/shared.actions';
import type { ListSchema, ListContext, LoadPageInput, RunBulkInput } from './list.types';

/** The connection actor's systemId (issue 5); lists reload after it reconnects, when it exists. */
export const CONNECTION_SYSTEM_ID = 'connection';

function shapeOf(resource: ResourceId, storedPageSize: number | undefined): ListShape {
  const definition = resourceOf(resource);
  return {
    pageSizes: definition.pageSizes,
    sortable: definition.columns.flatMap((column) => (column.sortKey ? [column.sortKey] : [])),
    filters: definition.filters,
    ...(storedPageSize !== undefined && definition.pageSizes.includes(storedPageSize) && { defaultPageSize: storedPageSize }),
  };
}

const bulkActionOf = (context: Pick<ListContext, 'resource' | 'bulk'>): BulkActionDef | undefined =>
  resourceOf(context.resource).bulkActions?.find((action) => action.id === context.bulk?.action);

const sameParams = (a: ListParams, b: ListParams) => JSON.stringify(a) === JSON.stringify(b);

/** Asks the view to navigate to the list state `next` (page 1 unless paging itself). */
const navigateTo = (context: ListContext, next: Partial<ListParams>) =>
  ({ type: 'list.navigate', search: toSearchString({ ...context.params, ...next }, context.shape) }) as const;

const bulkCount = ({ event }: { event: { output: number } }) => ({ count: event.output });

export const listMachine = setup({
  types: {} as ListSchema,
  actors: {
    loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(
      ({ input, signal }) => resourceOf(input.resource).api.list(input.cca2, input.params, signal),
    ),
    /** Runs a bulk action of the resource on the selected ids; resolves with the number of rows changed. */
    runBulk: fromPromise<number, RunBulkInput>(({ input }) => {
      const action = resourceOf(input.resource).bulkActions?.find((candidate) => candidate.id === input.action);
      if (!action) throw new Error(`${input.resource} has no bulk action ${input.action}`);
      return action.run(input.cca2, input.ids, input.value);
    }),
    /** Reports a reconnect of the connection actor, if the system has one (it may not exist yet). */
    watchConnection: fromCallback(({ sendBack, system }) => {
      const connection = systemActor(system, CONNECTION_SYSTEM_ID);
      if (!connection) return undefined;
      let wasConnected = true;
      const subscription = connection.subscribe((snapshot: { hasTag?: (tag: string) => boolean; matches?: (value: string) => boolean }) => {
        const connected = Boolean(snapshot.hasTag?.('connected') || snapshot.matches?.('connected'));
        if (connected && !wasConnected) sendBack({ type: 'connection.reconnected' });
        wasConnected = connected;
      });
      const listener = (connection as { on?: (type: string, handler: () => void) => { unsubscribe(): void } })
        .on?.('connection.reconnected', () => sendBack({ type: 'connection.reconnected' }));
      return () => {
        subscription.unsubscribe();
        listener?.unsubscribe();
      };
    }),
  },
  delays: {
    searchDebounce: SEARCH_DEBOUNCE_MS,
    /** The spec's wait before the list reloads after a delete (DELETE_RELOAD_DELAY_MS, 2 s for deliveries). */
    bulkReload: ({ context }) => bulkActionOf(context)?.reloadDelayMs ?? 0,
  },
  guards: {
    pageShown: ({ context }) => context.page !== undefined,
    urlDiffers: ({ context, event }) => {
      assertEvent(event, 'list.urlChanged');
      return !sameParams(parseListParams(event.search, context.shape), context.params);
    },
    isNotFound: (_, params: { error: unknown }) => asApiError(params.error).status === 404,
    knownBulkAction: ({ context, event }) => {
      assertEvent(event, 'list.bulk');
      return context.selected.length > 0 && resourceOf(context.resource).bulkActions?.some((action) => action.id === event.action) === true;
    },
    bulkValueGiven: ({ context }) => bulkActionOf(context)?.input === undefined || (context.bulk?.value.trim() ?? '') !== '',
    reloadDelayed: ({ context }) => (bulkActionOf(context)?.reloadDelayMs ?? 0) > 0,
    /** Text typed in the search box while the page loaded (or had failed) and not yet applied to the URL. */
    searchTyped: ({ context }) => context.searchText !== context.params.search,
    searchReady: ({ context }) => context.searchText.trim().length === 0 || context.searchText.trim().length >= MIN_SEARCH_LENGTH,
  },
  actions: {
    followUrl: assign(({ context, event }) => {
      assertEvent(event, 'list.urlChanged');
      const params = parseListParams(event.search, context.shape);
      return { params, searchText: params.search };
    }),
    navigatePage: emit(({ context, event }) => {
      assertEvent(event, 'list.page');
      return navigateTo(context, { page: event.page });
    }),
    navigatePageSize: emit(({ context, event }) => {
      assertEvent(event, 'list.pageSize');
      return navigateTo(context, { page: 1, pageSize: event.pageSize });
    }),
    rememberPageSize: ({ context, event }) => {
      assertEvent(event, 'list.pageSize');
      const key = resourceOf(context.resource).pageSizeStorageKey;
      if (key && typeof localStorage !== 'undefined') localStorage.setItem(key, String(event.pageSize));
    },
    navigateSort: emit(({ context, event }) => {
      assertEvent(event, 'list.sort');
      const sortBy = event.sortBy;
      const sortDirection = context.params.sortBy === sortBy && context.params.sortDirection === 'asc' ? 'desc' : 'asc';
      return navigateTo(context, { page: 1, sortBy, sortDirection });
    }),
    setSearchText: assign(({ event }) => {
      assertEvent(event, 'list.search');
      return { searchText: event.text };
    }),
    navigateSearch: emit(({ context }) => navigateTo(context, { page: 1, search: context.searchText.trim() })),
    navigateFilter: emit(({ context, event }) => {
      assertEvent(event, 'list.filter');
      const filters = { ...context.params.filters };
      for (const name of event.clear ?? []) delete filters[name];
      if (event.value === undefined || event.value === '') delete filters[event.name];
      else filters[event.name] = event.value;
      return navigateTo(context, { page: 1, filters });
    }),
    navigateClearFilters: emit(({ context }) => navigateTo(context, { page: 1, filters: {}, search: '' })),
    storePage: assign(({ context }, page: Page<ResourceRow>) => {
      const shown = new Set(page.items.map((row) => row.id));
      return { page, error: undefined, selected: context.selected.filter((id) => shown.has(id)) };
    }),
    select: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'list.select');
        const rest = context.selected.filter((id) => id !== event.id);
        return event.selected ? [...rest, event.id] : rest;
      },
    }),
    selectPage: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'list.selectPage');
        return event.selected ? (context.page?.items ?? []).map((row) => row.id) : [];
      },
    }),
    clearSelection: assign({ selected: [] }),
    startBulk: assign(({ event }) => {
      assertEvent(event, 'list.bulk');
      return { bulk: { action: event.action, value: '' } };
    }),
    setBulkValue: assign(({ context, event }) => {
      assertEvent(event, 'list.bulkValue');
      return { bulk: context.bulk && { ...context.bulk, value: event.value } };
    }),
    endBulk: assign({ bulk: undefined }),
    notifyBulkDone: ({ context, system }, params: { count: number }) => {
      const text = bulkActionOf(context)?.doneText(params.count);
      if (text) notifySuccess({ system }, { text });
    },
    storeError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
    notifyError,
    reportNotFound: emit({ type: 'list.notFound' } as const),
  },
}).createMachine({
  id: 'list',
  description: 'A server-side paged list whose page, size, sort, search and filters live in the URL; reload, back and a shared link restore it.',
  context: ({ input }) => {
    const shape = shapeOf(input.resource, input.storedPageSize);
    const params = parseListParams(input.search, shape);
    return {
      resource: input.resource, cca2: input.cca2, shape, params, searchText: params.search, page: undefined, error: undefined, selected: [], bulk: undefined,
    };
  },
  invoke: { id: 'watchConnection', src: 'watchConnection' },
  initial: 'loading',
  on: {
    'list.urlChanged': { guard: 'urlDiffers', target: '.loading', actions: 'followUrl' },
    // The pager and the column headers are on screen only with a page (also while it reloads).
    'list.page': { guard: 'pageShown', actions: 'navigatePage' },
    'list.pageSize': { guard: 'pageShown', actions: ['rememberPageSize', 'navigatePageSize'] },
    'list.sort': { guard: 'pageShown', actions: 'navigateSort' },
    'list.filter': { actions: 'navigateFilter' },
    'list.clearFilters': { actions: 'navigateClearFilters' },
    'list.search': { actions: 'setSearchText' },
  },
  states: {
    loading: {
      description: 'The page of the URL is being fetched from the server.',
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ resource: context.resource, cca2: context.cca2, params: context.params }),
        onDone: [
          // Typed while the page loaded: the search still applies (after the debounce, from 3 characters).
          { guard: 'searchTyped', target: 'ready.typing', actions: { type: 'storePage', params: outputParams } },
          { target: 'ready', actions: { type: 'storePage', params: outputParams } },
        ],
        onError: [
          { guard: { type: 'isNotFound', params: errorParams }, target: 'notFound' },
          { target: 'failed', actions: [{ type: 'storeError', params: errorParams }, { type: 'notifyError', params: errorParams }] },
        ],
      },
    },
    ready: {
      description: 'The page is shown; paging, sorting and filters navigate, and the URL brings the list back here.',
      initial: 'idle',
      on: {
        'list.reload': { target: 'loading' },
        'connection.reconnected': { target: 'loading' },
      },
      states: {
        idle: {
          on: {
            'list.search': { target: 'typing', actions: 'setSearchText' },
            'list.select': { actions: 'select' },
            'list.selectPage': { actions: 'selectPage' },
            'list.clearSelection': { actions: 'clearSelection' },
            'list.bulk': { guard: 'knownBulkAction', target: 'confirming', actions: 'startBulk' },
          },
        },
        typing: {
          description: 'The search box changed; the search applies 500 ms after the last key (and only from 3 characters).',
          on: {
            'list.search': { target: 'typing', reenter: true, actions: 'setSearchText' },
            'list.select': { actions: 'select' },
            'list.selectPage': { actions: 'selectPage' },
            'list.clearSelection': { actions: 'clearSelection' },
          },
          after: {
            searchDebounce: [
              { guard: 'searchReady', target: 'idle', actions: 'navigateSearch' },
              { target: 'idle' },
            ],
          },
        },
        confirming: {
          description: 'A bulk action on the selected rows asks No / Yes (and its value, e.g. the new delivery date).',
          on: {
            'list.bulkValue': { actions: 'setBulkValue' },
            'list.bulkNo': { target: 'idle', actions: 'endBulk' },
            'list.bulkYes': { guard: 'bulkValueGiven', target: 'running' },
          },
        },
        running: {
          description: 'The server runs the bulk action on the selected ids (all or none).',
          tags: ['busy'],
          // The list reloads once the run is done; a reload asked for meanwhile waits for that.
          on: { 'list.reload': {}, 'connection.reconnected': {} },
          invoke: {
            id: 'runBulk',
            src: 'runBulk',
            input: ({ context }) => ({
              resource: context.resource, cca2: context.cca2, action: context.bulk!.action, ids: context.selected, value: context.bulk!.value,
            }),
            onDone: [
              { guard: 'reloadDelayed', target: 'reloadPending', actions: [{ type: 'notifyBulkDone', params: bulkCount }, 'clearSelection'] },
              { target: '#list.loading', actions: [{ type: 'notifyBulkDone', params: bulkCount }, 'clearSelection', 'endBulk'] },
            ],
            onError: { target: 'idle', actions: [{ type: 'notifyError', params: errorParams }, 'endBulk'] },
          },
        },
        reloadPending: {
          description: 'Done; the list reloads after the spec\'s delay (deliveries: 2 s after a delete).',
          after: { bulkReload: { target: '#list.loading', actions: 'endBulk' } },
        },
      },
    },
    failed: {
      description: 'The page could not be loaded; the error dialog said why.',
      on: { 'list.retry': 'loading', 'connection.reconnected': 'loading' },
    },
    notFound: {
      description: 'A 404 in a table: the view goes to /404.',
      entry: 'reportNotFound',
    },
  },
});
