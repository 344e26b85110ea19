import { sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  APPLICATION_STATUS, APPLICATION_STATUS_LABELS, APPLICATION_TYPE, APPLICATION_TYPE_LABELS, DOCUMENT_STATUS, PROGRESS_STATUS_LABELS,
} from '../../../src/lib/applications';
import { ARRIVAL_FAR_FROM_STOP_KM } from '../../../src/lib/driver-distance';
import type { ReportId } from '../../../src/lib/reports';
import { DRIVER_VISIBLE_WITHIN_MINUTES, REPORT_MAX_CHART_POINTS } from '../../../src/lib/reports';
import {
  DRIVER_AVAILABILITY, DRIVER_AVAILABILITY_LABELS, JOB_STATUS, LOGISTIC_STATUS, LOGISTIC_STATUS_LABELS, TASK_STATUS, TASK_TYPE_LABELS,
} from '../../../src/lib/statuses';
import { SYSTEM_ACCOUNTS } from '../../db/seed-booking';
import {
  BOOKED, cancelled, delivered, DROP_OFF_TASK_TYPES, IN_PROGRESS_STATUSES, inProgress, isoDate, isoTimestamp, localDate, onTime,
  percentOf, PICK_UP_TASK_TYPES, sumOf, sumPercent, taskCompliance, terminated, tierOf,
} from './metrics';
import {
  arrivalSummarised, dateWindow, deliveryFiltersOf, deliveryScopeOf, isoTextWithinOrNull, summarised, taskSummarised, timestampWithin,
  type ReportContext, type ReportQuery, type ReportSort,
} from './runner';

/**
 * The server half of each report declaration (src/lib/reports.ts): its rows and figures, built from the metrics
 * of metrics.ts. Keyed by report id, so a declaration without a query does not compile.
 */

/** The system account cost of sales is posted to: driver pay, on job completion and job-cost adjustments (docs/finance.md). */
export const COST_OF_SALES_ACCOUNT = SYSTEM_ACCOUNTS.costOfSales;

const list = (values: readonly number[]) => sql.raw(values.join(', '));
const statusLabel = (column: SQL) =>
  sql`(case ${column} ${sql.join(Object.entries(LOGISTIC_STATUS_LABELS).map(([code, label]) => sql`when ${Number(code)} then ${label}`), sql` `)} end)::text`;
const taskLabel = (column: SQL) =>
  sql`(case ${column} ${sql.join(Object.entries(TASK_TYPE_LABELS).map(([code, label]) => sql`when ${Number(code)} then ${label}`), sql` `)} end)::text`;
const availabilityLabel = (column: SQL) =>
  sql`(case ${column} ${sql.join(Object.entries(DRIVER_AVAILABILITY_LABELS).map(([code, label]) => sql`when ${Number(code)} then ${label}`), sql` `)} end)::text`;
const fullName = (alias: string) => sql.raw(`trim(${alias}.first_name || ' ' || ${alias}.last_name)`);

/** The terminal date of a delivery: when it was delivered, else when its last task finished, else its last change. */
const terminalAt = sql`coalesce(d.delivered_at, (select max(tt.completed_date) from job_tasks tt where tt.delivery_id = d.id), d.updated_at)`;

/** The report date of a delivery for the chosen date filter type (docs/reports.md). */
function deliveryDate(context: ReportContext): SQL {
  const tz = context.timeZone;
  switch (context.dateType) {
    case 'Created': return localDate(sql`d.created_at`, tz);
    case 'Terminal Date': return localDate(terminalAt, tz);
    case 'Due Date': return localDate(sql`q.drop_off_window_end`, tz);
    default: return sql`coalesce(d.deliver_by_date::date, ${localDate(sql`q.drop_off_window_end`, tz)}, d.ready_for_collection_date::date)`;
  }
}

/** What an index answers of the delivery date's window (none for the terminal date, computed from the tasks). */
function deliveryNarrowing(context: ReportContext): SQL | undefined {
  switch (context.dateType) {
    case 'Created': return timestampWithin(context, sql`d.created_at`);
    case 'Terminal Date': return undefined;
    case 'Due Date': return timestampWithin(context, sql`q.drop_off_window_end`);
    default: return isoTextWithinOrNull(context, sql`d.deliver_by_date`);
  }
}

/** A timestamp's local day within the report's window, read by an index on the column. */
const withinDays = (context: ReportContext, column: SQL) => dateWindow(context, localDate(column, context.timeZone), timestampWithin(context, column));

/** One row per booked delivery in the caller's scope, filters and range, with its metrics as 0/1 flags and task counts. */
export function deliveryBase(context: ReportContext, narrowing = deliveryNarrowing(context)): SQL {
  const date = deliveryDate(context);
  return sql`select d.id, d.waybill, d.company_id, d.store_id, d.hub_id, d.placed_by_user_id, d.logistic_status_id, q.sla_type,
    ${date} as report_date, ${delivered} as delivered, ${onTime(context.timeZone)} as on_time, ${terminated} as terminated,
    ${cancelled} as cancelled, ${inProgress} as in_progress,
    coalesce(tc.pick_up_arrivals, 0) as pick_up_arrivals, coalesce(tc.pick_up_compliant, 0) as pick_up_compliant,
    coalesce(tc.drop_off_arrivals, 0) as drop_off_arrivals, coalesce(tc.drop_off_compliant, 0) as drop_off_compliant
    from deliveries d left join delivery_quotes q on q.id = d.selected_quote_id ${taskCompliance}
    where ${BOOKED} and ${deliveryFiltersOf(context)} and ${dateWindow(context, date, narrowing)}`;
}

/** The counted columns of a day's summary (report_delivery_days) and of a live base row. */
const FACT_COUNTS = ['delivered', 'on_time', 'terminated', 'cancelled', 'in_progress', 'pick_up_arrivals', 'pick_up_compliant',
  'drop_off_arrivals', 'drop_off_compliant'] as const;
const FACT_KEYS = ['company_id', 'store_id', 'hub_id', 'placed_by_user_id', 'sla_type'] as const;

/** The catalogue filters and the caller's scope on summary rows `s` (the same as deliveryFiltersOf on deliveries). */
function summaryFiltersOf(context: ReportContext): SQL {
  const parts: SQL[] = [sql`s.portal_id = ${context.portalId}`];
  const scope = context.scope;
  if (scope.kind === 'company') parts.push(sql`s.company_id = ${scope.companyId}`);
  if (scope.kind === 'store') parts.push(sql`s.store_id = ${scope.storeId}`);
  if (scope.kind === 'none') parts.push(sql`s.placed_by_user_id = ${context.userId}`);
  if (context.companyId !== undefined) parts.push(sql`s.company_id = ${context.companyId}`);
  if (context.storeId !== undefined) parts.push(sql`s.store_id = ${context.storeId}`);
  if (context.hubId !== undefined) parts.push(sql`s.hub_id = ${context.hubId}`);
  if (context.slaTypes) parts.push(sql`s.sla_type in (${sql.join(context.slaTypes.map((type) => sql`${type}`), sql`, `)})`);
  return sql.join(parts, sql` and `);
}

const factColumns = (alias: string) => sql.raw([...FACT_KEYS, ...FACT_COUNTS].map((column) => `${alias}.${column}`).join(', '));

/**
 * The facts of the grouped delivery reports: rows with the keys (company, store, hub, customer, SLA type), the report
 * date, a number of deliveries and their counts. From the daily summaries for the range's clean days and live
 * deliveries for its dirty ones (context.dirtyDays, read in the same snapshot) when the report can use them;
 * otherwise one live row per delivery. The same figures either way (tests/api/report-summaries.test.ts).
 */
function deliveryFacts(context: ReportContext): SQL {
  const live = (base: SQL) => sql`select ${factColumns('b')}, b.report_date, 1 as deliveries from (${base}) b`;
  const dirty = context.dirtyDays;
  if (!dirty || !summarised(context)) return live(deliveryBase(context));
  const fromSummary = sql`select ${factColumns('s')}, s.day as report_date, s.deliveries from report_delivery_days s
    where ${summaryFiltersOf(context)} and ${dateWindow(context, sql`s.day`)}
    ${dirty.length > 0 ? sql`and s.day not in (${sql.join(dirty.map((day) => sql`${day}::date`), sql`, `)})` : sql``}`;
  if (dirty.length === 0) return fromSummary;
  const days = sql.join(dirty.map((day) => sql`${day}::date`), sql`, `);
  const base = deliveryBase(context, daysNarrowing(dirty));
  return sql`${fromSummary} union all select * from (${live(base)}) l where l.report_date in (${days})`;
}

/** Deliveries whose Deliver-by report date can be one of `days`, read by the deliver-by index (or without one, all undated). */
export function daysNarrowing(days: readonly string[]): SQL {
  return sql`d.deliver_by_date is null or ${sql.join(days.map((day) => {
    const next = DateTime.fromISO(day).plus({ days: 1 }).toISODate();
    return sql`(d.deliver_by_date >= ${day} and d.deliver_by_date < ${next})`;
  }), sql` or `)}`;
}

/** The delivery counts every grouped delivery report shows, over the base rows `b`. */
const groupCounts = sql`sum(b.deliveries)::int as deliveries, sum(b.delivered)::int as delivered, sum(b.on_time)::int as "onTime",
  (sum(b.delivered) - sum(b.on_time))::int as late, sum(b.in_progress)::int as "inProgress", sum(b.terminated)::int as terminated,
  sum(b.cancelled)::int as cancelled, sum(b.pick_up_arrivals)::int as "pickUpArrivals", sum(b.pick_up_compliant)::int as "pickUpCompliant",
  sum(b.drop_off_arrivals)::int as "dropOffArrivals", sum(b.drop_off_compliant)::int as "dropOffCompliant"`;
const groupPercents = sql`${percentOf(sql`g."onTime"`, sql`g.delivered`)} as "onTimePercent",
  ${percentOf(sql`g."pickUpCompliant"`, sql`g."pickUpArrivals"`)} as "pickUpCompliancePercent",
  ${percentOf(sql`g."dropOffCompliant"`, sql`g."dropOffArrivals"`)} as "dropOffCompliancePercent",
  ${percentOf(sql`g.terminated`, sql`g.deliveries`)} as "terminationPercent"`;
const groupFigures = {
  deliveries: sumOf('deliveries'),
  delivered: sumOf('delivered'),
  inProgress: sumOf('inProgress'),
  terminated: sumOf('terminated'),
  cancelled: sumOf('cancelled'),
  onTimePercent: sumPercent('onTime', 'delivered'),
  pickUpCompliancePercent: sumPercent('pickUpCompliant', 'pickUpArrivals'),
  dropOffCompliancePercent: sumPercent('dropOffCompliant', 'dropOffArrivals'),
  terminationPercent: sumPercent('terminated', 'deliveries'),
};

/** A delivery report grouped by one expression over the base `b` (with companies `c`, stores `s`, hubs `h` joined). */
function grouped(context: ReportContext, key: SQL, label: SQL, labelName: string): SQL {
  return sql`select g.*, ${groupPercents} from (
    select ${key} as "key", ${label} as ${sql.identifier(labelName)}, ${groupCounts}
    from (${deliveryFacts(context)}) b left join companies c on c.id = b.company_id left join hubs h on h.id = b.hub_id
    group by 1, 2) g`;
}

