import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { reportMachine } from './report.machine';
import type { ReportResult } from '../../resources/reports';

const filters = { startDate: '2026-03-01', endDate: '2026-03-30', dateFilterType: 'Deliver by' };

/** A Service Levels answer: two SLA types, their on-time and late counts in the table and the chart alike. */
export const SERVICE_LEVELS_SAMPLE: ReportResult = {
  figures: { deliveries: 6, onTimePercent: 66.7, pickUpCompliancePercent: 75, dropOffCompliancePercent: 50 },
  chart: { labels: ['Priority', 'Standard'], series: [[0, 2], [0, 1]] },
  items: [
    { key: 'Priority', slaType: 'Priority', deliveries: 2, delivered: 0, onTime: 0, late: 0, onTimePercent: null, pickUpCompliancePercent: null, dropOffCompliancePercent: null },
    { key: 'Standard', slaType: 'Standard', deliveries: 4, delivered: 3, onTime: 2, late: 1, onTimePercent: 66.7, pickUpCompliancePercent: 75, dropOffCompliancePercent: 50 },
  ],
  paging: { page: 1, pageSize: 20, totalItems: 2, totalPages: 1 },
};

/** A Deliveries Due answer: one overdue pick-up. */
export const DELIVERIES_DUE_SAMPLE: ReportResult = {
  figures: { due: 1, overdue: 1, dueToday: 0 },
  chart: { labels: ['Pick-up'], series: [[1], [0]] },
  items: [{ key: '6', waybill: 'RPT6', company: 'Acme Retail', store: null, status: 'Pending pick-up', task: 'Pick-up', windowEnd: '2026-03-10T09:00:00Z', minutesOverdue: 95, overdue: 1, dueToday: 0 }],
  paging: { page: 1, pageSize: 20, totalItems: 1, totalPages: 1 },
};

export const reportSamples = defineSamples(reportMachine, [
  {
    name: 'open Service Levels, filter by SLA type, sort, then page',
    input: { cca2: 'ZA', report: 'serviceLevels', filters },
    events: [
      { type: 'xstate.done.actor.loadReport', output: SERVICE_LEVELS_SAMPLE },
      { type: 'report.filter', name: 'slaTypes', value: 'Standard' },
      { type: 'report.apply' },
      { type: 'xstate.done.actor.loadReport', output: SERVICE_LEVELS_SAMPLE },
      { type: 'report.sort', sortBy: 'deliveries' },
      { type: 'xstate.done.actor.loadReport', output: SERVICE_LEVELS_SAMPLE },
      { type: 'report.page', page: 1 },
      { type: 'xstate.done.actor.loadReport', output: SERVICE_LEVELS_SAMPLE },
      { type: 'report.pageSize', pageSize: 50 },
      { type: 'xstate.done.actor.loadReport', output: SERVICE_LEVELS_SAMPLE },
    ],
  },
  {
    name: 'a range over the limit is refused, then corrected',
    input: { cca2: 'ZA', report: 'serviceLevels', filters },
    events: [
      { type: 'xstate.error.actor.loadReport', error: toApiError(400, { message: 'The date range may span at most 366 days', errors: { endDate: ['The date range may span at most 366 days'] } }, '/connect/reports/ZA/serviceLevels') },
      { type: 'report.clearFilters' },
      { type: 'report.retry' },
      { type: 'xstate.done.actor.loadReport', output: SERVICE_LEVELS_SAMPLE },
    ],
  },
  {
    name: 'Deliveries Due reloads on its own every minute, when a delivery changes and after a reconnect',
    input: { cca2: 'ZA', report: 'deliveriesDue', filters: {} },
    events: [
      { type: 'xstate.done.actor.loadReport', output: DELIVERIES_DUE_SAMPLE },
      { type: 'xstate.after.refresh.report.ready' },
      { type: 'xstate.done.actor.loadReport', output: DELIVERIES_DUE_SAMPLE },
      { type: 'report.changed' },
      { type: 'xstate.done.actor.loadReport', output: DELIVERIES_DUE_SAMPLE },
      { type: 'connection.reconnected' },
      { type: 'xstate.done.actor.loadReport', output: DELIVERIES_DUE_SAMPLE },
    ],
  },
], 'transitions');
