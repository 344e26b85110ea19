import { assertEvent, assign, setup } from 'xstate';
import { DASHBOARD_DEFAULTS } from '../../lib/constants';
import { DASHBOARD_TABS, type DashboardSchema, type IdsFilterKind } from './dashboard.types';

const NO_IDS: Record<IdsFilterKind, number[]> = { delivery: [], job: [], driver: [] };

/**
 * What the dashboard shows of its lists (002 section 2): filters by field and value and by delivery, job and
 * driver ids, a delivery search term, the QSR mode flag (cleared when the filters are cleared) and the two
 * side bars, open by default, and which list the left side bar shows (its tabs: deliveries, jobs, drivers; tab 0
 * by default, 002 section 9). Pure: the lists themselves are the live-merge actor's.
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
  description: 'The dashboard\'s filters, search, QSR mode, side bars (open by default) and the left side bar\'s list tab.',
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
    tab: {
      description: 'The list the left side bar shows (issue 20): one tab each, tab 0 (deliveries) by default.',
      initial: DASHBOARD_TABS[DASHBOARD_DEFAULTS.dashboardTab],
      on: {
        'dashboard.tab.deliveries': '.deliveries',
        'dashboard.tab.jobs': '.jobs',
        'dashboard.tab.drivers': '.drivers',
      },
      states: {
        deliveries: { description: 'The deliveries list with its count.' },
        jobs: { description: 'The jobs list (tasks expandable) with its count.' },
        drivers: { description: 'The drivers list by availability with its count.' },
      },
    },
  },
});