const TASK_WINDOW_START = sql`(case when t.task_type_id in (${list(PICK_UP_TASK_TYPES)}) then q.pickup_window_start else q.drop_off_window_start end)`;
const TASK_WINDOW_END = sql`(case when t.task_type_id in (${list(PICK_UP_TASK_TYPES)}) then q.pickup_window_end else q.drop_off_window_end end)`;

/** The report date of a task: its window's end (Due Date), else the delivery's date of that type. */
function taskDate(context: ReportContext): SQL {
  return context.dateType === 'Due Date' || context.dateType === undefined ? localDate(TASK_WINDOW_END, context.timeZone) : deliveryDate(context);
}

/** A task's window end (or its delivery's date) within the report's window, read by the quotes' window-end indexes. */
function taskWindow(context: ReportContext): SQL {
  if (context.dateType !== 'Due Date' && context.dateType !== undefined) return dateWindow(context, deliveryDate(context), deliveryNarrowing(context));
  const narrowing = sql`(${timestampWithin(context, sql`q.pickup_window_end`)}) or (${timestampWithin(context, sql`q.drop_off_window_end`)})`;
  return dateWindow(context, taskDate(context), narrowing);
}

/**
 * taskWindow, with the Due Date's window read by the task's stored window end (job_tasks.report_window_end, the same
 * value kept by triggers: migration 0033) through an index on it, instead of the quotes' window-end indexes.
 */
function storedTaskWindow(context: ReportContext): SQL {
  if (context.dateType !== 'Due Date' && context.dateType !== undefined) return taskWindow(context);
  return dateWindow(context, taskDate(context), timestampWithin(context, sql`t.report_window_end`));
}

/** A task in exception or with an exception reason (a constant, so the planner matches job_tasks_exception_window). */
const EXCEPTION_TASK = sql.raw(`(t.task_status_id = ${TASK_STATUS.EXCEPTION} or t.exception_reason is not null)`);

/**
 * Tasks `t` of jobs `j` with a driver `u`, on the caller's booked deliveries `d` (selected quote `q`) under the
 * catalogue filters: `from ... where ...` for the task reports to extend with `and`.
 */
function taskBase(context: ReportContext): SQL {
  return sql`job_tasks t join jobs j on j.id = t.job_id join users u on u.id = j.driver_id
    join deliveries d on d.id = t.delivery_id join delivery_quotes q on q.id = d.selected_quote_id
    where ${BOOKED} and ${deliveryFiltersOf(context)}${context.driverId !== undefined ? sql` and j.driver_id = ${context.driverId}` : sql``}`;
}

/** A position as the tables show it (5 decimals, about a metre). */
const position = (lat: SQL, lon: SQL) =>
  sql`case when ${lat} is null or ${lon} is null then null else round(${lat}::numeric, 5)::text || ', ' || round(${lon}::numeric, 5)::text end`;
/** An arrival farther from its stop than the operators' flag (ARRIVAL_FAR_FROM_STOP_KM, the task list's "far from stop"). */
const awayFlag = sql`(case when t.arrived_distance_km > ${ARRIVAL_FAR_FROM_STOP_KM} then 1 else 0 end)`;
const labelOf = (labels: Record<number, string>, column: SQL) =>
  sql`(case ${column} ${sql.join(Object.entries(labels).map(([code, label]) => sql`when ${Number(code)} then ${label}`), sql` `)} end)::text`;

const PICK_UP_TASK = sql`t.task_type_id in (${list(PICK_UP_TASK_TYPES)})`;
const DROP_OFF_TASK = sql`t.task_type_id in (${list(DROP_OFF_TASK_TYPES)})`;
/** Minutes waited at a stop, from the arrival to the completion (numeric: sums of it are exact in any order). */
const WAIT_MINUTES = sql`greatest(0, extract(epoch from (t.completed_date - t.arrived_date)) / 60)`;
const STOP = sql`t.arrived_date is not null and t.completed_date is not null`;

/**
 * The columns of report_task_days from the live tasks (taskBase, the caller's scope and filters) whose task day (the
 * local date of the window end) is one of `days`: per day, driver, company, store, customer and task type, the stops
 * with their waits and the positioned arrivals with their distances. The recomputation and a report's dirty days
 * both read this, so a summary row is what the report would have added up live.
 */
export function taskDayFacts(context: ReportContext, days: readonly string[]): SQL {
  const date = localDate(TASK_WINDOW_END, context.timeZone);
  return sql`select ${date} as day, j.driver_id, d.company_id, d.store_id, d.placed_by_user_id, t.task_type_id,
      count(*) filter (where ${STOP})::int as stops, coalesce(sum(${WAIT_MINUTES}) filter (where ${STOP}), 0) as wait_total,
      max(${WAIT_MINUTES}) filter (where ${STOP}) as wait_max,
      count(t.arrived_distance_km)::int as positioned, count(*) filter (where t.arrived_distance_km > ${ARRIVAL_FAR_FROM_STOP_KM})::int as far,
      coalesce(sum(t.arrived_distance_km::numeric), 0) as distance_total, max(t.arrived_distance_km) as distance_max
    from ${taskBase(context)} and ${taskDaysWindow(context, days)}
    group by 1, 2, 3, 4, 5, 6`;
}

/**
 * The task facts `f` of the range: report_task_days for its clean days, live tasks (taskDayFacts) for its dirty ones
 * (context.taskDirtyDays, read in the same snapshot). Only when taskSummarised(context) and the dirty days are known.
 */
function taskFacts(context: ReportContext, dirty: readonly string[]): SQL {
  const excluded = dirty.length > 0 ? sql`and s.day not in (${sql.join(dirty.map((day) => sql`${day}::date`), sql`, `)})` : sql``;
  const fromSummary = sql`select s.day, s.driver_id, s.company_id, s.store_id, s.placed_by_user_id, s.task_type_id, s.stops, s.wait_total,
      s.wait_max, s.positioned, s.far, s.distance_total, s.distance_max
    from report_task_days s where ${summaryFiltersOf(context)} and ${dateWindow(context, sql`s.day`)} ${excluded}`;
  if (dirty.length === 0) return fromSummary;
  return sql`${fromSummary} union all select * from (${taskDayFacts(context, dirty)}) l where ${dateWindow(context, sql`l.day`)}`;
}

/** Tasks `t` (taskBase) whose task day is one of `days`, read by the quotes' window-end indexes day by day. */
function taskDaysWindow(context: ReportContext, days: readonly string[]): SQL {
  const narrowing = sql.join(days.map((day) => {
    const one = { ...context, startDate: day, endDate: day };
    return sql`(${timestampWithin(one, sql`q.pickup_window_end`)}) or (${timestampWithin(one, sql`q.drop_off_window_end`)})`;
  }), sql` or `);
  return sql`(${narrowing}) and ${localDate(TASK_WINDOW_END, context.timeZone)} in (${sql.join(days.map((day) => sql`${day}::date`), sql`, `)})`;
}

/**
 * The columns of report_driver_days from the live tasks on `days` (Driver Schedules' day per driver): portal-wide,
 * so the context must see the whole portal with no filter (driverSummarised).
 */
export function driverDayFacts(context: ReportContext, days: readonly string[]): SQL {
  const date = localDate(TASK_WINDOW_END, context.timeZone);
  return sql`select ${date} as day, j.driver_id, count(distinct t.job_id)::int as jobs, count(*)::int as tasks,
      min(${TASK_WINDOW_START}) as first_start, max(${TASK_WINDOW_END}) as last_end
    from ${taskBase(context)} and ${taskDaysWindow(context, days)}
    group by 1, 2`;
}

/** Driver Schedules can read report_driver_days: the task summaries serve it and the caller sees the whole portal, unfiltered. */
const driverSummarised = (context: ReportContext) => taskSummarised(context) && context.scope.kind === 'portal'
  && context.companyId === undefined && context.storeId === undefined;

/**
 * The columns of report_job_days from the live jobs created on `days` (local dates) that have a driver or were turned
 * down: per day, company, driver and the driver who turned them down, the jobs, those started, and their tasks'
 * arrivals and on-time arrivals (tasks on deliveries with a selected quote, as Driver Performance counts them).
 */
export function jobDayFacts(context: ReportContext, days: readonly string[]): SQL {
  const day = localDate(sql`j.created_at`, context.timeZone);
  const narrowing = sql.join(days.map((one) => sql`(${timestampWithin({ ...context, startDate: one, endDate: one }, sql`j.created_at`)})`), sql` or `);
  return sql`select ${day} as day, j.company_id, j.driver_id, j.rejected_by_driver_id, count(*)::int as jobs, count(j.started_at)::int as started,
      coalesce(sum(ta.arrivals), 0)::int as arrivals, coalesce(sum(ta.on_time), 0)::int as on_time
    from jobs j left join lateral (select count(t.arrived_date) as arrivals, count(*) filter (where t.arrived_date <= ${TASK_WINDOW_END}) as on_time
      from job_tasks t join deliveries d on d.id = t.delivery_id join delivery_quotes q on q.id = d.selected_quote_id
      where t.job_id = j.id) ta on true
    where j.portal_id = ${context.portalId} and (j.driver_id is not null or j.rejected_by_driver_id is not null)
      and (${narrowing}) and ${day} in (${sql.join(days.map((one) => sql`${one}::date`), sql`, `)})
    group by 1, 2, 3, 4`;
}

/**
 * The columns of report_driver_task_days from the live tasks (taskBase) whose task day is one of `days`: per day,
 * driver, company, store and customer, the task counts Driver Performance and Driver KPI add up, and the ids of the
 * jobs, deliveries and delivered deliveries of those tasks (counted once over a range, from the ids).
 */
export function driverTaskDayFacts(context: ReportContext, days: readonly string[]): SQL {
  const date = localDate(TASK_WINDOW_END, context.timeZone);
  return sql`select ${date} as day, j.driver_id, d.company_id, d.store_id, d.placed_by_user_id, count(*)::int as tasks,
      count(*) filter (where t.task_status_id = ${TASK_STATUS.COMPLETED})::int as completed, count(t.arrived_date)::int as arrivals,
      count(*) filter (where t.arrived_date <= ${TASK_WINDOW_END})::int as on_time,
      count(*) filter (where t.arrived_date > ${TASK_WINDOW_END})::int as late,
      count(*) filter (where t.task_status_id = ${TASK_STATUS.EXCEPTION})::int as exceptions,
      array_agg(distinct t.job_id) as job_ids, array_agg(distinct d.id) as delivery_ids,
      coalesce(array_agg(distinct d.id) filter (where d.logistic_status_id = ${LOGISTIC_STATUS.DELIVERED}), '{}') as delivered_ids
    from ${taskBase(context)} and ${taskDaysWindow(context, days)}
    group by 1, 2, 3, 4, 5`;
}

/**
 * The driver task facts `f` of the range: report_driver_task_days for its clean days, live tasks (driverTaskDayFacts)
 * for its dirty ones. Only when taskSummarised(context) and the dirty days are known.
 */
