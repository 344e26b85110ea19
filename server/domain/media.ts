import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { DateTime } from 'luxon';
import { MEDIA_IMAGE_URL_TTL_S, PAGE_SIZE_OPTIONS } from '../../src/lib/constants';
import { CONTENT_TEXTS } from '../../src/lib/content-texts';
import type { SigningKeys } from '../auth/tokens';
import type { Database } from '../db/database';
import { deliveries, mediaItems, profilePictures, users } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { type ListDefinition, pageOf, parseListQuery, type QueryOf, whereAll } from './list-query';
import { measureImage, type ImageMeasure } from './media-image';
import type { PortalData } from './portals';

/**
 * Media (000 section 2: /media/delivery-pictures, /media/delivery-signatures, /media/profile-pictures; 002
 * section 3 "Media item: id, aiScore"). Delivery pictures and signatures are proof of delivery and keep their
 * bytes here; profile pictures keep theirs in profile_pictures and get a media row (measures, aiScore) when
 * uploaded. Media screens are staff-only, so the scope is the portal.
 */

export const MEDIA_KINDS = ['deliveryPicture', 'deliverySignature', 'profilePicture'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export type MediaQuery = QueryOf<'getmedia'>;

const mediaList: ListDefinition = {
  sortable: { id: mediaItems.id, createdAt: mediaItems.createdAt, aiScore: mediaItems.aiScore },
  defaultSort: mediaItems.createdAt,
  id: mediaItems.id,
  searchable: [],
  filters: {
    deliveryId: { kind: 'equals', column: mediaItems.deliveryId },
    appuserid: { kind: 'equals', column: mediaItems.userId },
    minAiScore: { kind: 'min', column: mediaItems.aiScore },
    maxAiScore: { kind: 'max', column: mediaItems.aiScore },
  },
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1),
};

const mediaRow = {
  id: mediaItems.id, kind: mediaItems.kind, aiScore: mediaItems.aiScore, deliveryId: mediaItems.deliveryId,
  waybill: deliveries.waybill, appUserId: mediaItems.userId, userEmail: users.email, contentType: mediaItems.contentType,
  byteSize: mediaItems.byteSize, width: mediaItems.width, height: mediaItems.height, createdAt: mediaItems.createdAt,
  xmin: sql<string>`${mediaItems}.xmin::text`,
};

function selectMedia(db: Database, where: SQL | undefined) {
  return db.select(mediaRow).from(mediaItems)
    .leftJoin(deliveries, eq(deliveries.id, mediaItems.deliveryId))
    .leftJoin(users, eq(users.id, mediaItems.userId))
    .where(where);
}

type Row = Awaited<ReturnType<typeof selectMedia>>[number];

const IMAGE_AUDIENCE = 'media-image';

