// Pricing (001 sections 1, 9; issue 4): one option per service level from the rates table, by km band, SLA type,
// parcel type, weekday/weekend and pricing tier, plus the high-risk surcharge. Integer cents throughout.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { ROUND_TRIP_MULTIPLIER, SLA_TYPES } from '../../src/lib/constants';
import { haversineKm, type LatLon } from '../../src/lib/distance';
import type { Database } from '../db/database';
import { highRiskAreas, parcelTypes, rates } from '../db/schema';

export type SlaType = (typeof SLA_TYPES)[number];
/** Display order of the options: the spec's service types (001 section 1). */
export const QUOTE_SLA_ORDER: readonly SlaType[] = ['Standard', 'Priority', 'Hyperlocal', 'Emergency Relief'];
export const TRANSACTION_ITEM_TYPE = { delivery: 1, highRiskSurcharge: 2, returnToSender: 3 } as const;
/** The slot length assumed when the pick-up time is not one of the windows' slots. */
const DEFAULT_SLOT_HOURS = 2;

export interface PricingParcel { parcelTypeId: number | null; length: number; width: number; height: number; weight: number }

export interface PricingInput {
  portalId: number;
  timeZone: string;
  companyId: number | null;
  /** Driving distance from the router (server/geo), km. */
  distanceKm: number;
  /** YYYY-MM-DD and HH:mm in the portal's time zone. */
  date: string;
  time: string;
  slotEnd: string | null;
  isRoundTrip: boolean;
  isHighRisk: boolean;
  parcels: readonly PricingParcel[];
  /**
   * Price the return leg of a delivery sent back to its sender: the return-to-sender rates of the band, a line
   * without one at the base rate.
   */
  isReturnToSender?: boolean;
  /**
   * The customer's pricing tier: rates of this tier are preferred over the list price of PRICING_TIER_DEFAULT.
   * Nothing in the spec says who is on which tier, so the wizard prices at the default tier.
   */
  pricingTier?: string;
}

/** The list-price tier: every service level has rates of this tier. */
export const PRICING_TIER_DEFAULT = 'Standard';

export interface PriceLine { description: string; quantity: number; amountExcl: number; transactionItemTypeId: number }

export interface PricedOption {
  slaType: SlaType;
  pricingTier: string;
  /** One way, VAT exclusive. */
  priceExclCents: number;
  /** The breakdown as shown: round trip doubles quantity and amount. */
  items: PriceLine[];
  pickupWindowStart: Date;
  pickupWindowEnd: Date;
  dropOffWindowStart: Date;
  dropOffWindowEnd: Date;
}

export type HighRiskAreaRow = typeof highRiskAreas.$inferSelect;

export async function isHighRiskLocation(db: Database, portalId: number, points: readonly LatLon[]): Promise<boolean> {
  return isHighRiskIn(await db.select().from(highRiskAreas).where(eq(highRiskAreas.portalId, portalId)), points);
}

/** isHighRiskLocation against areas already read (a delivery batch reads them once). */
export function isHighRiskIn(areas: readonly HighRiskAreaRow[], points: readonly LatLon[]): boolean {
  return areas.some((area) => points.some((point) => haversineKm(point, area) <= area.radiusKm));
}

/** Small memo of pure date arithmetic (luxon in a time zone costs ~100 µs a call; a batch asks the same few dates). */
function memo<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  if (cache.size > 2000) cache.clear();
  const made = make();
  cache.set(key, made);
  return made;
}
const dayTypes = new Map<string, 'Weekday' | 'Weekend'>();

export function dayTypeOf(date: string, timeZone: string): 'Weekday' | 'Weekend' {
  return memo(dayTypes, `${timeZone}|${date}`, () => (DateTime.fromISO(date, { zone: timeZone }).weekday >= 6 ? 'Weekend' : 'Weekday'));
}

export type RateRow = typeof rates.$inferSelect;
export type ParcelTypeRow = typeof parcelTypes.$inferSelect;

/** The parcel catalogue in its display order (what pricingTypeIdsOf expects). */
export const parcelCatalogue = (db: Database): Promise<ParcelTypeRow[]> => db.select().from(parcelTypes).orderBy(parcelTypes.sortOrder);

/** What a quote without parcels is priced as: one small parcel. */
const NO_PARCELS: readonly PricingParcel[] = [{ parcelTypeId: 1, length: 1, width: 1, height: 1, weight: 0.01 }];

