// Quote options and the quote/delivery response (001 section 3): loading a delivery within the caller's scope,
// (re)pricing its options, expiry, and the response shape with prices hidden from callers who may not see them.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { components } from '../../src/api/generated/connect';
import { canSeePrices } from '../../src/lib/booking-rules';
import { DEFAULT_ADDRESS_TYPE, DEFAULT_DELIVERY_TIME } from '../../src/lib/constants';
import type { Permissions } from '../../src/lib/roles';
import { PAYMENT_STATUS } from '../../src/lib/statuses';
import { haversineKm } from '../../src/lib/distance';
import { accounts, companies, deliveries, deliveryItems, deliveryQuotes, deliveryWindows, hubs, payments, stores, users } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import type { Tx } from './ledger';
import { accountBalance } from './ledger';
import type { PortalData } from './portals';
import { greatCircleRouter } from '../geo/great-circle';
import type { Geocoder, Router } from '../geo/types';
import { priceOptions, type PricedOption } from './pricing';
import { scopeOf } from './scope';

export type BookingQuote = components['schemas']['BookingQuote'];
export type BookingAddress = components['schemas']['BookingAddress'];
export type ContactDetails = components['schemas']['BookingContactDetails'];
export type DeliveryRow = typeof deliveries.$inferSelect & { xmin: string };

export interface QuoteSettings {
  quoteValiditySeconds: number;
  /** Driving distances for quotes (server/geo); the great-circle estimate when absent. */
  router?: Router;
  /** Resolves the addresses' placeIds when a quote's addresses are set (server/geo); the seeded gazetteer when absent. */
  geocoder?: Geocoder;
}

/** Driving distance between two addresses through the router, rounded to 10 m (2 decimals of a km). */
export async function routeDistanceKm(settings: QuoteSettings, origin: BookingAddress, destination: BookingAddress): Promise<number> {
  const km = await (settings.router ?? greatCircleRouter).distanceKm(origin.coordinates, destination.coordinates);
  return Math.round(km * 100) / 100;
}

/** Which deliveries a caller sees: staff the portal, store roles their store, company roles their company, others their own. */
export function deliveryScope(permissions: Permissions) {
  const scope = scopeOf(permissions);
  switch (scope.kind) {
    case 'portal': return undefined;
    case 'store': return eq(deliveries.storeId, scope.storeId);
    case 'company': return eq(deliveries.companyId, scope.companyId);
    case 'none': return eq(deliveries.placedByUserId, permissions.id);
  }
}

/** The delivery, locked for the rest of the transaction; 404 outside the caller's scope or portal. */
export async function lockDelivery(tx: Tx, portal: PortalData, permissions: Permissions, id: number, xmin?: string): Promise<DeliveryRow> {
  const [row] = await tx.select({ delivery: deliveries, xmin: sql<string>`${deliveries}.xmin::text` }).from(deliveries)
    .where(and(eq(deliveries.id, id), eq(deliveries.portalId, portal.id), deliveryScope(permissions))).for('update');
  if (!row) throw notFound(`delivery ${id}`);
  if (xmin !== undefined && xmin !== row.xmin) {
    throw new HttpError(409, 'This delivery was changed by someone else. Reload it to see the current version.');
  }
  return { ...row.delivery, xmin: row.xmin };
}

export async function readDelivery(tx: Tx, portal: PortalData, permissions: Permissions, id: number): Promise<DeliveryRow> {
  const [row] = await tx.select({ delivery: deliveries, xmin: sql<string>`${deliveries}.xmin::text` }).from(deliveries)
    .where(and(eq(deliveries.id, id), eq(deliveries.portalId, portal.id), deliveryScope(permissions)));
  if (!row) throw notFound(`delivery ${id}`);
  return { ...row.delivery, xmin: row.xmin };
}

export async function activeQuotes(tx: Tx, deliveryId: number) {
  return tx.select().from(deliveryQuotes).where(and(eq(deliveryQuotes.deliveryId, deliveryId), isNull(deliveryQuotes.supersededAt))).orderBy(asc(deliveryQuotes.id));
}

