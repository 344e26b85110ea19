import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import {
  ANY_SERVICE_LEVEL, missingProof, NO_PROOF, PROOF_PARTS, PROOF_TEXTS, type ProofPart, type ProofRequirement, type ProofSettings,
} from '../../src/lib/proof-of-delivery';
import type { Permissions } from '../../src/lib/roles';
import type { Database } from '../db/database';
import { companies, deliveries, deliveryItems, deliveryQuotes, mediaItems, proofOfDeliveryCodes, proofOfDeliverySettings, proofsOfDelivery } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { enqueueMessage } from '../messaging/outbox';
import type { Tx } from './ledger';
import { scopeOf } from './scope';

// Proof of delivery (issue 20, first slice): per company and service level, what a drop-off needs; the server reads
// it when a drop-off starts (the one-time code is sent) and when it completes (422 naming what is missing).

type S = components['schemas'];
type Setting = typeof proofOfDeliverySettings.$inferSelect;
type DeliveryRow = typeof deliveries.$inferSelect;

export interface ProofContext {
  db: Database;
  portalId: number;
  permissions: Permissions;
}

const settingsOf = (row: Pick<Setting, ProofPart>): ProofSettings => ({
  signature: row.signature as ProofRequirement, photo: row.photo as ProofRequirement, barcode: row.barcode as ProofRequirement, code: row.code as ProofRequirement,
});

const shown = (row: Setting): S['ProofOfDeliverySetting'] => ({
  id: row.id, companyId: row.companyId, slaType: row.slaType, ...settingsOf(row), updatedAt: row.updatedAt.toISOString(),
});

/** Staff reach any company of the portal; company roles only their own (another company is 404, as if absent). */
async function requireCompany(ctx: ProofContext, companyId: number): Promise<void> {
  const scope = scopeOf(ctx.permissions);
  const visible = scope.kind === 'portal' || (scope.kind === 'company' && scope.companyId === companyId);
  const [company] = visible ? await ctx.db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), eq(companies.portalId, ctx.portalId))) : [];
  if (!company) throw notFound(`company ${companyId}`);
}

export async function listProofSettings(ctx: ProofContext, companyId: number): Promise<S['ProofOfDeliverySettings']> {
  await requireCompany(ctx, companyId);
  const rows = await ctx.db.select().from(proofOfDeliverySettings).where(eq(proofOfDeliverySettings.companyId, companyId)).orderBy(proofOfDeliverySettings.slaType);
  return { items: rows.map(shown) };
}

export async function saveProofSetting(ctx: ProofContext, companyId: number, form: S['ProofOfDeliverySettingForm']): Promise<S['ProofOfDeliverySetting']> {
  await requireCompany(ctx, companyId);
  const values = { signature: form.signature, photo: form.photo, barcode: form.barcode, code: form.code, updatedByUserId: ctx.permissions.id, updatedAt: new Date() };
  const [row] = await ctx.db.insert(proofOfDeliverySettings).values({ portalId: ctx.portalId, companyId, slaType: form.slaType, ...values })
    .onConflictDoUpdate({ target: [proofOfDeliverySettings.companyId, proofOfDeliverySettings.slaType], set: values }).returning();
  return shown(row!);
}

/** What a delivery's drop-off needs: its company's setting for its service level, else the company's '*', else nothing. */
export async function proofSettingsFor(tx: Tx, delivery: Pick<DeliveryRow, 'companyId' | 'selectedQuoteId'>): Promise<ProofSettings> {
  if (delivery.companyId === null) return NO_PROOF;
  const [quote] = delivery.selectedQuoteId === null ? [] : await tx.select({ slaType: deliveryQuotes.slaType }).from(deliveryQuotes).where(eq(deliveryQuotes.id, delivery.selectedQuoteId));
  const levels = quote ? [quote.slaType, ANY_SERVICE_LEVEL] : [ANY_SERVICE_LEVEL];
  const rows = await tx.select().from(proofOfDeliverySettings)
    .where(and(eq(proofOfDeliverySettings.companyId, delivery.companyId), inArray(proofOfDeliverySettings.slaType, levels)));
  const row = rows.find((candidate) => candidate.slaType !== ANY_SERVICE_LEVEL) ?? rows[0];
  return row ? settingsOf(row) : NO_PROOF;
}