/** Custom parcels (and ones without a type) are priced as the smallest catalogue type they fit, else the largest. */
export function pricingTypeIdsOf(catalogue: readonly ParcelTypeRow[], given: readonly PricingParcel[]): number[] {
  const parcels = given.length > 0 ? given : NO_PARCELS;
  return parcels.map((parcel) => {
    if (parcel.parcelTypeId && catalogue.some((type) => type.id === parcel.parcelTypeId)) return parcel.parcelTypeId;
    const sorted = [parcel.length, parcel.width, parcel.height].sort((a, b) => b - a);
    const fits = catalogue.find((type) => {
      const box = [type.length, type.width, type.height].sort((a, b) => b - a);
      return sorted.every((size, index) => size <= box[index]!) && parcel.weight <= type.weight;
    });
    return (fits ?? catalogue.at(-1)!).id;
  });
}

/** The pick-up and drop-off windows of a service level for the input's date and slot (exported for the demo seed). */
export function windows(input: Pick<PricingInput, 'date' | 'time' | 'slotEnd' | 'timeZone'>, slaType: SlaType) {
  const times = memo(windowTimes, `${input.timeZone}|${input.date}|${input.time}|${input.slotEnd}|${slaType}`, () => windowsOf(input, slaType));
  // Fresh Date objects each time: callers own what they get.
  return {
    pickupWindowStart: new Date(times[0]), pickupWindowEnd: new Date(times[1]), dropOffWindowStart: new Date(times[2]), dropOffWindowEnd: new Date(times[3]),
  };
}
const windowTimes = new Map<string, readonly [number, number, number, number]>();

function windowsOf(input: Pick<PricingInput, 'date' | 'time' | 'slotEnd' | 'timeZone'>, slaType: SlaType): readonly [number, number, number, number] {
  const start = DateTime.fromISO(`${input.date}T${input.time}`, { zone: input.timeZone });
  const end = input.slotEnd ? DateTime.fromISO(`${input.date}T${input.slotEnd}`, { zone: input.timeZone }) : start.plus({ hours: DEFAULT_SLOT_HOURS });
  const dropOff = {
    Standard: [end, end.plus({ hours: 24 })],
    Priority: [start.plus({ hours: 1 }), end.plus({ hours: 2 })],
    Hyperlocal: [start.plus({ minutes: 30 }), end.plus({ hours: 1 })],
    'Emergency Relief': [end, end.plus({ hours: 48 })],
  }[slaType];
  return [start.toMillis(), end.toMillis(), dropOff[0]!.toMillis(), dropOff[1]!.toMillis()] as const;
}

/** What pricing reads, read once for many quotes (a delivery batch): the catalogue, the portal's active rates, its high-risk areas. */
export interface PricingTables { catalogue: ParcelTypeRow[]; rates: RateRow[]; highRiskAreas: HighRiskAreaRow[] }

export async function pricingTables(db: Database, portalId: number): Promise<PricingTables> {
  const [catalogue, active, areas] = await Promise.all([
    parcelCatalogue(db),
    db.select().from(rates).where(and(eq(rates.portalId, portalId), eq(rates.isActive, true))),
    db.select().from(highRiskAreas).where(eq(highRiskAreas.portalId, portalId)),
  ]);
  return { catalogue, rates: active, highRiskAreas: areas };
}

/**
 * priceOptions from rates already read: the one pricing path (priceOptions reads the band's rates and comes here;
 * a delivery batch reads the portal's rates once per chunk and comes here for each row).
 */
export function priceFromTables(tables: Pick<PricingTables, 'catalogue' | 'rates'>, input: PricingInput): { distanceKm: number; options: PricedOption[] } {
  return { distanceKm: input.distanceKm, options: optionsFromRates(ratesOfBand(tables.rates, input), pricingTypeIdsOf(tables.catalogue, input.parcels), input) };
}

/** Prices every service level that has a rate for the distance; a level without one is not offered. */
export async function priceOptions(db: Database, input: PricingInput): Promise<{ distanceKm: number; options: PricedOption[] }> {
  const catalogue = await parcelCatalogue(db);
  const band = Math.max(input.distanceKm, 0);
  // Bands are whole km [start, end); the distance is fractional, so it is compared as a double.
  const candidates = await db.select().from(rates).where(and(
    eq(rates.portalId, input.portalId), eq(rates.isActive, true),
    input.companyId ? undefined : isNull(rates.companyId),
    sql`${rates.startKmRange} <= ${band}::float8`, sql`${rates.endKmRange} > ${band}::float8`,
  ));
  return priceFromTables({ catalogue, rates: candidates }, input);
}

/**
 * The rates priceOptions would read for an input, picked from rates already in memory (the impact preview prices
 * many quotes against two rate lists without a query each): the portal's active rates of the distance's band,
 * the company's and the list price (only the list price without a company).
 */
export function ratesOfBand(all: readonly RateRow[], input: Pick<PricingInput, 'portalId' | 'companyId' | 'distanceKm'>): RateRow[] {
  const band = Math.max(input.distanceKm, 0);
  return all.filter((rate) => rate.portalId === input.portalId && rate.isActive && (input.companyId ? true : rate.companyId === null)
    && rate.startKmRange <= band && rate.endKmRange > band);
}