/**
 * The pick-up slot a delivery is priced in: the slot of its date that starts at its time (store, then company,
 * then portal windows). A time that starts no slot — the wizard's default '02:00' (001 section 9) until the
 * customer picks one — means the date's first slot still open (today: the first that has not started yet), so
 * nobody is quoted a 02:00 collection. Null when the date has no open slot: the time is then taken as given.
 */
export async function pickupSlot(tx: Tx, portal: PortalData, delivery: Pick<DeliveryRow, 'storeId' | 'companyId'>, date: string, time: string, now = new Date()): Promise<{ time: string; end: string } | null> {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const rows = await tx.select().from(deliveryWindows).where(and(eq(deliveryWindows.portalId, portal.id), eq(deliveryWindows.weekday, weekday)));
  return slotOf(rows, portal, delivery, date, time, now);
}

/** pickupSlot from the portal's delivery windows already read (a delivery batch reads them once): rows of other weekdays are ignored. */
export function slotOf(windows: readonly (typeof deliveryWindows.$inferSelect)[], portal: PortalData, delivery: Pick<DeliveryRow, 'storeId' | 'companyId'>, date: string, time: string, now = new Date()): { time: string; end: string } | null {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const rows = windows.filter((row) => row.portalId === portal.id && row.weekday === weekday);
  const storeRows = rows.filter((row) => delivery.storeId && row.storeId === delivery.storeId);
  const companyRows = rows.filter((row) => delivery.companyId && row.companyId === delivery.companyId && !row.storeId);
  const portalRows = rows.filter((row) => !row.companyId && !row.storeId);
  const exact = [storeRows, companyRows, portalRows].map((scope) => scope.find((row) => row.startLocal === time)).find(Boolean);
  if (exact) return { time: exact.startLocal, end: exact.endLocal };
  const scoped = [storeRows, companyRows, portalRows].find((scope) => scope.length > 0) ?? [];
  const current = DateTime.fromJSDate(now).setZone(portal.timeZone);
  const open = scoped
    .filter((row) => current.toISODate() !== date || row.startLocal > current.toFormat('HH:mm'))
    .sort((a, b) => a.startLocal.localeCompare(b.startLocal));
  return open[0] ? { time: open[0].startLocal, end: open[0].endLocal } : null;
}

/** Supersedes the current options and prices new ones with a fresh expiry. */
export async function repriceDelivery(tx: Tx, portal: PortalData, delivery: DeliveryRow, settings: QuoteSettings, now = new Date()): Promise<number> {
  const items = await tx.select().from(deliveryItems).where(eq(deliveryItems.deliveryId, delivery.id));
  const requested = delivery.readyForCollectionTimeSlotLocal ?? DEFAULT_DELIVERY_TIME;
  const slot = await pickupSlot(tx, portal, delivery, delivery.readyForCollectionDate, requested, now);
  const time = slot?.time ?? requested;
  const slotEnd = slot?.end ?? null;
  const { distanceKm, options } = await priceOptions(tx as never, {
    // The distance was routed when the addresses were set (routeDistanceKm), outside the transaction.
    portalId: portal.id, timeZone: portal.timeZone, companyId: delivery.companyId, distanceKm: delivery.distanceKm,
    date: delivery.readyForCollectionDate, time, slotEnd, isRoundTrip: delivery.isRoundTrip, isHighRisk: delivery.isHighRisk,
    parcels: items.map((item) => ({ parcelTypeId: item.parcelTypeId, length: item.length, width: item.width, height: item.height, weight: item.weight })),
  });
  await tx.update(deliveryQuotes).set({ supersededAt: now }).where(and(eq(deliveryQuotes.deliveryId, delivery.id), isNull(deliveryQuotes.supersededAt)));
  const expiresAt = new Date(now.getTime() + settings.quoteValiditySeconds * 1000);
  if (options.length > 0) await tx.insert(deliveryQuotes).values(quoteValues(portal, delivery.id, options, expiresAt));
  return distanceKm;
}

