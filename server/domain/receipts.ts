// The receipt of a paid delivery (issue 21): a PDF rendered with pdfkit from the delivery and its succeeded payments.
import { and, desc, eq, sql } from 'drizzle-orm';
import { pickUpDateLabel, PAID_TEXTS, RECEIPT_TEXTS } from '../../src/lib/booking-texts';
import { DATE_FORMATS, SERVICE_LEVELS } from '../../src/lib/constants';
import { formatDate } from '../../src/lib/dates';
import { formatMoney } from '../../src/lib/money';
import type { Permissions } from '../../src/lib/roles';
import { hasReceipt, PAYMENT_STATUS } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { deliveryQuotes, ledgerEntries, ledgerTransactions, payments } from '../db/schema';
import { notFound } from '../http/errors';
import { loadPdfDocument } from '../lazy-packages';
import type { PortalData } from './portals';
import type { Tx } from './ledger';
import { amountsPaid, readDelivery } from './quotes';

export interface Receipt {
  fileName: string;
  pdf: Buffer;
}

const descriptionOf = (address: unknown): string => {
  const description = (address as { description?: unknown } | null)?.description;
  return typeof description === 'string' ? description : '';
};

/** The refund of a cancelled delivery as the ledger has it (its Credit): what went back and when. */
async function refundOf(tx: Tx, deliveryId: number): Promise<{ cents: number; at: Date } | undefined> {
  const [refund] = await tx.select({ cents: sql<number>`sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.amountCents} > 0)`.mapWith(Number), at: ledgerTransactions.createdAt })
    .from(ledgerTransactions).innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(and(eq(ledgerTransactions.deliveryId, deliveryId), eq(ledgerTransactions.transactionType, 'Credit')))
    .groupBy(ledgerTransactions.id).orderBy(desc(ledgerTransactions.id)).limit(1);
  return refund;
}

/**
 * Scoped like the quote itself (readDelivery: another user's delivery is 404). A delivery that was paid has a
 * receipt, with its refund when it was cancelled since; any other status answers 404 (there is nothing to show,
 * and the caller cannot make one exist by retrying).
 */
export async function renderReceipt(db: Database, portal: PortalData, permissions: Permissions, id: number): Promise<Receipt> {
  const { delivery, paid, paidAt, slaType, refund } = await db.transaction(async (tx) => {
    const row = await readDelivery(tx, portal, permissions, id);
    if (!hasReceipt(row.paymentStatusId)) throw notFound(`receipt of delivery ${id}: it is not paid`);
    const [last] = await tx.select({ settledAt: payments.settledAt, createdAt: payments.createdAt }).from(payments)
      .where(and(eq(payments.deliveryId, id), eq(payments.status, 'succeeded'))).orderBy(desc(payments.id)).limit(1);
    const [option] = row.selectedQuoteId ? await tx.select({ slaType: deliveryQuotes.slaType }).from(deliveryQuotes).where(eq(deliveryQuotes.id, row.selectedQuoteId)) : [];
    const refund = row.paymentStatusId === PAYMENT_STATUS.PAID ? undefined : await refundOf(tx, id);
    return { delivery: row, paid: await amountsPaid(tx, id), paidAt: last?.settledAt ?? last?.createdAt ?? row.updatedAt, slaType: option?.slaType ?? null, refund };
  });
  const money = (cents: number) => formatMoney(cents, { currency: portal.currency, decimals: portal.currencyDecimals });
  const reference = delivery.waybill ?? `#${delivery.id}`;
  const lines: [string, string][] = [
    [RECEIPT_TEXTS.deliveryNumber, `#${delivery.id}`],
    ...(delivery.waybill ? [[RECEIPT_TEXTS.waybill, delivery.waybill] as [string, string]] : []),
    [RECEIPT_TEXTS.paidOn, formatDate(paidAt.toISOString(), DATE_FORMATS.dateTime, portal.timeZone)],
    [RECEIPT_TEXTS.pickUpDate, pickUpDateLabel(delivery.readyForCollectionDate)],
    [RECEIPT_TEXTS.route, `${descriptionOf(delivery.originAddress)} to ${descriptionOf(delivery.destinationAddress)}`],
    ...(slaType ? [[RECEIPT_TEXTS.service, (SERVICE_LEVELS as Record<string, string>)[slaType] ?? slaType] as [string, string]] : []),
  ];
  const PDFDocument = await loadPdfDocument();
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${RECEIPT_TEXTS.title} ${reference}`, Author: portal.name, Subject: `${RECEIPT_TEXTS.deliveryNumber} ${delivery.id}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => { doc.on('end', resolve); doc.on('error', reject); });
  doc.fontSize(20).text(`${RECEIPT_TEXTS.title} ${reference}`).moveDown();
  doc.fontSize(11).text(portal.name).moveDown();
  for (const [label, value] of lines) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc.moveDown().font('Helvetica-Bold').text(RECEIPT_TEXTS.paymentMethods).font('Helvetica');
  for (const amount of paid) doc.text(`${PAID_TEXTS.methods[amount.method]}: ${money(amount.amount)}`);
  const total = paid.reduce((sum, amount) => sum + amount.amount, 0);
  doc.moveDown().font('Helvetica-Bold').text(`${RECEIPT_TEXTS.total}: ${money(total)}`);
  if (refund) {
    doc.moveDown().font('Helvetica-Bold').text(`${RECEIPT_TEXTS.refundedOn}: `, { continued: true }).font('Helvetica')
      .text(formatDate(refund.at.toISOString(), DATE_FORMATS.dateTime, portal.timeZone));
    doc.font('Helvetica-Bold').text(`${RECEIPT_TEXTS.refunded}: `, { continued: true }).font('Helvetica').text(money(refund.cents));
    if (total > refund.cents) doc.font('Helvetica-Bold').text(`${RECEIPT_TEXTS.cancellationFee}: `, { continued: true }).font('Helvetica').text(money(total - refund.cents));
  }
  doc.end();
  await done;
  return { fileName: RECEIPT_TEXTS.fileName(reference), pdf: Buffer.concat(chunks) };
}
