import { and, asc, desc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { UPLOAD_BATCH_STATUS } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { companies, deliveries, deliveryItems, deliveryQuotes, rates, rateUploads } from '../db/schema';
import type { PortalData } from './portals';
import { dayTypeOf, levelPrice, parcelCatalogue, pricingTypeIdsOf, QUOTE_SLA_ORDER, ratesOfBand, type PricingParcel, type RateRow } from './pricing';
import { getRateBatch, rateOfUpload } from './rate-uploads';
import type { RateValues } from './rates';

type S = components['schemas'];
export type RateImpact = S['RateImpact'];

/** How far back the preview looks (issue 16: the last 30 days' quotes and deliveries). */
export const IMPACT_DAYS = 30;
const SAMPLE_SIZE = 20;
/** The time a quote is priced at when it has no slot (the price depends on the day, not the hour). */
const ANY_TIME = '08:00';

const sameKey = (rate: RateRow, values: RateValues) => rate.companyId === (values.companyId ?? null) && rate.slaType === values.slaType
  && rate.parcelTypeId === values.parcelTypeId && rate.rateType === values.rateType && rate.dayOfWeekType === values.dayOfWeekType
  && rate.pricingTier === values.pricingTier && rate.isReturnToSenderRate === (values.isReturnToSenderRate ?? false)
  && rate.isHighRisk === (values.isHighRisk ?? false);

/**
 * The portal's rates as the submit would leave them: each valid row, in the submit's order, changes the rate of
 * its key and km range or adds one; a row overlapping another active rate is refused, as the submit refuses it
 * (applyRow in rate-uploads.ts). In memory: nothing is written.
 */
export function applyRowsInMemory(before: readonly RateRow[], rows: readonly RateValues[], portalId: number) {
  const after = before.map((rate) => ({ ...rate }));
  let applied = 0;
  let refused = 0;
  let nextId = -1;
  for (const values of rows) {
    const same = after.filter((rate) => rate.portalId === portalId && sameKey(rate, values) && rate.startKmRange === values.startKmRange && rate.endKmRange === values.endKmRange)
      .sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.id - b.id)[0];
    const overlaps = values.isActive !== false && after.some((rate) => rate.portalId === portalId && rate.isActive && rate.id !== same?.id && sameKey(rate, values)
      && rate.startKmRange < values.endKmRange && values.startKmRange < rate.endKmRange);
    if (overlaps) { refused += 1; continue; }
    applied += 1;
    if (same) Object.assign(same, { priceCents: values.priceCents, name: values.name, isActive: values.isActive ?? same.isActive });
    else {
      after.push({
        ...values, id: nextId, portalId, companyId: values.companyId ?? null, isReturnToSenderRate: values.isReturnToSenderRate ?? false,
        isHighRisk: values.isHighRisk ?? false, isActive: values.isActive ?? true,
      });
      nextId -= 1;
    }
  }
  return { after, applied, refused };
}

/**
 * ratesOfBand for many quotes against one rate list: between two consecutive km boundaries of the list (every
 * rate's start and end) the rates of a band are the same, so each segment's are picked once, for quotes with and
 * without a company (what ratesOfBand tells apart), instead of filtering the whole list for every quote.
 */
export function bandPicker(list: readonly RateRow[]) {
  const boundaries = [...new Set(list.flatMap((rate) => [rate.startKmRange, rate.endKmRange]))].sort((a, b) => a - b);
  const picked = new Map<string, RateRow[]>();
  return (input: Parameters<typeof ratesOfBand>[1]): RateRow[] => {
    const band = Math.max(input.distanceKm, 0);
    // The number of boundaries at or below the band names its segment.
    let low = 0;
    let high = boundaries.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (boundaries[middle]! <= band) low = middle + 1;
      else high = middle;
    }
    const key = `${low}|${input.companyId ? 1 : 0}|${input.portalId}`;
    let rates = picked.get(key);
    if (!rates) picked.set(key, rates = ratesOfBand(list, input));
    return rates;
  };
}

/** min, median, max and total of the differences (cents); zeros when there are none. */
export function figuresOf(differences: readonly number[]): S['RateImpactFigures'] {
  if (differences.length === 0) return { changed: 0, minCents: 0, medianCents: 0, maxCents: 0, totalCents: 0 };
  const sorted = [...differences].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const medianCents = sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
  return { changed: sorted.length, minCents: sorted[0]!, medianCents, maxCents: sorted.at(-1)!, totalCents: sorted.reduce((sum, value) => sum + value, 0) };
}

/**
 * The impact preview of a rate upload batch (issue 16): every quote of the last 30 days — a delivery's chosen
 * option, or the current options of a quote not yet chosen — priced by the quotes' own pricing (pricing.ts)
 * with today's rates and with the batch's valid rows applied. Read-only; the rates are read once and the quotes
 * priced in memory, so a large month stays one pass.
 */
