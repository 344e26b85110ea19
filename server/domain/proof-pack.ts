// Proof of delivery (issue 20, f-pod): the driver's drop-off photo goes to the media store, and the proof pack —
// signature, photos, scans, the code's check, times and GPS position of each completed drop-off — is read on the
// delivery and rendered as a PDF with pdfkit (as the receipts are).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { components } from '../../src/api/generated/connect';
import { DATE_FORMATS } from '../../src/lib/constants';
import { formatDate } from '../../src/lib/dates';
import { PROOF_PACK_TEXTS } from '../../src/lib/proof-of-delivery';
import { FINISHED_TASK_STATUSES } from '../../src/lib/statuses';
import { isPickUpTask } from '../../src/machines/operations/task.machine';
import type { SigningKeys } from '../auth/tokens';
import type { Database } from '../db/database';
import { deliveries, jobs, jobTasks, mediaItems, proofsOfDelivery } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { loadPdfDocument } from '../lazy-packages';
import { findDeliveryInScope } from './deliveries-admin';
import { getMediaItem, recordDeliveryMedia } from './media';
import { jobWorkScope, type OpsContext } from './operations/scope';
import { imageTypeOf } from './profile-pictures';
import type { PortalData } from './portals';
import type { Scope } from './scope';
import { whereAll } from './list-query';

type S = components['schemas'];

/**
 * A photo of a drop-off the caller may work (a driver their own jobs' open drop-offs; staff any): kept as a
 * delivery picture of the task's delivery, its id then named in completedropoff's `photoIds`.
 */
export async function uploadProofPhoto(ctx: OpsContext, keys: SigningKeys, taskId: number, file: Buffer): Promise<S['ProofPhoto']> {
  const [task] = await ctx.db.select({ deliveryId: jobTasks.deliveryId, taskTypeId: jobTasks.taskTypeId, taskStatusId: jobTasks.taskStatusId }).from(jobTasks)
    .innerJoin(jobs, eq(jobs.id, jobTasks.jobId))
    .where(whereAll(eq(jobTasks.id, taskId), eq(jobs.portalId, ctx.portal.id), jobWorkScope(ctx.permissions)));
  if (!task) throw notFound(`task ${taskId}`);
  if (isPickUpTask(task.taskTypeId) || FINISHED_TASK_STATUSES.has(task.taskStatusId)) throw new HttpError(409, PROOF_PACK_TEXTS.photoNotOpen);
  const contentType = imageTypeOf(file);
  if (!contentType) throw badRequest('file', PROOF_PACK_TEXTS.photoInvalid);
  const row = await recordDeliveryMedia(ctx.db, { portalId: ctx.portal.id, kind: 'deliveryPicture', deliveryId: task.deliveryId, userId: ctx.permissions.id, contentType, data: file });
  const item = await getMediaItem(ctx.db, keys, ctx.portal, row!.id);
  return { id: item.id, imageUrl: item.imageUrl };
}

/** The delivery as the caller may read it (getdelivery's scope: outside it is 404), with each drop-off's proof. */
export async function deliveryProofPack(db: Database, keys: SigningKeys, portal: PortalData, scope: Scope, id: number): Promise<S['DeliveryProofPack']> {
  const delivery = await findDeliveryInScope(db, portal, scope, id);
  if (!delivery) throw notFound(`delivery ${id}`);
  const rows = await db.select({ proof: proofsOfDelivery, arrivedDate: jobTasks.arrivedDate }).from(proofsOfDelivery)
    .innerJoin(jobTasks, eq(jobTasks.id, proofsOfDelivery.taskId))
    .where(eq(proofsOfDelivery.deliveryId, id)).orderBy(asc(proofsOfDelivery.capturedAt));
  const proofs = await Promise.all(rows.map(async ({ proof, arrivedDate }): Promise<S['DeliveryProof']> => {
    const ids = (proof.photos as unknown[]).filter((value): value is number => typeof value === 'number');
    const photos = await Promise.all(ids.map(async (photoId) => {
      const item = await getMediaItem(db, keys, portal, photoId);
      return { id: item.id, imageUrl: item.imageUrl };
    }));
    return {
      taskId: proof.taskId, signature: proof.signature, signatureMethod: methodOf(proof.signatureMethod), photos,
      barcodes: (proof.barcodes as unknown[]).filter((value): value is string => typeof value === 'string'), codeVerified: proof.codeVerified,
      location: proof.lat !== null && proof.lon !== null ? { lat: proof.lat, lon: proof.lon } : null,
      arrivedAt: arrivedDate?.toISOString() ?? null, capturedAt: proof.capturedAt.toISOString(),
    };
  }));
  const [row] = await db.select({ waybill: deliveries.waybill }).from(deliveries).where(eq(deliveries.id, id));
  return { deliveryId: id, waybill: row?.waybill ?? null, proofs };
}

