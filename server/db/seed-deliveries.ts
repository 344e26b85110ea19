// Back-office deliveries seed (issue 6): ~300 demo deliveries with waybill prefix 'WBL' spread over the demo
// companies and stores, every logistic status and the SLA types, so the /deliveries list has something to filter.
// Deterministic (a fixed linear congruential generator) and idempotent (only missing waybills are added).
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { SLA_TYPES } from '../../src/lib/constants';
import { LOGISTIC_STATUS, PAYMENT_STATUS } from '../../src/lib/statuses';
import type { Database } from './database';
import { companies, deliveries, deliveryAdminDetails, deliveryItems, deliveryQuotes, portals, stores, users } from './schema';

export const SEED_DELIVERY_COUNT = 300;
export const SEED_WAYBILL_PREFIX = 'WBL';

/** Deterministic pseudo-random numbers in [0, 1) (Numerical Recipes LCG). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PLACES = [
  { description: '1 Main Road, Sea Point, Cape Town', lat: -33.915, lon: 18.389 },
  { description: '12 Long Street, Cape Town City Centre', lat: -33.922, lon: 18.418 },
  { description: '5 Durban Road, Durbanville', lat: -33.832, lon: 18.648 },
  { description: '83 Rivonia Road, Sandton', lat: -26.106, lon: 28.056 },
  { description: '50 Bath Avenue, Rosebank, Johannesburg', lat: -26.146, lon: 28.041 },
  { description: '7 Jan Smuts Avenue, Parktown, Johannesburg', lat: -26.18, lon: 28.035 },
  { description: '21 Florida Road, Morningside, Durban', lat: -29.829, lon: 31.016 },
  { description: '3 Church Street, Stellenbosch', lat: -33.937, lon: 18.861 },
] as const;

const NAMES = ['Nomsa Khumalo', 'Ruan Pretorius', 'Ayesha Patel', 'Kagiso Molefe', 'Emma Smith', 'Bongani Zulu', 'Liam Jacobs', 'Zanele Mthembu'] as const;

/** The mix of statuses: mostly live work, some finished, some cancelled, a few quotes. */
const STATUS_MIX: readonly number[] = [
  LOGISTIC_STATUS.READY, LOGISTIC_STATUS.READY, LOGISTIC_STATUS.PENDING_PICK_UP, LOGISTIC_STATUS.PENDING_PICK_UP,
  LOGISTIC_STATUS.COLLECTED, LOGISTIC_STATUS.PENDING_DROP_OFF, LOGISTIC_STATUS.DELIVERED, LOGISTIC_STATUS.DELIVERED,
  LOGISTIC_STATUS.DELIVERED, LOGISTIC_STATUS.PENDING, LOGISTIC_STATUS.STAGING, LOGISTIC_STATUS.CANCELLED_QUOTE,
  LOGISTIC_STATUS.REFUNDED, LOGISTIC_STATUS.CANCELLED_WITH_FEE, LOGISTIC_STATUS.RETURNED_TO_SENDER,
  LOGISTIC_STATUS.PICK_UP_EXCEPTION, LOGISTIC_STATUS.DROP_OFF_EXCEPTION, LOGISTIC_STATUS.UNDELIVERED,
  LOGISTIC_STATUS.REVERSED_FULL_REFUND,
];

