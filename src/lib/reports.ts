import type { RoutePath } from './access';
import { CUSTOMER_TIERS, EXPORT_FILE_NAMES, HOLIDAY_FILTERS, SLA_TYPES } from './constants';

/**
 * The report registry (issue 17; 000 sections 2, 6, 9; 002 sections 2, 3, 9): each report is one declaration —
 * its screen path (whose rule in ROUTE_ACCESS also guards its API call), filters from the catalogue, summary
 * figures, chart, table and export name. The server holds each report's query under the same id
 * (server/domain/reports/*.ts, a compile error when one is missing); one page renders any declaration.
 * Metrics are defined once in docs/reports.md.
 */

/** The date filter types of 002 section 9 ("Deliver by or Created; Terminal Date, Delivery Transaction Date, Created, Due Date"). */
export const REPORT_DATE_TYPES = ['Deliver by', 'Created', 'Terminal Date', 'Delivery Transaction Date', 'Due Date'] as const;
export type ReportDateType = (typeof REPORT_DATE_TYPES)[number];
export type HolidayFilter = (typeof HOLIDAY_FILTERS)[number];
export type SlaType = (typeof SLA_TYPES)[number];

/** The longest date range a report answers (ours; the benchmarks are for a month, a year stays comfortable). */
export const REPORT_MAX_RANGE_DAYS = 366;
/** The range a report opens with: the last 30 days up to today. */
export const REPORT_DEFAULT_RANGE_DAYS = 30;
/** How often Deliveries Due reloads while shown: windows fall due as time passes, not only when a delivery changes. */
export const DELIVERIES_DUE_REFRESH_MS = 60_000;
/** A driver counts as visible (Driver Visibility) when their position was reported this recently. */
export const DRIVER_VISIBLE_WITHIN_MINUTES = 60;
/** The most chart points drawn (a year of days fits); the table pages through everything. */
export const REPORT_MAX_CHART_POINTS = 400;
/**
 * The page depth of the screens listing one row per task or due delivery (Delivery Arrival, Address Variation,
 * Deliveries Due): 5,000 rows, pages 1–250 of 20, 1–50 of 100. Ours (docs/decisions.md, "Report sorts and page depth").
 */
export const REPORT_ROW_PAGE_DEPTH = 5_000;

