import { sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { components, operations } from '../../../src/api/generated/connect';
import { DEFAULT_PAGE_SIZE, EXPORT_BATCH_SIZE, MAX_PAGE_SIZE, SLA_TYPES } from '../../../src/lib/constants';
import {
  REPORT_DEFAULT_RANGE_DAYS, REPORT_MAX_CHART_POINTS, REPORT_MAX_RANGE_DAYS, REPORT_TEXTS, reportLastPage, reportParams, reportSortKeys,
  type HolidayFilter, type ReportColumn, type ReportDateType, type ReportDeclaration, type ReportPeriod,
} from '../../../src/lib/reports';
import { cursorBatches } from '../../db/cursor';
import { rowsOf, type Database } from '../../db/database';
import { badRequest } from '../../http/errors';
import { RowExport, type ExportColumn } from '../export';
import type { PortalData } from '../portals';
import type { Scope } from '../scope';

export type ReportQueryParams = NonNullable<operations['getreport']['parameters']['query']>;
export type ReportResult = components['schemas']['ReportResult'];
type ReportValue = components['schemas']['ReportValue'];
export type ReportRow = Record<string, ReportValue>;

/** Everything a report's query needs, validated: the caller's scope, the portal's time zone, the filters. */
export interface ReportContext {
  portalId: number;
  timeZone: string;
  /** Rows the caller may see; a normal user without company or store sees the deliveries they placed. */
  scope: Scope;
  userId: number;
  startDate: string;
  endDate: string;
  dateType: ReportDateType | undefined;
  holiday: HolidayFilter;
  companyId?: number;
  storeId?: number;
  driverId?: number;
  hubId?: number;
  slaTypes?: string[];
  /** How rows are grouped in time (the finance metrics; Day unless asked). */
  period: ReportPeriod;
  /** Today in the portal's time zone (Deliveries Due). */
  today: string;
  /**
   * The range's days whose report summaries may be stale (report_dirty_days), read in the report's snapshot: set, a
   * report with summaries reads them for the other days; unset, it reads live rows only.
   */
  dirtyDays?: string[];
  /** The same for the task reports' summaries (report_task_dirty_days): set, a report with task summaries reads them. */
  taskDirtyDays?: string[];
  /** The same for the job summaries (report_job_dirty_days, by the local day a job was created). */
  jobDirtyDays?: string[];
}

/** One report's server half: its rows (one per table row, with a unique `key` and every column) and its figures over them. */
export interface ReportQuery {
  /** `lean`: without the pageColumns (asked only when the query declares them). */
  rows(context: ReportContext, lean?: boolean): SQL;
  /**
   * Columns the screen computes for its page's rows only (a row of the page is `p`), unless the table is sorted by one
   * of them: per-row look-ups that neither the figures nor the chart read. Exports read them in the rows.
   */
  pageColumns?: { keys: readonly string[]; select: SQL };
  /** Figure key → an aggregate over the rows (aliased `r`). */
  figures: Record<string, SQL>;
  /** Its rows can come from the daily summaries (report_delivery_days) when `summarised(context)`. */
  summaries?: boolean;
  /** Its rows can come from the daily task summaries (report_task_days) when `taskSummarised(context)`. */
  taskSummaries?: boolean;
  /** Its rows come from the daily job summaries (report_job_days) when the job dirty days are known. */
  jobSummaries?: boolean;
  /** Its screen can read the daily arrival summaries (report_arrival_days) when `arrivalSummarised(context)`. */
  arrivalSummaries?: boolean;
  /**
   * A screen cheaper than materialising every row, when the context allows it (undefined: the materialised rows).
   * The same answer: the total, figures and chart from facts `f` (a summary, say), and the page in `sort` from an
   * index when one answers it (undefined: the rows sorted, limited).
   */
  screen?(context: ReportContext, sort: ReportSort, limit: number, offset: number): ScreenParts | undefined;
}

/**
 * A table's order: a column either way, ties by key. The key ascends, except in the default column's other direction,
 * which is the default order exactly reversed (so an index in the default order, walked backwards, reads it).
 */
export interface ReportSort { key: string; direction: 'asc' | 'desc'; keyDirection: 'asc' | 'desc' }

/** The parts of a screen (ReportQuery.screen): facts read once as `f`; the total, figures (one row) and chart's points over them. */
export interface ScreenParts {
  facts: SQL;
  total: SQL;
  figures: SQL;
  chart: SQL;
  /**
   * The page, read in its order from an index. The screen then plans without sorts (enable_sort off): the planner,
   * misjudging how many rows the window and filters keep, would otherwise sort all of them for a page past the first
   * few (docs/benchmarks.md); without a page, the rows sorted.
   */
  page?: SQL;
  /**
   * The page's keys (ids), read once as `k` before the page is built from them: planned on their own, so the page's
   * joins are not weighed against the cost of a branch of the keys' read that is not run (queries.ts, pageKeys).
   */
  keys?: SQL;
}

/** Whether a grouped delivery report can read the daily summaries: the Deliver-by date and no driver filter. */
export function summarised(context: ReportContext): boolean {
  return (context.dateType === undefined || context.dateType === 'Deliver by') && context.driverId === undefined;
}

/**
 * Whether a per-driver task report can read the daily task summaries: the Due Date type (a task's own day), no driver
 * filter (it also asks the delivery's job), no hub or SLA filter (not summary keys).
 */
export function taskSummarised(context: ReportContext): boolean {
  return (context.dateType === undefined || context.dateType === 'Due Date') && context.driverId === undefined
    && context.hubId === undefined && context.slaTypes === undefined;
}

/**
 * Whether Delivery Arrival and Address Variation can read the daily arrival summaries: the Due Date type (a task's own
 * day), no driver or hub filter (not summary keys; the SLA types are).
 */
export function arrivalSummarised(context: ReportContext): boolean {
  return (context.dateType === undefined || context.dateType === 'Due Date') && context.driverId === undefined && context.hubId === undefined;
}

/** The context with the range's dirty days (in the caller's transaction, so in the same snapshot as the report). */
export async function withDirtyDays(db: Database, reportQuery: ReportQuery, context: ReportContext): Promise<ReportContext> {
  const dirtyOf = async (table: 'report_dirty_days' | 'report_task_dirty_days' | 'report_job_dirty_days') => (await rowsOf<{ day: string }>(db, sql`select distinct day::text as day
    from ${sql.identifier(table)} where portal_id = ${context.portalId} and day between ${context.startDate}::date and ${context.endDate}::date
    order by 1`)).map((row) => row.day);
  if (reportQuery.summaries && summarised(context)) return { ...context, dirtyDays: await dirtyOf('report_dirty_days') };
  if (reportQuery.arrivalSummaries && arrivalSummarised(context)) return { ...context, taskDirtyDays: await dirtyOf('report_task_dirty_days') };
  if (reportQuery.taskSummaries && taskSummarised(context)) return { ...context, taskDirtyDays: await dirtyOf('report_task_dirty_days') };
  if (reportQuery.jobSummaries) return { ...context, jobDirtyDays: await dirtyOf('report_job_dirty_days') };
  return context;
}

/** The parameters of the call, checked against the report's declaration (400 naming what it does not take). */
export function reportContext(
  report: ReportDeclaration, query: ReportQueryParams, portal: PortalData, scope: Scope, userId: number, now = DateTime.utc(),
): ReportContext {
  const allowed = reportParams(report);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && !allowed.has(name)) throw badRequest(name, REPORT_TEXTS.unknownParameter(name, report.title));
  }
  const today = now.setZone(portal.timeZone).toISODate()!;
  const endDate = query.endDate ?? today;
  const startDate = query.startDate
    ?? DateTime.fromISO(endDate).minus({ days: REPORT_DEFAULT_RANGE_DAYS - 1 }).toISODate()!;
  if (endDate < startDate) throw badRequest('endDate', REPORT_TEXTS.endBeforeStart);
  const days = DateTime.fromISO(endDate).diff(DateTime.fromISO(startDate), 'days').days + 1;
  if (days > REPORT_MAX_RANGE_DAYS) throw badRequest('endDate', REPORT_TEXTS.rangeTooLong(REPORT_MAX_RANGE_DAYS));
  const dateType = query.dateFilterType ?? report.dateTypes?.[0];
  if (query.dateFilterType && !report.dateTypes?.includes(query.dateFilterType)) {
    throw badRequest('dateFilterType', REPORT_TEXTS.dateTypeNotOffered(query.dateFilterType, report.title));
  }
  const slaTypes = query.slaTypes?.split(',').map((part) => part.trim()).filter((part) => part !== '');
  const unknownSla = slaTypes?.find((type) => !(SLA_TYPES as readonly string[]).includes(type));
  if (unknownSla) throw badRequest('slaTypes', `Unknown SLA type '${unknownSla}'; use ${SLA_TYPES.join(', ')}`);
  return {
    portalId: portal.id, timeZone: portal.timeZone, scope, userId,
    startDate, endDate, dateType, holiday: query.holidayFilter ?? 'None',
    companyId: query.companyid, storeId: query.storeid, driverId: query.driverid, hubId: query.hubId,
    slaTypes: slaTypes && slaTypes.length > 0 ? slaTypes : undefined, period: query.period ?? 'Day', today,
  };
}

