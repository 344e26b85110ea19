// Scheduled reports seed (issue 17): a weekly Service Levels report for the operations team and a monthly Gross Profit
// report for finance, so the list and the minute tick have something to show on a fresh machine. Added once per
// portal (a second run adds nothing while any scheduled report exists there).
import { count, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { nextRunAfter } from '../domain/scheduled-reports';
import type { Database } from './database';
import { portals, scheduledReports, users } from './schema';

export const DEMO_SCHEDULED_REPORTS = [
  { reportType: 4, period: 'Weekly', scheduledDay: 1, recipients: ['operations@demo.test'] },
  { reportType: 5, period: 'Monthly', scheduledDay: 1, recipients: ['finance@demo.test'] },
] as const;

export async function seedScheduledReports(db: Database, now: DateTime = DateTime.utc()): Promise<void> {
  const [za] = await db.select().from(portals).where(eq(sql`lower(${portals.cca2})`, 'za'));
  if (!za) return;
  const [existing] = await db.select({ value: count() }).from(scheduledReports).where(eq(scheduledReports.portalId, za.id));
  if ((existing?.value ?? 0) > 0) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'administrator@demo.test'));
  await db.insert(scheduledReports).values(DEMO_SCHEDULED_REPORTS.map((report) => ({
    ...report, recipients: [...report.recipients], portalId: za.id, createdByUserId: admin?.id ?? null,
    nextRunAt: nextRunAfter(report.period, report.scheduledDay, za.timeZone, now).toJSDate(),
  })));
}
