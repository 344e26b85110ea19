// The wizard's commands (001 section 4): one transaction each, the delivery row locked, the shared rules of
// src/lib/booking-rules.ts checked first (400 naming the field), scope from the token only.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, max, or } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { components } from '../../src/api/generated/connect';
import {
  BOOKING_RULE_TEXTS, hasErrors, isQuoteExpired, validateContact, validateDeliveryRequirements, validateParcels,
  validateQuoteSelection, type FieldErrors,
} from '../../src/lib/booking-rules';
import { AVAILABLE_DATES_DAYS_AHEAD, DEFAULT_DELIVERY_TIME } from '../../src/lib/constants';
import { hasAnyRole, STAFF_ROLES, type Permissions } from '../../src/lib/roles';
import { canEditParcels, isCancellableQuote, LOGISTIC_STATUS, PAYMENT_STATUS } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { accounts, deliveries, deliveryItems, deliveryWindows, payments, rates, stores } from '../db/schema';
import { gazetteerGeocoder } from '../geo/gazetteer-geocoder';
import { viaGeocoder } from '../geo';
import type { Geocoder } from '../geo/types';
import { HttpError } from '../http/errors';
import type { PortalData } from './portals';
import { isHighRiskLocation } from './pricing';
import { activeQuotes, hubFor, lockDelivery, quoteResponse, readDelivery, repriceDelivery, routeDistanceKm, type BookingAddress, type BookingQuote, type DeliveryRow, type QuoteSettings } from './quotes';
import { scopeOf } from './scope';

type S = components['schemas'];

export function fieldErrors(errors: FieldErrors): HttpError {
  const fields = Object.keys(errors);
  return new HttpError(400, errors[fields[0]!]!, Object.fromEntries(fields.map((field) => [field, [errors[field]!]])));
}

const check = (errors: FieldErrors) => { if (hasErrors(errors)) throw fieldErrors(errors); };

const unprocessable = (message: string) => new HttpError(422, message);

/** Statuses in which the wizard's editing steps are open (before payment is under way). */
function requireEditable(delivery: DeliveryRow) {
  if (delivery.paymentStatusId < PAYMENT_STATUS.ITEMS_OUTSTANDING || delivery.paymentStatusId >= PAYMENT_STATUS.PAID) {
    throw unprocessable('This delivery can no longer be changed.');
  }
}

export interface BookingContext { db: Database; portal: PortalData; permissions: Permissions; settings: QuoteSettings }

type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** The store, if it is within the caller's scope (staff any store of the portal). */
async function storeInScope(db: Db, portal: PortalData, permissions: Permissions, storeId: number) {
  const [store] = await db.select().from(stores).where(and(eq(stores.id, storeId), eq(stores.portalId, portal.id)));
  const scope = scopeOf(permissions);
  const allowed = store && (scope.kind === 'portal' || scope.kind === 'none' || (scope.kind === 'company' && store.companyId === scope.companyId)
    || (scope.kind === 'store' && store.companyId === scope.companyId));
  return allowed ? store : undefined;
}

/** Store ids the caller may name as origin or destination: within its scope (staff any store of the portal). */
async function checkStore(db: Db, portal: PortalData, permissions: Permissions, storeId: number | null | undefined, field: string) {
  if (!storeId) return null;
  const store = await storeInScope(db, portal, permissions, storeId);
  if (!store) throw fieldErrors({ [field]: `Not found: store ${storeId}` });
  return store.id;
}

type AddressField = 'originAddress' | 'destinationAddress';

const ADDRESS_REQUIRED: Record<AddressField, string> = {
  originAddress: BOOKING_RULE_TEXTS.pickUpAddressRequired,
  destinationAddress: BOOKING_RULE_TEXTS.dropOffRequired,
};

/**
 * The address a quote is priced by: never the client's coordinates alone (a customer could send false ones and pay
 * less). A store (storeId > 0) is where its stored address resolves; otherwise (a store without a usable stored
 * address, or no store) a place (placeId) is as the geocoder resolves it, and an address with neither is accepted
 * only from staff. Answers the address, or the field's error text.
 */