/**
 * The report's date between the range's ends, leaving out the weekend days the holiday filter names. `narrowing`, when
 * given, is a condition every row in the window meets that an index can answer (timestampWithin, the text of a
 * date column): the planner reads a month's rows by it rather than computing the date of every row (docs/benchmarks.md).
 */
export function dateWindow(context: ReportContext, date: SQL, narrowing?: SQL): SQL {
  const left = { None: [], All: [6, 7], Saturdays: [6], Sundays: [7] }[context.holiday];
  const range = sql`${narrowing ? sql`(${narrowing}) and ` : sql``}${date} between ${context.startDate}::date and ${context.endDate}::date`;
  return left.length === 0 ? range : sql`${range} and extract(isodow from ${date}) not in (${sql.raw(left.join(', '))})`;
}

/** A timestamp column within the range's local days: localDate(column) between the ends, in the form an index answers. */
export function timestampWithin(context: ReportContext, column: SQL): SQL {
  return sql`${column} >= (${context.startDate}::date::timestamp at time zone ${context.timeZone})
    and ${column} < ((${context.endDate}::date + 1)::timestamp at time zone ${context.timeZone})`;
}

/**
 * A text column holding ISO dates ('YYYY-MM-DD', maybe with a time after it) within the range, or null: a superset of
 * the rows whose date (the column's, else another's when it is null) falls in the range, read by an index on the column.
 */
