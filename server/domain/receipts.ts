// The receipt of a paid delivery (issue 21): a PDF rendered with pdfkit from the delivery and its succeeded payments.
import { and, desc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { pickUpDateLabel, PAID_TEXTS, RECEIPT_TEXTS } from '../../src/lib/booking-texts';
import { DATE_FORMATS, SERVICE_LEVELS } from '../../src/lib/constants';
import { formatDate } from '../../src/lib/dates';
import { formatMoney } from '../../src/lib/money';
import type { Permissions } from '../../src/lib/roles';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { deliveryQuotes, payments } from '../db/schema';
import { notFound } from '../http/errors';
import type { PortalData } from './portals';
import { amountsPaid, readDelivery } from './quotes';

export interface Receipt {
  fileName: string;
  pdf: Buffer;
}

const descriptionOf = (address: unknown): string => {
  const description = (address as { description?: unknown } | null)?.description;
  return typeof description === 'string' ? description : '';
};

/**
 * Scoped like the quote itself (readDelivery: another user's delivery is 404). Only a PAID delivery has a receipt:
 * any other status answers 404 too (there is nothing to show, and the caller cannot make one exist by retrying).
 */
export async function renderReceipt(db: Database, portal: PortalData, permissions: Permissions, id: number): Promise<Receipt> {
  const { delivery, paid, paidAt, slaType } = await db.transaction(async (tx) => {
    const row = await readDelivery(tx, portal, permissions, id);
    if (row.paymentStatusId !== PAYMENT_STATUS.PAID) throw notFound(`receipt of delivery ${id}: it is not paid`);
    const [last] = await tx.select({ settledAt: payments.settledAt, createdAt: payments.createdAt }).from(payments)
      .where(and(eq(payments.deliveryId, id), eq(payments.status, 'succeeded'))).orderBy(desc(payments.id)).limit(1);
    const [option] = row.selectedQuoteId ? await tx.select({ slaType: deliveryQuotes.slaType }).from(deliveryQuotes).where(eq(deliveryQuotes.id, row.selectedQuoteId)) : [];
    return { delivery: row, paid: await amountsPaid(tx, id), paidAt: last?.settledAt ?? last?.createdAt ?? row.updatedAt, slaType: option?.slaType ?? null };
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
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${RECEIPT_TEXTS.title} ${reference}`, Author: portal.name, Subject: `${RECEIPT_TEXTS.deliveryNumber} ${delivery.id}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => { doc.on('end', resolve); doc.on('error', reject); });
  doc.fontSize(20).text(`${RECEIPT_TEXTS.title} ${reference}`).moveDown();
  doc.fontSize(11).text(portal.name).moveDown();
  for (const [label, value] of lines) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc.moveDown().font('Helvetica-Bold').text(RECEIPT_TEXTS.paymentMethods).font('Helvetica');
  for (const amount of paid) doc.text(`${PAID_TEXTS.methods[amount.method]}: ${money(amount.amount)}`);
  doc.moveDown().font('Helvetica-Bold').text(`${RECEIPT_TEXTS.total}: ${money(paid.reduce((sum, amount) => sum + amount.amount, 0))}`);
  doc.end();
  await done;
  return { fileName: RECEIPT_TEXTS.fileName(reference), pdf: Buffer.concat(chunks) };
}
