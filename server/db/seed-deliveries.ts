// Back-office deliveries seed (issue 6): ~300 demo deliveries with waybill prefix 'WBL' spread over the demo
// companies and stores, every logistic status and the SLA types, so the /deliveries list has something to filter.
// Deterministic (a fixed linear congruential generator) and idempotent (only missing waybills are added). Coherent
// (issue 21): distances from the server's router, prices from the quoting code, paid ones paid through the ledger,
// dates relative to the seeding day so that finished work lies in the past.
import { DateTime } from 'luxon';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SLA_TYPES } from '../../src/lib/constants';
import { haversineKm } from '../../src/lib/distance';
import { LOGISTIC_STATUS, PAYMENT_STATUS } from '../../src/lib/statuses';
import { dayTypeOf, priceFromTables, pricingTables, windows, type PricedOption } from '../domain/pricing';
import { routeDistanceKm, type BookingAddress } from '../domain/quotes';
import { greatCircleRouter } from '../geo/great-circle';
import type { Router } from '../geo/types';
import type { Database } from './database';
import { SEED_HIGH_RISK_AREAS, SEED_PARCEL_TYPES } from './seed-booking';
import { STORE_PLACES } from './seed-operations';
import { seedCardPayments } from './seed-payments';
import { companies, deliveries, deliveryAdminDetails, deliveryItems, deliveryQuotes, portals, stores, users } from './schema';

export const SEED_DELIVERY_COUNT = 300;
export const SEED_WAYBILL_PREFIX = 'WBL';
const orderReferenceOf = (index: number) => `ORD-${pad(10_000 + index * 7, 6)}`;
/** A search that finds this seed's rows and no other seed's (their order references are ORD-01xxxx). */
export const SEED_ORDER_REFERENCE_SEARCH = 'ORD-01';

/** Deterministic pseudo-random numbers in [0, 1) (Numerical Recipes LCG). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Place { description: string; lat: number; lon: number }

/**
 * Drop-off places by metro: a delivery stays within its pick-up's metro, as a courier's does (no service level is
 * priced across the country: Cape Town to Sandton is some 1,650 km by road).
 */
const METROS: Record<string, readonly Place[]> = {
  'Cape Town': [
    { description: '1 Main Road, Sea Point, Cape Town', lat: -33.915, lon: 18.389 },
    { description: '12 Long Street, Cape Town City Centre', lat: -33.922, lon: 18.418 },
    { description: '5 Durban Road, Durbanville', lat: -33.832, lon: 18.648 },
    { description: '3 Church Street, Stellenbosch', lat: -33.937, lon: 18.861 },
  ],
  Johannesburg: [
    { description: '83 Rivonia Road, Sandton', lat: -26.106, lon: 28.056 },
    { description: '50 Bath Avenue, Rosebank, Johannesburg', lat: -26.146, lon: 28.041 },
    { description: '7 Jan Smuts Avenue, Parktown, Johannesburg', lat: -26.18, lon: 28.035 },
  ],
  Durban: [
    { description: '21 Florida Road, Morningside, Durban', lat: -29.829, lon: 31.016 },
    { description: '1 Umhlanga Rocks Drive, Umhlanga', lat: -29.727, lon: 31.085 },
  ],
};
const METRO_NAMES = Object.keys(METROS);
/** The metro of each demo store (their places are STORE_PLACES of seed-operations.ts). */
const STORE_METROS: Record<string, string> = {
  'Acme Sea Point': 'Cape Town', 'Acme Sandton City': 'Johannesburg', 'Blue Crane Rosebank': 'Johannesburg', 'Blue Crane Durbanville': 'Cape Town',
};

const NAMES = ['Nomsa Khumalo', 'Ruan Pretorius', 'Ayesha Patel', 'Kagiso Molefe', 'Emma Smith', 'Bongani Zulu', 'Liam Jacobs', 'Zanele Mthembu'] as const;

const S = LOGISTIC_STATUS;
/**
 * The mix of statuses, one per 40 deliveries: mostly delivered work, the live work of today and the coming week,
 * a few quotes, and exceptions as rare as a demo courier's should be (one drop-off exception per 16 drop-offs).
 */
const STATUS_MIX: readonly number[] = [
  ...Array<number>(14).fill(S.DELIVERED), ...Array<number>(5).fill(S.READY), ...Array<number>(4).fill(S.PENDING_PICK_UP),
  S.COLLECTED, S.COLLECTED, S.PENDING_DROP_OFF, S.PENDING_DROP_OFF, S.PENDING, S.PENDING, S.STAGING, S.STAGING,
  S.CANCELLED_QUOTE, S.CANCELLED_QUOTE, S.REFUNDED, S.CANCELLED_WITH_FEE, S.RETURNED_TO_SENDER, S.PICK_UP_EXCEPTION,
  S.DROP_OFF_EXCEPTION, S.UNDELIVERED, S.REVERSED_FULL_REFUND,
];