async function trustedAddress(ctx: BookingContext, geocoder: Geocoder, address: BookingAddress, field: AddressField): Promise<BookingAddress | string> {
  const storeId = address.storeId && address.storeId > 0 ? address.storeId : null;
  if (storeId) {
    const store = await storeInScope(ctx.db, ctx.portal, ctx.permissions, storeId);
    if (!store) return `Not found: store ${storeId}`;
    const text = store.address?.trim();
    const [match] = text ? await geocoder.search(ctx.portal.cca2, text, 1) : [];
    const resolved = match && await geocoder.resolve(ctx.portal.cca2, match.placeId);
    if (resolved) return { placeId: resolved.placeId, description: resolved.description, coordinates: resolved.coordinates, storeId };
    // A store picked without an address whose own address cannot be found: never priced at made-up coordinates.
    if (STAND_INS.has(address)) return STORE_ADDRESS_UNKNOWN;
  }
  if (address.placeId) {
    const resolved = await geocoder.resolve(ctx.portal.cca2, address.placeId);
    if (!resolved) return `Not found: address ${address.placeId}`;
    return { placeId: resolved.placeId, description: resolved.description, coordinates: resolved.coordinates, storeId };
  }
  if (hasAnyRole(ctx.permissions, STAFF_ROLES)) return address;
  return ADDRESS_REQUIRED[field];
}

/** The address a store stands for until trustedAddress resolves it from the store's stored address. */
function storeStandIn(storeId: number | null | undefined): BookingAddress | undefined {
  if (!storeId || storeId <= 0) return undefined;
  const standIn = { placeId: null, description: `Store ${storeId}`, coordinates: { lat: 0, lon: 0 }, storeId };
  STAND_INS.add(standIn);
  return standIn;
}

/** The stand-ins made (trustedAddress recognises them by identity: a client cannot send one). */
const STAND_INS = new WeakSet<BookingAddress>();

/** Said when a store's stored address cannot be found by the address search. */
export const STORE_ADDRESS_UNKNOWN = "This store's address could not be found: search for the address instead.";

interface RoutedForm { origin: BookingAddress; destination: BookingAddress; distanceKm: number }

/**
 * Checks the delivery form, resolves its addresses (trustedAddress) and routes the distance between them: before the
 * transaction, so no row is locked while a geocoder or router answers.
 */
async function routedForm(ctx: BookingContext, given: S['BookingDeliveryForm']): Promise<RoutedForm> {
  // A store picked without an address stands for the store's address (001 section 2: 'address search, or store
  // selectors'): trustedAddress resolves it from the store.
  const form = { ...given, originAddress: given.originAddress ?? storeStandIn(given.originStoreId), destinationAddress: given.destinationAddress ?? storeStandIn(given.destinationStoreId) };
  check(validateDeliveryRequirements(form));
  const geocoder = ctx.settings.geocoder ?? gazetteerGeocoder(ctx.db);
  const [origin, destination] = await viaGeocoder(() => Promise.all([
    trustedAddress(ctx, geocoder, form.originAddress!, 'originAddress'),
    trustedAddress(ctx, geocoder, form.destinationAddress!, 'destinationAddress'),
  ]));
  const errors: FieldErrors = {};
  if (typeof origin === 'string') errors.originAddress = origin;
  if (typeof destination === 'string') errors.destinationAddress = destination;
  check(errors);
  const [from, to] = [origin as BookingAddress, destination as BookingAddress];
  const distanceKm = await routeDistanceKm(ctx.settings, from, to);
  await requireServiceInReach(ctx, form, distanceKm);
  return { origin: from, destination: to, distanceKm };
}

/** Said when the route is longer than every service's longest distance (issue 21; decision in docs/decisions.md). */
export function beyondEveryServiceText(distanceKm: number, longestKm: number): string {
  return `No service is offered for this route: it is ${Math.round(distanceKm)} km and our services go up to ${longestKm} km. `
    + 'Choose a pick-up and drop-off address closer together.';
}

/**
 * A route longer than every service's rates reach gets no quote at all: step 1 says so (and what to change) instead
 * of leading to a Quotes step with nothing on it. The rates that count are the portal's and the booking company's.
 */
