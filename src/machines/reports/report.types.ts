import type { ApiError } from '../../api/api-error';
import type { ReportId } from '../../lib/reports';
import type { ReportParams, ReportResult } from '../../resources/reports';

export interface ReportInput {
  cca2: string;
  report: ReportId;
  /** The filters the screen opens with (the default date range). */
  filters: Record<string, string>;
  pageSize?: number;
}

export interface ReportContext {
  cca2: string;
  report: ReportId;
  /** What the last load asked for (the table, chart and figures show its answer). */
  params: ReportParams;
  /** The filter controls as the user is editing them; Apply loads them. */
  draft: Record<string, string>;
  result: ReportResult | undefined;
  error: ApiError | undefined;
}

export interface LoadReportInput {
  cca2: string;
  report: ReportId;
  params: ReportParams;
}

export type ReportEvent =
  | { type: 'report.filter'; name: string; value: string | undefined }
  | { type: 'report.clearFilters' }
  | { type: 'report.apply' }
  | { type: 'report.sort'; sortBy: string }
  | { type: 'report.page'; page: number }
  | { type: 'report.pageSize'; pageSize: number }
  | { type: 'report.retry' }
  /** A delivery changed (dashboard hub): a live report reloads. */
  | { type: 'report.changed' }
  | { type: 'connection.reconnected' };

/** Emitted after each load: the screen writes the applied filters into the URL (a link to the same figures). */
export type ReportEmitted = { type: 'report.loaded'; filters: Record<string, string> };

/** The machine's types for `setup({ types })`: one schema (context, events, input, emitted, tags). */
export interface ReportSchema {
  input: ReportInput;
  context: ReportContext;
  events: ReportEvent;
  emitted: ReportEmitted;
  tags: 'loading';
}
