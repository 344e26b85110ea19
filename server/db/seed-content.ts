// Content seed (issue 6): announcements (one current, one past, one future) and media for the demo — pictures
// and signatures of the first delivered 'WBL' deliveries, profile pictures of a few demo users. Every image is
// generated from a fixed seed (server/domain/media-image.ts), so the bytes and their aiScores never change;
// seedKey makes a second run add nothing.
import { and, asc, eq, inArray, isNull, like } from 'drizzle-orm';
import { LOGISTIC_STATUS } from '../../src/lib/statuses';
import { recordDeliveryMedia, recordProfilePicture } from '../domain/media';
import type { Database } from './database';
import { announcements, deliveries, mediaItems, portals, profilePictures, users } from './schema';
import { SEED_WAYBILL_PREFIX } from './seed-deliveries';
import { demoMedia, PICTURE_BLURS } from './seed-media';

export const DEMO_ANNOUNCEMENTS = [
  {
    seedKey: 'announcement-current',
    title: 'Festive season cut-off dates',
    message: 'Book Standard deliveries by 18 December for delivery before the holidays. Priority deliveries run as usual.',
    startDate: '2026-01-01', endDate: null, isActive: true,
  },
  {
    seedKey: 'announcement-past',
    title: 'Scheduled maintenance',
    message: 'The platform was unavailable on 12 January between 02:00 and 03:00 for maintenance.',
    startDate: '2025-01-10', endDate: '2025-01-12', isActive: true,
  },
  {
    seedKey: 'announcement-future',
    title: 'New hub in Gqeberha',
    message: 'Standard deliveries in the Eastern Cape will pass through our new Gqeberha hub.',
    startDate: '2099-01-01', endDate: null, isActive: true,
  },
] as const;

// Users whose pictures no other test expects to be absent.
const PROFILE_USERS = ['superhero@demo.test', 'store.user@demo.test', 'company.user@demo.test'];

export async function seedContent(db: Database): Promise<void> {
  const [za] = await db.select({ id: portals.id }).from(portals).where(eq(portals.cca2, 'ZA'));
  if (!za) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'administrator@demo.test'));
  await db.insert(announcements).values(DEMO_ANNOUNCEMENTS.map((row) => ({ ...row, portalId: za.id, createdByUserId: admin?.id ?? null })))
    .onConflictDoNothing();

  const [driver] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'driver@demo.test'));
  const delivered = await db.select({ id: deliveries.id, createdAt: deliveries.createdAt }).from(deliveries)
    .where(and(eq(deliveries.portalId, za.id), eq(deliveries.logisticStatusId, LOGISTIC_STATUS.DELIVERED), like(deliveries.waybill, `${SEED_WAYBILL_PREFIX}%`)))
    .orderBy(asc(deliveries.waybill)).limit(PICTURE_BLURS.length);
  // Skip the ones already there (the TypeScript server draws the images only when one is missing).
  const seeded = new Set((await db.select({ seedKey: mediaItems.seedKey }).from(mediaItems).where(like(mediaItems.seedKey, 'media-%')))
    .map((row) => row.seedKey));
  for (const [index, delivery] of delivered.entries()) {
    if (seeded.has(`media-picture-${index + 1}`) && seeded.has(`media-signature-${index + 1}`)) continue;
    // Captured a few hours after the delivery was booked.
    const createdAt = new Date(delivery.createdAt.getTime() + (4 + index) * 3_600_000);
    await recordDeliveryMedia(db, {
      portalId: za.id, kind: 'deliveryPicture', deliveryId: delivery.id, userId: driver?.id ?? null, contentType: 'image/png',
      ...demoMedia().pictures[index]!, seedKey: `media-picture-${index + 1}`, createdAt,
    });
    await recordDeliveryMedia(db, {
      portalId: za.id, kind: 'deliverySignature', deliveryId: delivery.id, userId: driver?.id ?? null, contentType: 'image/png',
      ...demoMedia().signatures[index]!, seedKey: `media-signature-${index + 1}`, createdAt,
    });
  }

  const people = await db.select({ id: users.id, email: users.email }).from(users)
    .leftJoin(profilePictures, eq(profilePictures.userId, users.id))
    .where(and(inArray(users.email, PROFILE_USERS), isNull(profilePictures.userId)));
  for (const person of people) {
    const [media] = await db.select({ id: mediaItems.id }).from(mediaItems)
      .where(and(eq(mediaItems.kind, 'profilePicture'), eq(mediaItems.userId, person.id)));
    if (media) continue;
    const { data, measure } = demoMedia().avatars[PROFILE_USERS.indexOf(person.email)]!;
    await db.insert(profilePictures).values({ userId: person.id, contentType: 'image/png', data }).onConflictDoNothing();
    await recordProfilePicture(db, za, person.id, 'image/png', data, measure);
  }
}