/** Work that is over (its pick-up date is in the past): everything but quotes and the live statuses. */
const LIVE: ReadonlySet<number> = new Set([S.READY, S.PENDING_PICK_UP, S.COLLECTED, S.PENDING_DROP_OFF]);
const QUOTES: ReadonlySet<number> = new Set([S.PENDING, S.STAGING]);

function paymentStatusFor(logistic: number): number {
  if (logistic === S.PENDING) return PAYMENT_STATUS.ITEMS_OUTSTANDING;
  if (logistic === S.STAGING) return PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE;
  if (logistic === S.CANCELLED_QUOTE) return PAYMENT_STATUS.QUOTE_CANCELLED;
  if (logistic === S.REFUNDED || logistic === S.REVERSED_FULL_REFUND) return PAYMENT_STATUS.FULL_REFUND;
  if (logistic === S.CANCELLED_WITH_FEE) return PAYMENT_STATUS.REFUND_LESS_FEE;
  return PAYMENT_STATUS.PAID;
}

/**
 * The pick-up date, in days from the seeding day: finished work in the last 60 days, collected work today, ready
 * work today to next week, quotes in the coming fortnight.
 */
function pickUpDayOffset(status: number, index: number): number {
  if (status === S.COLLECTED || status === S.PENDING_DROP_OFF) return 0;
  if (LIVE.has(status)) return index % 7;
  if (QUOTES.has(status)) return 1 + (index % 14);
  return -(1 + (index % 60));
}

const PAID_SLA_TYPES = SLA_TYPES.filter((slaType) => slaType !== 'Emergency Relief');
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const DAY_MS = 86_400_000;
const SLOTS = [['08:00', '10:00'], ['10:00', '12:00']] as const;

export interface SeedDeliveriesOptions {
  /** The router the server quotes with (server/geo): seeded distances are its distances. */
  router?: Router;
  /** The seeding moment: dates are relative to it, so finished work is always in the past. */
  now?: Date;
}