async function requireServiceInReach(ctx: BookingContext, form: S['BookingDeliveryForm'], distanceKm: number) {
  const staff = hasAnyRole(ctx.permissions, STAFF_ROLES);
  const companyId = staff ? (form.companyId ?? null) : ctx.permissions.companyId;
  const [row] = await ctx.db.select({ longest: max(rates.endKmRange) }).from(rates).where(and(
    eq(rates.portalId, ctx.portal.id), eq(rates.isActive, true),
    companyId ? or(isNull(rates.companyId), eq(rates.companyId, companyId)) : isNull(rates.companyId),
  ));
  const longest = row?.longest ?? null;
  // Bands are [start, end) km: a distance at or past the longest end has no rate.
  if (longest !== null && distanceKm >= longest) throw new HttpError(422, beyondEveryServiceText(distanceKm, longest));
}

async function requirementsOf(ctx: BookingContext, tx: Parameters<Parameters<Database['transaction']>[0]>[0], form: S['BookingDeliveryForm'], routed: RoutedForm) {
  const { origin, destination, distanceKm } = routed;
  const originStoreId = await checkStore(tx, ctx.portal, ctx.permissions, form.originStoreId ?? (origin.storeId && origin.storeId > 0 ? origin.storeId : null), 'originStoreId');
  const destinationStoreId = await checkStore(tx, ctx.portal, ctx.permissions, form.destinationStoreId ?? (destination.storeId && destination.storeId > 0 ? destination.storeId : null), 'destinationStoreId');
  const isHighRisk = await isHighRiskLocation(tx as never, ctx.portal.id, [origin.coordinates, destination.coordinates]);
  return {
    originAddress: origin, destinationAddress: destination, originStoreId, destinationStoreId,
    readyForCollectionDate: form.deliveryDate!, readyForCollectionTimeSlotLocal: form.deliveryTime ?? DEFAULT_DELIVERY_TIME,
    // 001 section 4: deliverByDate is set equal to deliveryDate on submit.
    deliverByDate: form.deliverByDate ?? form.deliveryDate!, isRoundTrip: form.isRoundTrip ?? false, isHighRisk,
    distanceKm,
  };
}

async function respond(ctx: BookingContext, tx: Parameters<Parameters<Database['transaction']>[0]>[0], id: number): Promise<BookingQuote> {
  return quoteResponse(tx, await readDelivery(tx, ctx.portal, ctx.permissions, id), ctx.permissions);
}

export async function createQuote(ctx: BookingContext, form: S['BookingDeliveryForm']): Promise<BookingQuote> {
  const routed = await routedForm(ctx, form);
  return ctx.db.transaction(async (tx) => {
    const requirements = await requirementsOf(ctx, tx, form, routed);
    const staff = hasAnyRole(ctx.permissions, STAFF_ROLES);
    const [row] = await tx.insert(deliveries).values({
      portalId: ctx.portal.id,
      placedByUserId: ctx.permissions.id,
      // Scope comes from the token; only staff book for a company they name.
      companyId: staff ? (form.companyId ?? null) : ctx.permissions.companyId,
      storeId: staff ? null : ctx.permissions.storeId,
      ...requirements,
      logisticStatusId: LOGISTIC_STATUS.PENDING,
      paymentStatusId: PAYMENT_STATUS.ITEMS_OUTSTANDING,
    }).returning();
    const delivery = await readDelivery(tx, ctx.portal, ctx.permissions, row!.id);
    await repriceDelivery(tx, ctx.portal, delivery, ctx.settings);
    return respond(ctx, tx, row!.id);
  });
}

export async function getQuote(ctx: BookingContext, id: number): Promise<BookingQuote> {
  return ctx.db.transaction(async (tx) => {
    const delivery = await lockDelivery(tx, ctx.portal, ctx.permissions, id);
    // Expiry applied on read: an unpaid delivery whose options have all expired becomes expired (-1).
    if (delivery.paymentStatusId >= PAYMENT_STATUS.ITEMS_OUTSTANDING && delivery.paymentStatusId < PAYMENT_STATUS.PAYMENT_PENDING) {
      const options = await activeQuotes(tx, id);
      if (options.length > 0 && options.every((option) => isQuoteExpired(option.expiresAt))) {
        await tx.update(deliveries).set({ paymentStatusId: PAYMENT_STATUS.EXPIRED, updatedAt: new Date() }).where(eq(deliveries.id, id));
      }
    }
    return respond(ctx, tx, id);
  });
}

