import { assign, emit, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { DEFAULT_PAGE_SIZE } from '../../lib/constants';
import { REPORTS } from '../../lib/reports';
import { loadReport, type ReportResult } from '../../resources/reports';
import type { LoadReportInput, ReportSchema } from './report.types';

/**
 * One report screen (issue 17), for any declaration of src/lib/reports.ts: the filters are edited as a draft and
 * Apply loads them (figures, chart and table come from one answer, so they always agree); sorting and paging
 * reload the table with the applied filters. A failed load keeps the last figures and offers Try again.
 */
export const reportMachine = setup({
  types: {} as ReportSchema,
  actors: {
    loadReport: fromPromise<ReportResult, LoadReportInput>(({ input, signal }) => loadReport(input.cca2, input.report, input.params, signal)),
  },
  delays: {
    refresh: ({ context }) => REPORTS[context.report].refreshMs ?? 0,
  },
  guards: {
    refreshes: ({ context }) => REPORTS[context.report].refreshMs !== undefined,
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
      description: 'Figures, chart and table show the answer; the export button writes the same rows. A report that refreshes (Deliveries Due) reloads on its own.',
      after: { refresh: { guard: 'refreshes', target: 'loading' } },
      on: {
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