const methodOf = (value: string | null): 'drawn' | 'typed' | null => (value === 'drawn' || value === 'typed' ? value : null);

/** Images pdfkit can draw (JPEG, PNG); a WebP photo is listed by its id instead. */
const DRAWABLE = new Set(['image/jpeg', 'image/png']);

function dataUrlImage(value: string): Buffer | undefined {
  const match = /^data:image\/(png|jpeg);base64,(.+)$/.exec(value);
  return match ? Buffer.from(match[2]!, 'base64') : undefined;
}

/** The proof pack as a PDF; a delivery without proof has nothing to show (404). */
export async function renderProofPackPdf(db: Database, keys: SigningKeys, portal: PortalData, scope: Scope, id: number): Promise<{ fileName: string; pdf: Buffer }> {
  const pack = await deliveryProofPack(db, keys, portal, scope, id);
  if (pack.proofs.length === 0) throw notFound(`proof of delivery ${id}`);
  const photoIds = pack.proofs.flatMap((proof) => proof.photos.map((photo) => photo.id));
  const images = photoIds.length === 0 ? [] : await db.select({ id: mediaItems.id, contentType: mediaItems.contentType, data: mediaItems.data })
    .from(mediaItems).where(and(eq(mediaItems.portalId, portal.id), inArray(mediaItems.id, photoIds)));
  const reference = pack.waybill ?? `#${pack.deliveryId}`;
  const when = (iso: string | null) => (iso ? formatDate(iso, DATE_FORMATS.dateTime, portal.timeZone) : PROOF_PACK_TEXTS.none);
  const PDFDocument = await loadPdfDocument();
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: PROOF_PACK_TEXTS.title(reference), Author: portal.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(20).text(PROOF_PACK_TEXTS.title(reference)).moveDown();
  const line = (label: string, value: string) => doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  for (const proof of pack.proofs) {
    doc.fontSize(14).font('Helvetica-Bold').text(PROOF_PACK_TEXTS.dropOff(proof.taskId)).fontSize(11);
    line(PROOF_PACK_TEXTS.arrivedAt, when(proof.arrivedAt));
    line(PROOF_PACK_TEXTS.capturedAt, when(proof.capturedAt));
    line(PROOF_PACK_TEXTS.location, proof.location ? `${proof.location.lat.toFixed(5)}, ${proof.location.lon.toFixed(5)}` : PROOF_PACK_TEXTS.none);
    line(PROOF_PACK_TEXTS.code, proof.codeVerified ? PROOF_PACK_TEXTS.codeVerified : PROOF_PACK_TEXTS.codeNotGiven);
    line(PROOF_PACK_TEXTS.scans, proof.barcodes.length > 0 ? proof.barcodes.join(', ') : PROOF_PACK_TEXTS.none);
    if (proof.signatureMethod === 'typed') line(PROOF_PACK_TEXTS.signature, PROOF_PACK_TEXTS.typedName(proof.signature ?? ''));
    else if (proof.signature) {
      line(PROOF_PACK_TEXTS.signature, PROOF_PACK_TEXTS.drawn);
      const image = dataUrlImage(proof.signature);
      if (image) {
        try { doc.image(image, { fit: [240, 90] }); } catch { doc.text(PROOF_PACK_TEXTS.imageUnreadable); }
      }
    } else line(PROOF_PACK_TEXTS.signature, PROOF_PACK_TEXTS.none);
    line(PROOF_PACK_TEXTS.photos, proof.photos.length > 0 ? String(proof.photos.length) : PROOF_PACK_TEXTS.none);
    for (const photo of proof.photos) {
      const image = images.find((candidate) => candidate.id === photo.id);
      if (image?.data && DRAWABLE.has(image.contentType)) {
        try { doc.image(image.data, { fit: [320, 240] }); } catch { doc.text(PROOF_PACK_TEXTS.photoListed(photo.id)); }
      } else doc.text(PROOF_PACK_TEXTS.photoListed(photo.id));
    }
    doc.moveDown();
  }
  doc.end();
  await done;
  return { fileName: `proof-of-delivery-${reference.replace(/[^A-Za-z0-9-]/g, '')}.pdf`, pdf: Buffer.concat(chunks) };
}
