// Scheduled reports (issue 17; 002 section 9): their types, periods, days and texts. Apart from the report registry
// (./reports, which re-exports these) so the resource registry loads these few constants without every report.
import type { ReportId } from './reports';


/** The report types of 002 section 9, with the registry report each renders (sales and cost of sales: Gross Profit's columns). */
export const SCHEDULED_REPORT_TYPES = {
  1: { name: 'Customer Deliveries', report: 'customerDeliveries' },
  2: { name: 'KPI Performance', report: 'kpiPerformance' },
  3: { name: 'Delivery Summary', report: 'deliverySummary' },
  4: { name: 'Service Levels', report: 'serviceLevels' },
  5: { name: 'Gross Profit', report: 'grossProfit' },
  6: { name: 'Sales', report: 'grossProfit' },
  7: { name: 'Cost of Sales', report: 'grossProfit' },
  8: { name: 'Delivery Termination', report: 'deliveryTermination' },
  9: { name: 'Driver Performance', report: 'driverPerformance' },
} as const satisfies Record<number, { name: string; report: ReportId }>;
export type ScheduledReportType = keyof typeof SCHEDULED_REPORT_TYPES;
export const SCHEDULED_REPORT_PERIODS = ['Daily', 'Weekly', 'Monthly'] as const;
export type ScheduledReportPeriod = (typeof SCHEDULED_REPORT_PERIODS)[number];
/** The scheduled-day filter of 002 section 9, Monday to Sunday (ISO weekday = index + 1). */
export const SCHEDULED_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type ScheduledDay = (typeof SCHEDULED_DAYS)[number];
/** The local hour a scheduled report is sent at (ours: before the working day starts). */
export const SCHEDULED_REPORT_HOUR = 6;
export const SCHEDULED_REPORT_STATUSES = ['Queued', 'Running', 'Sent', 'Failed'] as const;

/** How often a scheduled report's runs are read again while one is queued or running (ours). */
export const SCHEDULED_REPORT_RUNS_POLL_MS = 5_000;

export const SCHEDULED_REPORT_TEXTS = {
  recipientsRequired: 'Add at least one recipient',
  invalidRecipient: (address: string) => `'${address}' is not an e-mail address`,
  emailSubject: (name: string, start: string, end: string) => `${name} report ${start === end ? start : `${start} to ${end}`}`,
  emailBody: (name: string, start: string, end: string) =>
    `Attached: the ${name} report for ${start === end ? start : `${start} to ${end}`}. This report is sent on a schedule; administrators can change it under Reports > Scheduled Reports.`,
  // The runs screen (ours: the spec names the runs, not their screen).
  noRunFile: 'This run has no file: it has not finished, or it failed',
  runs: 'Runs',
  runNow: 'Run now',
  runQueued: 'Queued: the report runs in a moment and is emailed to its recipients.',
  noRuns: 'This report has not run yet.',
  download: 'Download',
} as const;