/** The barcodes of a delivery's parcels on record (a drop-off's scans are checked against them). */
export async function parcelBarcodesOf(tx: Tx, deliveryId: number): Promise<string[]> {
  const rows = await tx.select({ barCode: deliveryItems.barCode }).from(deliveryItems).where(and(eq(deliveryItems.deliveryId, deliveryId), isNotNull(deliveryItems.barCode)));
  return rows.map((row) => row.barCode!);
}

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * A drop-off that asks for a code starts: a new six-digit code is kept (its hash) and sent to the recipient by SMS,
 * else email, through the outbox (in the call's transaction: no code is sent for a start that did not happen).
 */
export async function issueProofCode(tx: Tx, taskId: number, delivery: DeliveryRow): Promise<void> {
  const settings = await proofSettingsFor(tx, delivery);
  if (settings.code === 'off') return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const contact = (delivery.destinationContact ?? {}) as { PhoneNumber?: string | null; Email?: string | null };
  const sentTo = contact.PhoneNumber || contact.Email || null;
  await tx.insert(proofOfDeliveryCodes).values({ taskId, codeHash: hashOf(code), sentTo })
    .onConflictDoUpdate({ target: proofOfDeliveryCodes.taskId, set: { codeHash: hashOf(code), sentTo, createdAt: new Date() } });
  if (!sentTo) return;
  await enqueueMessage(tx, {
    userId: null, channel: contact.PhoneNumber ? 'sms' : 'email', recipient: sentTo, subject: PROOF_TEXTS.parts.code,
    body: PROOF_TEXTS.codeMessage(delivery.waybill ?? String(delivery.id), code), purpose: 'proofOfDeliveryCode',
  });
}

/** The photos a drop-off names must be pictures uploaded for its delivery (uploadproofphoto), not anyone's media. */
async function requireProofPhotos(tx: Tx, deliveryId: number, photoIds: readonly number[]): Promise<void> {
  if (photoIds.length === 0) return;
  const found = await tx.select({ id: mediaItems.id }).from(mediaItems)
    .where(and(inArray(mediaItems.id, [...photoIds]), eq(mediaItems.deliveryId, deliveryId), eq(mediaItems.kind, 'deliveryPicture')));
  const known = new Set(found.map((row) => row.id));
  const unknown = photoIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw badRequest('photoIds', PROOF_TEXTS.photoUnknown(unknown));
}

async function codeMatches(tx: Tx, taskId: number, code: string | undefined): Promise<boolean | undefined> {
  if (code === undefined) return undefined;
  const [issued] = await tx.select({ codeHash: proofOfDeliveryCodes.codeHash }).from(proofOfDeliveryCodes).where(eq(proofOfDeliveryCodes.taskId, taskId));
  if (!issued) return false;
  return timingSafeEqual(Buffer.from(issued.codeHash), Buffer.from(hashOf(code)));
}

/**
 * The drop-off's proof against what its company asks for: 422 naming each missing part (nothing is written: the
 * caller's transaction rolls back); else the proof is kept with the task (replaced when a reversed drop-off
 * completes again).
 */
export async function acceptProof(tx: Tx, taskId: number, delivery: DeliveryRow, proof: S['ProofOfDeliveryForm'] = {}): Promise<void> {
  const settings = await proofSettingsFor(tx, delivery);
  const barcodes = settings.barcode === 'required' ? await parcelBarcodesOf(tx, delivery.id) : [];
  const photoIds = [...new Set(proof.photoIds ?? [])];
  await requireProofPhotos(tx, delivery.id, photoIds);
  const matches = await codeMatches(tx, taskId, proof.code);
  const missing = missingProof(settings, { signature: proof.signature, photos: photoIds.map(String), barcodes: proof.barcodes, codeMatches: matches }, barcodes);
  const parts = PROOF_PARTS.filter((part) => missing[part] !== undefined);
  if (parts.length > 0) {
    throw new HttpError(422, PROOF_TEXTS.missing(parts.map((part) => PROOF_TEXTS.parts[part])), Object.fromEntries(parts.map((part) => [part, [missing[part]!]])));
  }
  const values = {
    deliveryId: delivery.id, signature: proof.signature ?? null, signatureMethod: proof.signature ? proof.signatureMethod ?? 'drawn' : null,
    photos: photoIds, barcodes: proof.barcodes ?? [], codeVerified: matches === true,
    lat: proof.location?.lat ?? null, lon: proof.location?.lon ?? null, capturedAt: new Date(),
  };
  await tx.insert(proofsOfDelivery).values({ taskId, ...values }).onConflictDoUpdate({ target: proofsOfDelivery.taskId, set: values });
}