export function isoTextWithinOrNull(context: ReportContext, column: SQL): SQL {
  const after = DateTime.fromISO(context.endDate).plus({ days: 1 }).toISODate();
  return sql`(${column} >= ${context.startDate} and ${column} < ${after}) or ${column} is null`;
}

/** The caller's rows of deliveries `d` (scope from the token, never from ids in the query). */
export function deliveryScopeOf(context: ReportContext): SQL {
  switch (context.scope.kind) {
    case 'portal': return sql`true`;
    case 'company': return sql`d.company_id = ${context.scope.companyId}`;
    case 'store': return sql`d.store_id = ${context.scope.storeId}`;
    case 'none': return sql`d.placed_by_user_id = ${context.userId}`;
  }
}

/** The catalogue filters on deliveries `d` with selected quote `q` (the date range is each report's own). */
export function deliveryFiltersOf(context: ReportContext): SQL {
  const parts: SQL[] = [sql`d.portal_id = ${context.portalId}`, deliveryScopeOf(context)];
  if (context.companyId !== undefined) parts.push(sql`d.company_id = ${context.companyId}`);
  if (context.storeId !== undefined) parts.push(sql`d.store_id = ${context.storeId}`);
  if (context.hubId !== undefined) parts.push(sql`d.hub_id = ${context.hubId}`);
  if (context.slaTypes) parts.push(sql`q.sla_type in (${sql.join(context.slaTypes.map((type) => sql`${type}`), sql`, `)})`);
  if (context.driverId !== undefined) {
    parts.push(sql`exists (select 1 from job_deliveries fjd join jobs fj on fj.id = fjd.job_id where fjd.delivery_id = d.id and fj.driver_id = ${context.driverId})`);
  }
  return sql.join(parts, sql` and `);
}

