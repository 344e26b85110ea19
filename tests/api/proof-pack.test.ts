// Issue 20, proof of delivery (f-pod): the driver's drop-off photo goes to the media store (uploadproofphoto), the
// drop-off completes with a typed-name signature and the photo's id, and the proof pack (signature, photos, scans,
// times, GPS position) is read on the delivery and downloaded as a PDF — by role and scope.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, deliveries, mediaItems, proofsOfDelivery } from '../../server/db/schema';
import { demoDeliveryPicture } from '../../server/domain/media-image';
import { PROOF_PACK_TEXTS, PROOF_TEXTS } from '../../src/lib/proof-of-delivery';
import type { SeededLogin } from '../support/seeded-users';
import { deliveryIdOf, seededJobId } from './operations-support';
import { pdfText } from './pdf-text';
import { bearer, dataOf, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const as = (login: SeededLogin) => server.as(login).connect;
const upload = async (login: SeededLogin, taskId: number, bytes: Buffer, type = 'image/png') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'drop-off.png');
  return fetch(`${server.url}/connect/tasks/proofphoto/za/${taskId}`, { method: 'POST', body: form, headers: bearer(await server.as(login).token()) });
};
const pack = (login: SeededLogin, deliveryId: number) => as(login).GET('/deliveries/proof/{cca2}/{id}', { params: inZa(deliveryId) });
const pdf = async (login: SeededLogin, deliveryId: number) => {
  const response = await fetch(`${server.url}/connect/deliveries/proof/za/${deliveryId}/pdf`, { headers: bearer(await server.as(login).token()) });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
};