function driverTaskFacts(context: ReportContext, dirty: readonly string[]): SQL {
  const excluded = dirty.length > 0 ? sql`and s.day not in (${sql.join(dirty.map((day) => sql`${day}::date`), sql`, `)})` : sql``;
  const fromSummary = sql`select s.day, s.driver_id, s.company_id, s.store_id, s.placed_by_user_id, s.tasks, s.completed, s.arrivals,
      s.on_time, s.late, s.exceptions, s.job_ids, s.delivery_ids, s.delivered_ids
    from report_driver_task_days s where ${summaryFiltersOf(context)} and ${dateWindow(context, sql`s.day`)} ${excluded}`;
  if (dirty.length === 0) return fromSummary;
  return sql`${fromSummary} union all select * from (${driverTaskDayFacts(context, dirty)}) l where ${dateWindow(context, sql`l.day`)}`;
}

/**
 * Per driver over the driver task facts of the range: the task counts summed, and the jobs, delivered deliveries and
 * (for the ratings) deliveries from their ids, each counted once. Columns as Driver Performance's and Driver KPI's
 * live groups, with driver_id and delivery_ids.
 */
function driverTaskTotals(context: ReportContext, dirty: readonly string[]): SQL {
  // Distinct (driver, id) pairs by hashing, then counted or listed per driver (a left join whose columns the report
  // does not read is removed by the planner: Driver Performance lists no delivery ids, Driver KPI counts no jobs).
  const ids = (column: string, aggregate: SQL) => sql`(select y.driver_id, ${aggregate} as ids
    from (select distinct f.driver_id, x.id from f cross join unnest(f.${sql.raw(column)}) x(id)) y group by 1)`;
  return sql`with f as materialized (${driverTaskFacts(context, dirty)})
    select u.id as driver_id, u.id::text as "key", ${fullName('u')} as driver, coalesce(jb.ids, 0)::int as jobs,
      s.tasks, s.completed, s.arrivals, s."onTimeArrivals", s."lateArrivals", s.exceptions, coalesce(dl.ids, 0)::int as delivered,
      coalesce(dv.ids, '{}') as delivery_ids
    from (select f.driver_id, sum(f.tasks)::int as tasks, sum(f.completed)::int as completed, sum(f.arrivals)::int as arrivals,
        sum(f.on_time)::int as "onTimeArrivals", sum(f.late)::int as "lateArrivals", sum(f.exceptions)::int as exceptions
      from f group by 1) s
      join users u on u.id = s.driver_id
      left join ${ids('job_ids', sql`count(*)`)} jb on jb.driver_id = s.driver_id
      left join ${ids('delivered_ids', sql`count(*)`)} dl on dl.driver_id = s.driver_id
      left join ${ids('delivery_ids', sql`array_agg(y.id)`)} dv on dv.driver_id = s.driver_id`;
}

/** How an arrival met its task's window (Delivery Arrival): before its start, by its end, else late (also without a window end). */
const ARRIVAL = sql`(case when t.arrived_date < ${TASK_WINDOW_START} then 'Early' when t.arrived_date <= ${TASK_WINDOW_END} then 'On time' else 'Late' end)`;
/** Whole minutes an arrival came after its window's end (0 when not after it). */
const MINUTES_LATE = sql`greatest(0, round(extract(epoch from (t.arrived_date - ${TASK_WINDOW_END})) / 60))::int`;
/** An arrival's km from its stop as the tables show it (2 decimals; numeric, so sums of it are exact in any order). */
const KM_SHOWN = sql`round(t.arrived_distance_km::numeric, 2)`;
/**
 * Delivery Arrival's default order (its arrival as shown, to the second, newest first; then the key), in the form of
 * the index job_tasks_arrival_order (migration 0035); Address Variation's (the km as shown, farthest first; then the
 * key) in job_tasks_distance_order's.
 */
/**
 * A page of a report's order read from its index, within the report's page depth (the declaration's maxPageRows). The
 * index holds the default order (newest or farthest first, the key ascending); the other direction is that order
 * reversed (ReportSort), the index walked backwards.
 */
interface OrderedPage { limit: number; offset: number; sort: ReportSort }
const orderOf = (expression: SQL, sort: ReportSort) => sql`${expression} ${sql.raw(sort.direction)}, t.id::text ${sql.raw(sort.keyDirection)}`;
const ARRIVAL_ORDER = sql.raw(`date_trunc('second', (t.arrived_date at time zone 'UTC'))`);
const DISTANCE_ORDER = sql.raw(`round(t.arrived_distance_km::numeric, 2)`);

/**
 * The columns of report_arrival_days from the live tasks whose task day is one of `days`: per day, company, store,
 * customer, SLA type, task type and whether the task's job has a driver, the arrivals by how they met their window
 * (Delivery Arrival's rows: every arrival, with or without a driver) and the positioned ones (Address Variation's,
 * those with a driver). The recomputation and a report's dirty days both read this.
 */
export function arrivalDayFacts(context: ReportContext, days: readonly string[]): SQL {
  const date = localDate(TASK_WINDOW_END, context.timeZone);
  const arrival = (kind: string) => sql`t.arrived_date is not null and ${ARRIVAL} = ${sql.raw(`'${kind}'`)}`;
  const far = sql`t.arrived_distance_km > ${ARRIVAL_FAR_FROM_STOP_KM}`;
  return sql`select ${date} as day, d.company_id, d.store_id, d.placed_by_user_id, q.sla_type, t.task_type_id, u.id is not null as driven,
      count(t.arrived_date)::int as arrivals, count(*) filter (where ${arrival('Early')})::int as early,
      count(*) filter (where ${arrival('On time')})::int as on_time, count(*) filter (where ${arrival('Late')})::int as late,
      coalesce(sum(${MINUTES_LATE}) filter (where ${arrival('Late')}), 0)::numeric as late_minutes,
      min(t.arrived_date) as first_arrival, max(t.arrived_date) as last_arrival,
      count(t.arrived_distance_km)::int as positioned, count(*) filter (where ${far})::int as far,
      coalesce(sum(${KM_SHOWN}) filter (where ${far}), 0) as far_km, min(${KM_SHOWN}) as km_min, max(${KM_SHOWN}) as km_max
    from job_tasks t join deliveries d on d.id = t.delivery_id join delivery_quotes q on q.id = d.selected_quote_id
      left join jobs j on j.id = t.job_id left join users u on u.id = j.driver_id
    where (t.arrived_date is not null or t.arrived_distance_km is not null) and ${BOOKED} and ${deliveryFiltersOf(context)}
      and ${taskDaysWindow(context, days)}
    group by 1, 2, 3, 4, 5, 6, 7`;
}

/** The arrival facts `f` of the range: report_arrival_days for its clean days, live tasks (arrivalDayFacts) for its dirty ones. */
function arrivalFacts(context: ReportContext, dirty: readonly string[]): SQL {
  const excluded = dirty.length > 0 ? sql`and s.day not in (${sql.join(dirty.map((day) => sql`${day}::date`), sql`, `)})` : sql``;
  const fromSummary = sql`select s.day, s.company_id, s.store_id, s.placed_by_user_id, s.sla_type, s.task_type_id, s.driven, s.arrivals,
      s.early, s.on_time, s.late, s.late_minutes, s.first_arrival, s.last_arrival, s.positioned, s.far, s.far_km, s.km_min, s.km_max
    from report_arrival_days s where ${summaryFiltersOf(context)} and ${dateWindow(context, sql`s.day`)} ${excluded}`;
  if (dirty.length === 0) return fromSummary;
  return sql`${fromSummary} union all select * from (${arrivalDayFacts(context, dirty)}) l where ${dateWindow(context, sql`l.day`)}`;
}

/**
 * The tables and conditions a page's keys are read with (arrivalRows, variationRows): a task on the caller's booked
 * deliveries under the filters, its day the stored window end's (job_tasks.report_window_end, the value TASK_WINDOW_END
 * computes, kept by triggers), so the rows skipped before the page look up only their delivery (and job, for a driver);
 * the quote only for an SLA type filter.
 */
function pageKeysFrom(context: ReportContext, driven: boolean): SQL {
  const quote = context.slaTypes ? sql` join delivery_quotes q on q.id = d.selected_quote_id` : sql``;
  const job = driven ? sql` join jobs j on j.id = t.job_id` : sql``;
  const window = dateWindow(context, localDate(sql`t.report_window_end`, context.timeZone), timestampWithin(context, sql`t.report_window_end`));
  return sql`job_tasks t join deliveries d on d.id = t.delivery_id${quote}${job}
    where ${BOOKED} and ${deliveryFiltersOf(context)} and ${window}${driven ? sql` and j.driver_id is not null` : sql``}`;
}

/** The filters keep one company's, store's or customer's deliveries (a scope or a filter): perhaps few of the month's rows. */
const narrowsDeliveries = (context: ReportContext) => context.scope.kind !== 'portal' || context.companyId !== undefined || context.storeId !== undefined;

/**
 * A page's keys: the ordered walk of the report's index (pageKeysFrom, `task` and the order's `bounds`), or, when the
 * filters keep few of the month's rows, the filters' deliveries first (their company's, store's or customer's index),
 * each one's tasks in the window after (job_tasks_delivery, delivery and window end: migration 0041), and those
 * sorted. The walk passes over about month / kept rows per row it keeps, so its cost grows with the depth and the
 * filter's narrowness; the delivery-first
 * read costs the filter's deliveries of every month (about three per task a month keeps: `kept` the facts' rows under
 * the filters, `month` the month's rows without them). It is chosen when 3 × kept² < depth × month, by a one-time
 * filter on those two sums, so the other branch is not run (docs/decisions.md, "Small companies' deep pages").
 */
function pageKeys(context: ReportContext, page: OrderedPage, keys: { driven: boolean; task: SQL; bounds: SQL; order: SQL; kept: SQL; month: SQL }): SQL {
  const walk = sql`select t.id from ${pageKeysFrom(context, keys.driven)} and ${keys.task} and ${keys.bounds}
    order by ${orderOf(keys.order, page.sort)} limit ${page.limit} offset ${page.offset}`;
  if (!narrowsDeliveries(context)) return walk;
  const quote = context.slaTypes ? sql` join delivery_quotes q on q.id = d.selected_quote_id` : sql``;
  const job = keys.driven ? sql` join jobs j on j.id = t.job_id and j.driver_id is not null` : sql``;
  const window = dateWindow(context, localDate(sql`t.report_window_end`, context.timeZone), timestampWithin(context, sql`t.report_window_end`));
  // Sorted inside the aggregate, not by a Sort node: the screen's statement runs with enable_sort off (runner.ts).
  const first = sql`select unnest((array_agg(t.id order by ${orderOf(keys.order, page.sort)}))[${page.offset + 1}:${page.offset + page.limit}]) as id
    from deliveries d${quote}
      cross join lateral (select t.id, t.arrived_date, t.arrived_distance_km from job_tasks t${job}
        where t.delivery_id = d.id and ${keys.task} and ${window} offset 0) t
    where ${BOOKED} and ${deliveryFiltersOf(context)}`;
  const gate = sql`(3 * ${keys.kept}::float8 * ${keys.kept}::float8 < ${page.offset + page.limit} * ${keys.month}::float8)`;
  return sql`select w.id from (${walk}) w where not ${gate} union all select l.id from (${first}) l where ${gate}`;
}

