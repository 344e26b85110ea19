// Finance adjustments (issue 15; 002 sections 3, 5, 7): an administrator or management operator increases or reduces
// a paid delivery's price or a job's cost (its driver's pay) by an amount excluding VAT. Each adjustment is one
// balanced ledger transaction and one adjustment item, written together under the delivery's or job's row lock (so
// two adjustments are judged one after the other), once per Idempotency-Key. Nothing is edited: a mistake is
// corrected by the opposite adjustment.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import type { Permissions } from '../../src/lib/roles';
import type { Database } from '../db/database';
import { SYSTEM_ACCOUNTS } from '../db/seed-booking';
import { adjustmentItems, deliveries, jobs, users } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { payeeAccountId } from './driver-pay';
import { postTransaction, systemAccountId, type Tx } from './ledger';
import { idempotent, requireWithinLimit } from './money-rules';
import { getJobDetails } from './operations/jobs';
import type { OpsContext } from './operations/scope';
import type { PortalData } from './portals';
import { saleOf } from './refunds';
import { waybillOf } from './payments';
import { vatOf } from './return-to-sender';

type S = components['schemas'];

/** The spec's texts (002 section 5) and ours where it is silent. */
export const ADJUSTMENT_TEXTS = {
  newPriceBelowZero: 'New price excl cannot be less than 0.',
  newCostBelowZero: 'New cost excl cannot be less than 0.',
  deliveryRequired: 'Choose the delivery to adjust.',
  jobRequired: 'Choose the job to adjust.',
  deliveryNotPaid: 'Only a paid delivery\'s price can be adjusted.',
  jobWithoutDriver: 'Only a job with a driver can be adjusted.',
} as const;

/** transactionItemTypeId of an adjustment when the form does not name one (the job's cost lines are 1 and 2). */
export const ADJUSTMENT_ITEM_TYPE = 3;
/** The platform's account that carries what drivers and partners are paid: the cost of sales, as completions post it. */
export const DRIVER_PAY_SYSTEM_CODE = SYSTEM_ACCOUNTS.costOfSales;

type AdjustmentRow = typeof adjustmentItems.$inferSelect;

const signed = (row: Pick<AdjustmentRow, 'amountExclCents' | 'isCredit'>, creditSign: 1 | -1) => (row.isCredit ? creditSign : -creditSign) * row.amountExclCents;

