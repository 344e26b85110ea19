// A job's driver pay lines (issue 15): what the job screen shows and what completing the job pays (driver-pay.ts).
import { asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/generated/connect';
import { JOB_COST, OPERATIONS_TEXTS } from '../../../src/lib/operations-catalogue';
import { jobDeliveries } from '../../db/schema';
import { notFound } from '../../http/errors';
import { loadJob, loadJobDeliveries, type Tx } from './rows';

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

/** A job's driver pay lines as they stand (the completion posts their total: server/domain/driver-pay.ts). */
export async function jobCostLines(db: Tx, jobId: number): Promise<S['JobTransactionItem'][]> {
  const job = await loadJob(db, jobId);
  if (!job) throw notFound(`job ${jobId}`);
  return costLines(await loadJobDeliveries(db, (await db.select({ id: jobDeliveries.deliveryId }).from(jobDeliveries)
    .where(eq(jobDeliveries.jobId, jobId)).orderBy(asc(jobDeliveries.addedAt), asc(jobDeliveries.deliveryId))).map((row) => row.id)), job.distanceKm);
}