/** The quote rows of a delivery's priced options (repriceDelivery; a delivery batch inserts many deliveries' at once). */
export function quoteValues(portal: PortalData, deliveryId: number, options: readonly PricedOption[], expiresAt: Date): (typeof deliveryQuotes.$inferInsert)[] {
  return options.map((option) => ({
    deliveryId, slaType: option.slaType, pricingTier: option.pricingTier, priceExclCents: option.priceExclCents,
    vatRateBasisPoints: Math.round(portal.vatRate * 10_000), items: option.items,
    pickupWindowStart: option.pickupWindowStart, pickupWindowEnd: option.pickupWindowEnd,
    dropOffWindowStart: option.dropOffWindowStart, dropOffWindowEnd: option.dropOffWindowEnd, expiresAt,
  }));
}

/** A Standard delivery passes through the portal's hub nearest to its pick-up, if one is this close (km, straight line). */
export const HUB_CATCHMENT_KM = 60;
/** The service level whose deliveries are consolidated through a hub (next-day 'Flexible' drop-off window). */
export const HUB_SLA_TYPE = 'Standard';

/** The hub a delivery with this service level and pick-up passes through, or null (direct). */
export async function hubFor(tx: Tx, portalId: number, slaType: string, origin: BookingAddress): Promise<number | null> {
  if (slaType !== HUB_SLA_TYPE) return null;
  return hubOf(await tx.select({ id: hubs.id, address: hubs.address }).from(hubs).where(and(eq(hubs.portalId, portalId), eq(hubs.isActive, true))), slaType, origin);
}

/** hubFor from the portal's active hubs already read (a delivery batch reads them once). */
export function hubOf(rows: readonly { id: number; address: unknown }[], slaType: string, origin: BookingAddress): number | null {
  if (slaType !== HUB_SLA_TYPE) return null;
  const nearest = rows.map((row) => ({ id: row.id, km: haversineKm(origin.coordinates, (row.address as BookingAddress).coordinates) }))
    .filter((row) => row.km <= HUB_CATCHMENT_KM).sort((a, b) => a.km - b.km)[0];
  return nearest?.id ?? null;
}

export interface PaymentTotals { total: number; creditApplied: number; outstanding: number; totalDue: number; subtotal: number; vat: number }

/** The totals of the selected option for the delivery's account (see BookingQuote in the contract). */
export async function paymentTotals(tx: Tx, delivery: DeliveryRow, quote: typeof deliveryQuotes.$inferSelect | undefined): Promise<PaymentTotals> {
  if (!quote) return { total: 0, creditApplied: 0, outstanding: 0, totalDue: 0, subtotal: 0, vat: 0 };
  if (!delivery.accountId) return totalsOf(delivery, quote, undefined);
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, delivery.accountId));
  return totalsOf(delivery, quote, { accountType: account?.accountType, balance: await accountBalance(tx, delivery.accountId) });
}

/** paymentTotals with the account's type and balance already known (a delivery batch keeps its account's balance as it books). */
export function totalsOf(delivery: Pick<DeliveryRow, 'isRoundTrip' | 'tipCents'>, quote: Pick<typeof deliveryQuotes.$inferSelect, 'priceExclCents' | 'vatRateBasisPoints'>,
  account: { accountType: string | undefined; balance: number } | undefined): PaymentTotals {
  const multiplier = delivery.isRoundTrip ? 2 : 1;
  const subtotal = quote.priceExclCents * multiplier;
  const vat = Math.round((subtotal * quote.vatRateBasisPoints) / 10_000);
  const total = subtotal + vat + delivery.tipCents;
  let creditApplied = 0;
  let outstanding = 0;
  if (account) {
    if (account.accountType === 'Prepay') creditApplied = Math.min(Math.max(account.balance, 0), total);
    outstanding = Math.max(0, -account.balance);
  }
  return { total, creditApplied, outstanding, totalDue: total - creditApplied, subtotal, vat };
}