/** The options of one input from the rates of its band (ratesOfBand) and its parcels' pricing types: no I/O. */
export function optionsFromRates(candidates: readonly RateRow[], typeIds: readonly number[], input: PricingInput): PricedOption[] {
  const dayType = dayTypeOf(input.date, input.timeZone);
  const options: PricedOption[] = [];
  for (const slaType of QUOTE_SLA_ORDER) {
    const priced = levelPrice(candidates, typeIds, input, slaType, dayType);
    if (priced) options.push({ slaType, ...priced, ...windows(input, slaType) });
  }
  return options;
}

/**
 * One service level's price from the rates of the input's band, without its windows (the impact preview prices
 * 100,000s of quotes and needs only the amount: the windows' date arithmetic was most of a quote's pricing time).
 * undefined when the level is not offered. dayType: dayTypeOf(input.date, input.timeZone).
 */
export function levelPrice(candidates: readonly RateRow[], typeIds: readonly number[], input: PricingInput, slaType: SlaType, dayType: 'Weekday' | 'Weekend'):
  Pick<PricedOption, 'pricingTier' | 'priceExclCents' | 'items'> | undefined {
  const multiplier = input.isRoundTrip ? ROUND_TRIP_MULTIPLIER : 1;
  // A company's own rate wins over the portal's; within each, the customer's tier over the default tier.
  const tier = input.pricingTier ?? PRICING_TIER_DEFAULT;
  const rateFor = (predicate: (rate: RateRow) => boolean) => {
    const matching = candidates.filter((rate) => rate.slaType === slaType && (rate.pricingTier === tier || rate.pricingTier === PRICING_TIER_DEFAULT) && predicate(rate));
    const owners = [input.companyId, null].filter((owner, index) => index === 1 || owner !== null);
    for (const owner of owners) {
      const own = matching.filter((rate) => rate.companyId === owner);
      const found = own.find((rate) => rate.pricingTier === tier) ?? own.find((rate) => rate.pricingTier === PRICING_TIER_DEFAULT);
      if (found) return found;
    }
    return undefined;
  };
  let optionTier = PRICING_TIER_DEFAULT;
  const counts = new Map<number, number>();
  for (const id of typeIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  const items: PriceLine[] = [];
  let priceExclCents = 0;
  for (const [typeId, quantity] of counts) {
    const base = (returnRate: boolean) => rateFor((r) => !r.isHighRisk && r.rateType === 'Base' && r.parcelTypeId === typeId && r.dayOfWeekType === dayType
      && r.isReturnToSenderRate === returnRate);
    const rate = (input.isReturnToSender ? base(true) : undefined) ?? base(false);
    if (!rate) return undefined;
    if (rate.pricingTier !== PRICING_TIER_DEFAULT) optionTier = rate.pricingTier;
    priceExclCents += rate.priceCents * quantity;
    const what = input.isReturnToSender ? `Return to sender (${slaType})` : `${slaType} delivery`;
    items.push({ description: `${what}, parcel type ${typeId}, ${rate.startKmRange}-${rate.endKmRange} km, ${dayType}`, quantity: quantity * multiplier, amountExcl: rate.priceCents * quantity * multiplier,
      transactionItemTypeId: input.isReturnToSender ? TRANSACTION_ITEM_TYPE.returnToSender : TRANSACTION_ITEM_TYPE.delivery });
  }
  if (input.isHighRisk) {
    const surcharge = rateFor((r) => r.isHighRisk);
    if (surcharge && surcharge.priceCents > 0) {
      priceExclCents += surcharge.priceCents;
      items.push({ description: 'High-risk area surcharge', quantity: multiplier, amountExcl: surcharge.priceCents * multiplier, transactionItemTypeId: TRANSACTION_ITEM_TYPE.highRiskSurcharge });
    }
  }
  return { pricingTier: optionTier, priceExclCents, items };
}

/**
 * What sending a delivery back to its sender costs (the cancelandreturntosender action of 001 section 7): the
 * return leg priced from the return-to-sender rates for the delivery's distance, parcels, day and service level
 * (VAT exclusive, one way; a round trip is not doubled: the parcel goes back once). undefined when the service
 * level has no rate for the distance.
 */
export async function returnToSenderPrice(db: Database, input: Omit<PricingInput, 'isReturnToSender' | 'isRoundTrip'>, slaType: SlaType): Promise<PricedOption | undefined> {
  const { options } = await priceOptions(db, { ...input, isRoundTrip: false, isReturnToSender: true });
  return options.find((option) => option.slaType === slaType);
}