/** Runs a command on the locked delivery and answers the fresh response. */
async function command(ctx: BookingContext, id: number, xmin: string | undefined, run: (tx: Parameters<Parameters<Database['transaction']>[0]>[0], delivery: DeliveryRow) => Promise<void>): Promise<BookingQuote> {
  return ctx.db.transaction(async (tx) => {
    const delivery = await lockDelivery(tx, ctx.portal, ctx.permissions, id, xmin);
    await run(tx, delivery);
    return respond(ctx, tx, id);
  });
}

export async function updateQuote(ctx: BookingContext, id: number, form: S['BookingDeliveryForm']) {
  const routed = await routedForm(ctx, form);
  return command(ctx, id, form.xmin, async (tx, delivery) => {
    requireEditable(delivery);
    const requirements = await requirementsOf(ctx, tx, form, routed);
    await tx.update(deliveries).set({ ...requirements, selectedQuoteId: null, hubId: null, updatedAt: new Date(),
      paymentStatusId: delivery.paymentStatusId >= PAYMENT_STATUS.NOT_SELECTED ? PAYMENT_STATUS.NOT_SELECTED : delivery.paymentStatusId }).where(eq(deliveries.id, id));
    await repriceDelivery(tx, ctx.portal, await readDelivery(tx, ctx.portal, ctx.permissions, id), ctx.settings);
  });
}

async function replaceParcels(tx: Parameters<Parameters<Database['transaction']>[0]>[0], id: number, items: S['BookingParcel'][]) {
  await tx.delete(deliveryItems).where(eq(deliveryItems.deliveryId, id));
  await tx.insert(deliveryItems).values(items.map((item) => ({
    deliveryId: id, name: item.name!, parcelTypeId: item.parcelType ?? null, deliveryItemName: item.deliveryItemName ?? null,
    length: item.length!, width: item.width!, height: item.height!, weight: item.weight!, description: item.description ?? null,
    isFragile: item.isFragile ?? false, barCode: item.barCode?.trim() || null,
  })));
}

export function updateParcels(ctx: BookingContext, id: number, form: S['BookingParcelsForm']) {
  return command(ctx, id, form.xmin, async (tx, delivery) => {
    requireEditable(delivery);
    check(validateParcels(form.deliveryItems));
    await replaceParcels(tx, id, form.deliveryItems!);
    await tx.update(deliveries).set({ selectedQuoteId: null, hubId: null, paymentStatusId: PAYMENT_STATUS.NOT_SELECTED, updatedAt: new Date() }).where(eq(deliveries.id, id));
    await repriceDelivery(tx, ctx.portal, delivery, ctx.settings);
  });
}

/** Parcel edits after booking: status at or above Ready and not Delivered (no repricing; the back office adjusts). */
export function updateParcelDetails(ctx: BookingContext, id: number, form: S['BookingParcelsForm']) {
  return command(ctx, id, form.xmin, async (tx, delivery) => {
    if (!canEditParcels(delivery.logisticStatusId, true)) throw unprocessable('Parcels can be edited only from Ready until delivered.');
    check(validateParcels(form.deliveryItems));
    await replaceParcels(tx, id, form.deliveryItems!);
    await tx.update(deliveries).set({ updatedAt: new Date() }).where(eq(deliveries.id, id));
  });
}

export function selectQuote(ctx: BookingContext, id: number, form: S['BookingSelectQuoteForm']) {
  return command(ctx, id, form.xmin, async (tx, delivery) => {
    requireEditable(delivery);
    check(validateQuoteSelection(form.quoteId));
    const option = (await activeQuotes(tx, id)).find((candidate) => candidate.id === form.quoteId);
    if (!option) throw fieldErrors({ quoteId: BOOKING_RULE_TEXTS.deliveryOptionRequired });
    if (isQuoteExpired(option.expiresAt)) throw fieldErrors({ quoteId: BOOKING_RULE_TEXTS.expired });
    const next = Math.max(delivery.paymentStatusId, PAYMENT_STATUS.DETAILS_OUTSTANDING);
    const hubId = await hubFor(tx, ctx.portal.id, option.slaType, delivery.originAddress as BookingAddress);
    await tx.update(deliveries).set({ selectedQuoteId: option.id, hubId, paymentStatusId: Math.min(next, PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE), updatedAt: new Date() }).where(eq(deliveries.id, id));
  });
}

