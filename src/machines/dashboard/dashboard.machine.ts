import { assertEvent, assign, setup } from 'xstate';
import { DASHBOARD_DEFAULTS } from '../../lib/constants';
import type { DashboardSchema, IdsFilterKind } from './dashboard.types';

const NO_IDS: Record<IdsFilterKind, number[]> = { delivery: [], job: [], driver: [] };

/**
 * What the dashboard shows of its lists (002 section 2): filters by field and value and by delivery, job and
 * driver ids, a delivery search term, the QSR mode flag (cleared when the filters are cleared) and the two
 * side bars, open by default. Pure: the lists themselves are the live-merge actor's.
 */
export const dashboardMachine = setup({
  types: {} as DashboardSchema,
  actions: {
    setFilter: assign({
      filters: ({ context, event }) => {
        assertEvent(event, 'dashboard.filter');
        return event.value.trim() !== '' ? { ...context.filters, [event.field]: event.value.trim() } : context.filters;
      },
    }),
    removeFilter: assign({
      filters: ({ context, event }) => {
        assertEvent(event, 'dashboard.filter.remove');
        const { [event.field]: _removed, ...rest } = context.filters;
        return rest;
      },
    }),
    setIds: assign({
      ids: ({ context, event }) => {
        assertEvent(event, 'dashboard.ids');
        return { ...context.ids, [event.kind]: event.ids };
      },
    }),
    setSearch: assign(({ event }) => {
      assertEvent(event, 'dashboard.search');
      return { search: event.text };
    }),
    toggleQsr: assign({ qsrMode: ({ context }) => !context.qsrMode }),
    clearFilters: assign({ filters: {}, ids: NO_IDS, search: '', qsrMode: false }),
  },
}).createMachine({
  id: 'dashboard',
  description: 'The dashboard\'s filters, search, QSR mode and side bars (open by default).',
  context: { filters: {}, ids: NO_IDS, search: '', qsrMode: false },
  on: {
    'dashboard.filter': { actions: 'setFilter' },
    'dashboard.filter.remove': { actions: 'removeFilter' },
    'dashboard.ids': { actions: 'setIds' },
    'dashboard.search': { actions: 'setSearch' },
    'dashboard.qsr.toggle': { actions: 'toggleQsr' },
    'dashboard.clearFilters': { actions: 'clearFilters' },
  },
  type: 'parallel',
  states: {
    leftSidebar: {
      description: 'The filters side bar.',
      initial: DASHBOARD_DEFAULTS.leftSidebarOpen ? 'open' : 'closed',
      states: {
        open: { description: 'Shown (the default).', on: { 'dashboard.leftSidebar.toggle': 'closed' } },
        closed: { description: 'Hidden.', on: { 'dashboard.leftSidebar.toggle': 'open' } },
      },
    },
    rightSidebar: {
      description: 'The details and notifications side bar.',
      initial: DASHBOARD_DEFAULTS.rightSidebarOpen ? 'open' : 'closed',
      states: {
        open: { description: 'Shown (the default).', on: { 'dashboard.rightSidebar.toggle': 'closed' } },
        closed: { description: 'Hidden.', on: { 'dashboard.rightSidebar.toggle': 'open' } },
      },
    },
  },
});
