// A job's driver pay lines (issue 15): what the job screen shows and what completing the job pays (driver-pay.ts).
import { and, asc, eq, ne } from 'drizzle-orm';
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
  const [carried, stops] = await Promise.all([
    db.select({ id: deliveries.id, waybill: deliveries.waybill }).from(jobDeliveries).innerJoin(deliveries, eq(deliveries.id, jobDeliveries.deliveryId))
      .where(eq(jobDeliveries.jobId, jobId)).orderBy(asc(jobDeliveries.addedAt), asc(jobDeliveries.deliveryId)),
    db.select({ address: jobTasks.address }).from(jobTasks)
      .where(and(eq(jobTasks.jobId, jobId), ne(jobTasks.taskStatusId, TASK_STATUS.CANCELLED))).orderBy(asc(jobTasks.taskJobOrder)),
  ]);
  return costLines(carried, pathKm(stops.map((stop) => addressOf(stop.address).coordinates)));
}