export function setTimeSlot(ctx: BookingContext, id: number, deliveryTime: string) {
  return command(ctx, id, undefined, async (tx, delivery) => {
    requireEditable(delivery);
    const selected = (await activeQuotes(tx, id)).find((option) => option.id === delivery.selectedQuoteId);
    await tx.update(deliveries).set({ readyForCollectionTimeSlotLocal: deliveryTime, updatedAt: new Date() }).where(eq(deliveries.id, id));
    await repriceDelivery(tx, ctx.portal, await readDelivery(tx, ctx.portal, ctx.permissions, id), ctx.settings);
    // Keep the chosen service level selected across the repricing.
    const again = selected && (await activeQuotes(tx, id)).find((option) => option.slaType === selected.slaType);
    await tx.update(deliveries).set({ selectedQuoteId: again?.id ?? null, ...(!again && { hubId: null }) }).where(eq(deliveries.id, id));
  });
}

type ContactStep = 'origin' | 'destination' | 'additional' | 'both';

export function updateContacts(ctx: BookingContext, id: number, form: S['BookingContactForm'], step: ContactStep) {
  return command(ctx, id, form.xmin, async (tx, delivery) => {
    if (step !== 'both') requireEditable(delivery);
    const errors: FieldErrors = {};
    const origin = step === 'origin' || step === 'both' ? form.origin ?? {} : undefined;
    const destination = step === 'destination' || step === 'both' || (step === 'additional' && form.destination) ? form.destination ?? {} : undefined;
    if (origin) Object.assign(errors, validateContact(origin, 'origin.'));
    if (destination) Object.assign(errors, validateContact(destination, 'destination.'));
    check(errors);
    const changes: Partial<typeof deliveries.$inferInsert> = { updatedAt: new Date() };
    if (origin) changes.originContact = origin;
    if (destination) changes.destinationContact = destination;
    if (step === 'additional' || step === 'both') {
      changes.orderReference = form.orderReference ?? null;
      changes.customerIdentifier = form.customerIdentifier ?? null;
    }
    const hasOrigin = !!(origin ?? delivery.originContact);
    const hasDestination = !!(destination ?? delivery.destinationContact);
    if (delivery.selectedQuoteId && hasOrigin && hasDestination && delivery.paymentStatusId === PAYMENT_STATUS.DETAILS_OUTSTANDING) {
      changes.paymentStatusId = PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE;
    }
    await tx.update(deliveries).set(changes).where(eq(deliveries.id, id));
  });
}

export function acceptQuote(ctx: BookingContext, id: number, form: S['BookingVersionForm']) {
  return command(ctx, id, form.xmin, async (tx, delivery) => {
    requireEditable(delivery);
    const selected = (await activeQuotes(tx, id)).find((option) => option.id === delivery.selectedQuoteId);
    if (!selected) throw fieldErrors(validateQuoteSelection(null));
    if (isQuoteExpired(selected.expiresAt)) throw fieldErrors({ quoteId: BOOKING_RULE_TEXTS.expired });
    if (!delivery.originContact) throw fieldErrors(validateContact(null, 'origin.'));
    if (!delivery.destinationContact) throw fieldErrors(validateContact(null, 'destination.'));
    if (delivery.paymentStatusId < PAYMENT_STATUS.PAYMENT_PENDING) {
      await tx.update(deliveries).set({ paymentStatusId: PAYMENT_STATUS.PAYMENT_PENDING, updatedAt: new Date() }).where(eq(deliveries.id, id));
    }
  });
}

export function selectAccount(ctx: BookingContext, id: number, form: S['BookingSelectAccountForm']) {
  return command(ctx, id, form.xmin, async (tx, delivery) => {
    requireEditable(delivery);
    const payable = await payableAccounts(tx, ctx.portal, ctx.permissions, delivery);
    if (!payable.some((account) => account.id === form.accountId)) throw fieldErrors({ accountId: `Not found: account ${form.accountId}` });
    await tx.update(deliveries).set({ accountId: form.accountId, updatedAt: new Date() }).where(eq(deliveries.id, id));
  });
}

