// Finance seed (issue 15): the demo partner's bank account, so /bank-accounts and a withdrawal request have something
// to show on a fresh machine. Added once per portal (a second run adds nothing while any bank account exists there).
// And the cost of the seeded history: each delivered demo delivery was carried in a completed job, and every seeded
// completed job is paid to its driver through the ledger code completing a job uses, on the day it completed.
import { and, asc, count, eq, inArray, isNotNull, isNull, like, sql } from 'drizzle-orm';
import { JOB_STATUS, LOGISTIC_STATUS, TASK_STATUS, TASK_TYPE } from '../../src/lib/statuses';
import { payCompletedJobs } from '../domain/driver-pay';
import type { Database } from './database';
import { SEED_WAYBILL_PREFIX } from './seed-deliveries';
import { bankAccounts, deliveries, drivers, jobDeliveries, jobPayPostings, jobs, jobTasks, portals, users } from './schema';

export async function seedBankAccounts(db: Database): Promise<void> {
  const [za] = await db.select({ id: portals.id }).from(portals).where(eq(sql`lower(${portals.cca2})`, 'za'));
  if (!za) return;
  const [existing] = await db.select({ value: count() }).from(bankAccounts).where(eq(bankAccounts.portalId, za.id));
  if ((existing?.value ?? 0) > 0) return;
  const [partner] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.email, 'partner@demo.test'));
  if (!partner) return;
  await db.insert(bankAccounts).values({
    portalId: za.id, userId: partner.companyId ? null : partner.id, companyId: partner.companyId,
    accountHolder: 'Precious Partner', bankName: 'First National Bank', branchCode: '250655', accountNumber: '62812345678', bankAccountType: 'Business',
  });
}

/** The seed key of the completed job that carried a delivered history delivery (seed-deliveries.ts). */
const historyJobKey = (waybill: string) => `history-${waybill}`;
const MINUTE_MS = 60_000;
const HISTORY_DRIVER = 'driver@demo.test';

/**
 * The seeded history's jobs and their driver pay. Each delivered delivery of the back-office seed (WBL…) that is in
 * no job gets one completed job (collected 40 minutes before it was delivered, completed when it was delivered) by the
 * demo driver. Then every seeded
 * completed job without a pay posting is paid as payCompletedJob pays one (payCompletedJobs, all in one go), dated when it completed (its deliveredAt lies
 * before the seeding moment, so nothing is paid in the future whatever the hour), oldest first so each payee's
 * statement reads in order. Idempotent: a job is made once (by seed key) and paid once (payCompletedJob's rule).
 */
export async function seedDriverPayHistory(db: Database): Promise<void> {
  const [za] = await db.select({ id: portals.id }).from(portals).where(eq(sql`lower(${portals.cca2})`, 'za'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'administrator@demo.test'));
  if (!za || !admin) return;
  // The demo driver carried the history: the other demo drivers keep the state the operations demo gives them (which
  // companies' jobs they carry, no pay account until they are paid).
  const driverIds = (await db.select({ id: drivers.userId }).from(drivers).innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(users.email, HISTORY_DRIVER))).map((row) => row.id);
  await db.transaction(async (tx) => {
    const carried = await tx.select({
      id: deliveries.id, waybill: deliveries.waybill, companyId: deliveries.companyId, deliveredAt: deliveries.deliveredAt,
      originAddress: deliveries.originAddress, destinationAddress: deliveries.destinationAddress,
    }).from(deliveries).leftJoin(jobDeliveries, eq(jobDeliveries.deliveryId, deliveries.id))
      .where(and(eq(deliveries.portalId, za.id), like(deliveries.waybill, `${SEED_WAYBILL_PREFIX}%`), eq(deliveries.logisticStatusId, LOGISTIC_STATUS.DELIVERED),
        isNotNull(deliveries.deliveredAt), isNull(jobDeliveries.jobId)))
      .orderBy(asc(deliveries.deliveredAt), asc(deliveries.id));
    if (carried.length > 0 && driverIds.length > 0) {
      const made = await tx.insert(jobs).values(carried.map((delivery, index) => {
        const completedAt = delivery.deliveredAt!;
        return {
          portalId: za.id, seedKey: historyJobKey(delivery.waybill!), jobStatusId: JOB_STATUS.COMPLETED, driverId: driverIds[index % driverIds.length]!,
          companyId: delivery.companyId, createdByUserId: admin.id, createdAt: new Date(completedAt.getTime() - 90 * MINUTE_MS),
          startedAt: new Date(completedAt.getTime() - 60 * MINUTE_MS), completedAt, updatedAt: completedAt,
        };
      })).onConflictDoNothing().returning({ id: jobs.id, seedKey: jobs.seedKey });
      const jobOf = new Map(made.map((job) => [job.seedKey, job.id]));
      const mine = carried.filter((delivery) => jobOf.has(historyJobKey(delivery.waybill!)));
      if (mine.length > 0) {
        await tx.insert(jobDeliveries).values(mine.map((delivery) => ({
          jobId: jobOf.get(historyJobKey(delivery.waybill!))!, deliveryId: delivery.id, addedAt: new Date(delivery.deliveredAt!.getTime() - 90 * MINUTE_MS),
        })));
        await tx.insert(jobTasks).values(mine.flatMap((delivery) => {
          const jobId = jobOf.get(historyJobKey(delivery.waybill!))!;
          const at = (minutesBefore: number) => new Date(delivery.deliveredAt!.getTime() - minutesBefore * MINUTE_MS);
          return ([[true, 40], [false, 0]] as const).map(([pickUp, minutesBefore], order) => {
            const address = pickUp ? delivery.originAddress : delivery.destinationAddress;
            const { coordinates } = address as { coordinates: { lat: number; lon: number } };
            return {
              jobId, deliveryId: delivery.id, taskJobOrder: order + 1, address, taskTypeId: pickUp ? TASK_TYPE.STORE_PICK_UP : TASK_TYPE.DROP_OFF,
              taskStatusId: TASK_STATUS.COMPLETED, arrivedDate: at(minutesBefore + 5), arrivedLat: coordinates.lat, arrivedLon: coordinates.lon,
              completedDate: at(minutesBefore), updatedAt: at(minutesBefore),
            };
          });
        }));
      }
    }
    // Every seeded completed job not paid yet, oldest first, each under its row lock as a completion holds it.
    const unpaid = await tx.select({ id: jobs.id, driverId: jobs.driverId, completedAt: jobs.completedAt }).from(jobs)
      .leftJoin(jobPayPostings, eq(jobPayPostings.jobId, jobs.id))
      .where(and(eq(jobs.portalId, za.id), isNotNull(jobs.seedKey), eq(jobs.jobStatusId, JOB_STATUS.COMPLETED), isNotNull(jobs.driverId),
        isNotNull(jobs.completedAt), isNull(jobPayPostings.id)))
      .orderBy(asc(jobs.completedAt), asc(jobs.id));
    if (unpaid.length === 0) return;
    await tx.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, unpaid.map((job) => job.id))).orderBy(asc(jobs.id)).for('update');
    await payCompletedJobs(tx, unpaid.map((job) => ({ portalId: za.id, jobId: job.id, driverId: job.driverId, userId: admin.id, postedAt: job.completedAt! })));
  });
}
