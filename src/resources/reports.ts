import { DateTime } from 'luxon';
import { decideOperationAccess, OPERATION_ACCESS } from '../lib/access';
import type { Permissions } from '../lib/roles';
import { api } from '../api';
import type { components, operations } from '../api/generated/connect';
import { HOLIDAY_FILTERS, SLA_TYPES } from '../lib/constants';
import {
  REPORT_DATE_TYPES, REPORT_DEFAULT_RANGE_DAYS, REPORT_FILTER_PARAMS, REPORT_PERIODS, type ReportDateType, type ReportDeclaration, type ReportFilter, type ReportId,
} from '../lib/reports';
import { resourceOf } from './index';
import type { FilterDef, ResourceId } from './types';

/**
 * The client half of the report registry (src/lib/reports.ts): each declaration's filters as the shared filter
 * controls, and the one call that loads or exports any report.
 */

export type ReportResult = components['schemas']['ReportResult'];
export type ReportQuery = NonNullable<operations['getreport']['parameters']['query']>;

/**
 * The registry's ids, date filter types and holiday filters are the contract's: src/lib may not import the generated
 * types (it imports nothing of ours), so these assertions make any drift between the two a compile error here.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type ReportContractChecks = [
  Assert<Same<ReportId, components['schemas']['ReportId']>>,
  Assert<Same<ReportDateType, NonNullable<ReportQuery['dateFilterType']>>>,
  Assert<Same<(typeof HOLIDAY_FILTERS)[number], NonNullable<ReportQuery['holidayFilter']>>>,
  Assert<Same<(typeof REPORT_PERIODS)[number], NonNullable<ReportQuery['period']>>>,
];

/** What the report screen asks for: the filter values as the controls hold them, and the table's page and sort. */
export interface ReportParams {
  filters: Record<string, string>;
  page: number;
  pageSize: number;
  sortBy: string;
  sortDirection: 'asc' | 'desc';
}

const CONTROLS: Record<ReportFilter, (report: ReportDeclaration) => FilterDef[]> = {
  dateRange: (report) => [
    { kind: 'date', name: 'startDate', label: 'From' },
    { kind: 'date', name: 'endDate', label: 'To' },
    ...(report.dateTypes && report.dateTypes.length > 1
      ? [{ kind: 'enum', name: 'dateFilterType', label: 'Date', options: report.dateTypes } as const]
      : []),
  ],
  company: () => [{ kind: 'lookup', name: 'companyid', label: 'Company', resource: 'companies' }],
  store: () => [{ kind: 'lookup', name: 'storeid', label: 'Store', resource: 'stores' }],
  driver: () => [{ kind: 'lookup', name: 'driverid', label: 'Driver', resource: 'users' }],
  hub: () => [{ kind: 'lookup', name: 'hubId', label: 'Hub', resource: 'hubs' }],
  slaTypes: () => [{ kind: 'enum', name: 'slaTypes', label: 'SLA type', options: SLA_TYPES }],
  holiday: () => [{ kind: 'enum', name: 'holidayFilter', label: 'Holiday filter', options: HOLIDAY_FILTERS }],
  period: () => [{ kind: 'enum', name: 'period', label: 'Period', options: REPORT_PERIODS }],
};

/** The filter controls of a report, in the declaration's order. */
export function reportFilterDefs(report: ReportDeclaration): FilterDef[] {
  return report.filters.flatMap((filter) => CONTROLS[filter](report));
}

/** The resources a report's lookup filters search: its screen loads their declarations before it shows the filters. */
export function reportLookupResources(report: ReportDeclaration): ResourceId[] {
  return [...new Set(reportFilterDefs(report).flatMap((filter) => (filter.kind === 'lookup' ? [filter.resource] : [])))];
}

/** Whether the user gets a filter control: a lookup only if they may search its options (a customer has no Company select). */
export function reportFilterAllowed(filter: FilterDef, permissions: Permissions | null | undefined): boolean {
  if (filter.kind !== 'lookup') return true;
  return decideOperationAccess(OPERATION_ACCESS[resourceOf(filter.resource).operations.list], permissions ?? undefined, 'select') === 'allowed';
}

/**
 * What a report opens with: the range of the last 30 days up to today in the portal's time zone, for its date filter,
 * and the first period (Day) where rows are grouped by one — shown as chosen, as the server groups them.
 */
export function defaultReportFilters(report: ReportDeclaration, timeZone: string, now = DateTime.utc()): Record<string, string> {
  const period: Record<string, string> = report.filters.includes('period') ? { period: REPORT_PERIODS[0] } : {};
  if (!report.filters.includes('dateRange')) return period;
  const today = now.setZone(timeZone);
  return {
    startDate: today.minus({ days: REPORT_DEFAULT_RANGE_DAYS - 1 }).toISODate()!,
    endDate: today.toISODate()!,
    dateFilterType: report.dateTypes?.[0] ?? '',
    ...period,
  };
}

/** The filters of a report's URL (a shared link), or undefined when it names none. Unknown parameters are ignored. */
export function reportFiltersFromSearch(report: ReportDeclaration, search: string): Record<string, string> | undefined {
  const names = new Set<string>(report.filters.flatMap((filter) => REPORT_FILTER_PARAMS[filter]));
  const found = [...new URLSearchParams(search)].filter(([name, value]) => names.has(name) && value !== '');
  return found.length === 0 ? undefined : Object.fromEntries(found);
}

/** The URL search of applied filters, so the address bar is a link to the same figures. */
export function reportSearchOf(filters: Record<string, string>): string {
  const search = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== '')).toString();
  return search ? `?${search}` : '';
}

const numberOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);
const textOf = (value: string | undefined) => (value ? value : undefined);

/** The call's query from the screen's values (empty values are left out). */
export function reportQuery(params: ReportParams): ReportQuery {
  const { filters } = params;
  return {
    startDate: textOf(filters.startDate),
    endDate: textOf(filters.endDate),
    dateFilterType: REPORT_DATE_TYPES.find((type) => type === filters.dateFilterType),
    companyid: numberOf(filters.companyid),
    storeid: numberOf(filters.storeid),
    driverid: numberOf(filters.driverid),
    hubId: numberOf(filters.hubId),
    slaTypes: textOf(filters.slaTypes),
    holidayFilter: HOLIDAY_FILTERS.find((holiday) => holiday === filters.holidayFilter),
    period: REPORT_PERIODS.find((period) => period === filters.period),
    page: params.page,
    pageSize: params.pageSize,
    sortby: params.sortBy,
    sortdirection: params.sortDirection,
  };
}

export async function loadReport(cca2: string, report: ReportId, params: ReportParams, signal?: AbortSignal): Promise<ReportResult> {
  const { data } = await api.connect.GET('/reports/{cca2}/{report}', { params: { path: { cca2, report }, query: reportQuery(params) }, signal });
  if (!data || typeof data === 'string') throw new Error('The server answered without a report');
  return data;
}

/** The whole table as the report's named .xlsx, streamed (the export button reads it with progress). */
export async function exportReport(cca2: string, report: ReportId, params: ReportParams, signal: AbortSignal): Promise<Response> {
  const query = { ...reportQuery({ ...params, page: 1 }), exportExcel: true };
  const { response } = await api.connect.GET('/reports/{cca2}/{report}', { params: { path: { cca2, report }, query }, parseAs: 'stream', signal });
  return response;
}