/** The table's order: a column the report sorts by (400 naming sortby otherwise), the default without one. */
function sortOf(report: ReportDeclaration, query: ReportQueryParams): ReportSort {
  const keys = reportSortKeys(report);
  const key = query.sortby ? keys.find((candidate) => candidate.toLowerCase() === query.sortby!.toLowerCase()) : report.defaultSort.key;
  if (!key) throw badRequest('sortby', REPORT_TEXTS.unknownSort(query.sortby!, keys));
  const direction = query.sortdirection ?? (query.sortby ? 'asc' : report.defaultSort.direction);
  const reversed = key === report.defaultSort.key && direction !== report.defaultSort.direction;
  return { key, direction, keyDirection: reversed ? 'desc' : 'asc' };
}

/** The page asked for, within the report's page depth (400 naming page past it). */
function servedPage(report: ReportDeclaration, query: ReportQueryParams, pageSize: number): number {
  const page = query.page ?? 1;
  const lastPage = reportLastPage(report, pageSize);
  if (page > lastPage) throw badRequest('page', REPORT_TEXTS.pageTooDeep(report.maxPageRows!, lastPage));
  return page;
}

const ordered = (sort: ReportSort) =>
  sql`order by ${sql.identifier(sort.key)} ${sql.raw(sort.direction)} nulls last, "key" ${sql.raw(sort.keyDirection)}`;

/** An export cell: money in the currency's units, everything else as the table shows it. */
function cellAt(format: ReportColumn['format'], index: number) {
  return (row: unknown[]) => {
    const value = row[index] as ReportValue;
    return format === 'money' && typeof value === 'number' ? value / 100 : value;
  };
}

/** Report statements plan without JIT: compiling their CASE-heavy expressions costs more than it saves (docs/benchmarks.md). */
const JIT_OFF = sql`set local jit = off`;

/**
 * The statements a report's screen runs: `screen`, one statement reading the report's rows once (a materialised CTE)
 * for its row count, a page of its table, its figures and its chart's points; `count` and `all` (the whole table in
 * order) for an export.
 */
