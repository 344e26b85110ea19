import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { liveDashboard } from '../../api/realtime';
import { notifySuccess } from '../shared/shared.actions';
import type { DatabaseIndex, IndexManagementEvent, IndexManagementSchema, IndexMaintenanceJob, IndexProgress, MaintainInput } from './index-management.types';

const STATES: readonly IndexProgress['state'][] = ['queued', 'active', 'completed', 'failed'];

function isIndexProgress(payload: unknown): payload is Omit<Extract<IndexManagementEvent, { type: 'index.progress' }>, 'type'> {
  if (typeof payload !== 'object' || payload === null) return false;
  const { kind, indexName, action, state, progress } = payload as Record<string, unknown>;
  return kind === 'indexMaintenance' && typeof indexName === 'string' && (action === 'analyze' || action === 'rebuild')
    && STATES.includes(state as IndexProgress['state']) && typeof progress === 'number';
}

/** The dashboard hub's bulkIndexer events of index maintenance, through the app's one connection. */
export const indexProgress = fromCallback<IndexManagementEvent>(({ sendBack }) => {
  const stop = liveDashboard.on('bulkIndexer', (payload) => {
    if (isIndexProgress(payload)) {
      sendBack({ type: 'index.progress', indexName: payload.indexName, action: payload.action, state: payload.state, progress: payload.progress, message: payload.message });
    }
  });
  const unsubscribe = liveDashboard.subscribe('BulkIndexer').catch(() => async () => undefined);
  return () => {
    stop();
    void unsubscribe.then((done) => done());
  };
});

const progressOf = (event: Extract<IndexManagementEvent, { type: 'index.progress' }>): IndexProgress =>
  ({ action: event.action, state: event.state, progress: event.progress, ...(event.message !== undefined && { message: event.message }) });

/**
 * /admin/indexmanagement (issue 16): the database's indexes; an administrator queues an analyze or a rebuild of
 * one, follows it on the bulkIndexer events, and the list is read again when one finishes.
 */
export const indexManagementMachine = setup({
  types: {} as IndexManagementSchema,
  actors: {
    indexProgress,
    loadIndexes: fromPromise<DatabaseIndex[]>(async ({ signal }) => {
      const { data } = await api.connect.GET('/indexmanagement/indexes', { signal });
      return data!;
    }),
    maintainIndex: fromPromise<IndexMaintenanceJob, MaintainInput>(async ({ input }) => {
      const { data } = await api.connect.POST('/indexmanagement/indexes/{indexName}/{action}', { params: { path: input } });
      return data!;
    }),
  },
  actions: {
    recordProgress: assign({
      progress: ({ context }, params: Extract<IndexManagementEvent, { type: 'index.progress' }>) => ({ ...context.progress, [params.indexName]: progressOf(params) }),
    }),
  },
  guards: {
    finished: (_, params: { state: IndexProgress['state'] }) => params.state === 'completed' || params.state === 'failed',
  },
}).createMachine({
  id: 'indexManagement',
  description: 'The database indexes: analyze or rebuild one through the job queue and follow it to 100 %.',
  context: () => ({ indexes: [], progress: {}, error: undefined }),
  invoke: { id: 'indexProgress', src: 'indexProgress' },
  on: {
    'index.progress': { actions: { type: 'recordProgress', params: ({ event }) => event } },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      description: 'The indexes with their size, scans, last analyze and bloat estimate are read.',
      invoke: {
        id: 'loadIndexes',
        src: 'loadIndexes',
        onDone: { target: 'ready', actions: assign({ indexes: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    failed: {
      description: 'The list could not be read; the error is shown with Reload.',
      on: { 'indexes.reload': { target: 'loading' } },
    },
    ready: {
      description: 'The list; each index offers Analyze and Rebuild, with its progress while one runs.',
      on: {
        'indexes.reload': { target: 'loading' },
        'index.maintain': { target: 'queueing' },
        // A finished analyze or rebuild changes the figures: the list is read again.
        'index.progress': {
          guard: { type: 'finished', params: ({ event }) => ({ state: event.state }) },
          target: 'loading',
          actions: { type: 'recordProgress', params: ({ event }) => event },
        },
      },
    },
    queueing: {
      tags: 'busy',
      description: 'The analyze or rebuild is queued on the job queue.',
      invoke: {
        id: 'maintainIndex',
        src: 'maintainIndex',
        input: ({ event }) => {
          assertEvent(event, 'index.maintain');
          return { indexName: event.indexName, action: event.action };
        },
        onDone: {
          target: 'ready',
          actions: [
            assign({
              error: undefined,
              // The job may have started (or finished) before this answer came: queued never goes back over that.
              progress: ({ context, event }) => {
                const { indexName, action } = event.output;
                const seen = context.progress[indexName];
                const keep = seen?.action === action && (seen.state === 'active' || seen.state === 'completed');
                return keep ? context.progress : { ...context.progress, [indexName]: { action, state: 'queued', progress: 0 } };
              },
            }),
            ({ system, event }) => notifySuccess({ system }, { text: event.output.message }),
          ],
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
  },
});