/** Query parameters of the report call, by catalogue filter (002 section 3). */
export const REPORT_FILTER_PARAMS = {
  dateRange: ['startDate', 'endDate', 'dateFilterType'],
  company: ['companyid'],
  store: ['storeid'],
  driver: ['driverid'],
  hub: ['hubId'],
  slaTypes: ['slaTypes'],
  holiday: ['holidayFilter'],
  /** Issue 15: the finance metrics by day, week or month. */
  period: ['period'],
} as const;
export type ReportFilter = keyof typeof REPORT_FILTER_PARAMS;
/** The periods a report's rows are grouped by (the finance metrics; issue 15). */
export const REPORT_PERIODS = ['Day', 'Week', 'Month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** The paging, sorting and export parameters every report takes. */
export const REPORT_LIST_PARAMS = ['page', 'pageSize', 'sortby', 'sortdirection', 'exportExcel'] as const;

export type ReportFormat = 'text' | 'count' | 'percent' | 'money' | 'date' | 'datetime' | 'minutes';

export interface ReportColumn {
  /** The row field; also the sortby value. */
  key: string;
  label: string;
  format: ReportFormat;
}

export interface ReportFigure {
  key: string;
  label: string;
  format: ReportFormat;
}

/** One chart series: a row field summed per label, or the number of rows per label. */
export type ReportSeries = { label: string; sum: string } | { label: string; count: true };

export interface ReportChart {
  kind: 'bar' | 'line' | 'doughnut';
  /** The row field whose values are the chart's labels (rows sharing one are added up). */
  labelKey: string;
  /** A row field whose smallest value orders the labels (default: the label itself). */
  orderKey?: string;
  series: ReportSeries[];
  stacked?: boolean;
  /** The series are amounts in cents: drawn and listed in the portal's currency. */
  money?: true;
}

export interface ReportDeclaration {
  id: ReportId;
  /** The screen's path (ours: the spec does not show report paths). Its ROUTE_ACCESS rule also guards the call. */
  path: RoutePath;
  title: string;
  /** The export's file name from 000 section 9 (without .xlsx). */
  exportName: string;
  filters: readonly ReportFilter[];
  /** The date filter types offered, the first the default (only with the dateRange filter). */
  dateTypes?: readonly ReportDateType[];
  figures: readonly ReportFigure[];
  chart: ReportChart;
  columns: readonly ReportColumn[];
  defaultSort: { key: string; direction: 'asc' | 'desc' };
  /**
   * The columns its table sorts by, either way (default: every column). A report over up to a year of a million
   * deliveries' tasks offers only the orders an index answers (docs/decisions.md, "Report sorts and page depth"):
   * the others are headers without a button, and the call refuses them (400 naming sortby).
   */
  sortable?: readonly string[];
  /**
   * How far its pages reach into an order: a page is served while page × pageSize ≤ this (default: unbounded). The
   * screen stops Next there and says how to see the rest (narrower filters, the other direction, the export); the
   * call refuses a page past it (400 naming page).
   */
  maxPageRows?: number;
  /** Reloads on its own this often while shown (a list that changes as time passes, e.g. what is due). */
  refreshMs?: number;
  /** Reloads when the dashboard hub says a delivery changed (Deliveries Due). */
  live?: boolean;
  /**
   * Why the report cannot be computed yet (the data it needs is not recorded by any table): the screen says so and
   * the call answers 404 with it, rather than showing figures we do not have.
   */
  unavailable?: string;
  /** What the figures cannot tell yet, shown above them (a partial report says what it leaves out). */
  note?: string;
}

export const REPORT_IDS = [
  'customerDeliveries', 'deliverySummary', 'serviceLevels', 'kpiPerformance', 'deliveryTermination',
  'deliveryArrival', 'grossProfit', 'driverPerformance', 'hubDeliveries', 'deliveriesDue',
  // Second round (issue 17): the driver reports, the retailer exceptions report, and four from data recorded since
  // (arrival positions, applications).
  'driverVisibility', 'driverSchedules', 'autoAssignEfficiency', 'driverWaitTime', 'driverKpi', 'exceptions',
  'driverAssignment', 'driverCommunication', 'addressVariation', 'locationProximity', 'acceptanceCompliance', 'driverScreening',
  // Issue 15: the finance menu's administrator screens, over the ledger.
  'financeMetrics', 'driverPayAnalysis', 'amendments',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

const DELIVERY_DATES = ['Deliver by', 'Created'] as const satisfies readonly ReportDateType[];
const count = (key: string, label: string): ReportColumn => ({ key, label, format: 'count' });
const percent = (key: string, label: string): ReportColumn => ({ key, label, format: 'percent' });
const text = (key: string, label: string): ReportColumn => ({ key, label, format: 'text' });
const minutes = (key: string, label: string): ReportColumn => ({ key, label, format: 'minutes' });
const TASK_DATES = ['Due Date', 'Created', 'Deliver by'] as const satisfies readonly ReportDateType[];

export const REPORTS: Record<ReportId, ReportDeclaration> = {
  customerDeliveries: {
    id: 'customerDeliveries', path: '/reports/customer-deliveries', title: 'Customer Deliveries',
    exportName: EXPORT_FILE_NAMES.customerDeliveries,
    filters: ['dateRange', 'company', 'store', 'slaTypes', 'holiday'], dateTypes: DELIVERY_DATES,
    figures: [
      count('customers', 'Customers'), count('deliveries', 'Deliveries'), count('delivered', 'Delivered'),
      percent('onTimePercent', 'On-time delivery'),
    ],
    chart: { kind: 'bar', labelKey: 'tier', orderKey: 'tierRank', series: [{ label: 'Customers', count: true }, { label: 'Deliveries', sum: 'deliveries' }] },
    columns: [
      text('customer', 'Customer'), text('company', 'Company'), count('deliveries', 'Deliveries'), count('delivered', 'Delivered'),
      count('onTime', 'On time'), percent('onTimePercent', 'On-time %'), count('terminated', 'Terminated'), text('tier', 'Tier'),
    ],
    defaultSort: { key: 'deliveries', direction: 'desc' },
  },
  deliverySummary: {
    id: 'deliverySummary', path: '/reports/delivery-summary', title: 'Delivery Summary',
    exportName: EXPORT_FILE_NAMES.deliverySummary,
    filters: ['dateRange', 'company', 'store', 'hub', 'slaTypes', 'holiday'], dateTypes: DELIVERY_DATES,
    figures: [
      count('deliveries', 'Deliveries'), count('delivered', 'Delivered'), count('terminated', 'Terminated'),
      count('cancelled', 'Cancelled'), percent('onTimePercent', 'On-time delivery'),
    ],
    chart: {
      kind: 'bar', labelKey: 'day', stacked: true,
      series: [{ label: 'Delivered', sum: 'delivered' }, { label: 'In progress', sum: 'inProgress' }, { label: 'Terminated', sum: 'terminated' }, { label: 'Cancelled', sum: 'cancelled' }],
    },
    columns: [
      { key: 'day', label: 'Date', format: 'date' }, count('deliveries', 'Deliveries'), count('delivered', 'Delivered'),
      count('inProgress', 'In progress'), count('terminated', 'Terminated'), count('cancelled', 'Cancelled'),
      count('onTime', 'On time'), percent('onTimePercent', 'On-time %'),
    ],
    defaultSort: { key: 'day', direction: 'asc' },
  },
  serviceLevels: {
    id: 'serviceLevels', path: '/reports/service-levels', title: 'Service Levels',
    exportName: EXPORT_FILE_NAMES.serviceLevels,
    filters: ['dateRange', 'company', 'store', 'slaTypes', 'holiday'], dateTypes: DELIVERY_DATES,
    figures: [
      count('deliveries', 'Deliveries'), percent('onTimePercent', 'On-time delivery'),
      percent('pickUpCompliancePercent', 'Pick-up compliance'), percent('dropOffCompliancePercent', 'Drop-off compliance'),
    ],
    chart: { kind: 'bar', labelKey: 'slaType', stacked: true, series: [{ label: 'On time', sum: 'onTime' }, { label: 'Late', sum: 'late' }] },
    columns: [
      text('slaType', 'SLA type'), count('deliveries', 'Deliveries'), count('delivered', 'Delivered'), count('onTime', 'On time'),
      count('late', 'Late'), percent('onTimePercent', 'On-time %'), percent('pickUpCompliancePercent', 'Pick-up compliance %'),
      percent('dropOffCompliancePercent', 'Drop-off compliance %'),
    ],
    defaultSort: { key: 'slaType', direction: 'asc' },
  },
  kpiPerformance: {
    id: 'kpiPerformance', path: '/reports/kpi-performance', title: 'KPI Performance',
    exportName: EXPORT_FILE_NAMES.kpiPerformance,
    filters: ['dateRange', 'company', 'store', 'slaTypes', 'holiday'], dateTypes: DELIVERY_DATES,
    figures: [
      count('deliveries', 'Deliveries'), percent('onTimePercent', 'On-time delivery'),
      percent('pickUpCompliancePercent', 'Pick-up compliance'), percent('dropOffCompliancePercent', 'Drop-off compliance'),
      percent('terminationPercent', 'Termination rate'),
    ],
    chart: {
      kind: 'bar', labelKey: 'company', stacked: true,
      series: [{ label: 'On time', sum: 'onTime' }, { label: 'Late', sum: 'late' }, { label: 'Terminated', sum: 'terminated' }],
    },
    columns: [
      text('company', 'Company'), count('deliveries', 'Deliveries'), count('delivered', 'Delivered'), count('onTime', 'On time'),
      count('late', 'Late'), percent('onTimePercent', 'On-time %'), percent('pickUpCompliancePercent', 'Pick-up compliance %'),
      percent('dropOffCompliancePercent', 'Drop-off compliance %'), count('terminated', 'Terminated'), percent('terminationPercent', 'Termination %'),
    ],
    defaultSort: { key: 'deliveries', direction: 'desc' },
  },
  deliveryTermination: {
    id: 'deliveryTermination', path: '/reports/delivery-termination', title: 'Delivery Termination',
    exportName: EXPORT_FILE_NAMES.deliveryTermination,
    filters: ['dateRange', 'company', 'store', 'slaTypes', 'holiday'], dateTypes: ['Terminal Date', 'Created', 'Deliver by'],
    figures: [
      count('terminations', 'Terminations'), count('pickUpExceptions', 'Pick-up exceptions'),
      count('dropOffExceptions', 'Drop-off exceptions'), count('cancellations', 'Cancellations'),
    ],
    chart: { kind: 'doughnut', labelKey: 'status', series: [{ label: 'Deliveries', count: true }] },
    columns: [
      text('waybill', 'Waybill'), text('company', 'Company'), text('store', 'Store'), text('status', 'Status'),
      text('reason', 'Reason'), text('driver', 'Driver'), { key: 'terminalDate', label: 'Terminal date', format: 'date' },
    ],
    defaultSort: { key: 'terminalDate', direction: 'desc' },
  },
  deliveryArrival: {
    id: 'deliveryArrival', path: '/reports/delivery-arrival', title: 'Delivery Arrival',
    exportName: EXPORT_FILE_NAMES.deliveryArrival,
    filters: ['dateRange', 'company', 'store', 'slaTypes', 'holiday'], dateTypes: ['Due Date', 'Created', 'Deliver by'],
    figures: [
      count('arrivals', 'Arrivals'), percent('compliancePercent', 'Arrival compliance'),
      count('late', 'Late arrivals'), { key: 'averageMinutesLate', label: 'Average lateness', format: 'minutes' },
    ],
    chart: { kind: 'bar', labelKey: 'arrival', orderKey: 'arrivalRank', series: [{ label: 'Tasks', count: true }] },
    columns: [
      text('waybill', 'Waybill'), text('task', 'Task'), text('driver', 'Driver'), { key: 'windowStart', label: 'Window start', format: 'datetime' },
      { key: 'windowEnd', label: 'Window end', format: 'datetime' }, { key: 'arrivedAt', label: 'Arrived', format: 'datetime' },
      { key: 'minutesLate', label: 'Minutes late', format: 'minutes' }, text('arrival', 'Arrival'),
    ],
    defaultSort: { key: 'arrivedAt', direction: 'desc' },
    sortable: ['arrivedAt'],
    maxPageRows: REPORT_ROW_PAGE_DEPTH,
  },
  grossProfit: {
    id: 'grossProfit', path: '/reports/gross-profit', title: 'Gross Profit Statistics',
    exportName: EXPORT_FILE_NAMES.grossProfits,
    filters: ['dateRange', 'company', 'store'], dateTypes: ['Delivery Transaction Date'],
    figures: [
      { key: 'revenue', label: 'Revenue', format: 'money' }, { key: 'costOfSales', label: 'Cost of sales', format: 'money' },
      { key: 'grossProfit', label: 'Gross profit', format: 'money' }, percent('marginPercent', 'Gross margin'),
    ],
    chart: { kind: 'line', labelKey: 'day', money: true, series: [{ label: 'Revenue', sum: 'revenue' }, { label: 'Cost of sales', sum: 'costOfSales' }, { label: 'Gross profit', sum: 'grossProfit' }] },
    columns: [
      { key: 'day', label: 'Date', format: 'date' }, { key: 'revenue', label: 'Revenue', format: 'money' },
      { key: 'costOfSales', label: 'Cost of sales', format: 'money' }, { key: 'grossProfit', label: 'Gross profit', format: 'money' },
      percent('marginPercent', 'Margin %'),
    ],
    defaultSort: { key: 'day', direction: 'asc' },
  },
  driverPerformance: {
    id: 'driverPerformance', path: '/reports/driver-performance', title: 'Driver Performance',
    exportName: EXPORT_FILE_NAMES.driverAnalysis,
    filters: ['dateRange', 'driver', 'company', 'holiday'], dateTypes: ['Due Date', 'Created', 'Deliver by'],
    figures: [
      count('drivers', 'Drivers'), count('tasks', 'Tasks'), percent('compliancePercent', 'Arrival compliance'), count('exceptions', 'Exceptions'),
    ],
    chart: { kind: 'bar', labelKey: 'driver', stacked: true, series: [{ label: 'On time', sum: 'onTimeArrivals' }, { label: 'Late', sum: 'lateArrivals' }, { label: 'Exceptions', sum: 'exceptions' }] },
    columns: [
      text('driver', 'Driver'), count('jobs', 'Jobs'), count('tasks', 'Tasks'), count('completed', 'Completed'),
      count('onTimeArrivals', 'On-time arrivals'), count('lateArrivals', 'Late arrivals'), percent('compliancePercent', 'Compliance %'),
      count('exceptions', 'Exceptions'), count('delivered', 'Delivered'),
    ],
    defaultSort: { key: 'tasks', direction: 'desc' },
  },
  hubDeliveries: {
    id: 'hubDeliveries', path: '/reports/hub-deliveries', title: 'Hub Deliveries',
    exportName: EXPORT_FILE_NAMES.hubDeliveries,
    filters: ['dateRange', 'hub', 'company', 'slaTypes', 'holiday'], dateTypes: DELIVERY_DATES,
    figures: [count('deliveries', 'Deliveries'), count('delivered', 'Delivered'), count('inProgress', 'In progress'), count('terminated', 'Terminated')],
    chart: { kind: 'bar', labelKey: 'hub', stacked: true, series: [{ label: 'Delivered', sum: 'delivered' }, { label: 'In progress', sum: 'inProgress' }, { label: 'Terminated', sum: 'terminated' }] },
    columns: [
      text('hub', 'Hub'), count('deliveries', 'Deliveries'), count('delivered', 'Delivered'), count('inProgress', 'In progress'),
      count('terminated', 'Terminated'), percent('onTimePercent', 'On-time %'),
    ],
    defaultSort: { key: 'deliveries', direction: 'desc' },
  },
  deliveriesDue: {
    id: 'deliveriesDue', path: '/deliveries-due', title: 'Deliveries Due',
    // Ours: the spec names no export for the due list; it is a list of deliveries.
    exportName: 'Deliveries Due',
    filters: ['company', 'store', 'hub', 'slaTypes'],
    figures: [count('due', 'Due'), count('overdue', 'Overdue'), count('dueToday', 'Due today')],
    chart: { kind: 'bar', labelKey: 'task', stacked: true, series: [{ label: 'Overdue', sum: 'overdue' }, { label: 'Due today', sum: 'dueToday' }] },
    columns: [
      text('waybill', 'Waybill'), text('company', 'Company'), text('store', 'Store'), text('status', 'Status'), text('task', 'Due'),
      { key: 'windowEnd', label: 'Window end', format: 'datetime' }, { key: 'minutesOverdue', label: 'Minutes overdue', format: 'minutes' },
    ],
    defaultSort: { key: 'windowEnd', direction: 'asc' },
    sortable: ['windowEnd'],
    maxPageRows: REPORT_ROW_PAGE_DEPTH,
    refreshMs: DELIVERIES_DUE_REFRESH_MS,
    live: true,
  },
  driverVisibility: {
    id: 'driverVisibility', path: '/reports/driver-visibility', title: 'Driver Visibility',
    exportName: EXPORT_FILE_NAMES.driverVisibility,
    filters: ['driver'],
    figures: [count('drivers', 'Drivers'), count('visible', 'Seen in the last hour'), count('available', 'Available'), count('busy', 'Busy')],
    chart: { kind: 'doughnut', labelKey: 'availability', series: [{ label: 'Drivers', count: true }] },
    columns: [
      text('driver', 'Driver'), text('availability', 'Availability'), { key: 'lastSeenAt', label: 'Last seen', format: 'datetime' },
      minutes('minutesSinceSeen', 'Minutes since seen'), text('location', 'Last location'), count('activeJobs', 'Active jobs'),
      text('vehicle', 'Vehicle'),
    ],
    defaultSort: { key: 'lastSeenAt', direction: 'desc' },
  },
  driverSchedules: {
    id: 'driverSchedules', path: '/reports/driver-schedules', title: 'Driver Schedules',
    // Ours: the spec lists a "driver schedule" report but names no export for it.
    exportName: 'Driver Schedules',
    filters: ['dateRange', 'driver', 'holiday'], dateTypes: ['Due Date'],
    figures: [count('drivers', 'Drivers'), count('tasks', 'Tasks'), count('jobs', 'Jobs'), { key: 'scheduledHours', label: 'Scheduled hours', format: 'count' }],
    chart: { kind: 'bar', labelKey: 'day', series: [{ label: 'Tasks', sum: 'tasks' }, { label: 'Drivers', count: true }] },
    columns: [
      { key: 'day', label: 'Date', format: 'date' }, text('driver', 'Driver'), count('jobs', 'Jobs'), count('tasks', 'Tasks'),
      { key: 'firstWindowStart', label: 'First window', format: 'datetime' }, { key: 'lastWindowEnd', label: 'Last window end', format: 'datetime' },
      minutes('scheduledMinutes', 'Scheduled span'),
    ],
    defaultSort: { key: 'day', direction: 'asc' },
  },
  autoAssignEfficiency: {
    id: 'autoAssignEfficiency', path: '/reports/auto-assign-efficiency', title: 'Auto Assign Efficiency',
    exportName: EXPORT_FILE_NAMES.driverAutoAssignEfficiency,
    filters: ['dateRange', 'company', 'holiday'], dateTypes: ['Created'],
    note: 'Auto-assigned: the jobs auto-dispatch assigned, of those that got a driver; kept: of those, still with the driver it chose.',
    figures: [
      count('jobs', 'Jobs'), percent('assignedPercent', 'Assigned'), count('rejected', 'Rejected by a driver'),
      minutes('averageMinutesToStart', 'Average time to start'), percent('autoAssignedPercent', 'Auto-assigned'),
      percent('autoKeptPercent', 'Auto-assigned and kept'),
    ],
    chart: { kind: 'bar', labelKey: 'day', stacked: true, series: [{ label: 'Assigned', sum: 'assigned' }, { label: 'Unassigned', sum: 'unassigned' }] },
    columns: [
      { key: 'day', label: 'Date', format: 'date' }, count('jobs', 'Jobs'), count('assigned', 'Assigned'), count('unassigned', 'Unassigned'),
      count('rejected', 'Rejected'), percent('assignedPercent', 'Assigned %'), minutes('averageMinutesToStart', 'Average time to start'),
      count('autoAssigned', 'Auto-assigned'), count('autoKept', 'Auto-assigned and kept'), percent('autoKeptPercent', 'Kept %'),
      { key: 'averageAutoKm', label: 'Average km to first stop (auto)', format: 'count' },
    ],
    defaultSort: { key: 'day', direction: 'asc' },
  },
  driverWaitTime: {
    id: 'driverWaitTime', path: '/reports/driver-wait-time', title: 'Driver Wait Time',
    // Ours: the spec names no export for it.
    exportName: 'Driver Wait Time',
    filters: ['dateRange', 'driver', 'company', 'store', 'holiday'], dateTypes: TASK_DATES,
    figures: [
      count('stops', 'Stops'), minutes('averageWait', 'Average wait'), minutes('averagePickUpWait', 'Average pick-up wait'),
      minutes('averageDropOffWait', 'Average drop-off wait'),
    ],
    chart: { kind: 'bar', labelKey: 'driver', series: [{ label: 'Wait minutes', sum: 'waitMinutes' }] },
    columns: [
      text('driver', 'Driver'), count('stops', 'Stops'), count('pickUpStops', 'Pick-up stops'), count('dropOffStops', 'Drop-off stops'),
      minutes('waitMinutes', 'Total wait'), minutes('averageWait', 'Average wait'), minutes('averagePickUpWait', 'Average pick-up wait'),
      minutes('averageDropOffWait', 'Average drop-off wait'), minutes('longestWait', 'Longest wait'),
    ],
    defaultSort: { key: 'averageWait', direction: 'desc' },
  },
  driverKpi: {
    id: 'driverKpi', path: '/reports/driver-kpi', title: 'Driver KPI',
    // Ours: the spec names no export for it.
    exportName: 'Driver KPI',
    filters: ['dateRange', 'driver', 'company', 'holiday'], dateTypes: TASK_DATES,
    figures: [
      count('drivers', 'Drivers'), percent('compliancePercent', 'Arrival compliance'), percent('completionPercent', 'Task completion'),
      { key: 'averageRating', label: 'Average rating', format: 'count' },
    ],
    chart: { kind: 'bar', labelKey: 'driver', series: [{ label: 'Compliance %', sum: 'compliancePercent' }, { label: 'Completion %', sum: 'completionPercent' }] },
    columns: [
      text('driver', 'Driver'), count('tasks', 'Tasks'), percent('completionPercent', 'Completion %'), percent('compliancePercent', 'Compliance %'),
      percent('exceptionPercent', 'Exception %'), count('delivered', 'Delivered'), count('ratings', 'Ratings'),
      { key: 'averageRating', label: 'Average rating', format: 'count' },
    ],
    defaultSort: { key: 'tasks', direction: 'desc' },
  },
  exceptions: {
    id: 'exceptions', path: '/reports/exceptions', title: 'Exceptions',
    // Ours: the spec names no export for the retailer-specific exceptions report.
    exportName: 'Exceptions',
    filters: ['dateRange', 'company', 'store', 'slaTypes', 'holiday'], dateTypes: TASK_DATES,
    figures: [count('exceptions', 'Exceptions'), count('deliveries', 'Deliveries affected'), count('pickUp', 'At pick-up'), count('dropOff', 'At drop-off')],
    chart: { kind: 'doughnut', labelKey: 'reason', series: [{ label: 'Exceptions', count: true }] },
    columns: [
      text('waybill', 'Waybill'), text('company', 'Company'), text('store', 'Store'), text('task', 'Task'), text('reason', 'Reason'),
      text('driver', 'Driver'), { key: 'windowEnd', label: 'Window end', format: 'datetime' }, { key: 'exceptionAt', label: 'Recorded', format: 'datetime' },
      text('status', 'Delivery status'),
    ],
    defaultSort: { key: 'exceptionAt', direction: 'desc' },
  },
  driverAssignment: {
    id: 'driverAssignment', path: '/reports/driver-assignment', title: 'Driver Assignment',
    // Ours: the spec names no export for it.
    exportName: 'Driver Assignment',
    filters: ['dateRange', 'driver', 'company', 'holiday'], dateTypes: ['Created'],
    figures: [count('drivers', 'Drivers'), count('jobs', 'Jobs assigned'), count('completed', 'Completed'), count('inProgress', 'In progress')],
    chart: { kind: 'bar', labelKey: 'driver', stacked: true, series: [{ label: 'Completed', sum: 'completed' }, { label: 'In progress', sum: 'inProgress' }, { label: 'Not started', sum: 'notStarted' }, { label: 'Cancelled', sum: 'cancelled' }] },
    columns: [
      text('driver', 'Driver'), text('availability', 'Availability'), count('jobs', 'Jobs'), count('notStarted', 'Not started'),
      count('inProgress', 'In progress'), count('completed', 'Completed'), count('cancelled', 'Cancelled'), count('deliveries', 'Deliveries'),
      count('rejected', 'Rejected'),
    ],
    defaultSort: { key: 'jobs', direction: 'desc' },
  },
  driverCommunication: {
    id: 'driverCommunication', path: '/reports/driver-communication', title: 'Driver Communication',
    // Ours: the spec names no export for it.
    exportName: 'Driver Communication',
    filters: ['dateRange', 'driver', 'holiday'], dateTypes: ['Created'],
    figures: [count('messages', 'Messages'), count('sent', 'Sent'), count('failed', 'Not sent'), count('drivers', 'Drivers reached')],
    chart: { kind: 'bar', labelKey: 'channel', stacked: true, series: [{ label: 'Sent', sum: 'sent' }, { label: 'Not sent', sum: 'failed' }] },
    columns: [
      text('driver', 'Driver'), text('channel', 'Channel'), text('purpose', 'Purpose'), text('subject', 'Subject'),
      { key: 'createdAt', label: 'Created', format: 'datetime' }, { key: 'sentAt', label: 'Sent', format: 'datetime' }, count('attempts', 'Attempts'),
      text('lastError', 'Last error'),
    ],
    defaultSort: { key: 'createdAt', direction: 'desc' },
  },
  addressVariation: {
    id: 'addressVariation', path: '/reports/address-variation', title: 'Address Variation',
    // Ours: the spec names no export for it.
    exportName: 'Address Variation',
    filters: ['dateRange', 'driver', 'company', 'store', 'holiday'], dateTypes: TASK_DATES,
    figures: [
      count('arrivals', 'Arrivals with a position'), count('variations', 'Away from the address'),
      percent('variationPercent', 'Variation rate'), { key: 'averageVariationKm', label: 'Average distance away (km)', format: 'count' },
    ],
    chart: { kind: 'bar', labelKey: 'task', series: [{ label: 'Away from the address', count: true }] },
    columns: [
      text('waybill', 'Waybill'), text('task', 'Task'), text('driver', 'Driver'), text('address', 'Booked address'),
      text('arrivedPosition', 'Where the driver arrived'), { key: 'distanceKm', label: 'Distance (km)', format: 'count' },
      { key: 'arrivedAt', label: 'Arrived', format: 'datetime' },
    ],
    defaultSort: { key: 'distanceKm', direction: 'desc' },
    sortable: ['distanceKm'],
    maxPageRows: REPORT_ROW_PAGE_DEPTH,
  },
  locationProximity: {
    id: 'locationProximity', path: '/reports/location-proximity', title: 'Location Proximity',
    // Ours: the spec names no export for it.
    exportName: 'Location Proximity',
    filters: ['dateRange', 'driver', 'company', 'store', 'holiday'], dateTypes: TASK_DATES,
    figures: [
      count('arrivals', 'Arrivals with a position'), percent('nearPercent', 'At the stop'),
      count('farArrivals', 'Away from the stop'), { key: 'averageDistanceKm', label: 'Average distance (km)', format: 'count' },
    ],
    chart: { kind: 'bar', labelKey: 'driver', stacked: true, series: [{ label: 'At the stop', sum: 'nearArrivals' }, { label: 'Away from the stop', sum: 'farArrivals' }] },
    columns: [
      text('driver', 'Driver'), count('arrivals', 'Arrivals'), count('nearArrivals', 'At the stop'), count('farArrivals', 'Away from the stop'),
      percent('nearPercent', 'At the stop %'), { key: 'averageDistanceKm', label: 'Average distance (km)', format: 'count' },
      { key: 'maxDistanceKm', label: 'Farthest (km)', format: 'count' },
    ],
    defaultSort: { key: 'arrivals', direction: 'desc' },
  },
  acceptanceCompliance: {
    id: 'acceptanceCompliance', path: '/reports/acceptance-and-compliance', title: 'Acceptance and Compliance',
    // Ours: the spec names no export for it.
    exportName: 'Acceptance and Compliance',
    filters: ['dateRange', 'driver', 'company', 'holiday'], dateTypes: ['Created'],
    note: 'Only the last driver who turned a job down is recorded: earlier refusals of the same job are not counted.',
    figures: [
      count('drivers', 'Drivers'), count('offers', 'Jobs offered'), percent('acceptancePercent', 'Acceptance'),
      percent('compliancePercent', 'Arrival compliance'),
    ],
    chart: { kind: 'bar', labelKey: 'driver', stacked: true, series: [{ label: 'Started', sum: 'started' }, { label: 'Not started', sum: 'notStarted' }, { label: 'Turned down', sum: 'rejected' }] },
    columns: [
      text('driver', 'Driver'), count('offers', 'Offered'), count('jobs', 'Assigned'), count('started', 'Started'), count('notStarted', 'Not started'),
      count('rejected', 'Turned down'), percent('acceptancePercent', 'Acceptance %'), count('arrivals', 'Arrivals'),
      count('onTimeArrivals', 'On-time arrivals'), percent('compliancePercent', 'Compliance %'),
    ],
    defaultSort: { key: 'offers', direction: 'desc' },
  },
  driverScreening: {
    id: 'driverScreening', path: '/reports/driver-screening', title: 'Driver Screening',
    exportName: EXPORT_FILE_NAMES.driverScreening,
    filters: ['dateRange', 'holiday'], dateTypes: ['Created'],
    figures: [
      count('applications', 'Applications'), count('approved', 'Approved'), count('pending', 'Pending'),
      count('documentsToCheck', 'Documents to check'),
    ],
    chart: { kind: 'doughnut', labelKey: 'status', series: [{ label: 'Applications', count: true }] },
    columns: [
      text('applicant', 'Applicant'), text('type', 'Type'), text('status', 'Status'), text('progress', 'Progress'),
      count('documents', 'Documents'), count('valid', 'Valid'), count('documentsToCheck', 'To check'), count('expired', 'Expired or expiring'),
      count('rejectedDocuments', 'Rejected documents'), { key: 'createdAt', label: 'Applied', format: 'datetime' },
      { key: 'decidedAt', label: 'Decided', format: 'datetime' },
    ],
    defaultSort: { key: 'createdAt', direction: 'desc' },
  },
  financeMetrics: {
    id: 'financeMetrics', path: '/finance/metrics', title: 'Finance Metrics',
    // Ours: the spec names no export for the finance metrics.
    exportName: 'Finance Metrics',
    filters: ['dateRange', 'period'], dateTypes: ['Delivery Transaction Date'],
    figures: [
      { key: 'revenue', label: 'Revenue', format: 'money' }, { key: 'costOfSales', label: 'Cost of sales', format: 'money' },
      { key: 'grossProfit', label: 'Gross profit', format: 'money' }, percent('marginPercent', 'Gross margin'),
      { key: 'receivables', label: 'Outstanding receivables', format: 'money' }, { key: 'payables', label: 'Outstanding payables', format: 'money' },
    ],
    chart: {
      kind: 'line', labelKey: 'period', money: true,
      series: [{ label: 'Revenue', sum: 'revenue' }, { label: 'Cost of sales', sum: 'costOfSales' }, { label: 'Gross profit', sum: 'grossProfit' }, { label: 'Receivables', sum: 'receivables' }, { label: 'Payables', sum: 'payables' }],
    },
    columns: [
      { key: 'period', label: 'Period', format: 'date' }, { key: 'revenue', label: 'Revenue', format: 'money' },
      { key: 'costOfSales', label: 'Cost of sales', format: 'money' }, { key: 'grossProfit', label: 'Gross profit', format: 'money' },
      percent('marginPercent', 'Margin %'), { key: 'receivables', label: 'Receivables at end', format: 'money' },
      { key: 'payables', label: 'Payables at end', format: 'money' },
    ],
    defaultSort: { key: 'period', direction: 'asc' },
  },
  driverPayAnalysis: {
    id: 'driverPayAnalysis', path: '/finance/driver-pay-analysis', title: 'Driver Pay Analysis',
    exportName: EXPORT_FILE_NAMES.driverAnalysis,
    filters: ['dateRange', 'driver'], dateTypes: ['Delivery Transaction Date'],
    figures: [
      count('drivers', 'Drivers'), count('jobs', 'Jobs'), { key: 'total', label: 'Driver pay', format: 'money' },
      { key: 'averagePerJob', label: 'Average per job', format: 'money' },
    ],
    chart: { kind: 'bar', labelKey: 'driver', stacked: true, money: true, series: [{ label: 'Completion pay', sum: 'pay' }, { label: 'Adjustments', sum: 'adjustments' }] },
    columns: [
      text('driver', 'Driver'), count('jobId', 'Job'), { key: 'completedAt', label: 'Completed', format: 'datetime' },
      { key: 'pay', label: 'Completion pay', format: 'money' }, { key: 'adjustments', label: 'Adjustments', format: 'money' },
      { key: 'total', label: 'Total', format: 'money' },
    ],
    defaultSort: { key: 'driver', direction: 'asc' },
  },
  amendments: {
    id: 'amendments', path: '/finance/amendments', title: 'Amendments',
    // Ours: the spec names no export for it.
    exportName: 'Amendments',
    filters: ['dateRange'], dateTypes: ['Delivery Transaction Date'],
    figures: [count('amendments', 'Amendments'), count('adjustments', 'Adjustments'), count('reversals', 'Reversals')],
    chart: { kind: 'doughnut', labelKey: 'kind', series: [{ label: 'Amendments', count: true }] },
    columns: [
      { key: 'createdAt', label: 'When', format: 'datetime' }, text('who', 'Who'), text('kind', 'What'), text('reason', 'Why'),
      text('waybill', 'Waybill'), count('jobId', 'Job'), count('transactionId', 'Transaction'),
      { key: 'amount', label: 'Amount excl (+ debit, − credit)', format: 'money' },
    ],
    defaultSort: { key: 'createdAt', direction: 'desc' },
  },
};

/** The columns a report's table sorts by (its declaration's sortable, else every column). */
export function reportSortKeys(report: ReportDeclaration): string[] {
  return report.sortable ? [...report.sortable] : report.columns.map((column) => column.key);
}

/** The last page a report's table serves at this page size (its page depth; Infinity without one). */
export function reportLastPage(report: ReportDeclaration, pageSize: number): number {
  return report.maxPageRows === undefined ? Infinity : Math.max(1, Math.floor(report.maxPageRows / pageSize));
}

export function reportForPath(path: string): ReportDeclaration | undefined {
  return Object.values(REPORTS).find((report) => report.path === path);
}

/** The tier names in order, for charts and the docs (bands in src/lib/constants.ts). */
export const CUSTOMER_TIER_NAMES = CUSTOMER_TIERS.map((tier) => tier.name);

/** Which query parameters a declaration accepts (the rest answer 400 naming them). */
export function reportParams(report: ReportDeclaration): Set<string> {
  return new Set<string>([...REPORT_LIST_PARAMS, ...report.filters.flatMap((filter) => REPORT_FILTER_PARAMS[filter])]);
}

export const REPORT_TEXTS = {
  unknownParameter: (name: string, report: string) => `${name} is not a filter of the ${report} report`,
  unknownSort: (name: string, allowed: string[]) => `sortby '${name}' is not sortable here; use one of ${allowed.join(', ')}`,
  pageTooDeep: (rows: number, lastPage: number) =>
    `page reaches past the first ${rows.toLocaleString('en')} rows of this order; the last page at this page size is ${lastPage}: narrow the filters, sort the other way or export`,
  pagesEnd: (rows: number) =>
    `Pages show the first ${rows.toLocaleString('en')} rows of this order. Narrow the filters, sort the other way or export to see the rest.`,
  rangeTooLong: (days: number) => `The date range may span at most ${days} days`,
  endBeforeStart: 'The end date must not be before the start date',
  dateTypeNotOffered: (type: string, report: string) => `The ${report} report does not filter by ${type}`,
  noData: 'No figures for these filters',
  loadFailed: 'The report could not be loaded.',
  apply: 'Apply',
  export: 'Export',
  retry: 'Try again',
  chart: (title: string) => `${title} chart`,
  unavailableTitle: 'Not available yet',
} as const;

// ---- Scheduled reports (issue 17; 002 section 9): in ./scheduled-reports, apart from the registry above, so the
// scheduled reports' list (the resource registry, on every back-office list's path) does not load every report. ----
export * from './scheduled-reports';
