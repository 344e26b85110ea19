import { api } from '../api';
import type { components } from '../api/generated/connect';
import { DATE_FORMATS, PAGE_SIZE_OPTIONS } from '../lib/constants';
import { formatDate } from '../lib/date-format';
import { SCHEDULED_DAYS, SCHEDULED_REPORT_PERIODS, SCHEDULED_REPORT_TYPES } from '../lib/scheduled-reports';
import { entityCalls, resourceApi, type EntityRow } from './provider';
import type { FormValues, ResourceDef } from './types';

type ScheduledReport = EntityRow<'scheduledreports'>;
/** The row as the screens hold it: the report type as the form's option value. */
export type ScheduledReportRow = Omit<ScheduledReport, 'reportType'> & { reportType: string };

const TYPE_OPTIONS = Object.keys(SCHEDULED_REPORT_TYPES);
const TYPE_LABELS = Object.fromEntries(Object.entries(SCHEDULED_REPORT_TYPES).map(([code, type]) => [code, type.name]));

const rowOf = (row: ScheduledReport): ScheduledReportRow => ({ ...row, reportType: String(row.reportType) });
const text = (value: FormValues[string] | undefined) => (typeof value === 'string' ? value : '');
const periodOf = (value: FormValues[string] | undefined) => SCHEDULED_REPORT_PERIODS.find((period) => period === value) ?? 'Weekly';
const dayOf = (value: FormValues[string] | undefined) => SCHEDULED_DAYS.find((day) => day === value) ?? 'Monday';

/** The form's values as the contract's body (report type by its 002 section 9 number). */
function scheduledReportBody(values: FormValues) {
  return {
    reportType: Number(values.reportType),
    period: periodOf(values.period),
    scheduledDay: dayOf(values.scheduledDay),
    recipients: text(values.recipients),
    companyid: values.companyid ? Number(values.companyid) : null,
    isActive: values.isActive !== false,
  };
}

/**
 * Scheduled reports (002 section 2: /scheduledreports, add, edit; administrator and management): a report emailed
 * as its .xlsx on a schedule by the server's job queue (server/domain/scheduled-reports.ts).
 */
export const scheduledReportsResource: ResourceDef<ScheduledReportRow> = {
  id: 'scheduledReports',
  title: 'Scheduled Reports',
  singular: 'scheduled report',
  routes: { list: '/scheduledreports', add: '/scheduledreports/add', edit: '/scheduledreports/edit/:id' },
  operations: {
    list: 'getscheduledreports', get: 'getscheduledreport', create: 'createscheduledreport', update: 'updatescheduledreport',
    remove: 'deletescheduledreports',
  },
  columns: [
    { key: 'reportName', header: 'Report', sortKey: 'reportType' },
    { key: 'period', header: 'Period' },
    { key: 'scheduledDay', header: 'Scheduled day', text: (row) => (row.period === 'Weekly' ? row.scheduledDay : row.period === 'Monthly' ? '1st of the month' : 'Every day') },
    { key: 'recipients', header: 'Recipients' },
    { key: 'companyName', header: 'Company', text: (row) => row.companyName ?? 'All companies' },
    { key: 'nextRunAt', header: 'Next run', sortKey: 'nextRunAt', text: (row) => formatDate(row.nextRunAt, DATE_FORMATS.dateTime) },
    { key: 'lastRunStatus', header: 'Last run', text: (row) => row.lastRunStatus ?? '' },
    { key: 'isActive', header: 'Active', sortKey: 'isActive', text: (row) => (row.isActive ? 'Yes' : 'No') },
  ],
  filters: [{ kind: 'boolean', name: 'isActive', label: 'Active' }],
  fields: [
    { name: 'reportType', label: 'Report type', kind: 'enum', required: true, options: TYPE_OPTIONS, optionLabels: TYPE_LABELS },
    { name: 'period', label: 'Period', kind: 'enum', required: true, options: SCHEDULED_REPORT_PERIODS },
    { name: 'scheduledDay', label: 'Scheduled day (weekly)', kind: 'enum', options: SCHEDULED_DAYS },
    { name: 'recipients', label: 'Recipients (e-mail addresses, comma-separated)', kind: 'text', required: true, maxLength: 2000 },
    { name: 'companyid', label: 'Company', kind: 'lookup', resource: 'companies', nameField: 'companyName' },
    { name: 'isActive', label: 'Active', kind: 'boolean' },
  ],
  defaultSort: 'nextRunAt',
  pageSizes: PAGE_SIZE_OPTIONS,
  // Ours: the spec names no export for scheduled reports; the server has none.
  exportName: 'Scheduled Reports',
  createOpensEdit: false,
  label: (row) => `${row.reportName} (${row.period})`,
  api: resourceApi(entityCalls('scheduledreports'), {
    row: rowOf, record: rowOf, created: rowOf, updated: rowOf, createBody: scheduledReportBody, remove: 'byIds', select: 'none',
  }),
};

/** A run of a scheduled report: its status, the range it covered and the file it produced. */
export type ScheduledReportRun = components['schemas']['ScheduledReportRun'];

/** The runs of one schedule, newest first (the edit screen's run history). */
export async function loadScheduledReportRuns(cca2: string, id: number, signal?: AbortSignal): Promise<ScheduledReportRun[]> {
  const { data } = await api.connect.GET('/scheduledreports/{cca2}/{id}/runs', { params: { path: { cca2, id } }, signal });
  return data!;
}

/** "Run now": queues a run of the last period (the job queue delivers it). */
export async function runScheduledReportNow(cca2: string, id: number): Promise<ScheduledReportRun> {
  const { data } = await api.connect.POST('/scheduledreports/{cca2}/{id}/runs', { params: { path: { cca2, id } } });
  return data!;
}

/** The .xlsx a run produced, streamed (the download button reads it with progress). */
export async function downloadScheduledReportRun(cca2: string, id: number, runId: number, signal: AbortSignal): Promise<Response> {
  const { response } = await api.connect.GET('/scheduledreports/{cca2}/{id}/runs/{runId}/file', { params: { path: { cca2, id, runId } }, parseAs: 'stream', signal });
  return response;
}