function contactFields(prefix: 'origin' | 'destination', contact: ContactDetails | null, sameAsUserDefault: boolean) {
  return {
    [`${prefix}AddressType`]: contact?.AddressType ?? DEFAULT_ADDRESS_TYPE,
    [`${prefix}BuildingName`]: contact?.BuildingName ?? null,
    [`${prefix}BuildingUnit`]: contact?.BuildingUnit ?? null,
    [`${prefix}ContactName`]: contact?.ContactName ?? null,
    [`${prefix}ContactCountry`]: contact?.ContactCountry ?? null,
    [`${prefix}PhoneNumber`]: contact?.PhoneNumber ?? null,
    [`${prefix}Email`]: contact?.Email ?? null,
    [`${prefix}Remarks`]: contact?.Remarks ?? null,
    [`${prefix}ContactDetailsSameAsUser`]: contact?.ContactDetailsSameAsUser ?? sameAsUserDefault,
  };
}

const iso = (date: Date) => date.toISOString();

/** The quote/delivery response of 001 section 3 for this caller. */
export type AmountPaid = components['schemas']['BookingAmountPaid'];

/**
 * What was charged to which method for a delivery (issue 21), from its succeeded payments: the account (a post-pay
 * or balance payment, and the credit a card payment took from a Prepay balance) and the card. Methods with
 * nothing charged are left out; empty until paid.
 */
export async function amountsPaid(tx: Tx, deliveryId: number): Promise<AmountPaid[]> {
  const rows = await tx.select({ method: payments.method, amountCents: payments.amountCents, creditAppliedCents: payments.creditAppliedCents })
    .from(payments).where(and(eq(payments.deliveryId, deliveryId), eq(payments.status, 'succeeded')));
  let account = 0;
  let card = 0;
  for (const row of rows) {
    if (row.method === 'balance') account += row.amountCents;
    else card += row.amountCents;
    account += row.creditAppliedCents;
  }
  return [...(account > 0 ? [{ method: 'account' as const, amount: account }] : []), ...(card > 0 ? [{ method: 'card' as const, amount: card }] : [])];
}

