import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/database';
import type { JobQueue } from '../../jobs/queue';
import { daysNarrowing, deliveryBase } from './queries';
import type { ReportContext } from './runner';

/**
 * The daily report summaries (report_delivery_days, issue 17): the triggers of migration 0027 mark a day dirty in the
 * transaction of every write that can change its figures; this recomputes dirty days from the live rows with the very
 * query the reports run live (deliveryBase), so a summary row is what the report would have counted.
 */
export const REPORT_SUMMARIES_JOB = 'report-summaries';
const REPORT_SUMMARIES_CRON = '* * * * *';
/** Days recomputed per transaction (a day of a busy portal is a few thousand deliveries). */
const DAYS_PER_PASS = 14;

/**
 * Recomputes up to DAYS_PER_PASS dirty days in one repeatable-read transaction: the dirty marks it sees are deleted
 * and the summary rebuilt from the same snapshot; a write committed after the snapshot left a mark of its own, so
 * its day stays dirty for the next pass. Answers how many days it recomputed (0: none dirty).
 */
export async function refreshReportSummariesOnce(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const dirty = await rowsOf<{ portalId: number; timeZone: string; day: string }>(tx, sql`select x.portal_id as "portalId",
        p.time_zone as "timeZone", x.day::text as day
      from (select distinct portal_id, day from report_dirty_days order by portal_id, day limit ${DAYS_PER_PASS}) x
      join portals p on p.id = x.portal_id`);
    const portals = new Map<number, { timeZone: string; days: string[] }>();
    for (const row of dirty) {
      const entry = portals.get(row.portalId) ?? { timeZone: row.timeZone, days: [] };
      entry.days.push(row.day);
      portals.set(row.portalId, entry);
    }
    for (const [portalId, { timeZone, days }] of portals) {
      const list = sql.join(days.map((day) => sql`${day}::date`), sql`, `);
      const context: ReportContext = {
        portalId, timeZone, scope: { kind: 'portal' }, userId: 0, startDate: days[0]!, endDate: days.at(-1)!,
        dateType: 'Deliver by', holiday: 'None', period: 'Day', today: days.at(-1)!,
      };
      await tx.execute(sql`delete from report_dirty_days where portal_id = ${portalId} and day in (${list})`);
      await tx.execute(sql`delete from report_delivery_days where portal_id = ${portalId} and day in (${list})`);
      await tx.execute(sql`insert into report_delivery_days (portal_id, day, company_id, store_id, hub_id, placed_by_user_id, sla_type,
          deliveries, delivered, on_time, terminated, cancelled, in_progress, pick_up_arrivals, pick_up_compliant, drop_off_arrivals, drop_off_compliant)
        select ${portalId}, b.report_date, b.company_id, b.store_id, b.hub_id, b.placed_by_user_id, b.sla_type,
          count(*), sum(b.delivered), sum(b.on_time), sum(b.terminated), sum(b.cancelled), sum(b.in_progress),
          sum(b.pick_up_arrivals), sum(b.pick_up_compliant), sum(b.drop_off_arrivals), sum(b.drop_off_compliant)
        from (${deliveryBase(context, daysNarrowing(days))}) b where b.report_date in (${list})
        group by b.report_date, b.company_id, b.store_id, b.hub_id, b.placed_by_user_id, b.sla_type`);
    }
    return dirty.length;
  }, { isolationLevel: 'repeatable read' });
}

/** A repeatable-read transaction that met a concurrent one (another process recomputing the same days). */
function serializationFailure(error: unknown): boolean {
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null; cause = Reflect.get(cause, 'cause')) {
    if (Reflect.get(cause, 'code') === '40001') return true;
  }
  return false;
}

/** Recomputes every dirty day (pass after pass, a pass that met a concurrent one again); answers how many. */
export async function refreshReportSummaries(db: Database): Promise<number> {
  let total = 0;
  for (let conflicts = 0; ;) {
    const done = await refreshReportSummariesOnce(db).catch((error: unknown) => {
      if (serializationFailure(error) && conflicts < 5) return -1;
      throw error;
    });
    if (done === 0) return total;
    if (done < 0) conflicts += 1; else total += done;
  }
}

/** Every minute on the job queue, one at a time across server processes ('stately'). */
export async function startReportSummariesWorker(jobs: JobQueue, db: Database): Promise<void> {
  await jobs.define(REPORT_SUMMARIES_JOB, { policy: 'stately', retryLimit: 0 });
  await jobs.work(REPORT_SUMMARIES_JOB, async () => ({ days: await refreshReportSummaries(db) }));
  await jobs.schedule(REPORT_SUMMARIES_JOB, REPORT_SUMMARIES_CRON);
}