/**
 * Cancels an unpaid quote (issue 21: a customer clears abandoned quotes from their dashboard). A cancelled quote
 * stays cancelled (a repeat changes nothing); a paid, refunded or rejected delivery is not a quote (422). A card
 * payment being charged must finish first (409); a checkout nobody paid is superseded, as a new payment would.
 */
export function cancelQuote(ctx: BookingContext, id: number, form: S['BookingVersionForm']) {
  return command(ctx, id, form.xmin, async (tx, delivery) => {
    if (delivery.paymentStatusId === PAYMENT_STATUS.QUOTE_CANCELLED) return;
    if (!isCancellableQuote(delivery.paymentStatusId)) {
      throw unprocessable('A paid delivery cannot be cancelled as a quote.');
    }
    const open = await tx.select().from(payments).where(and(eq(payments.deliveryId, id), inArray(payments.status, ['pending', 'charging']))).for('update');
    if (open.some((payment) => payment.status === 'charging' || payment.method !== 'card')) throw new HttpError(409, 'A payment of this delivery is in progress.');
    if (open.length > 0) await tx.update(payments).set({ status: 'superseded' }).where(inArray(payments.id, open.map((payment) => payment.id)));
    await tx.update(deliveries).set({ paymentStatusId: PAYMENT_STATUS.QUOTE_CANCELLED, logisticStatusId: LOGISTIC_STATUS.CANCELLED_QUOTE, updatedAt: new Date() }).where(eq(deliveries.id, id));
  });
}

/** 'Reattempt your delivery': an unpaid expired, failed or cancelled delivery gets fresh options, back at step 3. */
export function reattempt(ctx: BookingContext, id: number, form: S['BookingVersionForm']) {
  return command(ctx, id, form.xmin, async (tx, delivery) => {
    if (delivery.paymentStatusId >= PAYMENT_STATUS.PAID) throw unprocessable('A paid delivery cannot be reattempted.');
    const today = DateTime.now().setZone(ctx.portal.timeZone).toISODate()!;
    const date = delivery.readyForCollectionDate < today ? today : delivery.readyForCollectionDate;
    const hasItems = (await tx.select({ id: deliveryItems.id }).from(deliveryItems).where(eq(deliveryItems.deliveryId, id)).limit(1)).length > 0;
    await tx.update(deliveries).set({
      readyForCollectionDate: date, deliverByDate: date, selectedQuoteId: null, hubId: null, checkoutId: null, paymentFailureDescription: null,
      paymentStatusId: hasItems ? PAYMENT_STATUS.NOT_SELECTED : PAYMENT_STATUS.ITEMS_OUTSTANDING, logisticStatusId: LOGISTIC_STATUS.PENDING, updatedAt: new Date(),
    }).where(eq(deliveries.id, id));
    await repriceDelivery(tx, ctx.portal, await readDelivery(tx, ctx.portal, ctx.permissions, id), ctx.settings);
  });
}

export async function cloneDelivery(ctx: BookingContext, id: number): Promise<BookingQuote> {
  return ctx.db.transaction(async (tx) => {
    const source = await readDelivery(tx, ctx.portal, ctx.permissions, id);
    const today = DateTime.now().setZone(ctx.portal.timeZone).toISODate()!;
    const date = source.readyForCollectionDate < today ? today : source.readyForCollectionDate;
    const items = await tx.select().from(deliveryItems).where(eq(deliveryItems.deliveryId, id));
    const { id: _id, xmin: _xmin, createdAt: _c, updatedAt: _u, waybill: _w, trackingHash: _t, ...copy } = source;
    const [row] = await tx.insert(deliveries).values({
      ...copy, placedByUserId: ctx.permissions.id, readyForCollectionDate: date, deliverByDate: date, selectedQuoteId: null, hubId: null, checkoutId: null,
      paymentFailureDescription: null, accountId: null, logisticStatusId: LOGISTIC_STATUS.PENDING,
      paymentStatusId: items.length > 0 ? PAYMENT_STATUS.NOT_SELECTED : PAYMENT_STATUS.ITEMS_OUTSTANDING,
    }).returning();
    if (items.length > 0) await tx.insert(deliveryItems).values(items.map(({ id: _item, ...item }) => ({ ...item, deliveryId: row!.id })));
    await repriceDelivery(tx, ctx.portal, await readDelivery(tx, ctx.portal, ctx.permissions, row!.id), ctx.settings);
    return respond(ctx, tx, row!.id);
  });
}

