// Booking and payment seed (issue 4): parcel and contact types, rates, high-risk areas, delivery windows, the
// platform's ledger accounts, a prepaid balance for customer@demo.test and post-pay company/store accounts.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SLA_TYPES } from '../../src/lib/constants';
import type { Database } from './database';
import { seedAddresses } from './seed-addresses';
import { GAZETTEER_ROWS } from './gazetteer';
import { accounts, companies, contactTypes, deliveryWindows, highRiskAreas, hubs, ledgerEntries, ledgerTransactions, parcelTypes, portals, rates, stores, users } from './schema';

export const SEED_PARCEL_TYPES = [
  { id: 1, name: 'small', length: 30, width: 20, height: 15, weight: 2, sortOrder: 1 },
  { id: 2, name: 'medium', length: 45, width: 35, height: 25, weight: 10, sortOrder: 2 },
  { id: 3, name: 'large', length: 60, width: 50, height: 40, weight: 25, sortOrder: 3 },
] as const;

export const SEED_CONTACT_TYPES = [
  { key: 'residential', value: 'Residential' },
  { key: 'business', value: 'Business' },
] as const;

/** Km bands and the Standard, small-parcel, weekday base price of each (cents, VAT exclusive). */
export const SEED_KM_BANDS = [
  { start: 0, end: 10, cents: 6500 },
  { start: 10, end: 25, cents: 9500 },
  { start: 25, end: 50, cents: 14500 },
  { start: 50, end: 100, cents: 24500 },
  { start: 100, end: 1000, cents: 49500 },
] as const;
/** Multipliers in percent: per SLA type (Hyperlocal only up to 25 km; Emergency Relief is free), parcel type, day type. */
export const SEED_SLA_PERCENT: Record<(typeof SLA_TYPES)[number], number> = { Standard: 100, Priority: 150, Hyperlocal: 80, 'Emergency Relief': 0 };
export const SEED_HYPERLOCAL_MAX_KM = 25;
export const SEED_PARCEL_PERCENT: Record<number, number> = { 1: 100, 2: 140, 3: 200 };
export const SEED_WEEKEND_PERCENT = 125;
/** High-risk area surcharge per delivery and SLA type (cents); none on Emergency Relief. */
export const SEED_HIGH_RISK_SURCHARGE_CENTS = 5000;
export const SEED_CUSTOMER_BALANCE_CENTS = 100_000;
/** Return-to-sender rates: the return leg at this percentage of the base rate (none for Emergency Relief). */
export const SEED_RETURN_TO_SENDER_PERCENT = 50;

/** Depots (at gazetteer places) that Standard deliveries pass through. */
export const SEED_HUBS = [
  { hubName: 'Cape Town Hub', contactName: 'Nomvula Khumalo', phoneNumber: '+27215550300', placeId: 'za-cape-town-epping' },
  { hubName: 'Johannesburg Hub', contactName: 'Kagiso Molefe', phoneNumber: '+27115550300', placeId: 'za-johannesburg-germiston' },
  { hubName: 'Durban Hub', contactName: 'Priya Govender', phoneNumber: '+27315550300', placeId: 'za-durban-pinetown' },
] as const;

export const SEED_HIGH_RISK_AREAS = [
  { name: 'Cape Flats', lat: -33.98, lon: 18.58, radiusKm: 6 },
  { name: 'Hillbrow', lat: -26.19, lon: 28.047, radiusKm: 1.5 },
] as const;

const WEEKDAY_SLOTS = [['08:00', '10:00'], ['10:00', '12:00'], ['12:00', '14:00'], ['14:00', '16:00']] as const;
const SATURDAY_SLOTS = [['08:00', '10:00'], ['10:00', '12:00']] as const;

export const SYSTEM_ACCOUNTS = {
  cardClearing: 'card_clearing',
  revenue: 'revenue',
  vat: 'vat',
  funding: 'funding',
  /** Money taken for a delivery with no account to credit it to (a second card payment of a paid delivery). */
  suspense: 'suspense',
  /** What deliveries cost the platform: driver pay (issue 15, server/domain/driver-pay.ts). */
  costOfSales: 'cost_of_sales',
} as const;