async function itemsOf(tx: Tx, where: ReturnType<typeof eq>): Promise<(AdjustmentRow & { createdBy: string })[]> {
  const rows = await tx.select({ item: adjustmentItems, createdBy: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(adjustmentItems).innerJoin(users, eq(users.id, adjustmentItems.createdByUserId)).where(where).orderBy(asc(adjustmentItems.id));
  return rows.map((row) => ({ ...row.item, createdBy: row.createdBy }));
}

function publicItem(row: AdjustmentRow & { createdBy: string }, newAmountExcl: number): S['AdjustmentItem'] {
  return {
    id: row.id, transactionId: row.ledgerTransactionId, description: row.description, quantity: row.quantity, amountExcl: row.amountExclCents,
    vat: row.vatCents, isCredit: row.isCredit, transactionItemTypeId: row.transactionItemTypeId, deliveryId: row.deliveryId, jobId: row.jobId,
    newAmountExcl, createdAt: row.createdAt.toISOString(), createdBy: row.createdBy,
  };
}


/**
 * A delivery's price adjustment: a debit (price up) charges the account it was paid from with the amount and its VAT;
 * a credit (price down) gives them back. The price excl is the sale's net plus the adjustments so far; a credit may
 * not take it below zero.
 */
export async function createDeliveryAdjustment(db: Database, portal: PortalData, permissions: Permissions, key: string, form: S['AdjustmentForm']) {
  const deliveryId = form.deliveryId;
  if (!deliveryId) throw badRequest('deliveryId', ADJUSTMENT_TEXTS.deliveryRequired);
  const description = form.description.trim();
  if (!description) throw badRequest('description', 'Reason is required');
  return idempotent(db, { key, userId: permissions.id, operation: 'createDeliveryTransactionItem', request: form }, async (tx) => {
    const [delivery] = await tx.select({ id: deliveries.id, paymentStatusId: deliveries.paymentStatusId }).from(deliveries)
      .where(and(eq(deliveries.portalId, portal.id), eq(deliveries.id, deliveryId))).for('update');
    if (!delivery) throw notFound(`delivery ${deliveryId}`);
    const sale = await saleOf(tx, portal.id, deliveryId);
    if (delivery.paymentStatusId !== PAYMENT_STATUS.PAID || !sale) throw new HttpError(422, ADJUSTMENT_TEXTS.deliveryNotPaid);
    const before = await itemsOf(tx, eq(adjustmentItems.deliveryId, deliveryId));
    const priceExcl = sale.paidCents - sale.vatCents + before.reduce((sum, row) => sum + signed(row, -1), 0);
    const newPriceExcl = priceExcl + (form.isCredit ? -form.amount : form.amount);
    if (newPriceExcl < 0) throw badRequest('amount', ADJUSTMENT_TEXTS.newPriceBelowZero);
    const vat = vatOf(portal, form.amount);
    const customer = sale.payerAccountId ?? await systemAccountId(tx, portal.id, SYSTEM_ACCOUNTS.suspense);
    if (!form.isCredit) await requireWithinLimit(tx, customer, form.amount + vat);
    // Debit positive: a price increase debits the customer, credits revenue and VAT; a reduction mirrors it.
    const sign = form.isCredit ? -1 : 1;
    const transactionId = await postTransaction(tx, {
      portalId: portal.id, transactionType: form.isCredit ? 'Credit' : 'Debit', deliveryId,
      description: `${form.isCredit ? 'Price reduced' : 'Price increased'}: ${description} (delivery ${deliveryId}, ${waybillOf(deliveryId)})`,
      entries: [
        { accountId: customer, amountCents: sign * (form.amount + vat) },
        { accountId: await systemAccountId(tx, portal.id, SYSTEM_ACCOUNTS.revenue), amountCents: -sign * form.amount },
        { accountId: await systemAccountId(tx, portal.id, SYSTEM_ACCOUNTS.vat), amountCents: -sign * vat },
      ],
    });
    const [row] = await tx.insert(adjustmentItems).values({
      portalId: portal.id, ledgerTransactionId: transactionId, deliveryId, description, amountExclCents: form.amount, vatCents: vat,
      isCredit: form.isCredit, transactionItemTypeId: form.transactionItemTypeId ?? ADJUSTMENT_ITEM_TYPE, createdByUserId: permissions.id,
    }).returning({ id: adjustmentItems.id });
    const [created] = await itemsOf(tx, eq(adjustmentItems.id, row!.id));
    return publicItem(created!, newPriceExcl);
  });
}

/** A job's cost lines and adjustments (credits add to the driver's pay, debits take from it). */
export async function jobTransactionItems(ctx: OpsContext, jobId: number, tx: Tx = ctx.db): Promise<S['JobTransactionItems']> {
  const details = await getJobDetails(ctx, jobId, tx);
  const rows = await itemsOf(tx, eq(adjustmentItems.jobId, jobId));
  let total = details.transactionItems.reduce((sum, item) => sum + item.amountExcl, 0);
  const adjustments = rows.map((row) => {
    total += signed(row, 1);
    return publicItem(row, total);
  });
  return { jobId, items: details.transactionItems, adjustments, totalExcl: total };
}

/**
 * A job's cost adjustment: a credit increases the driver's pay (the driver's account is credited, the platform's
 * driver pay debited), a debit reduces it. No VAT: the amount is what the driver is paid. The cost may not go below zero.
 */
export async function createJobAdjustment(ctx: OpsContext, key: string, form: S['AdjustmentForm']) {
  const { db, portal, permissions } = ctx;
  const jobId = form.jobId;
  if (!jobId) throw badRequest('jobId', ADJUSTMENT_TEXTS.jobRequired);
  const description = form.description.trim();
  if (!description) throw badRequest('description', 'Reason is required');
  return idempotent(db, { key, userId: permissions.id, operation: 'createJobTransactionItem', request: form }, async (tx) => {
    const [job] = await tx.select({ id: jobs.id, driverId: jobs.driverId }).from(jobs).where(and(eq(jobs.portalId, portal.id), eq(jobs.id, jobId))).for('update');
    if (!job) throw notFound(`job ${jobId}`);
    if (!job.driverId) throw new HttpError(422, ADJUSTMENT_TEXTS.jobWithoutDriver);
    const current = await jobTransactionItems(ctx, jobId, tx);
    const newCostExcl = current.totalExcl + (form.isCredit ? form.amount : -form.amount);
    if (newCostExcl < 0) throw badRequest('amount', ADJUSTMENT_TEXTS.newCostBelowZero);
    const payee = await payeeAccountId(tx, portal.id, job.driverId);
    if (!form.isCredit) await requireWithinLimit(tx, payee, form.amount);
    const sign = form.isCredit ? 1 : -1;
    const transactionId = await postTransaction(tx, {
      portalId: portal.id, transactionType: form.isCredit ? 'Credit' : 'Debit',
      description: `${form.isCredit ? 'Driver pay increased' : 'Driver pay reduced'}: ${description} (job ${jobId})`,
      entries: [
        { accountId: payee, amountCents: -sign * form.amount },
        { accountId: await systemAccountId(tx, portal.id, DRIVER_PAY_SYSTEM_CODE), amountCents: sign * form.amount },
      ],
    });
    const [row] = await tx.insert(adjustmentItems).values({
      portalId: portal.id, ledgerTransactionId: transactionId, jobId, description, amountExclCents: form.amount, vatCents: 0,
      isCredit: form.isCredit, transactionItemTypeId: form.transactionItemTypeId ?? ADJUSTMENT_ITEM_TYPE, createdByUserId: permissions.id,
    }).returning({ id: adjustmentItems.id });
    const [created] = await itemsOf(tx, eq(adjustmentItems.id, row!.id));
    return publicItem(created!, newCostExcl);
  });
}