/** A signed, short-lived capability for one image: <img> tags cannot send the bearer token. */
async function imageUrlOf(keys: SigningKeys, portal: PortalData, id: number): Promise<string> {
  const cca2 = portal.cca2.toLowerCase();
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: keys.kid })
    .setSubject(`${cca2}:${id}`)
    .setAudience(IMAGE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${MEDIA_IMAGE_URL_TTL_S}s`)
    .sign(keys.privateKey);
  return `/connect/media/image/${cca2}/${id}?token=${token}`;
}

async function publicMedia(keys: SigningKeys, portal: PortalData, row: Row) {
  return { ...row, kind: row.kind as MediaKind, createdAt: row.createdAt.toISOString(), imageUrl: await imageUrlOf(keys, portal, row.id) };
}

/** A portal-local date range on createdAt: from the start of startDate to the end of endDate. */
function createdBetween(portal: PortalData, startDate: string | undefined, endDate: string | undefined): SQL | undefined {
  const day = (field: string, value: string) => {
    const date = DateTime.fromISO(value, { zone: portal.timeZone });
    if (!date.isValid) throw badRequest(field, CONTENT_TEXTS.invalidDate(field));
    return date;
  };
  const from = startDate ? day('startDate', startDate) : undefined;
  const to = endDate ? day('endDate', endDate) : undefined;
  if (from && to && to < from) throw badRequest('endDate', CONTENT_TEXTS.endBeforeStart);
  return whereAll(
    from ? sql`${mediaItems.createdAt} >= ${from.startOf('day').toUTC().toISO()}` : undefined,
    to ? sql`${mediaItems.createdAt} < ${to.plus({ days: 1 }).startOf('day').toUTC().toISO()}` : undefined,
  );
}

export async function listMedia(db: Database, keys: SigningKeys, portal: PortalData, query: MediaQuery) {
  // Newest first unless the caller sorts.
  const sorted = { ...query, sortdirection: query.sortdirection ?? (query.sortby ? undefined : 'desc') };
  const parsed = parseListQuery(sorted as MediaQuery & Record<string, unknown>, mediaList);
  if (query.minAiScore !== undefined && query.maxAiScore !== undefined && query.maxAiScore < query.minAiScore) {
    throw badRequest('maxAiScore', CONTENT_TEXTS.maxBelowMin);
  }
  const where = whereAll(
    eq(mediaItems.portalId, portal.id), eq(mediaItems.kind, query.kind), parsed.filters, createdBetween(portal, query.startDate, query.endDate),
  );
  const [items, [total]] = await Promise.all([
    selectMedia(db, where).orderBy(...parsed.orderBy).limit(parsed.pageSize).offset(parsed.offset),
    db.select({ value: count() }).from(mediaItems).where(where),
  ]);
  return pageOf(await Promise.all(items.map((row) => publicMedia(keys, portal, row))), total?.value ?? 0, parsed);
}

export async function getMediaItem(db: Database, keys: SigningKeys, portal: PortalData, id: number) {
  // Application documents (issue 18) are media items too, but only their application's readers see them.
  const [row] = await selectMedia(db, and(eq(mediaItems.portalId, portal.id), eq(mediaItems.id, id), inArray(mediaItems.kind, [...MEDIA_KINDS])));
  if (!row) throw notFound(`media item ${id}`);
  return publicMedia(keys, portal, row);
}

/** The bytes of an image whose URL token is valid for exactly this portal and item (401 otherwise). */
export async function mediaImage(db: Database, keys: SigningKeys, portal: PortalData, id: number, token: string) {
  try {
    const { payload } = await jwtVerify(token, keys.publicKey, { audience: IMAGE_AUDIENCE, algorithms: ['ES256'] });
    if (payload.sub !== `${portal.cca2.toLowerCase()}:${id}`) throw new Error('another image');
  } catch {
    throw new HttpError(401, CONTENT_TEXTS.imageLinkExpired);
  }
  const [item] = await db.select({ kind: mediaItems.kind, userId: mediaItems.userId, contentType: mediaItems.contentType, data: mediaItems.data })
    .from(mediaItems).where(and(eq(mediaItems.portalId, portal.id), eq(mediaItems.id, id)));
  if (!item) throw notFound(`media item ${id}`);
  if (item.data) return { contentType: item.contentType, data: item.data };
  if (item.kind === 'profilePicture' && item.userId !== null) {
    const [picture] = await db.select({ contentType: profilePictures.contentType, data: profilePictures.data })
      .from(profilePictures).where(eq(profilePictures.userId, item.userId));
    if (picture) return picture;
  }
  throw notFound(`media item ${id}`);
}

/** Stores a delivery picture or signature with its measures (the seed, and a future driver upload). */
export async function recordDeliveryMedia(db: Database, input: {
  portalId: number; kind: 'deliveryPicture' | 'deliverySignature'; deliveryId: number; userId: number | null;
  contentType: string; data: Buffer; seedKey?: string; createdAt?: Date;
  /** The data's measureImage, when already known (the seed's images are measured once, server/db/seed-media.ts). */
  measure?: ImageMeasure;
}) {
  const { measure = measureImage(input.data), ...values } = input;
  const [row] = await db.insert(mediaItems).values({ ...values, byteSize: input.data.length, ...measure })
    .onConflictDoNothing().returning({ id: mediaItems.id });
  return row;
}

/**
 * Called after a profile picture is stored (uploadProfilePicture, the seed): the media row of that user's
 * picture is replaced with the new picture's measures. The bytes stay in profile_pictures.
 */
export async function recordProfilePicture(db: Database, portal: PortalData | { id: number }, userId: number, contentType: string, data: Buffer,
  measure: ImageMeasure = measureImage(data)) {
  const values = { contentType, byteSize: data.length, ...measure, data: null, createdAt: new Date() };
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: mediaItems.id }).from(mediaItems)
      .where(and(eq(mediaItems.kind, 'profilePicture'), eq(mediaItems.userId, userId)));
    if (existing) await tx.update(mediaItems).set({ ...values, portalId: portal.id }).where(eq(mediaItems.id, existing.id));
    else await tx.insert(mediaItems).values({ ...values, portalId: portal.id, kind: 'profilePicture', userId });
  });
}