/** Delivery Arrival's page keys (the screen's `k`, read before arrivalRows builds the page's rows from them). */
function arrivalKeys(context: ReportContext, page: OrderedPage): SQL {
  return pageKeys(context, page, {
    driven: false, task: sql`t.arrived_date is not null`, order: ARRIVAL_ORDER,
    bounds: sql`${ARRIVAL_ORDER} between (select date_trunc('second', (min(f.first_arrival) at time zone 'UTC')) from f)
        and (select date_trunc('second', (max(f.last_arrival) at time zone 'UTC')) from f)`,
    kept: sql`(select coalesce(sum(f.arrivals), 0) from f)`,
    month: sql`(select coalesce(sum(s.arrivals), 0) from report_arrival_days s where s.portal_id = ${context.portalId} and ${dateWindow(context, sql`s.day`)})`,
  });
}

/** Address Variation's page keys (as arrivalKeys; its order the km as shown, bounded by the facts' km). */
function variationKeys(context: ReportContext, page: OrderedPage): SQL {
  return pageKeys(context, page, {
    driven: true, task: sql`t.arrived_distance_km is not null`, order: DISTANCE_ORDER,
    bounds: sql`${DISTANCE_ORDER} between (select min(f.km_min) from f where f.driven) and (select max(f.km_max) from f where f.driven)`,
    kept: sql`(select coalesce(sum(f.positioned), 0) from f where f.driven)`,
    month: sql`(select coalesce(sum(s.positioned), 0) from report_arrival_days s where s.portal_id = ${context.portalId} and s.driven
      and ${dateWindow(context, sql`s.day`)})`,
  });
}

/**
 * Delivery Arrival's rows; with `page`, only that slice of its order: the page's rows built from its keys, the
 * screen's `k` (arrivalKeys: read in order by the index, bounded by the facts `f`, or delivery first; pageKeys).
 */
function arrivalRows(context: ReportContext, page?: OrderedPage): SQL {
  const tables = sql`job_tasks t join deliveries d on d.id = t.delivery_id join delivery_quotes q on q.id = d.selected_quote_id`;
  const where = (window: SQL) => sql`t.arrived_date is not null and ${BOOKED} and ${deliveryFiltersOf(context)} and ${window}`;
  const from = page
    ? sql`k join ${tables} on t.id = k.id`
    : tables;
  return sql`select a.*, case a.arrival when 'Early' then 0 when 'On time' then 1 else 2 end as "arrivalRank",
      case when a.arrival = 'Late' then 1 else 0 end as late from (
    select t.id::text as "key", d.waybill, ${taskLabel(sql`t.task_type_id`)} as task, ${fullName('u')} as driver,
      ${isoTimestamp(TASK_WINDOW_START)} as "windowStart", ${isoTimestamp(TASK_WINDOW_END)} as "windowEnd",
      ${isoTimestamp(sql`t.arrived_date`)} as "arrivedAt", ${MINUTES_LATE} as "minutesLate", ${ARRIVAL} as arrival
    from ${from} left join jobs j on j.id = t.job_id left join users u on u.id = j.driver_id
    where ${page ? sql`true` : where(taskWindow(context))}) a
    ${page ? sql`order by a."arrivedAt" ${sql.raw(page.sort.direction)}, a."key" ${sql.raw(page.sort.keyDirection)}` : sql``}`;
}

/** Address Variation's rows; with `page`, as arrivalRows (its order the km as shown, bounded by the facts' km). */
function variationRows(context: ReportContext, page?: OrderedPage): SQL {
  const columns = sql`t.id::text as "key", d.waybill, ${taskLabel(sql`t.task_type_id`)} as task, ${fullName('u')} as driver,
      t.address->>'description' as address, ${position(sql`t.arrived_lat`, sql`t.arrived_lon`)} as "arrivedPosition",
      ${KM_SHOWN}::float8 as "distanceKm", ${isoTimestamp(sql`t.arrived_date`)} as "arrivedAt", ${awayFlag} as variation`;
  if (!page) return sql`select ${columns} from ${taskBase(context)} and t.arrived_distance_km is not null and ${taskWindow(context)}`;
  return sql`select ${columns}
    from k
      join job_tasks t on t.id = k.id join jobs j on j.id = t.job_id join users u on u.id = j.driver_id
      join deliveries d on d.id = t.delivery_id
    order by "distanceKm" ${sql.raw(page.sort.direction)}, "key" ${sql.raw(page.sort.keyDirection)}`;
}

/** A delivery in progress whose pick-up is still to come (Deliveries Due lists its pick-up window end, else its drop-off's). */
const DUE_PICK_UP = sql`d.logistic_status_id in (${list([LOGISTIC_STATUS.STAGING, LOGISTIC_STATUS.READY, LOGISTIC_STATUS.PENDING_PICK_UP])})`;
const DUE_PICK_UP_X = sql`x.logistic_status_id in (${list([LOGISTIC_STATUS.STAGING, LOGISTIC_STATUS.READY, LOGISTIC_STATUS.PENDING_PICK_UP])})`;
/** Deliveries Due's default order (the window end as shown, to the second; then the key), as the index deliveries_due holds it. */
const DUE_ORDER = sql.raw(`date_trunc('second', (d.due_window_end at time zone 'UTC'))`);

const PICK_UP_FACT = sql`f.task_type_id in (${list(PICK_UP_TASK_TYPES)})`;
const DROP_OFF_FACT = sql`f.task_type_id in (${list(DROP_OFF_TASK_TYPES)})`;

