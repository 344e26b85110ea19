// A job's driver pay lines (issue 15): what the job screen shows and what completing the job pays (driver-pay.ts).
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { components } from '../../../src/api/generated/connect';
import { JOB_COST, OPERATIONS_TEXTS } from '../../../src/lib/operations-catalogue';
import { TASK_STATUS } from '../../../src/lib/statuses';
import { deliveries, jobDeliveries, jobs, jobTasks } from '../../db/schema';
import { notFound } from '../../http/errors';
import { addressOf, pathKm, type Tx } from './rows';

type S = components['schemas'];

/** The driver pay lines of a job: a fee per delivery and its route's km (VAT exclusive, cents). */
export function costLines(deliveryList: { waybill: string | null; id: number }[], distanceKm: number): S['JobTransactionItem'][] {
  const lines: S['JobTransactionItem'][] = deliveryList.map((delivery, index) => ({
    id: index + 1,
    transactionId: null,
    description: OPERATIONS_TEXTS.deliveryFee(delivery.waybill ?? String(delivery.id)),
    quantity: 1,
    amountExcl: JOB_COST.perDeliveryCents,
    transactionItemTypeId: JOB_COST.deliveryFeeItemType,
  }));
  if (deliveryList.length > 0) {
    lines.push({
      id: lines.length + 1,
      transactionId: null,
      description: OPERATIONS_TEXTS.distanceLine,
      quantity: Math.max(1, Math.round(distanceKm)),
      amountExcl: Math.round(distanceKm * JOB_COST.perKmCents),
      transactionItemTypeId: JOB_COST.distanceItemType,
    });
  }
  return lines;
}

/**
 * A job's driver pay lines as they stand (the completion posts their total: server/domain/driver-pay.ts). Reads only
 * what the lines need — the deliveries' waybills and the route through the job's stops (pathKm, as the job view's
 * distance) — not the whole job view: the demo seed pays its history's completions through this on first start.
 */
export async function jobCostLines(db: Tx, jobId: number): Promise<S['JobTransactionItem'][]> {
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound(`job ${jobId}`);
  return (await jobsCostLines(db, [jobId])).get(jobId)!;
}

/** jobCostLines of many jobs with two statements in all (the demo seed pays its whole history at once). */
export async function jobsCostLines(db: Tx, jobIds: readonly number[]): Promise<Map<number, S['JobTransactionItem'][]>> {
  if (jobIds.length === 0) return new Map();
  const [carried, stops] = await Promise.all([
    db.select({ jobId: jobDeliveries.jobId, id: deliveries.id, waybill: deliveries.waybill }).from(jobDeliveries).innerJoin(deliveries, eq(deliveries.id, jobDeliveries.deliveryId))
      .where(inArray(jobDeliveries.jobId, [...jobIds])).orderBy(asc(jobDeliveries.jobId), asc(jobDeliveries.addedAt), asc(jobDeliveries.deliveryId)),
    db.select({ jobId: jobTasks.jobId, address: jobTasks.address }).from(jobTasks)
      .where(and(inArray(jobTasks.jobId, [...jobIds]), ne(jobTasks.taskStatusId, TASK_STATUS.CANCELLED))).orderBy(asc(jobTasks.jobId), asc(jobTasks.taskJobOrder)),
  ]);
  const group = <Row extends { jobId: number }>(rows: Row[]) => {
    const byJob = new Map<number, Row[]>(jobIds.map((jobId) => [jobId, []]));
    for (const row of rows) byJob.get(row.jobId)?.push(row);
    return byJob;
  };
  const carriedBy = group(carried);
  const stopsBy = group(stops);
  return new Map(jobIds.map((jobId) => [jobId,
    costLines(carriedBy.get(jobId)!, pathKm(stopsBy.get(jobId)!.map((stop) => addressOf(stop.address).coordinates)))]));
}