function paymentStatusFor(logistic: number): number {
  if (logistic === LOGISTIC_STATUS.PENDING) return PAYMENT_STATUS.ITEMS_OUTSTANDING;
  if (logistic === LOGISTIC_STATUS.STAGING) return PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE;
  if (logistic === LOGISTIC_STATUS.CANCELLED_QUOTE) return PAYMENT_STATUS.QUOTE_CANCELLED;
  if (logistic === LOGISTIC_STATUS.REFUNDED || logistic === LOGISTIC_STATUS.REVERSED_FULL_REFUND) return PAYMENT_STATUS.FULL_REFUND;
  if (logistic === LOGISTIC_STATUS.CANCELLED_WITH_FEE) return PAYMENT_STATUS.REFUND_LESS_FEE;
  return PAYMENT_STATUS.PAID;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const DAY_MS = 86_400_000;
const CREATED_FROM = Date.UTC(2026, 8, 1, 6, 0, 0);
const DELIVERY_DATE_FROM = Date.UTC(2026, 9, 1);

export async function seedDeliveriesAdmin(db: Database): Promise<{ created: number }> {
  const [za] = await db.select({ id: portals.id }).from(portals).where(eq(portals.cca2, 'ZA'));
  if (!za) return { created: 0 };
  const existing = new Set((await db.select({ waybill: deliveries.waybill }).from(deliveries)
    .where(like(deliveries.waybill, `${SEED_WAYBILL_PREFIX}%`))).map((row) => row.waybill));
  if (existing.size >= SEED_DELIVERY_COUNT) return { created: 0 };

  const storeRows = await db.select({ id: stores.id, companyId: stores.companyId }).from(stores)
    .innerJoin(companies, eq(companies.id, stores.companyId))
    .where(and(eq(stores.portalId, za.id), inArray(companies.companyName, ['Acme Retail', 'Blue Crane Foods'])))
    .orderBy(stores.id);
  const placers = Object.fromEntries((await db.select({ id: users.id, email: users.email, storeId: users.storeId, companyId: users.companyId })
    .from(users).where(inArray(users.email, ['store.user@demo.test', 'company.user@demo.test', 'customer@demo.test', 'administrator@demo.test'])))
    .map((row) => [row.email, row]));
  const fallback = placers['administrator@demo.test'] ?? placers['customer@demo.test'];
  if (!fallback) return { created: 0 };

  const random = seededRandom(20261121);
  const planned = Array.from({ length: SEED_DELIVERY_COUNT }, (_, index) => {
    const waybill = `${SEED_WAYBILL_PREFIX}${pad(index + 1, 6)}`;
    // Every fifth delivery is a private customer's; the rest spread over the demo stores.
    const store = index % 5 === 4 || storeRows.length === 0 ? undefined : storeRows[index % storeRows.length];
    const placer = store
      ? (placers['store.user@demo.test']?.storeId === store.id ? placers['store.user@demo.test']! : fallback)
      : (placers['customer@demo.test'] ?? fallback);
    const origin = PLACES[Math.floor(random() * PLACES.length)]!;
    const destination = PLACES[Math.floor(random() * PLACES.length)]!;
    const status = STATUS_MIX[index % STATUS_MIX.length]!;
    const distanceKm = Math.round((2 + random() * 60) * 10) / 10;
    const slaType = SLA_TYPES[Math.floor(random() * SLA_TYPES.length)]!;
    const contact = (name: string) => ({ AddressType: 'residential', ContactName: name, ContactCountry: 'ZA', PhoneNumber: `+2782555${pad(index, 4)}` });
    return {
      waybill,
      status,
      slaType,
      priceExclCents: 5000 + Math.floor(random() * 40) * 500,
      lotNumber: index % 4 === 0 ? 0 : 100 + (index % 37),
      isReturnToSender: status === LOGISTIC_STATUS.RETURNED_TO_SENDER,
      parcels: 1 + (index % 3),
      values: {
        portalId: za.id,
        placedByUserId: placer.id,
        companyId: store?.companyId ?? null,
        storeId: store?.id ?? null,
        waybill,
        trackingHash: `wbl${pad(index + 1, 6)}${(Math.floor(random() * 0xffffff)).toString(16).padStart(6, '0')}`,
        logisticStatusId: status,
        paymentStatusId: paymentStatusFor(status),
        originAddress: { placeId: null, description: origin.description, coordinates: { lat: origin.lat, lon: origin.lon }, storeId: store?.id ?? null },
        destinationAddress: { placeId: null, description: destination.description, coordinates: { lat: destination.lat, lon: destination.lon }, storeId: null },
        originStoreId: store?.id ?? null,
        originContact: contact(NAMES[index % NAMES.length]!),
        destinationContact: contact(NAMES[(index + 3) % NAMES.length]!),
        readyForCollectionDate: new Date(DELIVERY_DATE_FROM + (index % 92) * DAY_MS).toISOString().slice(0, 10),
        deliverByDate: null,
        isRoundTrip: index % 11 === 0,
        isHighRisk: index % 13 === 0,
        distanceKm,
        orderReference: `ORD-${pad(10_000 + index * 7, 6)}`,
        customerIdentifier: index % 3 === 0 ? `CUST-${pad(index % 50, 3)}` : null,
        createdAt: new Date(CREATED_FROM + index * 3 * 3_600_000),
        updatedAt: new Date(CREATED_FROM + index * 3 * 3_600_000),
      } satisfies typeof deliveries.$inferInsert,
    };
  }).filter((plan) => !existing.has(plan.waybill));
  if (planned.length === 0) return { created: 0 };

  await db.transaction(async (tx) => {
    const inserted = await tx.insert(deliveries).values(planned.map((plan) => plan.values))
      .onConflictDoNothing().returning({ id: deliveries.id, waybill: deliveries.waybill });
    const idOf = new Map(inserted.map((row) => [row.waybill, row.id]));
    const mine = planned.filter((plan) => idOf.has(plan.waybill));
    if (mine.length === 0) return;
    await tx.insert(deliveryQuotes).values(mine.map((plan) => {
      const start = new Date(`${plan.values.readyForCollectionDate}T08:00:00Z`);
      return {
        deliveryId: idOf.get(plan.waybill)!,
        slaType: plan.slaType,
        pricingTier: 'Standard',
        priceExclCents: plan.priceExclCents,
        vatRateBasisPoints: 1500,
        items: [{ description: `${plan.slaType} delivery`, quantity: 1, amountExcl: plan.priceExclCents / 100, transactionItemTypeId: 1 }],
        pickupWindowStart: start,
        pickupWindowEnd: new Date(start.getTime() + 2 * 3_600_000),
        dropOffWindowStart: new Date(start.getTime() + 2 * 3_600_000),
        dropOffWindowEnd: new Date(start.getTime() + 6 * 3_600_000),
        expiresAt: new Date(start.getTime() + DAY_MS),
      };
    }));
    // One statement for all: each seeded delivery selects its only quote.
    await tx.execute(sql`update ${deliveries} set selected_quote_id = q.id from ${deliveryQuotes} q
      where q.delivery_id = ${deliveries.id} and ${deliveries.selectedQuoteId} is null and ${deliveries.waybill} like ${`${SEED_WAYBILL_PREFIX}%`}`);
    await tx.insert(deliveryItems).values(mine.flatMap((plan) => Array.from({ length: plan.parcels }, (_, n) => ({
      deliveryId: idOf.get(plan.waybill)!,
      name: ['small', 'medium', 'large'][n]!,
      parcelTypeId: n + 1,
      deliveryItemName: `Parcel ${n + 1}`,
      length: [30, 45, 60][n]!,
      width: [20, 35, 50][n]!,
      height: [15, 25, 40][n]!,
      weight: [2, 10, 25][n]!,
      barCode: `${plan.waybill}-${n + 1}`,
    }))));
    await tx.insert(deliveryAdminDetails).values(mine.map((plan) => ({
      deliveryId: idOf.get(plan.waybill)!, lotNumber: plan.lotNumber, isReturnToSender: plan.isReturnToSender,
    }))).onConflictDoNothing();
  });
  return { created: planned.length };
}