// ---- Accounts the caller may pay with ----

type AnyTx = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Own accounts, the company's and the store's; staff: the delivery's placer, company and store (or all). */
export async function payableAccounts(tx: AnyTx, portal: PortalData, permissions: Permissions, delivery?: Pick<DeliveryRow, 'placedByUserId' | 'companyId' | 'storeId'>) {
  const rows = await tx.select().from(accounts).where(and(eq(accounts.portalId, portal.id), isNull(accounts.systemCode), eq(accounts.isActive, true))).orderBy(accounts.accountName);
  const staff = hasAnyRole(permissions, STAFF_ROLES);
  return rows.filter((account) => {
    if (staff) return !delivery || account.userId === delivery.placedByUserId || (account.companyId !== null && account.companyId === delivery.companyId && (!account.storeId || account.storeId === delivery.storeId));
    if (account.userId === permissions.id) return true;
    if (permissions.storeId && account.storeId === permissions.storeId) return true;
    if (!account.storeId && permissions.companyId && account.companyId === permissions.companyId && !account.userId) return true;
    return false;
  });
}

/** A normal user with no account gets a personal Prepay account (balance 0), so the pay step always has one. */
export async function ensurePersonalAccount(db: Database, portal: PortalData, permissions: Permissions): Promise<void> {
  const existing = await payableAccounts(db, portal, permissions);
  if (existing.length > 0 || hasAnyRole(permissions, STAFF_ROLES)) return;
  await db.insert(accounts).values({ portalId: portal.id, accountName: permissions.email, accountType: 'Prepay', userId: permissions.id });
}

// ---- Lookups ----

/** Dates with at least one window for the scope (store, else company, else portal), from today on. */
export async function availableDates(db: Database, portal: PortalData, storeId?: number, companyId?: number, now = new Date()): Promise<string[]> {
  const rows = await db.select().from(deliveryWindows).where(eq(deliveryWindows.portalId, portal.id));
  const scoped = (storeId && rows.some((row) => row.storeId === storeId)) ? rows.filter((row) => row.storeId === storeId)
    : (companyId && rows.some((row) => row.companyId === companyId && !row.storeId)) ? rows.filter((row) => row.companyId === companyId && !row.storeId)
      : rows.filter((row) => !row.storeId && !row.companyId);
  const start = DateTime.fromJSDate(now).setZone(portal.timeZone);
  const dates: string[] = [];
  for (let offset = 0; offset < AVAILABLE_DATES_DAYS_AHEAD; offset++) {
    const day = start.plus({ days: offset });
    const slots = scoped.filter((row) => row.weekday === day.weekday % 7);
    const open = offset === 0 ? slots.some((row) => row.startLocal > start.toFormat('HH:mm')) : slots.length > 0;
    if (open) dates.push(day.toISODate()!);
  }
  return dates;
}

export async function timeSlots(db: Database, portal: PortalData, localDate: string, permissions: Permissions, now = new Date()) {
  const day = DateTime.fromISO(localDate, { zone: portal.timeZone });
  if (!day.isValid) throw fieldErrors({ localDate: BOOKING_RULE_TEXTS.dateRequired });
  const rows = await db.select().from(deliveryWindows).where(and(eq(deliveryWindows.portalId, portal.id), eq(deliveryWindows.weekday, day.weekday % 7)));
  const storeRows = permissions.storeId ? rows.filter((row) => row.storeId === permissions.storeId) : [];
  const chosen = storeRows.length > 0 ? storeRows : rows.filter((row) => !row.storeId && !row.companyId);
  const current = DateTime.fromJSDate(now).setZone(portal.timeZone);
  const isToday = current.toISODate() === localDate;
  return chosen
    .filter((row) => !isToday || row.startLocal > current.toFormat('HH:mm'))
    .sort((a, b) => a.startLocal.localeCompare(b.startLocal))
    .map((row) => ({ time: row.startLocal, endTime: row.endLocal, label: `${row.startLocal} - ${row.endLocal}` }));
}

export function newTrackingHash(): string {
  return randomBytes(12).toString('base64url');
}
