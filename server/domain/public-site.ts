// The public face's server side (issue 19): the price calculator (the booking's own pricing, nothing created),
// track-order (waybill or order reference plus the recipient phone's last 4 digits), and rating a delivery by its
// tracking hash (once per link). server/domain: no Fastify.
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { components } from '../../src/api/generated/connect';
import { DEFAULT_DELIVERY_TIME } from '../../src/lib/constants';
import { lastDigits, PUBLIC_TEXTS, REVIEW_LINK_MIN_SCORE } from '../../src/lib/public-texts';
import { RATING_LABELS } from '../../src/lib/constants';
import { canRate } from '../../src/lib/statuses';
import type { Database } from '../db/database';
import { deliveries, jobDeliveries, jobs, parcelTypes, questionnaires, ratings } from '../db/schema';
import type { Geocoder, Router } from '../geo/types';
import { badRequest, HttpError, notFound } from '../http/errors';
import type { PortalData } from './portals';
import { isHighRiskLocation, priceOptions } from './pricing';
import { routeDistanceKm, type BookingAddress } from './quotes';

type S = components['schemas'];

export interface PublicGeo { geocoder: Geocoder; router: Router }

/** Today in the portal's time zone (YYYY-MM-DD). */
export function portalToday(portal: PortalData, now = new Date()): string {
  return DateTime.fromJSDate(now).setZone(portal.timeZone).toISODate()!;
}

/**
 * The calculator's price: the places resolved and routed as the wizard's addresses are, then priced by
 * priceOptions (server/domain/pricing.ts) exactly as a quote is: list price (no company, default tier), the
 * high-risk surcharge where it applies, one parcel of the chosen type, one way. VAT rounded as paymentTotals does.
 */
export async function publicPrice(db: Database, portal: PortalData, geo: PublicGeo, input: S['PublicPriceRequest'], now = new Date()): Promise<S['PublicPrice']> {
  const [from, to] = await Promise.all([geo.geocoder.resolve(portal.cca2, input.fromPlaceId), geo.geocoder.resolve(portal.cca2, input.toPlaceId)]);
  if (!from) throw badRequest('fromPlaceId', PUBLIC_TEXTS.unknownPlace);
  if (!to) throw badRequest('toPlaceId', PUBLIC_TEXTS.unknownPlace);
  const [type] = await db.select().from(parcelTypes).where(eq(parcelTypes.id, input.parcelTypeId));
  if (!type) throw badRequest('parcelTypeId', PUBLIC_TEXTS.unknownParcelType);
  const origin: BookingAddress = { ...from, storeId: null } as BookingAddress;
  const destination: BookingAddress = { ...to, storeId: null } as BookingAddress;
  const distanceKm = await routeDistanceKm({ quoteValiditySeconds: 0, router: geo.router }, origin, destination);
  const isHighRisk = await isHighRiskLocation(db, portal.id, [from.coordinates, to.coordinates]);
  const date = input.date ?? portalToday(portal, now);
  const { options } = await priceOptions(db, {
    portalId: portal.id, timeZone: portal.timeZone, companyId: null, distanceKm, date, time: DEFAULT_DELIVERY_TIME, slotEnd: null,
    isRoundTrip: false, isHighRisk,
    parcels: [{ parcelTypeId: type.id, length: type.length, width: type.width, height: type.height, weight: type.weight }],
  });
  const option = options.find((candidate) => candidate.slaType === input.slaType);
  if (!option) {
    const message = PUBLIC_TEXTS.notOffered(input.slaType, distanceKm);
    throw new HttpError(422, message, { slaType: [message] });
  }
  const vatRateBasisPoints = Math.round(portal.vatRate * 10_000);
  const subtotal = option.priceExclCents;
  const vat = Math.round((subtotal * vatRateBasisPoints) / 10_000);
  return { slaType: option.slaType, distanceKm, currency: portal.currency, vatRate: vatRateBasisPoints / 10_000, subtotal, vat, total: subtotal + vat, date };
}

/**
 * The tracking hash of the delivery with this waybill or order reference whose recipient's phone ends in the
 * given digits. Anything else (no such term, another portal, a wrong phone, no phone on record) is one and the
 * same 404, so the answer never says whether a waybill exists.
 */
