// Money that follows a return to sender (issue 15): the return leg is charged with the status change.
import { eq } from 'drizzle-orm';
import { DEFAULT_DELIVERY_TIME } from '../../src/lib/constants';
import type { SlaType } from '../../src/lib/reports';
import type { Database } from '../db/database';
import { adjustmentItems, deliveries, deliveryItems, deliveryQuotes } from '../db/schema';
import { SYSTEM_ACCOUNTS } from '../db/seed-booking';
import { postTransaction, systemAccountId } from './ledger';
import { requireWithinLimit } from './money-rules';
import { waybillOf } from './payments';
import type { PortalData } from './portals';
import { returnToSenderPrice, TRANSACTION_ITEM_TYPE } from './pricing';
import { saleOf } from './refunds';

/** The portal's VAT on an amount excluding VAT, rounded to the cent. */
export const vatOf = (portal: PortalData, cents: number) => Math.round((cents * Math.round(portal.vatRate * 10_000)) / 10_000);

/**
 * Returning a paid delivery to its sender charges the return leg (001 section 7's cancelandreturntosender; issue 15):
 * priced from the return-to-sender rates for the delivery's distance, parcels, day and service level, posted like a
 * price increase (a Debit to the account it was paid from, revenue and VAT credited) with its item of type return to
 * sender, in the transaction that changes the status (the caller holds the delivery's row lock). The account's floor
 * applies (422 naming it). An unpaid delivery, or a service level without a rate for the distance, is charged nothing.
 */
export async function chargeReturnToSender(tx: Database, portal: PortalData, deliveryId: number, userId: number): Promise<number | undefined> {
  const sale = await saleOf(tx, portal.id, deliveryId);
  if (!sale) return undefined;
  const [delivery] = await tx.select().from(deliveries).where(eq(deliveries.id, deliveryId));
  const [quote] = delivery?.selectedQuoteId ? await tx.select().from(deliveryQuotes).where(eq(deliveryQuotes.id, delivery.selectedQuoteId)) : [];
  if (!delivery || !quote) return undefined;
  const parcels = await tx.select().from(deliveryItems).where(eq(deliveryItems.deliveryId, deliveryId));
  const price = await returnToSenderPrice(tx, {
    portalId: portal.id, timeZone: portal.timeZone, companyId: delivery.companyId, distanceKm: delivery.distanceKm,
    date: delivery.readyForCollectionDate, time: delivery.readyForCollectionTimeSlotLocal ?? DEFAULT_DELIVERY_TIME, slotEnd: null,
    isHighRisk: delivery.isHighRisk,
    parcels: parcels.map((item) => ({ parcelTypeId: item.parcelTypeId, length: item.length, width: item.width, height: item.height, weight: item.weight })),
  }, quote.slaType as SlaType);
  if (!price || price.priceExclCents <= 0) return undefined;
  const amount = price.priceExclCents;
  const vat = vatOf(portal, amount);
  const customer = sale.payerAccountId ?? await systemAccountId(tx, portal.id, SYSTEM_ACCOUNTS.suspense);
  await requireWithinLimit(tx, customer, amount + vat);
  const description = price.items[0]?.description ?? `Return to sender (${quote.slaType})`;
  const transactionId = await postTransaction(tx, {
    portalId: portal.id, transactionType: 'Debit', deliveryId,
    description: `${description} (delivery ${deliveryId}, ${waybillOf(deliveryId)})`,
    entries: [
      { accountId: customer, amountCents: amount + vat },
      { accountId: await systemAccountId(tx, portal.id, SYSTEM_ACCOUNTS.revenue), amountCents: -amount },
      { accountId: await systemAccountId(tx, portal.id, SYSTEM_ACCOUNTS.vat), amountCents: -vat },
    ],
  });
  await tx.insert(adjustmentItems).values({
    portalId: portal.id, ledgerTransactionId: transactionId, deliveryId, description, amountExclCents: amount, vatCents: vat,
    isCredit: false, transactionItemTypeId: TRANSACTION_ITEM_TYPE.returnToSender, createdByUserId: userId,
  });
  return transactionId;
}