export async function rateBatchImpact(db: Database, portal: PortalData, batchId: number, now = new Date()): Promise<RateImpact> {
  await getRateBatch(db, portal, batchId);
  const since = new Date(now.getTime() - IMPACT_DAYS * 86_400_000);
  const [before, uploads, catalogue] = await Promise.all([
    db.select().from(rates).where(eq(rates.portalId, portal.id)),
    db.select().from(rateUploads).where(and(eq(rateUploads.uploadBatchId, batchId),
      inArray(rateUploads.uploadStatusId, [UPLOAD_BATCH_STATUS.UNPROCESSED, UPLOAD_BATCH_STATUS.SUBMITTED]))).orderBy(asc(rateUploads.id)),
    parcelCatalogue(db),
  ]);
  const rows = uploads.map(rateOfUpload).flatMap((checked) => ('rate' in checked ? [checked.rate] : []));
  const { after, applied, refused } = applyRowsInMemory(before, rows, portal.id);

  const recent = and(eq(deliveries.portalId, portal.id), gte(deliveries.createdAt, since));
  // The quotes and their parcels are read side by side (neither needs the other).
  const [quotes, items] = await Promise.all([db.select({
    deliveryId: deliveries.id, waybill: deliveries.waybill, companyId: deliveries.companyId, companyName: companies.companyName,
    distanceKm: deliveries.distanceKm, date: deliveries.readyForCollectionDate, time: deliveries.readyForCollectionTimeSlotLocal,
    isRoundTrip: deliveries.isRoundTrip, isHighRisk: deliveries.isHighRisk, slaType: deliveryQuotes.slaType,
  }).from(deliveries)
    .innerJoin(deliveryQuotes, and(eq(deliveryQuotes.deliveryId, deliveries.id), or(
      eq(deliveryQuotes.id, deliveries.selectedQuoteId),
      and(isNull(deliveries.selectedQuoteId), isNull(deliveryQuotes.supersededAt)),
    )))
    .leftJoin(companies, eq(companies.id, deliveries.companyId))
    .where(recent)
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id), asc(deliveryQuotes.id)),
  db.select({
    deliveryId: deliveryItems.deliveryId, parcelTypeId: deliveryItems.parcelTypeId, length: deliveryItems.length, width: deliveryItems.width,
    height: deliveryItems.height, weight: deliveryItems.weight,
  }).from(deliveryItems).where(inArray(deliveryItems.deliveryId, db.select({ id: deliveries.id }).from(deliveries).where(recent)))]);
  const parcelsOf = new Map<number, PricingParcel[]>();
  for (const { deliveryId, ...parcel } of items) {
    const list = parcelsOf.get(deliveryId);
    if (list) list.push(parcel);
    else parcelsOf.set(deliveryId, [parcel]);
  }

  const differences: number[] = [];
  const groups = new Map<string, { companyId: number | null; companyName: string | null; slaType: string; differences: number[] }>();
  const samples: S['RateImpactSample'][] = [];
  let noLongerPriced = 0;
  let newlyPriced = 0;
  const dayTypes = new Map<string, 'Weekday' | 'Weekend'>();
  const bandBefore = bandPicker(before);
  const bandAfter = bandPicker(after);
  for (const quote of quotes) {
    const input = {
      portalId: portal.id, timeZone: portal.timeZone, companyId: quote.companyId, distanceKm: quote.distanceKm, date: quote.date,
      time: quote.time ?? ANY_TIME, slotEnd: null, isRoundTrip: quote.isRoundTrip, isHighRisk: quote.isHighRisk, parcels: parcelsOf.get(quote.deliveryId) ?? [],
    };
    const typeIds = pricingTypeIdsOf(catalogue, input.parcels);
    const slaType = QUOTE_SLA_ORDER.find((level) => level === quote.slaType);
    // The day type once per date (a time-zone conversion), and only the price of the quote's level (levelPrice).
    const dayType = dayTypes.get(quote.date) ?? dayTypes.set(quote.date, dayTypeOf(quote.date, portal.timeZone)).get(quote.date)!;
    const priceWith = (list: (band: typeof input) => RateRow[]) => (slaType === undefined ? undefined : levelPrice(list(input), typeIds, input, slaType, dayType)?.priceExclCents);
    const oldPrice = priceWith(bandBefore);
    const newPrice = priceWith(bandAfter);
    if (oldPrice === newPrice) continue;
    if (newPrice === undefined) { noLongerPriced += 1; continue; }
    if (oldPrice === undefined) { newlyPriced += 1; continue; }
    const difference = newPrice - oldPrice;
    differences.push(difference);
    const key = `${quote.companyId ?? ''}|${quote.slaType}`;
    const group = groups.get(key) ?? { companyId: quote.companyId, companyName: quote.companyName, slaType: quote.slaType, differences: [] };
    group.differences.push(difference);
    groups.set(key, group);
    if (samples.length < SAMPLE_SIZE) {
      samples.push({
        deliveryId: quote.deliveryId, waybill: quote.waybill, companyName: quote.companyName, slaType: quote.slaType, distanceKm: quote.distanceKm,
        readyForCollectionDate: quote.date, oldPriceExclCents: oldPrice, newPriceExclCents: newPrice, differenceCents: difference,
      });
    }
  }
  return {
    since: since.toISOString(), quotesConsidered: quotes.length, changed: differences.length, noLongerPriced, newlyPriced, rowsApplied: applied, rowsRefused: refused,
    overall: figuresOf(differences),
    groups: [...groups.values()]
      .map(({ differences: own, ...group }) => ({ ...group, ...figuresOf(own) }))
      .sort((a, b) => (a.companyName ?? '').localeCompare(b.companyName ?? '') || a.slaType.localeCompare(b.slaType)),
    samples,
  };
}