export function reportStatements(report: ReportDeclaration, reportQuery: ReportQuery, context: ReportContext, query: ReportQueryParams) {
  const sort = sortOf(report, query);
  const rows = reportQuery.rows(context);
  const late = reportQuery.pageColumns && !reportQuery.pageColumns.keys.includes(sort.key) ? reportQuery.pageColumns : undefined;
  const screenRows = late ? reportQuery.rows(context, true) : rows;
  const pageSize = Math.min(query.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const page = servedPage(report, query, pageSize);
  // The declaration says which figures the screen shows; its query must define each (a wiring bug otherwise).
  const figureEntries = report.figures.map((figure) => {
    const expression = reportQuery.figures[figure.key];
    if (!expression) throw new Error(`report ${report.id} has no query for its figure ${figure.key}`);
    return [figure.key, expression] as const;
  });
  const chart = report.chart;
  const seriesSql = chart.series.map((series, index) =>
    sql`${'count' in series ? sql`count(*)` : sql`sum(${sql.identifier(series.sum)})`}::float8 as ${sql.identifier(`s${index}`)}`);
  const orderKey = sql.identifier(chart.orderKey ?? chart.labelKey);
  const figuresOf = sql`select ${sql.join(figureEntries.map(([key, expression]) => sql`${expression} as ${sql.identifier(key)}`), sql`, `)} from r`;
  const chartOf = sql`select coalesce(${sql.identifier(chart.labelKey)}::text, '—') as label,
    ${sql.join(seriesSql, sql`, `)} from r group by 1 order by min(${orderKey}) nulls last, 1 limit ${REPORT_MAX_CHART_POINTS}`;
  const pageOf = late
    ? sql`select p.*, ${late.select} from (select * from r ${ordered(sort)} limit ${pageSize} offset ${(page - 1) * pageSize}) p ${ordered(sort)}`
    : sql`select * from r ${ordered(sort)} limit ${pageSize} offset ${(page - 1) * pageSize}`;
  const parts = reportQuery.screen?.(context, sort, pageSize, (page - 1) * pageSize);
  // The parts' page, else the rows sorted (r, not materialised: read once, by the page alone).
  const screen = parts
    ? sql`with f as materialized (${parts.facts}),${parts.keys ? sql` k as materialized (${parts.keys}),` : sql``} r as not materialized (${screenRows})
      select (${parts.total}) as total,
        (select coalesce(json_agg(p), '[]'::json) from (${parts.page ?? pageOf}) p) as items,
        (select row_to_json(x) from (${parts.figures}) x) as figures,
        (select coalesce(json_agg(c), '[]'::json) from (${parts.chart}) c) as chart`
    : undefined;
  return {
    sort, rows, page, pageSize,
    /** Settings for the screen's transaction, before it (besides JIT_OFF). */
    settings: parts?.page ? [sql`set local enable_sort = off`] : [],
    screen: screen ?? sql`with r as materialized (${screenRows})
      select (select count(*)::int from r) as total,
        (select coalesce(json_agg(p), '[]'::json) from (${pageOf}) p) as items,
        (select row_to_json(f) from (${figuresOf}) f) as figures,
        (select coalesce(json_agg(c), '[]'::json) from (${chartOf}) c) as chart`,
    count: sql`select count(*)::int as total from (${rows}) r`,
    all: sql`select * from (${rows}) r ${ordered(sort)}`,
    /** The export's table: the report's columns in their order (a row is read as an array), every row in order. */
    exported: sql`select ${sql.join(report.columns.map((column) => sql`r.${sql.identifier(column.key)}`), sql`, `)} from (${rows}) r ${ordered(sort)}`,
  };
}

interface ScreenAnswer {
  total: number;
  items: ReportRow[];
  figures: Record<string, number | null> | null;
  chart: Record<string, string | number | null>[];
}

/** PGlite and pg answer json columns parsed; a driver that does not, as text. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? JSON.parse(value) as T : value);

/**
 * Runs a report: figures over all its rows, the chart's series per label, and a page of the table, in one statement
 * and one transaction (JIT off); with exportExcel the whole table in order as the report's named file (read in
 * batches as the writer pulls).
 */
export async function runReport(
  db: Database, report: ReportDeclaration, reportQuery: ReportQuery, context: ReportContext, query: ReportQueryParams,
): Promise<ReportResult | RowExport<unknown[]>> {
  if (query.exportExcel) {
    const statements = reportStatements(report, reportQuery, context, query);
    const total = await db.transaction(async (tx) => {
      await tx.execute(JIT_OFF);
      const [counted] = await rowsOf<{ total: number }>(tx, statements.count);
      return counted?.total ?? 0;
    });
    async function* all() {
      for await (const batch of cursorBatches(db, statements.exported, EXPORT_BATCH_SIZE, [JIT_OFF])) yield* batch.rows;
    }
    const columns: ExportColumn<unknown[]>[] = report.columns.map((column, index) => ({ header: column.label, value: cellAt(column.format, index) }));
    return new RowExport(report.exportName, columns, all(), total);
  }
  // One snapshot for the dirty days and the report (repeatable read): a summary and the live rows never overlap or miss.
  const { page, pageSize, answer } = await db.transaction(async (tx) => {
    await tx.execute(JIT_OFF);
    const statements = reportStatements(report, reportQuery, await withDirtyDays(tx, reportQuery, context), query);
    for (const setting of statements.settings) await tx.execute(setting);
    const [row] = await rowsOf<ScreenAnswer>(tx, statements.screen);
    return { page: statements.page, pageSize: statements.pageSize, answer: row! };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
  const total = answer.total;
  const points = parsed(answer.chart);
  const chart = report.chart;
  return {
    figures: parsed(answer.figures) ?? {},
    chart: {
      labels: points.map((point) => String(point.label)),
      series: chart.series.map((_series, index) => points.map((point) => Number(point[`s${index}`] ?? 0))),
    },
    items: parsed(answer.items),
    paging: { page, pageSize, totalItems: total, totalPages: Math.ceil(total / pageSize) },
  };
}
