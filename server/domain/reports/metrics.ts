import { sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_TIERS } from '../../../src/lib/constants';
import { LOGISTIC_STATUS, TASK_TYPE } from '../../../src/lib/statuses';

/**
 * Every report metric as SQL, defined once (docs/reports.md says the same in words). The report queries
 * (queries.ts) and the dashboard read them from here; nothing else restates a metric.
 */

const list = (values: readonly number[]) => sql.raw(values.join(', '));

/** Quotes never booked (Pending, Cancelled quote) are not deliveries of any report. */
export const BOOKED = sql`d.logistic_status_id not in (${list([LOGISTIC_STATUS.PENDING, LOGISTIC_STATUS.CANCELLED_QUOTE])})`;
export const TERMINATED_STATUSES = [
  LOGISTIC_STATUS.UNDELIVERED, LOGISTIC_STATUS.DROP_OFF_EXCEPTION, LOGISTIC_STATUS.PICK_UP_EXCEPTION, LOGISTIC_STATUS.RETURNED_TO_SENDER,
] as const;
export const CANCELLED_STATUSES = [LOGISTIC_STATUS.CANCELLED_WITH_FEE, LOGISTIC_STATUS.REVERSED_FULL_REFUND, LOGISTIC_STATUS.REFUNDED] as const;
export const IN_PROGRESS_STATUSES = [
  LOGISTIC_STATUS.STAGING, LOGISTIC_STATUS.READY, LOGISTIC_STATUS.PENDING_PICK_UP, LOGISTIC_STATUS.COLLECTED, LOGISTIC_STATUS.PENDING_DROP_OFF,
] as const;
export const PICK_UP_TASK_TYPES = [TASK_TYPE.PICK_UP, TASK_TYPE.STORE_PICK_UP, TASK_TYPE.QSR_STORE_PICK_UP] as const;
export const DROP_OFF_TASK_TYPES = [TASK_TYPE.DROP_OFF, TASK_TYPE.STORE_DROP_OFF] as const;

const flag = (condition: SQL) => sql`(case when ${condition} then 1 else 0 end)`;

/** A timestamp's date in the portal's time zone. */
export const localDate = (timestamp: SQL, timeZone: string) => sql`((${timestamp}) at time zone ${timeZone})::date`;

/**
 * The deadline of a delivery: the end of its selected quote's drop-off window (what the customer was promised, and
 * what the dashboard's on-time figure uses); without a quote, the end of its deliver-by date in the portal's time
 * zone (the start of the next local day). Booking sets deliver-by to the collection date, so for a next-day SLA
 * (Standard) the end of that day would make every delivery late: the window decides.
 */
export const deadline = (timeZone: string) =>
  sql`coalesce(q.drop_off_window_end, ((d.deliver_by_date::date + 1)::timestamp at time zone ${timeZone}))`;

export const delivered = flag(sql`d.logistic_status_id = ${LOGISTIC_STATUS.DELIVERED}`);
/** On-time delivery: delivered, at a recorded time no later than the deadline. */
export const onTime = (timeZone: string) =>
  flag(sql`d.logistic_status_id = ${LOGISTIC_STATUS.DELIVERED} and d.delivered_at is not null and d.delivered_at <= ${deadline(timeZone)}`);
export const terminated = flag(sql`d.logistic_status_id in (${list(TERMINATED_STATUSES)})`);
export const cancelled = flag(sql`d.logistic_status_id in (${list(CANCELLED_STATUSES)})`);
export const inProgress = flag(sql`d.logistic_status_id in (${list(IN_PROGRESS_STATUSES)})`);

/**
 * Pick-up and drop-off compliance of one delivery's tasks (lateral on `d` and its selected quote `q`): tasks with
 * an arrival time, and those that arrived no later than the end of their window (pick-up tasks: the quote's
 * pick-up window; drop-off tasks: its drop-off window). Early arrivals wait and count as compliant.
 */
export const taskCompliance = sql`left join lateral (
  select
    count(*) filter (where t.task_type_id in (${list(PICK_UP_TASK_TYPES)}))::int as pick_up_arrivals,
    count(*) filter (where t.task_type_id in (${list(PICK_UP_TASK_TYPES)}) and t.arrived_date <= q.pickup_window_end)::int as pick_up_compliant,
    count(*) filter (where t.task_type_id in (${list(DROP_OFF_TASK_TYPES)}))::int as drop_off_arrivals,
    count(*) filter (where t.task_type_id in (${list(DROP_OFF_TASK_TYPES)}) and t.arrived_date <= q.drop_off_window_end)::int as drop_off_compliant
  from job_tasks t where t.delivery_id = d.id and t.arrived_date is not null
) tc on true`;

/** A share as a percentage with one decimal; null without a denominator. */
export const percentOf = (numerator: SQL, denominator: SQL) =>
  sql`round((100.0 * (${numerator}) / nullif(${denominator}, 0))::numeric, 1)::float8`;
/** The same over summed row fields of a report (for its figures). */
export const sumPercent = (numerator: string, denominator: string) =>
  percentOf(sql`sum(${sql.identifier(numerator)})`, sql`sum(${sql.identifier(denominator)})`);
export const sumOf = (field: string) => sql`coalesce(sum(${sql.identifier(field)}), 0)::float8`;

/** A customer's tier from their deliveries in the range (Casual 0-49, Occasional 50-499, Regular 500-2999, Super-user 3000+). */
export function tierOf(deliveries: SQL): { name: SQL; rank: SQL } {
  const bands = [...CUSTOMER_TIERS].reverse();
  const name = sql.join(bands.map((tier) => sql`when ${deliveries} >= ${tier.min} then ${tier.name}`), sql` `);
  const rank = sql.join(bands.map((tier) => sql`when ${deliveries} >= ${tier.min} then ${CUSTOMER_TIERS.indexOf(tier)}`), sql` `);
  return { name: sql`(case ${name} end)::text`, rank: sql`(case ${rank} end)::int` };
}

export const isoDate = (date: SQL) => sql`to_char(${date}, 'YYYY-MM-DD')`;
export const isoTimestamp = (timestamp: SQL) => sql`to_char((${timestamp}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
