import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { profilePictures } from '../db/schema';
import { recordProfilePicture } from './media';
import type { PortalData } from './portals';

/** The image type by its first bytes (never the client's claimed type): JPEG, PNG or WebP, else undefined. */
export function imageTypeOf(data: Buffer): string | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** Replaces a user's picture, and its media row (measures and aiScore for /media/profile-pictures). */
export async function saveProfilePicture(db: Database, portal: PortalData, userId: number, contentType: string, data: Buffer): Promise<void> {
  await db.insert(profilePictures).values({ userId, contentType, data })
    .onConflictDoUpdate({ target: profilePictures.userId, set: { contentType, data, updatedAt: new Date() } });
  await recordProfilePicture(db, portal, userId, contentType, data);
}

export async function profilePictureOf(db: Database, userId: number) {
  const [picture] = await db.select().from(profilePictures).where(eq(profilePictures.userId, userId)).limit(1);
  return picture;
}
