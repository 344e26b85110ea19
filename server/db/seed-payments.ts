// Seeded paid deliveries are paid the way a customer pays: a settled card payment of the selected quote's total
// (paymentTotals) and the sale's ledger posting (postSale), so "Total paid" and the ledger agree with the price.
import { salePosting, type SaleAccounts } from '../domain/payments';
import { paymentTotals } from '../domain/quotes';
import { postTransactions, systemAccountId, type Tx } from '../domain/ledger';
import { SYSTEM_ACCOUNTS } from './seed-booking';
import { mapInOrder } from './in-order';
import { deliveries, deliveryQuotes, payments } from './schema';

export interface SeedSale {
  delivery: typeof deliveries.$inferSelect;
  quote: typeof deliveryQuotes.$inferSelect;
  currency: string;
  settledAt: Date;
}

const min = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/** Records one settled card payment per sale and posts each sale to the ledger. */
export async function seedCardPayments(tx: Tx, all: readonly SeedSale[]): Promise<void> {
  const allTotals = await mapInOrder(all, (sale) => paymentTotals(tx, { ...sale.delivery, accountId: null, xmin: '0' }, sale.quote));
  // A free delivery (Emergency Relief) charges nothing: no payment, no posting.
  const sales = all.filter((_, index) => allTotals[index]!.total > 0);
  const totals = allTotals.filter((total) => total.total > 0);
  if (sales.length === 0) return;
  const rows = await tx.insert(payments).values(sales.map((sale, index) => ({
    portalId: sale.delivery.portalId, deliveryId: sale.delivery.id, accountId: null, userId: sale.delivery.placedByUserId,
    method: 'card', operation: 'seed', idempotencyKey: `seed-${sale.delivery.waybill}`, merchantTransactionId: `seed-${sale.delivery.waybill}`,
    amountCents: totals[index]!.total, currency: sale.currency, status: 'succeeded', resultCode: '000.100.110',
    resultDescription: 'Request successfully processed in \'Merchant in Integrator Test Mode\'', createdAt: sale.settledAt, settledAt: sale.settledAt,
  }))).returning();
  // The postings postSale would write one by one, written together (one statement per table); the platform
  // accounts looked up once per portal, in postSale's order.
  const accountsOf = new Map<number, SaleAccounts>();
  for (const portalId of new Set(sales.map((sale) => sale.delivery.portalId))) {
    const clearing = await systemAccountId(tx, portalId, SYSTEM_ACCOUNTS.cardClearing);
    const revenue = await systemAccountId(tx, portalId, SYSTEM_ACCOUNTS.revenue);
    accountsOf.set(portalId, { clearing, revenue, vat: await systemAccountId(tx, portalId, SYSTEM_ACCOUNTS.vat) });
  }
  // Dated when it was paid, as a live sale is: Finance Metrics by day or week shows the seeded history, not one day.
  await postTransactions(tx, sales.map((sale, index) => salePosting(sale.delivery.portalId, sale.delivery, rows[index]!, totals[index]!.vat,
    accountsOf.get(sale.delivery.portalId)!, min(sale.settledAt, new Date()))));
}