export const REPORT_QUERIES: Record<ReportId, ReportQuery> = {
  customerDeliveries: {
    summaries: true,
    rows: (context) => {
      const tier = tierOf(sql`g.deliveries`);
      return sql`select g.*, ${percentOf(sql`g."onTime"`, sql`g.delivered`)} as "onTimePercent", ${tier.name} as tier, ${tier.rank} as "tierRank" from (
        select case when b.company_id is not null then 'c' || b.company_id else 'u' || b.placed_by_user_id end as "key",
          case when b.company_id is not null then c.company_name else ${fullName('u')} end as customer,
          c.company_name as company, sum(b.deliveries)::int as deliveries, sum(b.delivered)::int as delivered,
          sum(b.on_time)::int as "onTime", sum(b.terminated)::int as terminated
        from (${deliveryFacts(context)}) b left join companies c on c.id = b.company_id left join users u on u.id = b.placed_by_user_id
        group by 1, 2, 3) g`;
    },
    figures: {
      customers: sql`count(*)::float8`,
      deliveries: sumOf('deliveries'),
      delivered: sumOf('delivered'),
      onTimePercent: sumPercent('onTime', 'delivered'),
    },
  },
  deliverySummary: {
    summaries: true,
    rows: (context) => grouped(context, isoDate(sql`b.report_date`), isoDate(sql`b.report_date`), 'day'),
    figures: groupFigures,
  },
  serviceLevels: {
    summaries: true,
    rows: (context) => grouped(context, sql`coalesce(b.sla_type, '—')`, sql`coalesce(b.sla_type, '—')`, 'slaType'),
    figures: groupFigures,
  },
  kpiPerformance: {
    summaries: true,
    rows: (context) => grouped(context, sql`coalesce(b.company_id::text, '—')`, sql`coalesce(c.company_name, 'No company')`, 'company'),
    figures: groupFigures,
  },
  hubDeliveries: {
    summaries: true,
    rows: (context) => grouped(context, sql`coalesce(b.hub_id::text, '—')`, sql`coalesce(h.hub_name, 'Direct (no hub)')`, 'hub'),
    figures: groupFigures,
  },
  deliveryTermination: {
    // Terminated and cancelled deliveries (the statuses whose terminal_at is set: migration 0029), by their stored
    // terminal date (read by its index) or the delivery date of the chosen type. The exception reason and the driver
    // are looked up for the screen's page only (unless sorted by them).
    pageColumns: {
      keys: ['reason', 'driver'],
      select: sql`(select et.exception_reason from job_tasks et where et.delivery_id = p."key"::int and et.exception_reason is not null
          order by et.updated_at desc limit 1) as reason,
        (select ${fullName('du')} from job_deliveries jd join jobs dj on dj.id = jd.job_id join users du on du.id = dj.driver_id
          where jd.delivery_id = p."key"::int) as driver`,
    },
    rows: (context, lean) => {
      const terminal = context.dateType === 'Terminal Date' || context.dateType === undefined;
      const date = terminal ? localDate(sql`d.terminal_at`, context.timeZone) : deliveryDate(context);
      const narrowing = terminal ? timestampWithin(context, sql`d.terminal_at`) : deliveryNarrowing(context);
      const lookUps = lean ? sql`` : sql`(select et.exception_reason from job_tasks et where et.delivery_id = d.id and et.exception_reason is not null
            order by et.updated_at desc limit 1) as reason,
          (select ${fullName('du')} from job_deliveries jd join jobs dj on dj.id = jd.job_id join users du on du.id = dj.driver_id
            where jd.delivery_id = d.id) as driver, `;
      return sql`select d.id::text as "key", d.waybill, c.company_name as company, s.store_name as store,
          d.logistic_status_id as "statusId", ${statusLabel(sql`d.logistic_status_id`)} as status, ${lookUps}
          ${isoDate(localDate(sql`d.terminal_at`, context.timeZone))} as "terminalDate"
        from deliveries d left join delivery_quotes q on q.id = d.selected_quote_id
          left join companies c on c.id = d.company_id left join stores s on s.id = d.store_id
        where d.terminal_at is not null and ${deliveryFiltersOf(context)} and ${dateWindow(context, date, narrowing)}`;
    },
    figures: {
      terminations: sql`count(*)::float8`,
      pickUpExceptions: sql`count(*) filter (where "statusId" = ${LOGISTIC_STATUS.PICK_UP_EXCEPTION})::float8`,
      dropOffExceptions: sql`count(*) filter (where "statusId" = ${LOGISTIC_STATUS.DROP_OFF_EXCEPTION})::float8`,
      cancellations: sql`count(*) filter (where "statusId" in (${list([LOGISTIC_STATUS.CANCELLED_WITH_FEE, LOGISTIC_STATUS.REVERSED_FULL_REFUND, LOGISTIC_STATUS.REFUNDED])}))::float8`,
    },
  },
  deliveryArrival: {
    rows: (context) => arrivalRows(context),
    // From the daily arrival summaries (report_arrival_days) when they serve the context; the page of the default
    // order from the index in that order.
    arrivalSummaries: true,
    screen: (context, sort, limit, offset) => {
      if (!context.taskDirtyDays || !arrivalSummarised(context)) return undefined;
      return {
        facts: arrivalFacts(context, context.taskDirtyDays),
        total: sql`select coalesce(sum(f.arrivals), 0)::int from f`,
        figures: sql`select coalesce(sum(f.arrivals), 0)::float8 as arrivals,
            ${percentOf(sql`sum(f.early + f.on_time)`, sql`sum(f.arrivals)`)} as "compliancePercent", coalesce(sum(f.late), 0)::float8 as late,
            round(sum(f.late_minutes) / nullif(sum(f.late), 0))::float8 as "averageMinutesLate"
          from f`,
        chart: sql`select x.label, sum(x.n)::float8 as s0
          from f cross join lateral (values ('Early', 0, f.early), ('On time', 1, f.on_time), ('Late', 2, f.late)) x(label, rank, n)
          group by 1 having sum(x.n) > 0 order by min(x.rank) nulls last, 1 limit ${REPORT_MAX_CHART_POINTS}`,
        ...(sort.key === 'arrivedAt' ? { keys: arrivalKeys(context, { limit, offset, sort }), page: arrivalRows(context, { limit, offset, sort }) } : {}),
      };
    },
    figures: {
      arrivals: sql`count(*)::float8`,
      compliancePercent: percentOf(sql`count(*) filter (where late = 0)`, sql`count(*)`),
      late: sql`count(*) filter (where late = 1)::float8`,
      averageMinutesLate: sql`round(avg("minutesLate") filter (where late = 1))::float8`,
    },
  },
  grossProfit: {
    rows: (context) => {
      const day = localDate(sql`lt.created_at`, context.timeZone);
      const narrowed = context.scope.kind === 'portal' && context.companyId === undefined && context.storeId === undefined
        ? sql`true`
        : sql`d.id is not null and ${deliveryScopeOf(context)}${context.companyId !== undefined ? sql` and d.company_id = ${context.companyId}` : sql``}${context.storeId !== undefined ? sql` and d.store_id = ${context.storeId}` : sql``}`;
      return sql`select ${isoDate(sql`g.day`)} as "key", ${isoDate(sql`g.day`)} as day, g.revenue, g."costOfSales",
          (g.revenue - g."costOfSales")::float8 as "grossProfit", ${percentOf(sql`g.revenue - g."costOfSales"`, sql`g.revenue`)} as "marginPercent"
        from (select ${day} as day,
            coalesce(sum(-e.amount_cents) filter (where a.system_code = ${SYSTEM_ACCOUNTS.revenue}), 0)::float8 as revenue,
            coalesce(sum(e.amount_cents) filter (where a.system_code = ${COST_OF_SALES_ACCOUNT}), 0)::float8 as "costOfSales"
          from ledger_transactions lt join ledger_entries e on e.transaction_id = lt.id join accounts a on a.id = e.account_id
            left join deliveries d on d.id = lt.delivery_id
          where lt.portal_id = ${context.portalId} and a.system_code in (${SYSTEM_ACCOUNTS.revenue}, ${COST_OF_SALES_ACCOUNT})
            and ${narrowed} and ${dateWindow(context, day)}
          group by 1) g`;
    },
    figures: {
      revenue: sumOf('revenue'),
      costOfSales: sumOf('costOfSales'),
      grossProfit: sumOf('grossProfit'),
      marginPercent: sumPercent('grossProfit', 'revenue'),
    },
  },
  driverPerformance: {
    // From the daily driver task summaries (report_driver_task_days) when they serve the context (taskSummarised).
    taskSummaries: true,
    rows: (context) => {
      const outer = (inner: SQL) => sql`select g.*, ${percentOf(sql`g."onTimeArrivals"`, sql`g.arrivals`)} as "compliancePercent" from (${inner}) g`;
      if (context.taskDirtyDays && taskSummarised(context)) {
        return outer(sql`select t."key", t.driver, t.jobs, t.tasks, t.completed, t.arrivals, t."onTimeArrivals", t."lateArrivals", t.exceptions,
            t.delivered from (${driverTaskTotals(context, context.taskDirtyDays)}) t`);
      }
      return outer(sql`
        select u.id::text as "key", ${fullName('u')} as driver, count(distinct t.job_id)::int as jobs, count(*)::int as tasks,
          count(*) filter (where t.task_status_id = ${TASK_STATUS.COMPLETED})::int as completed,
          count(t.arrived_date)::int as arrivals,
          count(*) filter (where t.arrived_date <= ${TASK_WINDOW_END})::int as "onTimeArrivals",
          count(*) filter (where t.arrived_date > ${TASK_WINDOW_END})::int as "lateArrivals",
          count(*) filter (where t.task_status_id = ${TASK_STATUS.EXCEPTION})::int as exceptions,
          count(distinct d.id) filter (where d.logistic_status_id = ${LOGISTIC_STATUS.DELIVERED})::int as delivered
        from job_tasks t join jobs j on j.id = t.job_id join users u on u.id = j.driver_id
          join deliveries d on d.id = t.delivery_id join delivery_quotes q on q.id = d.selected_quote_id
        where ${BOOKED} and ${deliveryFiltersOf(context)} and ${taskWindow(context)}
          ${context.driverId !== undefined ? sql`and j.driver_id = ${context.driverId}` : sql``}
        group by 1, 2`);
    },
    figures: {
      drivers: sql`count(*)::float8`,
      tasks: sumOf('tasks'),
      compliancePercent: sumPercent('onTimeArrivals', 'arrivals'),
      exceptions: sumOf('exceptions'),
    },
  },
  deliveriesDue: {
    rows: (context) => {
      return sql`select x.id::text as "key", x.waybill, c.company_name as company, s.store_name as store,
          ${statusLabel(sql`x.logistic_status_id`)} as status, x.task, ${isoTimestamp(sql`x.window_end`)} as "windowEnd",
          greatest(0, round(extract(epoch from (now() - x.window_end)) / 60))::int as "minutesOverdue",
          case when x.window_end < now() then 1 else 0 end as overdue, case when x.window_end >= now() then 1 else 0 end as "dueToday"
        from (select d.id, d.waybill, d.company_id, d.store_id, d.logistic_status_id,
            case when ${DUE_PICK_UP} then 'Pick-up' else 'Drop-off' end as task,
            case when ${DUE_PICK_UP} then q.pickup_window_end else q.drop_off_window_end end as window_end
          from deliveries d join delivery_quotes q on q.id = d.selected_quote_id
          where d.logistic_status_id in (${list(IN_PROGRESS_STATUSES)}) and ${deliveryFiltersOf(context)}) x
        left join companies c on c.id = x.company_id left join stores s on s.id = x.store_id
        where ${localDate(sql`x.window_end`, context.timeZone)} <= ${context.today}::date`;
    },
    // The window end it lists is stored on the delivery (deliveries.due_window_end, migration 0036) and indexed in the
    // list's default order with what the counts read: the counts per phase are an index-only scan, the default page
    // an ordered range of that index. Always (nothing is summarised: the list is live).
    screen: (context, sort, limit, offset) => {
      // Due by the end of today: the window end before tomorrow's local midnight (a whole second, so the same bound on
      // the end as shown, to the second, which the index holds).
      const tomorrow = sql`((${context.today}::date + 1)::timestamp at time zone ${context.timeZone})`;
      const due = sql`d.due_window_end is not null and ${DUE_ORDER} < (${tomorrow} at time zone 'UTC')
        and ${localDate(sql`d.due_window_end`, context.timeZone)} <= ${context.today}::date and ${deliveryFiltersOf(context)}`;
      const from = context.slaTypes ? sql`deliveries d join delivery_quotes q on q.id = d.selected_quote_id` : sql`deliveries d`;
      // Either direction of the window end (the index walked backwards for the latest first, as OrderedPage): the keys
      // only, from the index alone (an index-only scan: what the filters read is in it), then the page's deliveries.
      const inOrder = sort.key === 'windowEnd';
      const [direction, keyDirection] = [sql.raw(sort.direction), sql.raw(sort.keyDirection)];
      return {
        facts: sql`select case when ${DUE_PICK_UP} then 'Pick-up' else 'Drop-off' end as task, count(*)::int as due,
            count(*) filter (where d.due_window_end < now())::int as overdue, count(*) filter (where d.due_window_end >= now())::int as "dueToday"
          from ${from} where ${due} group by 1`,
        total: sql`select coalesce(sum(f.due), 0)::int from f`,
        figures: sql`select coalesce(sum(f.due), 0)::float8 as due, coalesce(sum(f.overdue), 0)::float8 as overdue,
            coalesce(sum(f."dueToday"), 0)::float8 as "dueToday" from f`,
        chart: sql`select f.task as label, f.overdue::float8 as s0, f."dueToday"::float8 as s1 from f order by f.task
          limit ${REPORT_MAX_CHART_POINTS}`,
        page: inOrder
          ? sql`select x.id::text as "key", x.waybill, c.company_name as company, s.store_name as store,
                ${statusLabel(sql`x.logistic_status_id`)} as status, case when ${DUE_PICK_UP_X} then 'Pick-up' else 'Drop-off' end as task,
                ${isoTimestamp(sql`x.due_window_end`)} as "windowEnd",
                greatest(0, round(extract(epoch from (now() - x.due_window_end)) / 60))::int as "minutesOverdue",
                case when x.due_window_end < now() then 1 else 0 end as overdue, case when x.due_window_end >= now() then 1 else 0 end as "dueToday"
              from (select d.id from ${from} where ${due}
                order by d.portal_id ${direction}, ${DUE_ORDER} ${direction}, d.id::text ${keyDirection} limit ${limit} offset ${offset}) k
              join deliveries x on x.id = k.id
              left join companies c on c.id = x.company_id left join stores s on s.id = x.store_id
              order by "windowEnd" ${direction}, "key" ${keyDirection}`
          : undefined,
      };
    },
    figures: {
      due: sql`count(*)::float8`,
      overdue: sumOf('overdue'),
      dueToday: sumOf('dueToday'),
    },
  },
  driverVisibility: {
    // Drivers are the platform's (not a portal's): every driver with their last reported position and availability.
    rows: (context) => sql`select u.id::text as "key", ${fullName('u')} as driver,
        ${availabilityLabel(sql`dr.driver_availability_id`)} as availability, ${isoTimestamp(sql`dr.location_at`)} as "lastSeenAt",
        case when dr.location_at is null then null else greatest(0, round(extract(epoch from (now() - dr.location_at)) / 60))::int end as "minutesSinceSeen",
        case when dr.lat is null or dr.lon is null then null else round(dr.lat::numeric, 5)::text || ', ' || round(dr.lon::numeric, 5)::text end as location,
        (select count(*) from jobs aj where aj.driver_id = u.id and aj.portal_id = ${context.portalId}
          and aj.job_status_id in (${list([JOB_STATUS.NOT_STARTED, JOB_STATUS.IN_PROGRESS])}))::int as "activeJobs",
        (select v.registration from vehicles v where v.driver_id = u.id and v.is_active order by v.id limit 1) as vehicle,
        case when dr.location_at >= now() - make_interval(mins => ${DRIVER_VISIBLE_WITHIN_MINUTES}) then 1 else 0 end as visible,
        case when dr.driver_availability_id in (${list([DRIVER_AVAILABILITY.AVAILABLE, DRIVER_AVAILABILITY.AVAILABLE_QSR_ONLY, DRIVER_AVAILABILITY.ONLINE])}) then 1 else 0 end as available,
        case when dr.driver_availability_id = ${DRIVER_AVAILABILITY.BUSY} then 1 else 0 end as busy
      from drivers dr join users u on u.id = dr.user_id
      ${context.driverId !== undefined ? sql`where dr.user_id = ${context.driverId}` : sql``}`,
    figures: { drivers: sql`count(*)::float8`, visible: sumOf('visible'), available: sumOf('available'), busy: sumOf('busy') },
  },
  driverSchedules: {
    // A driver's day: jobs and tasks due that day, from the first window start to the last window end. From the daily
    // driver summaries (report_driver_days) when the caller sees the whole portal (driverSummarised).
    taskSummaries: true,
    rows: (context) => {
      const date = localDate(TASK_WINDOW_END, context.timeZone);
      const outer = (inner: SQL) => sql`select g.day || '/' || g."driverId" as "key", g.day, g.driver, g."driverId", g.jobs, g.tasks,
          ${isoTimestamp(sql`g.first_start`)} as "firstWindowStart", ${isoTimestamp(sql`g.last_end`)} as "lastWindowEnd",
          greatest(0, round(extract(epoch from (g.last_end - g.first_start)) / 60))::int as "scheduledMinutes"
        from (${inner}) g`;
      const dirty = context.taskDirtyDays;
      if (dirty && driverSummarised(context)) {
        const excluded = dirty.length > 0 ? sql`and s.day not in (${sql.join(dirty.map((day) => sql`${day}::date`), sql`, `)})` : sql``;
        const live = dirty.length > 0
          ? sql` union all select * from (${driverDayFacts(context, dirty)}) l where ${dateWindow(context, sql`l.day`)}` : sql``;
        return outer(sql`select ${isoDate(sql`f.day`)} as day, u.id as "driverId", ${fullName('u')} as driver, f.jobs, f.tasks, f.first_start, f.last_end
          from (select s.day, s.driver_id, s.jobs, s.tasks, s.first_start, s.last_end from report_driver_days s
              where s.portal_id = ${context.portalId} and ${dateWindow(context, sql`s.day`)} ${excluded}${live}) f
            join users u on u.id = f.driver_id`);
      }
      return outer(sql`select ${isoDate(date)} as day, u.id as "driverId", ${fullName('u')} as driver, count(distinct t.job_id)::int as jobs,
            count(*)::int as tasks, min(${TASK_WINDOW_START}) as first_start, max(${TASK_WINDOW_END}) as last_end
          from ${taskBase(context)} and ${dateWindow(context, date, sql`(${timestampWithin(context, sql`q.pickup_window_end`)}) or (${timestampWithin(context, sql`q.drop_off_window_end`)})`)}
          group by 1, 2, 3`);
    },
    figures: {
      drivers: sql`count(distinct "driverId")::float8`,
      tasks: sumOf('tasks'),
      jobs: sumOf('jobs'),
      scheduledHours: sql`round(coalesce(sum("scheduledMinutes"), 0) / 60.0, 1)::float8`,
    },
  },
  autoAssignEfficiency: {
    // Jobs by the local date they were created: how many got a driver, how many a driver turned down, how long to start;
    // and (issue 20) how many auto-dispatch assigned, how many of those kept its driver (an operator did not
    // overrule it, the driver did not reject), and its km to the first stop, from the recorded assignments (the
    // latest per job, looked up once per job).
    rows: (context) => {
      const day = localDate(sql`j.created_at`, context.timeZone);
      return sql`select g.*, ${percentOf(sql`g.assigned`, sql`g.jobs`)} as "assignedPercent",
          round(g.start_minutes / nullif(g.started, 0))::int as "averageMinutesToStart",
          ${percentOf(sql`g."autoAssigned"`, sql`g.assigned`)} as "autoAssignedPercent",
          ${percentOf(sql`g."autoKept"`, sql`g."autoAssigned"`)} as "autoKeptPercent",
          round((g.auto_km / nullif(g."autoAssigned", 0))::numeric, 2)::float8 as "averageAutoKm"
        from (select ${isoDate(day)} as "key", ${isoDate(day)} as day, count(*)::int as jobs, count(j.driver_id)::int as assigned,
            (count(*) - count(j.driver_id))::int as unassigned, count(j.rejected_by_driver_id)::int as rejected,
            count(j.started_at)::int as started,
            coalesce(sum(extract(epoch from (j.started_at - j.created_at)) / 60) filter (where j.started_at is not null), 0)::float8 as start_minutes,
            count(*) filter (where la.driver_id is not null)::int as "autoAssigned",
            count(*) filter (where j.driver_id = la.driver_id)::int as "autoKept",
            coalesce(sum(la.distance_km), 0)::float8 as auto_km
          from jobs j left join lateral (select a.driver_id, a.distance_km from auto_dispatch_assignments a where a.job_id = j.id
            order by a.created_at desc, a.id desc limit 1) la on true
          where j.portal_id = ${context.portalId} and j.job_status_id <> ${JOB_STATUS.CANCELLED} and ${withinDays(context, sql`j.created_at`)}
            ${context.companyId !== undefined ? sql`and j.company_id = ${context.companyId}` : sql``}
          group by 1, 2) g`;
    },
    figures: {
      jobs: sumOf('jobs'),
      assignedPercent: sumPercent('assigned', 'jobs'),
      rejected: sumOf('rejected'),
      averageMinutesToStart: sql`round(sum(start_minutes) / nullif(sum(started), 0))::float8`,
      autoAssignedPercent: sumPercent('autoAssigned', 'assigned'),
      autoKeptPercent: sumPercent('autoKept', 'autoAssigned'),
    },
  },
  driverWaitTime: {
    // Wait at a stop: from the driver's arrival to the task's completion (tasks with both times). From the daily task
    // summaries when they serve the context (the same sums: the waits are numeric).
    taskSummaries: true,
    rows: (context) => {
      const outer = (inner: SQL) => sql`select g.*, round(g.wait_exact)::int as "waitMinutes", round(g.wait_exact / nullif(g.stops, 0))::int as "averageWait",
          round(g.pick_up_wait / nullif(g."pickUpStops", 0))::int as "averagePickUpWait",
          round(g.drop_off_wait / nullif(g."dropOffStops", 0))::int as "averageDropOffWait"
        from (${inner}) g`;
      if (context.taskDirtyDays && taskSummarised(context)) {
        return outer(sql`select u.id::text as "key", ${fullName('u')} as driver, sum(f.stops)::int as stops,
            coalesce(sum(f.stops) filter (where ${PICK_UP_FACT}), 0)::int as "pickUpStops",
            coalesce(sum(f.stops) filter (where ${DROP_OFF_FACT}), 0)::int as "dropOffStops",
            sum(f.wait_total)::float8 as wait_exact, coalesce(sum(f.wait_total) filter (where ${PICK_UP_FACT}), 0)::float8 as pick_up_wait,
            coalesce(sum(f.wait_total) filter (where ${DROP_OFF_FACT}), 0)::float8 as drop_off_wait, round(max(f.wait_max))::int as "longestWait"
          from (${taskFacts(context, context.taskDirtyDays)}) f join users u on u.id = f.driver_id
          where f.stops > 0
          group by 1, 2`);
      }
      return outer(sql`select u.id::text as "key", ${fullName('u')} as driver, count(*)::int as stops,
            count(*) filter (where ${PICK_UP_TASK})::int as "pickUpStops", count(*) filter (where ${DROP_OFF_TASK})::int as "dropOffStops",
            sum(${WAIT_MINUTES})::float8 as wait_exact, coalesce(sum(${WAIT_MINUTES}) filter (where ${PICK_UP_TASK}), 0)::float8 as pick_up_wait,
            coalesce(sum(${WAIT_MINUTES}) filter (where ${DROP_OFF_TASK}), 0)::float8 as drop_off_wait, round(max(${WAIT_MINUTES}))::int as "longestWait"
          from ${taskBase(context)} and ${STOP} and ${taskWindow(context)}
          group by 1, 2`);
    },
    figures: {
      stops: sumOf('stops'),
      averageWait: sql`round(sum(wait_exact) / nullif(sum(stops), 0))::float8`,
      averagePickUpWait: sql`round(sum(pick_up_wait) / nullif(sum("pickUpStops"), 0))::float8`,
      averageDropOffWait: sql`round(sum(drop_off_wait) / nullif(sum("dropOffStops"), 0))::float8`,
    },
  },
  driverKpi: {
    // Only cells leave the query (the contract's report values are numbers and text): the delivery ids stay inside.
    // From the daily driver task summaries (report_driver_task_days) when they serve the context (taskSummarised).
    taskSummaries: true,
    rows: (context) => {
      const outer = (inner: SQL) => sql`select g."key", g.driver, g.tasks, g.completed, g.arrivals, g."onTimeArrivals", g.exceptions, g.delivered,
          ${percentOf(sql`g.completed`, sql`g.tasks`)} as "completionPercent",
          ${percentOf(sql`g."onTimeArrivals"`, sql`g.arrivals`)} as "compliancePercent", ${percentOf(sql`g.exceptions`, sql`g.tasks`)} as "exceptionPercent",
          r.ratings, r.rating_total, round(r.rating_total::numeric / nullif(r.ratings, 0), 1)::float8 as "averageRating"
        from (${inner}) g
        left join lateral (select count(*)::int as ratings, coalesce(sum(ra.score), 0)::int as rating_total from ratings ra
          where ra.driver_id = g.driver_id and ra.delivery_id = any(g.delivery_ids)) r on true`;
      if (context.taskDirtyDays && taskSummarised(context)) return outer(driverTaskTotals(context, context.taskDirtyDays));
      return outer(sql`select u.id as driver_id, u.id::text as "key", ${fullName('u')} as driver, count(*)::int as tasks,
          count(*) filter (where t.task_status_id = ${TASK_STATUS.COMPLETED})::int as completed, count(t.arrived_date)::int as arrivals,
          count(*) filter (where t.arrived_date <= ${TASK_WINDOW_END})::int as "onTimeArrivals",
          count(*) filter (where t.task_status_id = ${TASK_STATUS.EXCEPTION})::int as exceptions,
          count(distinct d.id) filter (where d.logistic_status_id = ${LOGISTIC_STATUS.DELIVERED})::int as delivered,
          array_agg(distinct d.id) as delivery_ids
        from ${taskBase(context)} and ${taskWindow(context)}
        group by 1, 2, 3`);
    },
    figures: {
      drivers: sql`count(*)::float8`,
      compliancePercent: sumPercent('onTimeArrivals', 'arrivals'),
      completionPercent: sumPercent('completed', 'tasks'),
      averageRating: sql`round(sum(rating_total)::numeric / nullif(sum(ratings), 0), 1)::float8`,
    },
  },
  exceptions: {
    // Tasks in exception (or with an exception reason) on the caller's deliveries; recorded = the task's last change.
    rows: (context) => sql`select t.id::text as "key", d.waybill, c.company_name as company, s.store_name as store,
        ${taskLabel(sql`t.task_type_id`)} as task, coalesce(t.exception_reason, 'No reason given') as reason, ${fullName('u')} as driver,
        ${isoTimestamp(TASK_WINDOW_END)} as "windowEnd", ${isoTimestamp(sql`t.updated_at`)} as "exceptionAt",
        ${statusLabel(sql`d.logistic_status_id`)} as status, d.id as delivery_id,
        case when t.task_type_id in (${list(PICK_UP_TASK_TYPES)}) then 1 else 0 end as pick_up,
        case when t.task_type_id in (${list(DROP_OFF_TASK_TYPES)}) then 1 else 0 end as drop_off
      from job_tasks t join deliveries d on d.id = t.delivery_id join delivery_quotes q on q.id = d.selected_quote_id
        left join jobs j on j.id = t.job_id left join users u on u.id = j.driver_id
        left join companies c on c.id = d.company_id left join stores s on s.id = d.store_id
      where ${EXCEPTION_TASK} and ${BOOKED} and ${deliveryFiltersOf(context)} and ${storedTaskWindow(context)}`,
    figures: {
      exceptions: sql`count(*)::float8`,
      deliveries: sql`count(distinct delivery_id)::float8`,
      pickUp: sumOf('pick_up'),
      dropOff: sumOf('drop_off'),
    },
  },
  driverAssignment: {
    // Jobs by the local date they were created, per driver they are assigned to; rejections by the driver who turned them down.
    rows: (context) => {
      const status = (value: number) => sql`count(*) filter (where j.job_status_id = ${value})::int`;
      const companyFilter = context.companyId !== undefined ? sql`and j.company_id = ${context.companyId}` : sql``;
      // The jobs' deliveries counted by one look-up per job; the rejections in one pass over the range's jobs for all
      // drivers (rather than one pass per driver row).
      return sql`select g."key", g.driver, g.availability, g.jobs, g."notStarted", g."inProgress", g.completed, g.cancelled, g.deliveries,
          coalesce(r.rejected, 0)::int as rejected
        from (select u.id as driver_id, u.id::text as "key", ${fullName('u')} as driver, ${availabilityLabel(sql`dr.driver_availability_id`)} as availability,
            count(*)::int as jobs, ${status(JOB_STATUS.NOT_STARTED)} as "notStarted", ${status(JOB_STATUS.IN_PROGRESS)} as "inProgress",
            ${status(JOB_STATUS.COMPLETED)} as completed, ${status(JOB_STATUS.CANCELLED)} as cancelled, sum(jd.n)::int as deliveries
          from jobs j join users u on u.id = j.driver_id left join drivers dr on dr.user_id = u.id
            left join lateral (select count(*) as n from job_deliveries jd where jd.job_id = j.id) jd on true
          where j.portal_id = ${context.portalId} and ${withinDays(context, sql`j.created_at`)} ${companyFilter}
            ${context.driverId !== undefined ? sql`and j.driver_id = ${context.driverId}` : sql``}
          group by u.id, dr.driver_availability_id) g
        left join (select rj.rejected_by_driver_id as driver_id, count(*) as rejected from jobs rj
          where rj.rejected_by_driver_id is not null and rj.portal_id = ${context.portalId} and ${withinDays(context, sql`rj.created_at`)}
          group by 1) r on r.driver_id = g.driver_id`;
    },
    figures: {
      drivers: sql`count(*)::float8`,
      jobs: sumOf('jobs'),
      completed: sumOf('completed'),
      inProgress: sumOf('inProgress'),
    },
  },
  driverCommunication: {
    // What the outbox sent to drivers (e-mail, SMS, push): drivers are the platform's, as their messages.
    rows: (context) => sql`select m.id::text as "key", ${fullName('u')} as driver, u.id as driver_id, m.channel, m.purpose, m.subject,
        ${isoTimestamp(sql`m.created_at`)} as "createdAt", ${isoTimestamp(sql`m.sent_at`)} as "sentAt", m.attempts, m.last_error as "lastError",
        case when m.sent_at is not null then 1 else 0 end as sent, case when m.sent_at is null then 1 else 0 end as failed
      from messages m join drivers dr on dr.user_id = m.user_id join users u on u.id = m.user_id
      where ${withinDays(context, sql`m.created_at`)}
        ${context.driverId !== undefined ? sql`and m.user_id = ${context.driverId}` : sql``}`,
    figures: {
      messages: sql`count(*)::float8`,
      sent: sumOf('sent'),
      failed: sumOf('failed'),
      drivers: sql`count(distinct driver_id)::float8`,
    },
  },
  addressVariation: {
    // Each arrival with a recorded position against the booked address of its stop; away = farther than ARRIVAL_FAR_FROM_STOP_KM.
    rows: (context) => variationRows(context),
    // From the daily arrival summaries (their arrivals with a driver) when they serve the context; the page of the
    // default order from the index in that order.
    arrivalSummaries: true,
    screen: (context, sort, limit, offset) => {
      if (!context.taskDirtyDays || !arrivalSummarised(context)) return undefined;
      return {
        facts: arrivalFacts(context, context.taskDirtyDays),
        total: sql`select coalesce(sum(f.positioned), 0)::int from f where f.driven`,
        figures: sql`select coalesce(sum(f.positioned), 0)::float8 as arrivals, coalesce(sum(f.far), 0)::float8 as variations,
            ${percentOf(sql`sum(f.far)`, sql`sum(f.positioned)`)} as "variationPercent",
            round((sum(f.far_km) / nullif(sum(f.far), 0))::numeric, 2)::float8 as "averageVariationKm"
          from f where f.driven`,
        chart: sql`select coalesce(${taskLabel(sql`f.task_type_id`)}, '—') as label, sum(f.positioned)::float8 as s0
          from f where f.driven and f.positioned > 0
          group by 1 order by min(${taskLabel(sql`f.task_type_id`)}) nulls last, 1 limit ${REPORT_MAX_CHART_POINTS}`,
        ...(sort.key === 'distanceKm' ? { keys: variationKeys(context, { limit, offset, sort }), page: variationRows(context, { limit, offset, sort }) } : {}),
      };
    },
    figures: {
      arrivals: sql`count(*)::float8`,
      variations: sumOf('variation'),
      variationPercent: percentOf(sql`sum(variation)`, sql`count(*)`),
      // The km as shown, summed exactly (numeric), as the daily summaries add them.
      averageVariationKm: sql`round((sum("distanceKm"::numeric * variation) / nullif(sum(variation), 0))::numeric, 2)::float8`,
    },
  },
  locationProximity: {
    // Per driver: how close to the stop each positioned arrival was (the arrival position against the stop's address).
    // The km are summed as numeric (exact in any order), so the daily task summaries add up to the same figures.
    taskSummaries: true,
    rows: (context) => {
      const outer = (inner: SQL) => sql`select g.*, ${percentOf(sql`g."nearArrivals"`, sql`g.arrivals`)} as "nearPercent",
          round((g.distance_total / nullif(g.arrivals, 0))::numeric, 2)::float8 as "averageDistanceKm"
        from (${inner}) g`;
      if (context.taskDirtyDays && taskSummarised(context)) {
        return outer(sql`select u.id::text as "key", ${fullName('u')} as driver, sum(f.positioned)::int as arrivals,
            (sum(f.positioned) - sum(f.far))::int as "nearArrivals", sum(f.far)::int as "farArrivals",
            sum(f.distance_total)::float8 as distance_total, round(max(f.distance_max)::numeric, 2)::float8 as "maxDistanceKm"
          from (${taskFacts(context, context.taskDirtyDays)}) f join users u on u.id = f.driver_id
          where f.positioned > 0
          group by 1, 2`);
      }
      return outer(sql`select u.id::text as "key", ${fullName('u')} as driver, count(*)::int as arrivals,
            (count(*) - sum(${awayFlag}))::int as "nearArrivals", sum(${awayFlag})::int as "farArrivals",
            sum(t.arrived_distance_km::numeric)::float8 as distance_total, round(max(t.arrived_distance_km)::numeric, 2)::float8 as "maxDistanceKm"
          from ${taskBase(context)} and t.arrived_distance_km is not null and ${taskWindow(context)}
          group by 1, 2`);
    },
    figures: {
      arrivals: sumOf('arrivals'),
      nearPercent: sumPercent('nearArrivals', 'arrivals'),
      farArrivals: sumOf('farArrivals'),
      averageDistanceKm: sql`round((sum(distance_total) / nullif(sum(arrivals), 0))::numeric, 2)::float8`,
    },
  },
  acceptanceCompliance: {
    // Per driver, jobs created in the range: offered = assigned + turned down (the last driver to reject a job is kept);
    // acceptance = started ÷ offered; arrival compliance over the tasks of the assigned jobs (as Driver Performance).
    // From the daily job summaries (report_job_days) for clean days and live jobs (jobDayFacts) for dirty ones.
    jobSummaries: true,
    rows: (context) => {
      const outer = (a: SQL, r: SQL) => sql`select g.*, (g.jobs - g.started)::int as "notStarted", (g.jobs + g.rejected)::int as offers,
          ${percentOf(sql`g.started`, sql`(g.jobs + g.rejected)`)} as "acceptancePercent",
          ${percentOf(sql`g."onTimeArrivals"`, sql`g.arrivals`)} as "compliancePercent"
        from (select u.id::text as "key", ${fullName('u')} as driver, coalesce(a.jobs, 0)::int as jobs, coalesce(a.started, 0)::int as started,
            coalesce(r.rejected, 0)::int as rejected, coalesce(a.arrivals, 0)::int as arrivals, coalesce(a.on_time, 0)::int as "onTimeArrivals"
          from (${a}) a full join (${r}) r on r.driver_id = a.driver_id
            join users u on u.id = coalesce(a.driver_id, r.driver_id)) g`;
      const dirty = context.jobDirtyDays;
      if (dirty) {
        const excluded = dirty.length > 0 ? sql`and s.day not in (${sql.join(dirty.map((day) => sql`${day}::date`), sql`, `)})` : sql``;
        const live = dirty.length > 0 ? sql` union all select * from (${jobDayFacts(context, dirty)}) l` : sql``;
        const facts = sql`select * from (select s.day, s.company_id, s.driver_id, s.rejected_by_driver_id, s.jobs, s.started, s.arrivals, s.on_time
            from report_job_days s where s.portal_id = ${context.portalId} and ${dateWindow(context, sql`s.day`)} ${excluded}${live}) f
          where ${dateWindow(context, sql`f.day`)}${context.companyId !== undefined ? sql` and f.company_id = ${context.companyId}` : sql``}`;
        const driverOf = (column: string) => (context.driverId !== undefined ? sql`and ${sql.raw(column)} = ${context.driverId}` : sql``);
        return outer(
          sql`select f.driver_id, sum(f.jobs) as jobs, sum(f.started) as started, sum(f.arrivals) as arrivals, sum(f.on_time) as on_time
            from (${facts}) f where f.driver_id is not null ${driverOf('f.driver_id')} group by f.driver_id`,
          sql`select f.rejected_by_driver_id as driver_id, sum(f.jobs) as rejected
            from (${facts}) f where f.rejected_by_driver_id is not null ${driverOf('f.rejected_by_driver_id')} group by f.rejected_by_driver_id`,
        );
      }
      const jobFilter = (alias: string) => sql.join([
        sql`${sql.raw(alias)}.portal_id = ${context.portalId}`,
        withinDays(context, sql.raw(`${alias}.created_at`)),
        ...(context.companyId !== undefined ? [sql`${sql.raw(alias)}.company_id = ${context.companyId}`] : []),
      ], sql` and `);
      const driverFilter = (column: string) => (context.driverId !== undefined ? sql`and ${sql.raw(column)} = ${context.driverId}` : sql``);
      return outer(
        sql`select j.driver_id, count(*) as jobs, count(j.started_at) as started, sum(ta.arrivals) as arrivals, sum(ta.on_time) as on_time
          from jobs j left join lateral (select count(t.arrived_date) as arrivals, count(*) filter (where t.arrived_date <= ${TASK_WINDOW_END}) as on_time
            from job_tasks t join deliveries d on d.id = t.delivery_id join delivery_quotes q on q.id = d.selected_quote_id
            where t.job_id = j.id) ta on true
          where j.driver_id is not null and ${jobFilter('j')} ${driverFilter('j.driver_id')}
          group by j.driver_id`,
        sql`select rj.rejected_by_driver_id as driver_id, count(*) as rejected from jobs rj
          where rj.rejected_by_driver_id is not null and ${jobFilter('rj')} ${driverFilter('rj.rejected_by_driver_id')}
          group by rj.rejected_by_driver_id`,
      );
    },
    figures: {
      drivers: sql`count(*)::float8`,
      offers: sumOf('offers'),
      acceptancePercent: sumPercent('started', 'offers'),
      compliancePercent: sumPercent('onTimeArrivals', 'arrivals'),
    },
  },
  driverScreening: {
    // The portal's driver applications (driver, partner driver) by the local date they were made, with their documents' checks.
    rows: (context) => {
      const created = localDate(sql`a.created_at`, context.timeZone);
      const documents = (statuses: readonly number[]) => sql`count(ad.id) filter (where ad.document_status_id in (${list(statuses)}))::int`;
      return sql`select a.id::text as "key", ${fullName('u')} as applicant, ${labelOf(APPLICATION_TYPE_LABELS, sql`a.application_type_id`)} as type,
          ${labelOf(APPLICATION_STATUS_LABELS, sql`a.application_status_id`)} as status, ${labelOf(PROGRESS_STATUS_LABELS, sql`a.progress_status_id`)} as progress,
          count(ad.id)::int as documents, ${documents([DOCUMENT_STATUS.valid])} as valid, ${documents([DOCUMENT_STATUS.pendingApproval])} as "documentsToCheck",
          ${documents([DOCUMENT_STATUS.expiringSoon, DOCUMENT_STATUS.expired])} as expired, ${documents([DOCUMENT_STATUS.rejected])} as "rejectedDocuments",
          ${isoTimestamp(sql`a.created_at`)} as "createdAt", ${isoTimestamp(sql`a.decided_at`)} as "decidedAt",
          case when a.application_status_id = ${APPLICATION_STATUS.approved} then 1 else 0 end as approved,
          case when a.application_status_id = ${APPLICATION_STATUS.pending} then 1 else 0 end as pending
        from applications a join users u on u.id = a.applicant_user_id left join application_documents ad on ad.application_id = a.id
        where a.portal_id = ${context.portalId} and a.application_type_id in (${list([APPLICATION_TYPE.driver, APPLICATION_TYPE.partnerDriver])})
          and ${dateWindow(context, created)}
        group by a.id, u.id`;
    },
    figures: {
      applications: sql`count(*)::float8`,
      approved: sumOf('approved'),
      pending: sumOf('pending'),
      documentsToCheck: sumOf('documentsToCheck'),
      },
    },
  // Issue 15: the finance metrics, from the ledger only. Revenue and cost of sales are what was posted to those system
  // accounts in each period; receivables and payables are balances at each period's end: what customers' accounts owe
  // (their debit balances) and what the platform owes drivers and partners (the credit balances of Payable accounts).
  financeMetrics: {
    rows: (context) => {
      const unit = sql.raw(`'${context.period.toLowerCase()}'`);
      const step = sql.raw(`'1 ${context.period.toLowerCase()}'`);
      const day = localDate(sql`lt.created_at`, context.timeZone);
      return sql`with buckets as (
          select b::date as bucket, least((b + ${step}::interval - interval '1 day')::date, ${context.endDate}::date) as bucket_end
          from generate_series(date_trunc(${unit}, ${context.startDate}::date), ${context.endDate}::date, ${step}::interval) b),
        flows as (
          select date_trunc(${unit}, ${day})::date as bucket,
            coalesce(sum(-e.amount_cents) filter (where a.system_code = ${SYSTEM_ACCOUNTS.revenue}), 0)::float8 as revenue,
            coalesce(sum(e.amount_cents) filter (where a.system_code = ${COST_OF_SALES_ACCOUNT}), 0)::float8 as "costOfSales"
          from ledger_transactions lt join ledger_entries e on e.transaction_id = lt.id join accounts a on a.id = e.account_id
          where lt.portal_id = ${context.portalId} and a.system_code in (${SYSTEM_ACCOUNTS.revenue}, ${COST_OF_SALES_ACCOUNT})
            and ${day} between ${context.startDate}::date and ${context.endDate}::date
          group by 1),
        daily as (
          select e.account_id, ${day} as day, sum(e.amount_cents) as amount
          from ledger_transactions lt join ledger_entries e on e.transaction_id = lt.id join accounts a on a.id = e.account_id
          where lt.portal_id = ${context.portalId} and a.system_code is null and ${day} <= ${context.endDate}::date
          group by 1, 2),
        balances as (
          select b.bucket,
            coalesce(sum(greatest(s.amount, 0)) filter (where a.account_type <> 'Payable'), 0)::float8 as receivables,
            coalesce(sum(greatest(-s.amount, 0)) filter (where a.account_type = 'Payable'), 0)::float8 as payables
          from buckets b cross join lateral (
            select d.account_id, sum(d.amount) as amount from daily d where d.day <= b.bucket_end group by d.account_id) s
            join accounts a on a.id = s.account_id
          group by b.bucket)
        select ${isoDate(sql`b.bucket`)} as "key", ${isoDate(sql`b.bucket`)} as period,
          coalesce(f.revenue, 0)::float8 as revenue, coalesce(f."costOfSales", 0)::float8 as "costOfSales",
          (coalesce(f.revenue, 0) - coalesce(f."costOfSales", 0))::float8 as "grossProfit",
          ${percentOf(sql`coalesce(f.revenue, 0) - coalesce(f."costOfSales", 0)`, sql`f.revenue`)} as "marginPercent",
          coalesce(bl.receivables, 0)::float8 as receivables, coalesce(bl.payables, 0)::float8 as payables
        from buckets b left join flows f on f.bucket = b.bucket left join balances bl on bl.bucket = b.bucket`;
    },
    figures: {
      revenue: sumOf('revenue'),
      costOfSales: sumOf('costOfSales'),
      grossProfit: sumOf('grossProfit'),
      marginPercent: sumPercent('grossProfit', 'revenue'),
      // Outstanding: as at the end of the range (the last period's balances).
      receivables: sql`coalesce((array_agg(receivables order by "key" desc))[1], 0)::float8`,
      payables: sql`coalesce((array_agg(payables order by "key" desc))[1], 0)::float8`,
    },
  },
  // Issue 15: what each driver was paid per job in the range, from the cost of sales postings (completion pay less its
  // reversals, and the job's cost adjustments), each attributed to its job and the job's driver.
  driverPayAnalysis: {
    rows: (context) => {
      const day = localDate(sql`lt.created_at`, context.timeZone);
      return sql`select j.id::text as "key", ${fullName('u')} as driver, j.driver_id, j.id as "jobId",
          ${isoTimestamp(sql`j.completed_at`)} as "completedAt",
          coalesce(sum(e.amount_cents) filter (where p.id is not null), 0)::float8 as pay,
          coalesce(sum(e.amount_cents) filter (where ai.id is not null), 0)::float8 as adjustments,
          coalesce(sum(e.amount_cents), 0)::float8 as total
        from ledger_transactions lt join ledger_entries e on e.transaction_id = lt.id
          join accounts a on a.id = e.account_id and a.system_code = ${COST_OF_SALES_ACCOUNT}
          left join job_pay_postings p on p.ledger_transaction_id = lt.id
          left join adjustment_items ai on ai.ledger_transaction_id = lt.id and ai.job_id is not null
          join jobs j on j.id = coalesce(p.job_id, ai.job_id)
          left join users u on u.id = j.driver_id
        where lt.portal_id = ${context.portalId} and ${dateWindow(context, day)}
          ${context.driverId !== undefined ? sql`and j.driver_id = ${context.driverId}` : sql``}
        group by j.id, u.first_name, u.last_name`;
    },
    figures: {
      drivers: sql`count(distinct driver_id)::float8`,
      jobs: sql`count(*)::float8`,
      total: sumOf('total'),
      averagePerJob: sql`coalesce(round(avg(total)), 0)::float8`,
    },
  },
  // Issue 15: every adjustment (price, job cost, return-to-sender charge) and every reversal, with who, when and why.
  amendments: {
    rows: (context) => {
      const day = (column: SQL) => localDate(column, context.timeZone);
      return sql`select * from (
          select 'adjustment-' || ai.id as "key", ${isoTimestamp(sql`ai.created_at`)} as "createdAt", ${fullName('u')} as who,
            case when ai.job_id is not null then 'Job cost ' else 'Delivery price ' end || case when ai.is_credit then 'credit' else 'debit' end as kind,
            ai.description as reason, d.waybill, ai.job_id as "jobId", ai.ledger_transaction_id as "transactionId",
            (case when ai.is_credit then -1 else 1 end * ai.amount_excl_cents)::float8 as amount, 0 as reversal
          from adjustment_items ai join users u on u.id = ai.created_by_user_id left join deliveries d on d.id = ai.delivery_id
          where ai.portal_id = ${context.portalId} and ${dateWindow(context, day(sql`ai.created_at`))}
          union all
          select 'reversal-' || lt.id, ${isoTimestamp(sql`lt.created_at`)}, ${fullName('u')}, lt.transaction_type,
            coalesce(p.reason, lt.description), d.waybill, p.job_id, lt.id,
            coalesce((select sum(re.amount_cents) from ledger_entries re join accounts ra on ra.id = re.account_id
              where re.transaction_id = lt.id and ra.system_code = ${COST_OF_SALES_ACCOUNT}), 0)::float8, 1
          from ledger_transactions lt left join job_pay_postings p on p.ledger_transaction_id = lt.id
            left join users u on u.id = p.created_by_user_id left join deliveries d on d.id = lt.delivery_id
          where lt.portal_id = ${context.portalId} and lt.reversal_of_id is not null and ${dateWindow(context, day(sql`lt.created_at`))}
        ) r`;
    },
    figures: {
      amendments: sql`count(*)::float8`,
      adjustments: sql`count(*) filter (where reversal = 0)::float8`,
      reversals: sql`count(*) filter (where reversal = 1)::float8`,
    },
  },
};
