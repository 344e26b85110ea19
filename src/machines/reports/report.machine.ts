import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { liveDashboard } from '../../api/realtime';
import { DEFAULT_PAGE_SIZE } from '../../lib/list-constants';
import { REPORTS, type ReportId } from '../../lib/reports';
import { loadReport, type ReportResult } from '../../resources/reports';
import { reconnects } from '../operations/reconnects';
import type { LoadReportInput, ReportEvent, ReportSchema } from './report.types';

/**
 * A live report's changes over the dashboard hub (Deliveries Due: any `delivery` message may move a delivery into or
 * out of the list); nothing for the other reports. The server scopes the messages as the REST lists.
 */
const liveChanges = fromCallback<ReportEvent, { report: ReportId }>(({ sendBack, input }) => {
  if (!REPORTS[input.report].live) return () => undefined;
  const stop = liveDashboard.on('delivery', () => sendBack({ type: 'report.changed' }));
  const subscription = liveDashboard.subscribe('Deliveries').catch(() => async () => undefined);
  return () => {
    stop();
    void subscription.then((unsubscribe) => unsubscribe());
  };
});

/**
 * One report screen (issue 17), for any declaration of src/lib/reports.ts: the filters are edited as a draft and
 * Apply loads them (figures, chart and table come from one answer, so they always agree); sorting and paging
 * reload the table with the applied filters. A failed load keeps the last figures and offers Try again. A live
 * report (Deliveries Due) reloads when the dashboard hub says a delivery changed; changes during a load wait for the
 * next one or the minute's refresh.
 */
export const reportMachine = setup({
  types: {} as ReportSchema,
  actors: {
    loadReport: fromPromise<ReportResult, LoadReportInput>(({ input, signal }) => loadReport(input.cca2, input.report, input.params, signal)),
    liveChanges,
    reconnects,
  },
  delays: {
    refresh: ({ context }) => REPORTS[context.report].refreshMs ?? 0,
  },
  guards: {
    refreshes: ({ context }) => REPORTS[context.report].refreshMs !== undefined,
    live: ({ context }) => REPORTS[context.report].live === true,
  },
  actions: {
    setDraft: assign({
      draft: ({ context }, params: { name: string; value: string | undefined }) => {
        const { [params.name]: _old, ...rest } = context.draft;
        return params.value === undefined || params.value === '' ? rest : { ...rest, [params.name]: params.value };
      },
    }),
  },
}).createMachine({
  id: 'report',
  description: 'A report screen: filters → figures, chart and table from one answer; sort, page, export.',
  context: ({ input }) => {
    const { defaultSort } = REPORTS[input.report];
    return {
      cca2: input.cca2,
      report: input.report,
      params: { filters: input.filters, page: 1, pageSize: input.pageSize ?? DEFAULT_PAGE_SIZE, sortBy: defaultSort.key, sortDirection: defaultSort.direction },
      draft: input.filters,
      result: undefined,
      error: undefined,
    };
  },
  initial: 'loading',
  invoke: [
    { id: 'liveChanges', src: 'liveChanges', input: ({ context }) => ({ report: context.report }) },
    { id: 'reconnects', src: 'reconnects' },
  ],
  on: {
    'report.filter': { actions: { type: 'setDraft', params: ({ event }) => ({ name: event.name, value: event.value }) } },
    'report.clearFilters': { actions: assign({ draft: {} }) },
    'report.apply': { target: '.loading', actions: assign({ params: ({ context }) => ({ ...context.params, filters: context.draft, page: 1 }) }) },
  },
  states: {
    loading: {
      description: 'The server runs the report with the applied filters.',
      tags: ['loading'],
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        input: ({ context }) => ({ cca2: context.cca2, report: context.report, params: context.params }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ result: ({ event }) => event.output, error: undefined }),
            emit(({ context }) => ({ type: 'report.loaded' as const, filters: context.params.filters })),
          ],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    ready: {
      description: 'Figures, chart and table show the answer; the export button writes the same rows. A report that refreshes (Deliveries Due) reloads on its own, and a live one when a delivery changes or the hub reconnects.',
      after: { refresh: { guard: 'refreshes', target: 'loading' } },
      on: {
        'report.changed': { guard: 'live', target: 'loading' },
        'connection.reconnected': { guard: 'live', target: 'loading' },
        'report.sort': {
          target: 'loading',
          actions: assign({
            params: ({ context, event }) => ({
              ...context.params, page: 1, sortBy: event.sortBy,
              sortDirection: context.params.sortBy === event.sortBy && context.params.sortDirection === 'asc' ? 'desc' as const : 'asc' as const,
            }),
          }),
        },
        'report.page': { target: 'loading', actions: assign({ params: ({ context, event }) => ({ ...context.params, page: event.page }) }) },
        'report.pageSize': { target: 'loading', actions: assign({ params: ({ context, event }) => ({ ...context.params, page: 1, pageSize: event.pageSize }) }) },
      },
    },
    failed: {
      description: 'The server refused the filters (400 names the one) or failed: the message shows, Try again reloads.',
      on: { 'report.retry': { target: 'loading' } },
    },
  },
});