describe('the proof pack of a delivery', () => {
  let deliveryId = 0;
  let photoId = 0;

  beforeAll(async () => {
    const [blueCrane] = await server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.companyName, 'Blue Crane Foods'));
    expect((await as('administrator').PUT('/proofofdelivery/settings/{cca2}/{companyId}', {
      params: { path: { ...ZA, companyId: blueCrane!.id } }, body: { slaType: '*', signature: 'required', photo: 'required', barcode: 'off', code: 'off' },
    })).response.status).toBe(200);
  });

  it('the driver uploads a photo to the media store and completes with a typed name; the pack shows it all', async () => {
    const jobId = await seededJobId(server, 'ops-drop-off');
    const { tasks } = await dataOf(as('administrator').GET('/jobs/{cca2}/{id}', { params: inZa(jobId) }));
    const dropOff = tasks.find((task) => task.taskJobOrder === 2)!;
    deliveryId = dropOff.deliveryId;
    expect((await as('driver3').PUT('/tasks/arrived/{cca2}/{id}', { params: inZa(dropOff.id), body: { arrivedLocation: { lat: -33.9, lon: 18.629 } } })).response.status).toBe(200);

    // Bad input: not an image; scope: another driver's drop-off is as if absent; a pick-up takes no photo.
    expect((await upload('driver3', dropOff.id, Buffer.from('not an image'))).status).toBe(400);
    expect((await upload('driver', dropOff.id, demoDeliveryPicture(1, 0))).status).toBe(404);
    expect((await upload('driver3', tasks.find((task) => task.taskJobOrder === 1)!.id, demoDeliveryPicture(1, 0))).status).toBe(409);
    const uploaded = await upload('driver3', dropOff.id, demoDeliveryPicture(1, 0));
    expect(uploaded.status).toBe(200);
    const photo = await uploaded.json() as { id: number; imageUrl: string };
    photoId = photo.id;
    expect(photo.imageUrl).toContain(`/connect/media/image/za/${photo.id}?token=`);
    const [stored] = await server.database.db.select().from(mediaItems).where(eq(mediaItems.id, photo.id));
    expect(stored).toMatchObject({ kind: 'deliveryPicture', deliveryId });

    // The photo alone is not the signature; a photo of another delivery (or none uploaded) is bad input.
    const photoOnly = await as('driver3').PUT('/tasks/completedropoff/{cca2}/{id}', { params: inZa(dropOff.id), body: { photoIds: [photo.id] } });
    expect(photoOnly.response.status).toBe(422);
    expect(photoOnly.error).toMatchObject({ message: PROOF_TEXTS.missing(['Signature']) });
    const foreign = await as('driver3').PUT('/tasks/completedropoff/{cca2}/{id}', { params: inZa(dropOff.id), body: { signature: 'Rita Recipient', signatureMethod: 'typed', photoIds: [999_999] } });
    expect(foreign.response.status).toBe(400);

    const done = await as('driver3').PUT('/tasks/completedropoff/{cca2}/{id}', {
      params: inZa(dropOff.id), body: { signature: 'Rita Recipient', signatureMethod: 'typed', photoIds: [photo.id], location: { lat: -33.9, lon: 18.629 } },
    });
    expect(done.response.status).toBe(200);
    // The row keeps the photo's media id, not its bytes.
    const [proof] = await server.database.db.select().from(proofsOfDelivery).where(eq(proofsOfDelivery.taskId, dropOff.id));
    expect(proof).toMatchObject({ photos: [photo.id], signatureMethod: 'typed', signature: 'Rita Recipient' });

    const shown = await dataOf(pack('staff', deliveryId));
    expect(shown.waybill).toBe('WBJ0009');
    expect(shown.proofs).toEqual([expect.objectContaining({
      taskId: dropOff.id, signature: 'Rita Recipient', signatureMethod: 'typed', photos: [expect.objectContaining({ id: photo.id })],
      barcodes: [], codeVerified: false, location: { lat: -33.9, lon: 18.629 },
    })]);
    expect(shown.proofs[0]!.arrivedAt).not.toBeNull();
  });

  it('downloads as a PDF with the signature, the times, the GPS position and the photo', async () => {
    const answer = await pdf('administrator', deliveryId);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(answer.bytes).replace(/: \n/g, ': ');
    expect(text).toContain(PROOF_PACK_TEXTS.title('WBJ0009'));
    expect(text).toContain(`${PROOF_PACK_TEXTS.signature}: ${PROOF_PACK_TEXTS.typedName('Rita Recipient')}`);
    expect(text).toContain(`${PROOF_PACK_TEXTS.location}: -33.90000, 18.62900`);
    expect(text).toMatch(new RegExp(`${PROOF_PACK_TEXTS.capturedAt}: \\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2}`));
    expect(text).toContain(`${PROOF_PACK_TEXTS.photos}: 1`);
    // The photo is drawn (an image XObject), not just listed.
    expect(answer.bytes.toString('latin1')).toContain('/Subtype /Image');
    expect(photoId).toBeGreaterThan(0);
  });

  it('a delivery without proof: an empty pack, and no PDF (404)', async () => {
    const other = await deliveryIdOf(server, 'WBJ0004');
    expect((await dataOf(pack('administrator', other))).proofs).toEqual([]);
    expect((await pdf('administrator', other)).status).toBe(404);
  });

  it('by role and scope: a company user of another company 404, roles without the call 403, no token 401', async () => {
    const [row] = await server.database.db.select({ companyId: deliveries.companyId }).from(deliveries).where(eq(deliveries.id, deliveryId));
    const [acme] = await server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.companyName, 'Acme Retail'));
    expect(row!.companyId).not.toBe(acme!.id);
    expect((await pack('company.admin', deliveryId)).response.status).toBe(404);
    expect((await pdf('company.operator', deliveryId)).status).toBe(404);
    expect((await pack('driver3', deliveryId)).response.status).toBe(403);
    expect((await pack('company.user', deliveryId)).response.status).toBe(403);
    expect((await server.raw(undefined, 'GET', `/deliveries/proof/za/${deliveryId}`)).status).toBe(401);
    expect((await pack('administrator', 999_999)).response.status).toBe(404);
  });
});
