import type { DetailKind } from '../operations/live-merge';

/** Which list an ids filter narrows. */
export type IdsFilterKind = DetailKind;

/** The left side bar's tabs, in order (002 section 9: tab 0 by default). */
export const DASHBOARD_TABS = ['deliveries', 'jobs', 'drivers'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export interface DashboardContext {
  /** Filters by field and value (002 section 2), e.g. { logisticstatuses: '10001' }. */
  filters: Record<string, string>;
  /** Filters by delivery, job and driver ids. */
  ids: Record<IdsFilterKind, number[]>;
  /** The delivery search term. */
  search: string;
  /** Quick-service (QSR) mode: cleared with the filters. */
  qsrMode: boolean;
}

export type DashboardEvent =
  | { type: 'dashboard.filter'; field: string; value: string }
  | { type: 'dashboard.filter.remove'; field: string }
  | { type: 'dashboard.ids'; kind: IdsFilterKind; ids: number[] }
  | { type: 'dashboard.search'; text: string }
  | { type: 'dashboard.qsr.toggle' }
  | { type: 'dashboard.clearFilters' }
  | { type: 'dashboard.leftSidebar.toggle' }
  | { type: 'dashboard.rightSidebar.toggle' }
  | { type: 'dashboard.tab.deliveries' }
  | { type: 'dashboard.tab.jobs' }
  | { type: 'dashboard.tab.drivers' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface DashboardSchema {
  context: DashboardContext;
  events: DashboardEvent;
}
