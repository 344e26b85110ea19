import { and, count, desc, eq, not, sql } from 'drizzle-orm';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MY_DELIVERIES_MAX_PAGE_SIZE } from '../../src/lib/constants';
import { LOGISTIC_STATUS_LABELS, PAYMENT_STATUS, PAYMENT_STATUS_LABELS, statusLabel } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { deliveries, deliveryQuotes } from '../db/schema';
import type { QueryOf } from './list-query';
import type { PortalData } from './portals';

export type MyDeliveriesQuery = QueryOf<'getmydeliveries'>;

const descriptionOf = (address: unknown): string => {
  const description = (address as { description?: unknown } | null)?.description;
  return typeof description === 'string' ? description : '';
};

/**
 * The deliveries one user placed in one portal (issue 4: a customer's /dashboard), newest first. Never wider than
 * the caller: the user id comes from the token, never from the query. The page size is clamped to
 * MY_DELIVERIES_MAX_PAGE_SIZE; "total paid" sums the succeeded payments (card and account) in cents.
 * Issue 21: quotes that are dead (expired or cancelled, or never paid with options that are all past their expiry —
 * expiry is otherwise applied only when the quote is opened) are left out unless showExpired is set. A quote with no
 * option at all (no service for its route) is not expired: it waits for new requirements.
 */
export async function listMyDeliveries(db: Database, portal: PortalData, userId: number, query: MyDeliveriesQuery) {
  const page = query.page ?? DEFAULT_PAGE;
  const pageSize = Math.min(query.pageSize ?? DEFAULT_PAGE_SIZE, MY_DELIVERIES_MAX_PAGE_SIZE);
  const quoteExpired = sql<boolean>`(${deliveries.paymentStatusId} in (${PAYMENT_STATUS.EXPIRED}, ${PAYMENT_STATUS.QUOTE_CANCELLED})
    or (${deliveries.paymentStatusId} >= ${PAYMENT_STATUS.ITEMS_OUTSTANDING} and ${deliveries.paymentStatusId} < ${PAYMENT_STATUS.PAID}
      and exists (select 1 from ${deliveryQuotes} q where q.delivery_id = ${deliveries.id} and q.superseded_at is null)
      and not exists (select 1 from ${deliveryQuotes} q where q.delivery_id = ${deliveries.id} and q.superseded_at is null and q.expires_at > now())))`;
  const mine = and(eq(deliveries.portalId, portal.id), eq(deliveries.placedByUserId, userId), ...(query.showExpired ? [] : [not(quoteExpired)]));
  const [rows, [total]] = await Promise.all([
    db.select({
      id: deliveries.id,
      waybill: deliveries.waybill,
      trackingHash: deliveries.trackingHash,
      logisticStatusId: deliveries.logisticStatusId,
      paymentStatusId: deliveries.paymentStatusId,
      readyForCollectionDate: deliveries.readyForCollectionDate,
      pickupWindowStart: deliveryQuotes.pickupWindowStart,
      pickupWindowEnd: deliveryQuotes.pickupWindowEnd,
      slaType: deliveryQuotes.slaType,
      originAddress: deliveries.originAddress,
      destinationAddress: deliveries.destinationAddress,
      totalPaidCents: sql<number>`(select coalesce(sum(p.amount_cents + p.credit_applied_cents), 0) from payments p
        where p.delivery_id = ${deliveries.id} and p.status = 'succeeded')`,
      quoteExpired,
      createdAt: deliveries.createdAt,
      xmin: sql<string>`${deliveries}.xmin::text`,
    }).from(deliveries)
      .leftJoin(deliveryQuotes, eq(deliveryQuotes.id, deliveries.selectedQuoteId))
      .where(mine)
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(deliveries).where(mine),
  ]);
  const totalItems = Number(total?.value ?? 0);
  return {
    items: rows.map((row) => ({
      id: row.id,
      waybill: row.waybill,
      trackingHash: row.trackingHash,
      logisticStatusId: row.logisticStatusId,
      logisticStatus: statusLabel(LOGISTIC_STATUS_LABELS, row.logisticStatusId),
      paymentStatusId: row.paymentStatusId,
      paymentStatus: statusLabel(PAYMENT_STATUS_LABELS, row.paymentStatusId),
      readyForCollectionDate: row.readyForCollectionDate,
      pickupWindowStartUtc: row.pickupWindowStart?.toISOString() ?? null,
      pickupWindowEndUtc: row.pickupWindowEnd?.toISOString() ?? null,
      slaType: row.slaType,
      originDescription: descriptionOf(row.originAddress),
      destinationDescription: descriptionOf(row.destinationAddress),
      totalPaidCents: Number(row.totalPaidCents),
      quoteExpired: Boolean(row.quoteExpired),
      createdAt: row.createdAt.toISOString(),
      xmin: row.xmin,
    })),
    paging: { page, pageSize, totalItems, totalPages: Math.ceil(totalItems / pageSize) },
  };
}
