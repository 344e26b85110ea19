// Money back when a paid delivery is cancelled, posted in the cancelling transaction (the caller holds the
// delivery's row lock and has just moved its status, so a second cancellation is refused before it gets here).
// The rule is docs/finance.md's: a full refund before a driver is assigned, the refund less the cancellation fee after.
import { and, eq } from 'drizzle-orm';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { deliveries, ledgerEntries, ledgerTransactions, payments } from '../db/schema';
import { SYSTEM_ACCOUNTS } from '../db/seed-booking';
import { postTransaction, systemAccountId, type Tx } from './ledger';
import { waybillOf } from './payments';

/** The cancellation fee once a driver is on the way: 10 % of what was paid, at least R 50.00, never more than was paid. */
export const CANCELLATION_FEE = { percent: 10, minimumCents: 50_00 } as const;

export function cancellationFeeCents(paidCents: number): number {
  return Math.min(paidCents, Math.max(CANCELLATION_FEE.minimumCents, Math.round((paidCents * CANCELLATION_FEE.percent) / 100)));
}

export interface RefundSplit { refundCents: number; vatCents: number; netCents: number; feeCents: number }

/** How a refund of a sale of `paidCents` (of which `saleVatCents` VAT) splits: VAT goes back in the same proportion. */
export function refundSplit(paidCents: number, saleVatCents: number, withFee: boolean): RefundSplit {
  const feeCents = withFee ? cancellationFeeCents(paidCents) : 0;
  const refundCents = paidCents - feeCents;
  const vatCents = paidCents === 0 ? 0 : Math.round((saleVatCents * refundCents) / paidCents);
  return { refundCents, vatCents, netCents: refundCents - vatCents, feeCents };
}

interface Sale { paidCents: number; vatCents: number; payerAccountId: number | null }

/** The delivery's sale as the ledger has it: what the customer paid (card and account) and its VAT. */
export async function saleOf(tx: Tx, portalId: number, deliveryId: number): Promise<Sale | undefined> {
  const [sale] = await tx.select({ id: ledgerTransactions.id, payerAccountId: payments.accountId }).from(ledgerTransactions)
    .leftJoin(payments, eq(payments.id, ledgerTransactions.paymentId))
    .where(and(eq(ledgerTransactions.deliveryId, deliveryId), eq(ledgerTransactions.transactionType, 'Invoice')));
  if (!sale) return undefined;
  const vatAccount = await systemAccountId(tx, portalId, SYSTEM_ACCOUNTS.vat);
  const entries = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, sale.id));
  return {
    paidCents: entries.filter((entry) => entry.amountCents > 0).reduce((sum, entry) => sum + entry.amountCents, 0),
    vatCents: -entries.filter((entry) => entry.accountId === vatAccount).reduce((sum, entry) => sum + entry.amountCents, 0),
    payerAccountId: sale.payerAccountId,
  };
}

/**
 * Refunds a cancelled delivery's sale to the account it was paid from (card money included: it stays spendable and
 * can be withdrawn), or to suspense when it was paid by card with no account, for the back office to pay back.
 * Sets the payment status to full refund or refund less fee. A delivery with no sale in the ledger has nothing to refund.
 */
export async function refundCancelledDelivery(tx: Tx, portalId: number, deliveryId: number, withFee: boolean): Promise<RefundSplit | undefined> {
  const sale = await saleOf(tx, portalId, deliveryId);
  if (!sale || sale.paidCents === 0) return undefined;
  const split = refundSplit(sale.paidCents, sale.vatCents, withFee);
  const creditTo = sale.payerAccountId ?? await systemAccountId(tx, portalId, SYSTEM_ACCOUNTS.suspense);
  const what = withFee ? `Refund less fee (R ${(split.feeCents / 100).toFixed(2)})` : 'Full refund';
  await postTransaction(tx, {
    portalId, transactionType: 'Credit', description: `${what} of cancelled delivery ${deliveryId} (${waybillOf(deliveryId)})`, deliveryId,
    entries: [
      { accountId: await systemAccountId(tx, portalId, SYSTEM_ACCOUNTS.revenue), amountCents: split.netCents },
      { accountId: await systemAccountId(tx, portalId, SYSTEM_ACCOUNTS.vat), amountCents: split.vatCents },
      { accountId: creditTo, amountCents: -split.refundCents },
    ],
  });
  await tx.update(deliveries).set({ paymentStatusId: withFee ? PAYMENT_STATUS.REFUND_LESS_FEE : PAYMENT_STATUS.FULL_REFUND, updatedAt: new Date() })
    .where(eq(deliveries.id, deliveryId));
  return split;
}