export async function trackOrder(db: Database, portal: PortalData, input: S['TrackOrderRequest']): Promise<S['TrackOrderResult']> {
  const term = input.searchTerm.trim();
  const rows = term ? await db.select({ trackingHash: deliveries.trackingHash, destinationContact: deliveries.destinationContact }).from(deliveries)
    .where(and(eq(deliveries.portalId, portal.id),
      or(sql`upper(${deliveries.waybill}) = upper(${term})`, eq(deliveries.orderReference, term))))
    .orderBy(desc(deliveries.id)).limit(50) : [];
  const match = rows.find((row) => {
    const phone = (row.destinationContact as { PhoneNumber?: string | null } | null)?.PhoneNumber;
    return row.trackingHash && lastDigits(phone).length === 4 && lastDigits(phone) === input.phoneLast4;
  });
  if (!match?.trackingHash) throw new HttpError(404, PUBLIC_TEXTS.trackNotFound);
  return { trackingHashId: match.trackingHash };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function deliveryByHash(db: Database | Tx, portal: PortalData, hash: string, lock = false) {
  const query = db.select({ id: deliveries.id, waybill: deliveries.waybill, logisticStatusId: deliveries.logisticStatusId }).from(deliveries)
    .where(and(eq(deliveries.portalId, portal.id), eq(deliveries.trackingHash, hash)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('delivery');
  return row;
}

/** The questionnaire a public rating answers: the portal's newest active one (docs/decisions.md). */
async function activeQuestionnaire(db: Database | Tx, portal: PortalData) {
  const [row] = await db.select().from(questionnaires).where(and(eq(questionnaires.portalId, portal.id), eq(questionnaires.isActive, true)))
    .orderBy(desc(questionnaires.id)).limit(1);
  return row;
}

export async function ratingForm(db: Database, portal: PortalData, hash: string): Promise<S['RatingForm']> {
  const delivery = await deliveryByHash(db, portal, hash);
  const [rated] = await db.select({ id: ratings.id }).from(ratings).where(eq(ratings.deliveryId, delivery.id)).limit(1);
  const questionnaire = await activeQuestionnaire(db, portal);
  return {
    waybill: delivery.waybill, canRate: canRate(delivery.logisticStatusId), alreadyRated: !!rated,
    questionnaireId: questionnaire?.id ?? null, questions: questionnaire?.questions ?? [],
  };
}

/**
 * Rates the delivery's driver (the driver of its latest job) once per link: the delivery row is locked, so two
 * submissions at once give one rating and one 409. The rating is the back office's (server/domain/ratings.ts lists it).
 */
export async function rateDelivery(db: Database, portal: PortalData, hash: string, input: S['RateDeliveryRequest'], reviewUrl: string | undefined): Promise<S['RateDeliveryResult']> {
  return db.transaction(async (tx) => {
    const delivery = await deliveryByHash(tx, portal, hash, true);
    const [rated] = await tx.select({ id: ratings.id }).from(ratings).where(eq(ratings.deliveryId, delivery.id)).limit(1);
    if (rated) throw new HttpError(409, PUBLIC_TEXTS.alreadyRated);
    if (!canRate(delivery.logisticStatusId)) throw new HttpError(422, PUBLIC_TEXTS.notDelivered);
    const [job] = await tx.select({ driverId: jobs.driverId }).from(jobDeliveries).innerJoin(jobs, eq(jobs.id, jobDeliveries.jobId))
      .where(and(eq(jobDeliveries.deliveryId, delivery.id), sql`${jobs.driverId} is not null`)).orderBy(desc(jobs.id)).limit(1);
    if (!job?.driverId) throw new HttpError(422, PUBLIC_TEXTS.noDriver);
    const questionnaire = await activeQuestionnaire(tx, portal);
    const answers = input.answers ?? [];
    if (answers.length > (questionnaire?.questions.length ?? 0)) throw badRequest('answers', PUBLIC_TEXTS.tooManyAnswers);
    const comment = input.comment?.trim() || null;
    await tx.insert(ratings).values({
      portalId: portal.id, deliveryId: delivery.id, driverId: job.driverId, score: input.score, comment,
      questionnaireId: answers.length > 0 ? questionnaire!.id : null, answers: answers.length > 0 ? answers : null,
    });
    const score = input.score as keyof typeof RATING_LABELS;
    return { score, scoreLabel: RATING_LABELS[score], reviewUrl: score >= REVIEW_LINK_MIN_SCORE ? reviewUrl ?? null : null };
  });
}