export async function seedDeliveriesAdmin(db: Database, options: SeedDeliveriesOptions = {}): Promise<{ created: number }> {
  const settings = { quoteValiditySeconds: 0, router: options.router ?? greatCircleRouter };
  const now = options.now ?? new Date();
  const [za] = await db.select().from(portals).where(eq(portals.cca2, 'ZA'));
  if (!za) return { created: 0 };
  // Seeded rows are known by their order reference: unpaid quotes have no waybill, as booked ones do not.
  const references = Array.from({ length: SEED_DELIVERY_COUNT }, (_, index) => orderReferenceOf(index));
  const existing = new Set((await db.select({ orderReference: deliveries.orderReference }).from(deliveries)
    .where(and(eq(deliveries.portalId, za.id), inArray(deliveries.orderReference, references)))).map((row) => row.orderReference));
  if (existing.size >= SEED_DELIVERY_COUNT) return { created: 0 };

  const storeRows = await db.select({ id: stores.id, companyId: stores.companyId, storeName: stores.storeName }).from(stores)
    .innerJoin(companies, eq(companies.id, stores.companyId))
    .where(and(eq(stores.portalId, za.id), inArray(companies.companyName, ['Acme Retail', 'Blue Crane Foods'])))
    .orderBy(stores.id);
  const placers = Object.fromEntries((await db.select({ id: users.id, email: users.email, storeId: users.storeId, companyId: users.companyId })
    .from(users).where(inArray(users.email, ['store.user@demo.test', 'company.user@demo.test', 'customer@demo.test', 'administrator@demo.test'])))
    .map((row) => [row.email, row]));
  const fallback = placers['administrator@demo.test'] ?? placers['customer@demo.test'];
  if (!fallback) return { created: 0 };

  // One router call per pair of places (there are few), however many deliveries share it.
  const distances = new Map<string, Promise<number>>();
  const distanceOf = (from: Place, to: Place) => {
    const key = `${from.description}|${to.description}`;
    if (!distances.has(key)) {
      const address = (place: Place) => ({ placeId: null, description: place.description, coordinates: { lat: place.lat, lon: place.lon } });
      distances.set(key, routeDistanceKm(settings, address(from) as BookingAddress, address(to) as BookingAddress));
    }
    return distances.get(key)!;
  };
  const inHighRiskArea = (place: Place) => SEED_HIGH_RISK_AREAS.some((area) => haversineKm(place, area) <= area.radiusKm);

  // The portal's rates read once; each distinct input is priced from them as priceOptions prices it (no query each).
  const tables = await pricingTables(db, za.id);
  const prices = new Map<string, PricedOption[]>();
  const random = seededRandom(20261121);
  const planned = [];
  for (let index = 0; index < SEED_DELIVERY_COUNT; index++) {
    const waybill = `${SEED_WAYBILL_PREFIX}${pad(index + 1, 6)}`;
    // Every fifth delivery is a private customer's; the rest spread over the demo stores, picked up at the store.
    const store = index % 5 === 4 || storeRows.length === 0 ? undefined : storeRows[index % storeRows.length];
    const placer = store
      ? (placers['store.user@demo.test']?.storeId === store.id ? placers['store.user@demo.test']! : fallback)
      : (placers['customer@demo.test'] ?? fallback);
    const metro = (store && STORE_METROS[store.storeName]) || METRO_NAMES[Math.floor(random() * METRO_NAMES.length)]!;
    const places = METROS[metro]!;
    const origin = (store && STORE_PLACES[store.storeName]) || places[Math.floor(random() * places.length)]!;
    // A drop-off at least a kilometre from the pick-up (a store's own street is not a delivery).
    const destinations = places.filter((candidate) => haversineKm(candidate, origin) >= 1);
    const destination = destinations[Math.floor(random() * destinations.length)]!;
    const status = STATUS_MIX[index % STATUS_MIX.length]!;
    const distanceKm = await distanceOf(origin, destination);
    // Emergency Relief (free) only now and then: a demo of paid work should mostly show what was paid.
    const wantedSla = index % 20 === 7 ? 'Emergency Relief' : PAID_SLA_TYPES[Math.floor(random() * PAID_SLA_TYPES.length)]!;
    // Days of the portal's calendar: at 01:00 in Johannesburg, today is not yet today in UTC.
    const pickUpDate = DateTime.fromJSDate(now, { zone: za.timeZone }).plus({ days: pickUpDayOffset(status, index) }).toISODate()!;
    const slot = SLOTS[index % SLOTS.length]!;
    const isRoundTrip = index % 11 === 0;
    const isHighRisk = inHighRiskArea(origin) || inHighRiskArea(destination);
    const parcels = 1 + (index % 3);
    // Priced by the quoting code at the rates of the day, as the wizard would have; an unoffered level is replaced.
    // Prices depend on the date only through its day type: one pricing per distinct input (pricing is the slow part).
    const input = {
      portalId: za.id, timeZone: za.timeZone, companyId: store?.companyId ?? null, distanceKm, date: pickUpDate, time: slot[0], slotEnd: slot[1],
      isRoundTrip, isHighRisk, parcels: Array.from({ length: parcels }, (_, n) => ({ parcelTypeId: n + 1, ...SEED_PARCEL_TYPES[n]! })),
    };
    const priceKey = JSON.stringify({ ...input, date: dayTypeOf(pickUpDate, za.timeZone), time: null, slotEnd: null });
    if (!prices.has(priceKey)) prices.set(priceKey, priceFromTables(tables, input).options);
    const priced = prices.get(priceKey)!.find((candidate) => candidate.slaType === wantedSla) ?? prices.get(priceKey)![0];
    const option = priced && { ...priced, ...windows(input, priced.slaType) };
    if (!option) throw new Error(`seed: no service level is offered for ${waybill} (${distanceKm} km)`);
    // Booked a day before pick-up for finished work, a few hours ago for the rest (never in the future).
    const createdAt = new Date(Math.min(now.getTime() - (index % 12 + 1) * 3_600_000, Date.parse(`${pickUpDate}T06:00:00Z`) - DAY_MS));
    const contact = (name: string) => ({ AddressType: 'residential', ContactName: name, ContactCountry: 'ZA', PhoneNumber: `+2782555${pad(index, 4)}` });
    // A waybill and a tracking link come with payment (server/domain/payments.ts): a quote never paid has neither.
    const unpaid = QUOTES.has(status) || status === S.CANCELLED_QUOTE;
    const trackingHash = `wbl${pad(index + 1, 6)}${(Math.floor(random() * 0xffffff)).toString(16).padStart(6, '0')}`;
    planned.push({
      reference: orderReferenceOf(index),
      barCodePrefix: waybill,
      status,
      option,
      lotNumber: index % 4 === 0 ? 0 : 100 + (index % 37),
      isReturnToSender: status === S.RETURNED_TO_SENDER,
      parcels,
      values: {
        portalId: za.id,
        placedByUserId: placer.id,
        companyId: store?.companyId ?? null,
        storeId: store?.id ?? null,
        waybill: unpaid ? null : waybill,
        trackingHash: unpaid ? null : trackingHash,
        logisticStatusId: status,
        paymentStatusId: paymentStatusFor(status),
        originAddress: { placeId: null, description: origin.description, coordinates: { lat: origin.lat, lon: origin.lon }, storeId: store?.id ?? null },
        destinationAddress: { placeId: null, description: destination.description, coordinates: { lat: destination.lat, lon: destination.lon }, storeId: null },
        originStoreId: store?.id ?? null,
        originContact: contact(NAMES[index % NAMES.length]!),
        destinationContact: contact(NAMES[(index + 3) % NAMES.length]!),
        readyForCollectionDate: pickUpDate,
        readyForCollectionTimeSlotLocal: slot[0],
        deliverByDate: pickUpDate,
        // Delivered an hour inside the drop-off window, one in nine two hours late (the dashboard's on-time figure);
        // never after the seeding moment: a next-day window of yesterday's pick-up may end later this morning.
        deliveredAt: status === S.DELIVERED
          ? new Date(Math.min(option.dropOffWindowEnd.getTime() + (index % 9 === 0 ? 2 : -1) * 3_600_000, now.getTime() - 30 * 60_000)) : null,
        isRoundTrip,
        isHighRisk,
        distanceKm,
        orderReference: orderReferenceOf(index),
        customerIdentifier: index % 3 === 0 ? `CUST-${pad(index % 50, 3)}` : null,
        createdAt,
        updatedAt: createdAt,
      } satisfies typeof deliveries.$inferInsert,
    });
  }
  const missing = planned.filter((plan) => !existing.has(plan.reference));
  if (missing.length === 0) return { created: 0 };

  await db.transaction(async (tx) => {
    const inserted = await tx.insert(deliveries).values(missing.map((plan) => plan.values)).returning();
    const rowOf = new Map(inserted.map((row) => [row.orderReference, row]));
    const mine = missing;
    const quotes = await tx.insert(deliveryQuotes).values(mine.map((plan) => ({
      deliveryId: rowOf.get(plan.reference)!.id,
      slaType: plan.option.slaType,
      pricingTier: plan.option.pricingTier,
      priceExclCents: plan.option.priceExclCents,
      vatRateBasisPoints: za.vatRateBasisPoints,
      items: plan.option.items,
      pickupWindowStart: plan.option.pickupWindowStart,
      pickupWindowEnd: plan.option.pickupWindowEnd,
      dropOffWindowStart: plan.option.dropOffWindowStart,
      dropOffWindowEnd: plan.option.dropOffWindowEnd,
      expiresAt: new Date(plan.values.createdAt.getTime() + DAY_MS),
    }))).returning();
    const quoteOf = new Map(quotes.map((quote) => [quote.deliveryId, quote]));
    // One statement for all: each seeded delivery selects its only quote.
    await tx.execute(sql`update ${deliveries} set selected_quote_id = q.id from ${deliveryQuotes} q
      where q.delivery_id = ${deliveries.id} and ${deliveries.selectedQuoteId} is null and ${inArray(deliveries.id, inserted.map((row) => row.id))}`);
    await seedCardPayments(tx, mine.filter((plan) => plan.values.paymentStatusId === PAYMENT_STATUS.PAID).map((plan) => {
      const delivery = rowOf.get(plan.reference)!;
      return { delivery, quote: quoteOf.get(delivery.id)!, currency: za.currency, settledAt: plan.values.createdAt };
    }));
    await tx.insert(deliveryItems).values(mine.flatMap((plan) => Array.from({ length: plan.parcels }, (_, n) => ({
      deliveryId: rowOf.get(plan.reference)!.id,
      name: SEED_PARCEL_TYPES[n]!.name,
      parcelTypeId: n + 1,
      deliveryItemName: `Parcel ${n + 1}`,
      length: SEED_PARCEL_TYPES[n]!.length,
      width: SEED_PARCEL_TYPES[n]!.width,
      height: SEED_PARCEL_TYPES[n]!.height,
      weight: SEED_PARCEL_TYPES[n]!.weight,
      barCode: `${plan.barCodePrefix}-${n + 1}`,
    }))));
    await tx.insert(deliveryAdminDetails).values(mine.map((plan) => ({
      deliveryId: rowOf.get(plan.reference)!.id, lotNumber: plan.lotNumber, isReturnToSender: plan.isReturnToSender,
    }))).onConflictDoNothing();
  });
  return { created: missing.length };
}
