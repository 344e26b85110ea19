import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/database';
import type { JobQueue } from '../../jobs/queue';
import { arrivalDayFacts, daysNarrowing, deliveryBase, driverDayFacts, driverTaskDayFacts, jobDayFacts, taskDayFacts } from './queries';
import type { ReportContext } from './runner';

/**
 * The daily report summaries (report_delivery_days, issue 17; report_task_days, report_driver_days and report_driver_task_days for the per-driver task reports, report_arrival_days for Delivery Arrival and Address Variation, report_job_days for Acceptance and Compliance): the
 * triggers of migrations 0027, 0030 and 0032 mark a day dirty in the transaction of every write that can change its figures;
 * this recomputes dirty days from the live rows with the very query the reports run live for a dirty day
 * (deliveryBase, taskDayFacts), so a summary row is what the report would have counted.
 */
export const REPORT_SUMMARIES_JOB = 'report-summaries';
const REPORT_SUMMARIES_CRON = '* * * * *';
/** Days recomputed per transaction (a day of a busy portal is a few thousand deliveries). */
const DAYS_PER_PASS = 14;
/** The advisory lock a recomputation pass holds (its transaction's), and what a pass answers when another holds it. */
const REPORT_SUMMARIES_LOCK = 1_726_017;
const REFRESH_BUSY = -2;
/** How long a refresher waits for another's pass before trying again. */
const BUSY_WAIT_MS = 250;

/**
 * Recomputes up to DAYS_PER_PASS dirty days in one repeatable-read transaction: the dirty marks it sees are deleted
 * and the summary rebuilt from the same snapshot; a write committed after the snapshot left a mark of its own, so
 * its day stays dirty for the next pass. Answers how many days it recomputed (0: none dirty), or REFRESH_BUSY while
 * another pass (another process's) holds the lock.
 */