export async function seedBooking(db: Database): Promise<void> {
  await db.insert(parcelTypes).values([...SEED_PARCEL_TYPES]).onConflictDoNothing();
  await db.insert(contactTypes).values([...SEED_CONTACT_TYPES]).onConflictDoNothing();
  await seedAddresses(db);
  const [za] = await db.select({ id: portals.id }).from(portals).where(eq(portals.cca2, 'ZA'));
  if (!za) return;

  const [anyRate] = await db.select({ id: rates.id }).from(rates).where(eq(rates.portalId, za.id)).limit(1);
  if (!anyRate) {
    const rows: (typeof rates.$inferInsert)[] = [];
    for (const slaType of SLA_TYPES) {
      for (const parcel of SEED_PARCEL_TYPES) {
        for (const dayOfWeekType of ['Weekday', 'Weekend'] as const) {
          for (const band of SEED_KM_BANDS) {
            if (slaType === 'Hyperlocal' && band.start >= SEED_HYPERLOCAL_MAX_KM) continue;
            const percent = SEED_SLA_PERCENT[slaType] * SEED_PARCEL_PERCENT[parcel.id]! * (dayOfWeekType === 'Weekend' ? SEED_WEEKEND_PERCENT : 100);
            rows.push({
              name: `${slaType}, parcel type ${parcel.id}, ${dayOfWeekType}, ${band.start}-${band.end} km`, portalId: za.id, slaType, parcelTypeId: parcel.id, rateType: 'Base', dayOfWeekType, pricingTier: 'Standard',
              startKmRange: band.start, endKmRange: band.end, priceCents: Math.round((band.cents * percent) / 1_000_000),
            });
          }
        }
      }
      rows.push({
        name: `${slaType} high-risk surcharge`, portalId: za.id, slaType, parcelTypeId: 0, rateType: 'Surcharge', dayOfWeekType: 'Any', pricingTier: 'Standard',
        startKmRange: 0, endKmRange: 1000, priceCents: slaType === 'Emergency Relief' ? 0 : SEED_HIGH_RISK_SURCHARGE_CENTS, isHighRisk: true,
      });
    }
    await db.insert(rates).values(rows);
    await db.insert(highRiskAreas).values(SEED_HIGH_RISK_AREAS.map((area) => ({ ...area, portalId: za.id })));
    const windows: (typeof deliveryWindows.$inferInsert)[] = [];
    for (let weekday = 1; weekday <= 5; weekday++) {
      for (const [startLocal, endLocal] of WEEKDAY_SLOTS) windows.push({ portalId: za.id, weekday, startLocal, endLocal });
    }
    for (const [startLocal, endLocal] of SATURDAY_SLOTS) windows.push({ portalId: za.id, weekday: 6, startLocal, endLocal });
    // The first demo store also opens on Sundays, so store-specific dates differ from the portal's.
    const [firstStore] = await db.select({ id: stores.id, companyId: stores.companyId }).from(stores).where(eq(stores.portalId, za.id)).orderBy(stores.id).limit(1);
    if (firstStore) {
      for (let weekday = 0; weekday <= 6; weekday++) {
        windows.push({ portalId: za.id, companyId: firstStore.companyId, storeId: firstStore.id, weekday, startLocal: '09:00', endLocal: '11:00' });
        windows.push({ portalId: za.id, companyId: firstStore.companyId, storeId: firstStore.id, weekday, startLocal: '13:00', endLocal: '15:00' });
      }
    }
    await db.insert(deliveryWindows).values(windows);
  }

  await seedReturnToSenderRates(db, za.id);
  for (const hub of SEED_HUBS) {
    const place = GAZETTEER_ROWS.find((row) => row.placeId === hub.placeId)!;
    await db.insert(hubs).values({
      portalId: za.id, hubName: hub.hubName, contactName: hub.contactName, phoneNumber: hub.phoneNumber,
      address: { placeId: place.placeId, description: place.description, coordinates: { lat: place.lat, lon: place.lon } },
    }).onConflictDoNothing();
  }

  for (const code of Object.values(SYSTEM_ACCOUNTS)) {
    await db.insert(accounts).values({ portalId: za.id, accountName: `Platform ${code}`, accountType: 'System', systemCode: code })
      .onConflictDoNothing();
  }

  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'customer@demo.test'));
  if (customer) {
    const [existing] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.userId, customer.id), isNull(accounts.systemCode)));
    if (!existing) {
      const [account] = await db.insert(accounts).values({ portalId: za.id, accountName: 'Chloe Customer', accountType: 'Prepay', userId: customer.id }).returning({ id: accounts.id });
      const [funding] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.portalId, za.id), eq(accounts.systemCode, SYSTEM_ACCOUNTS.funding)));
      await db.transaction(async (tx) => {
        const [transaction] = await tx.insert(ledgerTransactions).values({ portalId: za.id, transactionType: 'Deposit', description: 'Opening prepaid balance' }).returning({ id: ledgerTransactions.id });
        await tx.insert(ledgerEntries).values([
          { transactionId: transaction!.id, accountId: funding!.id, amountCents: SEED_CUSTOMER_BALANCE_CENTS },
          { transactionId: transaction!.id, accountId: account!.id, amountCents: -SEED_CUSTOMER_BALANCE_CENTS },
        ]);
      });
    }
  }
  const [acme] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.portalId, za.id), eq(companies.companyName, 'Acme Retail')));
  if (acme) {
    await ensureAccount(db, { portalId: za.id, accountName: 'Acme Retail', accountType: 'PostPay', companyId: acme.id });
    const [store] = await db.select({ id: stores.id, storeName: stores.storeName }).from(stores).where(eq(stores.companyId, acme.id)).orderBy(stores.id).limit(1);
    if (store) await ensureAccount(db, { portalId: za.id, accountName: store.storeName, accountType: 'PostPay', companyId: acme.id, storeId: store.id });
  }
}

/** Return-to-sender base rates beside the list prices (added once; also to databases seeded before they existed). */
async function seedReturnToSenderRates(db: Database, portalId: number): Promise<void> {
  const [existing] = await db.select({ id: rates.id }).from(rates).where(and(eq(rates.portalId, portalId), eq(rates.isReturnToSenderRate, true))).limit(1);
  if (existing) return;
  const base = await db.select().from(rates).where(and(eq(rates.portalId, portalId), eq(rates.rateType, 'Base'), isNull(rates.companyId), eq(rates.isReturnToSenderRate, false)));
  const rows = base.filter((rate) => rate.slaType !== 'Emergency Relief').map(({ id: _id, ...rate }) => ({
    ...rate, name: `${rate.name} return to sender`, isReturnToSenderRate: true, priceCents: Math.round((rate.priceCents * SEED_RETURN_TO_SENDER_PERCENT) / 100),
  }));
  if (rows.length > 0) await db.insert(rates).values(rows);
}

async function ensureAccount(db: Database, values: typeof accounts.$inferInsert): Promise<void> {
  const [existing] = await db.select({ id: accounts.id }).from(accounts)
    .where(and(eq(accounts.accountName, values.accountName), values.storeId ? eq(accounts.storeId, values.storeId) : sql`${accounts.storeId} is null`));
  if (!existing) await db.insert(accounts).values(values);
}