export async function quoteResponse(tx: Tx, delivery: DeliveryRow, permissions: Permissions): Promise<BookingQuote> {
  const [freshXmin] = await tx.select({ xmin: sql<string>`${deliveries}.xmin::text` }).from(deliveries).where(eq(deliveries.id, delivery.id));
  const options = await activeQuotes(tx, delivery.id);
  const selected = options.find((option) => option.id === delivery.selectedQuoteId)
    ?? (delivery.selectedQuoteId ? (await tx.select().from(deliveryQuotes).where(eq(deliveryQuotes.id, delivery.selectedQuoteId)))[0] : undefined);
  const items = await tx.select().from(deliveryItems).where(eq(deliveryItems.deliveryId, delivery.id)).orderBy(asc(deliveryItems.id));
  const storeIds = [delivery.originStoreId, delivery.destinationStoreId].filter((id): id is number => !!id);
  const storeRows = storeIds.length ? await tx.select().from(stores).where(inArray(stores.id, storeIds)) : [];
  const party = (id: number | null) => {
    const store = storeRows.find((row) => row.id === id);
    return store ? { storeName: store.storeName, contactName: store.contactName, phoneNumber: store.phoneNumber, email: null } : null;
  };
  const [placedBy] = await tx.select().from(users).where(eq(users.id, delivery.placedByUserId));
  const [company] = delivery.companyId ? await tx.select().from(companies).where(eq(companies.id, delivery.companyId)) : [];
  const [hub] = delivery.hubId ? await tx.select().from(hubs).where(eq(hubs.id, delivery.hubId)) : [];
  const totals = await paymentTotals(tx, delivery, selected);
  const prices = canSeePrices(permissions);
  const vatRate = (selected?.vatRateBasisPoints ?? options[0]?.vatRateBasisPoints ?? 0) / 10_000;
  const lines = (selected?.items ?? []) as { description: string; quantity: number; amountExcl: number; transactionItemTypeId: number }[];
  return {
    deliveryId: delivery.id,
    xmin: freshXmin?.xmin ?? delivery.xmin,
    waybill: delivery.waybill,
    trackingHash: delivery.trackingHash,
    selectedDeliveryQuoteId: delivery.selectedQuoteId,
    readyForCollectionTimeSlotLocal: delivery.readyForCollectionTimeSlotLocal,
    readyForCollectionDateOnlyUtc: delivery.readyForCollectionDate,
    deliverByDate: delivery.deliverByDate,
    isHighRisk: delivery.isHighRisk,
    isRoundTrip: delivery.isRoundTrip,
    distanceEstimate: delivery.distanceKm,
    originAddress: delivery.originAddress as BookingAddress,
    destinationAddress: delivery.destinationAddress as BookingAddress,
    deliveryQuotes: options.map((option) => ({
      id: option.id,
      slaType: option.slaType as 'Standard',
      priceExcl: prices ? option.priceExclCents : null,
      vatRate: option.vatRateBasisPoints / 10_000,
      pricingTier: option.pricingTier,
      pickupWindowStartUtc: iso(option.pickupWindowStart),
      pickupWindowEndUtc: iso(option.pickupWindowEnd),
      dropOffWindowStartUtc: iso(option.dropOffWindowStart),
      dropOffWindowEndUtc: iso(option.dropOffWindowEnd),
      quoteExpirationUtc: iso(option.expiresAt),
    })),
    accountId: delivery.accountId,
    paymentStatusId: delivery.paymentStatusId,
    paymentPeachPaymentsCheckoutId: delivery.checkoutId,
    paymentPeachPaymentFailureDescription: delivery.paymentFailureDescription,
    paymentTotal: totals.total,
    paymentCreditApplied: totals.creditApplied,
    paymentOutStanding: totals.outstanding,
    paymentTotalDue: delivery.paymentStatusId === PAYMENT_STATUS.PAID ? 0 : totals.totalDue,
    vatRate,
    tipAmount: delivery.tipCents,
    transactionItems: prices ? lines.map((line, index) => ({ id: index + 1, transactionId: null, ...line })) : [],
    logisticStatusId: delivery.logisticStatusId,
    hub: hub ? { contactName: hub.contactName, phoneNumber: hub.phoneNumber, email: null } : null,
    hubAddress: hub ? hub.address as BookingAddress : null,
    ...contactFields('origin', delivery.originContact as ContactDetails | null, true),
    originStoreId: delivery.originStoreId,
    originStoreName: party(delivery.originStoreId)?.storeName ?? null,
    originStore: party(delivery.originStoreId),
    ...contactFields('destination', delivery.destinationContact as ContactDetails | null, false),
    destinationStoreId: delivery.destinationStoreId,
    destinationStoreName: party(delivery.destinationStoreId)?.storeName ?? null,
    destinationStore: party(delivery.destinationStoreId),
    placedByUser: { firstName: placedBy?.firstName ?? null, lastName: placedBy?.lastName ?? null, phoneNumber: placedBy?.phoneNumber ?? null, email: placedBy?.email ?? null },
    company: company ? { companyName: company.companyName, contactName: company.contactName, phoneNumber: company.phoneNumber, email: company.email } : null,
    orderReference: delivery.orderReference,
    customerIdentifier: delivery.customerIdentifier,
    deliveryItems: items.map((item) => ({
      id: item.id, name: item.name, parcelType: item.parcelTypeId, deliveryItemName: item.deliveryItemName, length: item.length,
      width: item.width, height: item.height, weight: item.weight, description: item.description, isFragile: item.isFragile, barCode: item.barCode,
    })),
    amountsPaid: await amountsPaid(tx, delivery.id),
  } as BookingQuote;
}