export async function refreshReportSummariesOnce(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    // One recomputation at a time across processes (the job's worker, a bench or test refreshing by hand): two passes
    // over the same dirty days fail each other's repeatable-read deletes (40001). Busy: answer REFRESH_BUSY.
    const [lock] = await rowsOf<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${REPORT_SUMMARIES_LOCK}) as locked`);
    if (!lock?.locked) return REFRESH_BUSY;
    await tx.execute(sql`set local jit = off`);
    const dirtyDays = async (table: 'report_dirty_days' | 'report_task_dirty_days' | 'report_job_dirty_days') => {
      const dirty = await rowsOf<{ portalId: number; timeZone: string; day: string }>(tx, sql`select x.portal_id as "portalId",
          p.time_zone as "timeZone", x.day::text as day
        from (select distinct portal_id, day from ${sql.identifier(table)} order by portal_id, day limit ${DAYS_PER_PASS}) x
        join portals p on p.id = x.portal_id`);
      const portals = new Map<number, { context: ReportContext; days: string[]; list: SQL }>();
      for (const row of dirty) {
        const entry = portals.get(row.portalId) ?? { days: [], list: sql``, context: {
          portalId: row.portalId, timeZone: row.timeZone, scope: { kind: 'portal' }, userId: 0, startDate: row.day, endDate: row.day,
          dateType: 'Deliver by', holiday: 'None', period: 'Day', today: row.day,
        } satisfies ReportContext };
        entry.days.push(row.day);
        entry.context = { ...entry.context, endDate: row.day, today: row.day };
        entry.list = sql.join(entry.days.map((day) => sql`${day}::date`), sql`, `);
        portals.set(row.portalId, entry);
        await tx.execute(sql`delete from ${sql.identifier(table)} where portal_id = ${row.portalId} and day = ${row.day}::date`);
      }
      return { count: dirty.length, portals: [...portals.values()] };
    };

    const deliveryDays = await dirtyDays('report_dirty_days');
    for (const { context, days, list } of deliveryDays.portals) {
      await tx.execute(sql`delete from report_delivery_days where portal_id = ${context.portalId} and day in (${list})`);
      await tx.execute(sql`insert into report_delivery_days (portal_id, day, company_id, store_id, hub_id, placed_by_user_id, sla_type,
          deliveries, delivered, on_time, terminated, cancelled, in_progress, pick_up_arrivals, pick_up_compliant, drop_off_arrivals, drop_off_compliant)
        select ${context.portalId}, b.report_date, b.company_id, b.store_id, b.hub_id, b.placed_by_user_id, b.sla_type,
          count(*), sum(b.delivered), sum(b.on_time), sum(b.terminated), sum(b.cancelled), sum(b.in_progress),
          sum(b.pick_up_arrivals), sum(b.pick_up_compliant), sum(b.drop_off_arrivals), sum(b.drop_off_compliant)
        from (${deliveryBase(context, daysNarrowing(days))}) b where b.report_date in (${list})
        group by b.report_date, b.company_id, b.store_id, b.hub_id, b.placed_by_user_id, b.sla_type`);
    }
    // The task days (report_task_days): the very facts a report reads live for a dirty day.
    const taskDays = await dirtyDays('report_task_dirty_days');
    for (const { context, days, list } of taskDays.portals) {
      await tx.execute(sql`delete from report_task_days where portal_id = ${context.portalId} and day in (${list})`);
      await tx.execute(sql`insert into report_task_days (portal_id, day, driver_id, company_id, store_id, placed_by_user_id, task_type_id,
          stops, wait_total, wait_max, positioned, far, distance_total, distance_max)
        select ${context.portalId}, f.day, f.driver_id, f.company_id, f.store_id, f.placed_by_user_id, f.task_type_id,
          f.stops, f.wait_total, f.wait_max, f.positioned, f.far, f.distance_total, f.distance_max
        from (${taskDayFacts(context, days)}) f`);
      await tx.execute(sql`delete from report_driver_days where portal_id = ${context.portalId} and day in (${list})`);
      await tx.execute(sql`insert into report_driver_days (portal_id, day, driver_id, jobs, tasks, first_start, last_end)
        select ${context.portalId}, f.day, f.driver_id, f.jobs, f.tasks, f.first_start, f.last_end from (${driverDayFacts(context, days)}) f`);
      await tx.execute(sql`delete from report_driver_task_days where portal_id = ${context.portalId} and day in (${list})`);
      await tx.execute(sql`insert into report_driver_task_days (portal_id, day, driver_id, company_id, store_id, placed_by_user_id, tasks,
          completed, arrivals, on_time, late, exceptions, job_ids, delivery_ids, delivered_ids)
        select ${context.portalId}, f.day, f.driver_id, f.company_id, f.store_id, f.placed_by_user_id, f.tasks, f.completed, f.arrivals,
          f.on_time, f.late, f.exceptions, f.job_ids, f.delivery_ids, f.delivered_ids
        from (${driverTaskDayFacts(context, days)}) f`);
      await tx.execute(sql`delete from report_arrival_days where portal_id = ${context.portalId} and day in (${list})`);
      await tx.execute(sql`insert into report_arrival_days (portal_id, day, company_id, store_id, placed_by_user_id, sla_type, task_type_id,
          driven, arrivals, early, on_time, late, late_minutes, first_arrival, last_arrival, positioned, far, far_km, km_min, km_max)
        select ${context.portalId}, f.day, f.company_id, f.store_id, f.placed_by_user_id, f.sla_type, f.task_type_id, f.driven, f.arrivals,
          f.early, f.on_time, f.late, f.late_minutes, f.first_arrival, f.last_arrival, f.positioned, f.far, f.far_km, f.km_min, f.km_max
        from (${arrivalDayFacts(context, days)}) f`);
    }
    // The job days (report_job_days, by the local day a job was created).
    const jobDays = await dirtyDays('report_job_dirty_days');
    for (const { context, days, list } of jobDays.portals) {
      await tx.execute(sql`delete from report_job_days where portal_id = ${context.portalId} and day in (${list})`);
      await tx.execute(sql`insert into report_job_days (portal_id, day, company_id, driver_id, rejected_by_driver_id, jobs, started, arrivals, on_time)
        select ${context.portalId}, f.day, f.company_id, f.driver_id, f.rejected_by_driver_id, f.jobs, f.started, f.arrivals, f.on_time
        from (${jobDayFacts(context, days)}) f`);
    }
    return deliveryDays.count + taskDays.count + jobDays.count;
  }, { isolationLevel: 'repeatable read' });
}

/** A repeatable-read transaction that met a concurrent one (another process recomputing the same days). */
function serializationFailure(error: unknown): boolean {
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null; cause = Reflect.get(cause, 'cause')) {
    if (Reflect.get(cause, 'code') === '40001') return true;
  }
  return false;
}

/**
 * Recomputes every dirty day (pass after pass, a pass that met a concurrent one again, waiting while another process's
 * pass runs); answers how many it recomputed.
 */
export async function refreshReportSummaries(db: Database): Promise<number> {
  let total = 0;
  for (let conflicts = 0; ;) {
    const done = await refreshReportSummariesOnce(db).catch((error: unknown) => {
      if (serializationFailure(error) && conflicts < 5) return -1;
      throw error;
    });
    if (done === 0) return total;
    if (done === REFRESH_BUSY) await sleep(BUSY_WAIT_MS);
    else if (done < 0) conflicts += 1;
    else total += done;
  }
}

/** Every minute on the job queue, one at a time across server processes ('stately'). */
export async function startReportSummariesWorker(jobs: JobQueue, db: Database): Promise<void> {
  await jobs.define(REPORT_SUMMARIES_JOB, { policy: 'stately', retryLimit: 0 });
  await jobs.work(REPORT_SUMMARIES_JOB, async () => ({ days: await refreshReportSummaries(db) }));
  await jobs.schedule(REPORT_SUMMARIES_JOB, REPORT_SUMMARIES_CRON);
}
