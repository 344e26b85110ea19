// The public face (issue 19): robots.txt and sitemap.xml per portal host, the OpenAPI documents, the price
// calculator (the booking's own price), track-order (no enumeration) and rating a delivery once per link.
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryQuotes, jobDeliveries, jobs, users } from '../../server/db/schema';
import { JOB_STATUS, LOGISTIC_STATUS } from '../../src/lib/statuses';
import { PUBLIC_PAGES } from '../../src/lib/public-pages';
import { PUBLIC_TEXTS } from '../../src/lib/public-texts';
import { book, bookedAndPaid, CAPE_TOWN, nextWeekday, SEA_POINT, STELLENBOSCH } from './booking-helpers';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ publicReviewUrl: 'https://reviews.example/courier' }); });
afterAll(async () => { await server.close(); });

const post = (path: string, body: unknown) => server.raw(undefined, 'POST', path, body);

/** A GET with another Host header (fetch does not send one it is given). */
function getAs(host: string, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${path}`, { headers: { Host: host } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => { text += chunk.toString(); });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('/robots.txt and /sitemap.xml (000 section 2)', () => {
  it('robots.txt points crawlers at the sitemap of the host and keeps them off capability links', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /track/');
    expect(text).toContain('Disallow: /rate/');
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it('sitemap.xml lists every public page for the host it was asked on', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const text = await response.text();
    const locations = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PUBLIC_PAGES.map((page) => `${server.url}${page.path}`));
    const namibia = await getAs('na.courier.test', '/sitemap.xml');
    expect(namibia.status).toBe(200);
    expect(namibia.text).toContain('<loc>http://na.courier.test/pricing</loc>');
  });

  it('a host with no portal has no sitemap', async () => {
    const response = await getAs('qq.courier.test', '/sitemap.xml');
    expect([response.status, response.text]).toEqual([404, 'Unknown host qq.courier.test']);
  });
});

describe('/openapi documents (the developers page)', () => {
  it('serves the contract as written and as JSON', async () => {
    const yamlText = await (await fetch(`${server.url}/openapi/connect.yaml`)).text();
    expect(yamlText).toMatch(/^openapi: 3/);
    const json = await (await fetch(`${server.url}/openapi/connect.json`)).json();
    expect(json.paths['/public/{cca2}/price'].post.operationId).toBe('publicprice');
    expect((await fetch(`${server.url}/openapi/identity.json`)).status).toBe(200);
    expect((await fetch(`${server.url}/openapi/secrets.json`)).status).toBe(404);
  });
});

describe('POST /public/{cca2}/price (publicprice)', () => {
  it('answers the price a booking with the same inputs is quoted, with VAT as the spec shows it', async () => {
    const date = nextWeekday(3);
    const quote = await book(server.as('customer').connect, { until: 'parcels', date, origin: CAPE_TOWN, destination: STELLENBOSCH });
    const options = await server.database.db.select().from(deliveryQuotes).where(eq(deliveryQuotes.deliveryId, quote.deliveryId));
    const booked = options.find((option) => option.slaType === 'Priority' && !option.supersededAt)!;
    const answer = await post('/public/za/price', { fromPlaceId: CAPE_TOWN.placeId, toPlaceId: STELLENBOSCH.placeId, parcelTypeId: 1, slaType: 'Priority', date });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      slaType: 'Priority', distanceKm: quote.distanceEstimate, currency: 'ZAR', vatRate: booked.vatRateBasisPoints / 10_000,
      subtotal: booked.priceExclCents, vat: Math.round(booked.priceExclCents * booked.vatRateBasisPoints / 10_000),
      total: booked.priceExclCents + Math.round(booked.priceExclCents * booked.vatRateBasisPoints / 10_000), date,
    });
    expect(answer.body.vatRate).toBe(0.15);
  });

  it('creates no delivery', async () => {
    const before = (await server.database.db.select({ id: deliveries.id }).from(deliveries)).length;
    const answer = await post('/public/za/price', { fromPlaceId: CAPE_TOWN.placeId, toPlaceId: SEA_POINT.placeId, parcelTypeId: 2, slaType: 'Standard' });
    expect(answer.status).toBe(200);
    expect((await server.database.db.select({ id: deliveries.id }).from(deliveries)).length).toBe(before);
  });

  it('bad input names the field', async () => {
    const unknownPlace = await post('/public/za/price', { fromPlaceId: 'za-nowhere', toPlaceId: SEA_POINT.placeId, parcelTypeId: 1, slaType: 'Standard' });
    expect([unknownPlace.status, unknownPlace.body.errors]).toEqual([400, { fromPlaceId: [PUBLIC_TEXTS.unknownPlace] }]);
    const unknownType = await post('/public/za/price', { fromPlaceId: CAPE_TOWN.placeId, toPlaceId: SEA_POINT.placeId, parcelTypeId: 999, slaType: 'Standard' });
    expect([unknownType.status, unknownType.body.errors]).toEqual([400, { parcelTypeId: [PUBLIC_TEXTS.unknownParcelType] }]);
    const badLevel = await post('/public/za/price', { fromPlaceId: CAPE_TOWN.placeId, toPlaceId: SEA_POINT.placeId, parcelTypeId: 1, slaType: 'Teleport' });
    expect(badLevel.status).toBe(400);
    expect(Object.keys(badLevel.body.errors ?? {})).toContain('slaType');
    const extra = await post('/public/za/price', { fromPlaceId: CAPE_TOWN.placeId, toPlaceId: SEA_POINT.placeId, parcelTypeId: 1, slaType: 'Standard', companyId: 1 });
    expect(extra.status).toBe(400);
  });

  it('the place search answers places without a sign-in', async () => {
    const answer = await server.raw(undefined, 'GET', '/public/za/places?search=sea%20point');
    expect(answer.status).toBe(200);
    expect(answer.body[0]).toEqual({ placeId: SEA_POINT.placeId, description: SEA_POINT.description });
    const noSearch = await server.raw(undefined, 'GET', '/public/za/places');
    expect(noSearch.status).toBe(400);
    expect(JSON.stringify(noSearch.body)).toContain('search');
    const types = await server.raw(undefined, 'GET', '/public/za/parceltypes');
    expect(types.status).toBe(200);
    expect(types.body.length).toBeGreaterThan(0);
  });
});

/** A paid delivery of the customer's, delivered by the seeded driver on a job (the operations flow's outcome). */
async function deliveredDelivery() {
  const { deliveryId } = await bookedAndPaid(server.as('customer').connect);
  const { db } = server.database;
  const [driver] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'driver@demo.test'));
  const [row] = await db.update(deliveries).set({ logisticStatusId: LOGISTIC_STATUS.DELIVERED }).where(eq(deliveries.id, deliveryId)).returning();
  const [job] = await db.insert(jobs).values({ portalId: row!.portalId, driverId: driver!.id, jobStatusId: JOB_STATUS.COMPLETED }).returning({ id: jobs.id });
  await db.insert(jobDeliveries).values({ deliveryId, jobId: job!.id });
  return row!;
}

describe('POST /public/{cca2}/trackorder (trackorder)', () => {
  it("a waybill or order reference with the recipient phone's last 4 digits answers the tracking hash", async () => {
    const { deliveryId } = await bookedAndPaid(server.as('customer').connect);
    const [row] = await server.database.db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
    const byWaybill = await post('/public/za/trackorder', { searchTerm: row!.waybill, phoneLast4: '4567' });
    expect([byWaybill.status, byWaybill.body]).toEqual([200, { trackingHashId: row!.trackingHash }]);
    const lowerCase = await post('/public/za/trackorder', { searchTerm: ` ${row!.waybill!.toLowerCase()} `, phoneLast4: '4567' });
    expect(lowerCase.body).toEqual({ trackingHashId: row!.trackingHash });
    const byReference = await post('/public/za/trackorder', { searchTerm: 'PO-1', phoneLast4: '4567' });
    expect(byReference.status).toBe(200);
  });

  it('a wrong second factor answers exactly like an unknown waybill (no enumeration)', async () => {
    const { deliveryId } = await bookedAndPaid(server.as('customer').connect);
    const [row] = await server.database.db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
    const wrongPhone = await post('/public/za/trackorder', { searchTerm: row!.waybill, phoneLast4: '0000' });
    const unknown = await post('/public/za/trackorder', { searchTerm: 'WB-NO-SUCH-0000', phoneLast4: '4567' });
    const otherPortal = await post('/public/na/trackorder', { searchTerm: row!.waybill, phoneLast4: '4567' });
    expect(wrongPhone.status).toBe(404);
    // The same status, body and headers an enumerating caller could compare (apart from the date and the limit count).
    const comparable = (answer: typeof wrongPhone) => [answer.status, JSON.stringify(answer.body), answer.headers.get('content-length')];
    expect(comparable(unknown)).toEqual(comparable(wrongPhone));
    expect(comparable(otherPortal)).toEqual(comparable(wrongPhone));
    expect(wrongPhone.body).toEqual({ message: PUBLIC_TEXTS.trackNotFound });
  });

  it('bad input names the field', async () => {
    const answer = await post('/public/za/trackorder', { searchTerm: 'WB1', phoneLast4: '12a4' });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors ?? {})).toContain('phoneLast4');
    const missing = await post('/public/za/trackorder', { phoneLast4: '1234' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('searchTerm');
  });
});

describe('/public/{cca2}/rate/{hash} (getratingform, ratedelivery)', () => {
  it('rates a delivered delivery once; the rating is in the back office; 4 and 5 get the review link', async () => {
    const delivery = await deliveredDelivery();
    const form = await server.raw(undefined, 'GET', `/public/za/rate/${delivery.trackingHash}`);
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ waybill: delivery.waybill, canRate: true, alreadyRated: false });
    const answers = form.body.questions.map(() => 'Yes');
    const rated = await post(`/public/za/rate/${delivery.trackingHash}`, { score: 5, comment: 'Quick and friendly', answers });
    expect([rated.status, rated.body]).toEqual([201, { score: 5, scoreLabel: 'Excellent', reviewUrl: 'https://reviews.example/courier' }]);
    const again = await post(`/public/za/rate/${delivery.trackingHash}`, { score: 1 });
    expect([again.status, again.body.message]).toEqual([409, PUBLIC_TEXTS.alreadyRated]);
    expect((await server.raw(undefined, 'GET', `/public/za/rate/${delivery.trackingHash}`)).body.alreadyRated).toBe(true);
    const list = await server.as('administrator').connect.GET('/ratings/{cca2}', { params: { path: { cca2: 'za' }, query: { deliveryId: delivery.id } } });
    expect(list.response.status).toBe(200);
    expect((list.data as { items: unknown[] }).items).toEqual([expect.objectContaining({ deliveryId: delivery.id, score: 5, scoreLabel: 'Excellent', comment: 'Quick and friendly' })]);
  });

  it('a rating below 4 gets no review link', async () => {
    const delivery = await deliveredDelivery();
    const rated = await post(`/public/za/rate/${delivery.trackingHash}`, { score: 3, comment: null });
    expect([rated.status, rated.body]).toEqual([201, { score: 3, scoreLabel: 'Ok', reviewUrl: null }]);
  });

  it('a delivery not delivered yet cannot be rated; an unknown hash is 404; bad input names the field', async () => {
    const { deliveryId } = await bookedAndPaid(server.as('customer').connect);
    const [row] = await server.database.db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
    const early = await post(`/public/za/rate/${row!.trackingHash}`, { score: 4 });
    expect([early.status, early.body.message]).toEqual([422, PUBLIC_TEXTS.notDelivered]);
    expect((await post('/public/za/rate/no-such-hash', { score: 4 })).status).toBe(404);
    const longHash = await server.raw(undefined, 'GET', `/public/za/rate/${'h'.repeat(65)}`);
    expect(longHash.status).toBe(400);
    expect(JSON.stringify(longHash.body)).toContain('hash');
    const badScore = await post(`/public/za/rate/${row!.trackingHash}`, { score: 6 });
    expect(badScore.status).toBe(400);
    expect(Object.keys(badScore.body.errors ?? {})).toContain('score');
  });
});

describe('rate limits (per client address)', () => {
  let limited: TestServer;
  beforeAll(async () => { limited = await startTestServer({ anonymousWritesPerMinute: 3 }); });
  afterAll(async () => { await limited?.close(); });

  it.each([
    ['GET', '/public/za/places?search=sea'],
    ['POST', '/public/za/price', { fromPlaceId: CAPE_TOWN.placeId, toPlaceId: SEA_POINT.placeId, parcelTypeId: 1, slaType: 'Standard' }],
    ['POST', '/public/za/trackorder', { searchTerm: 'WB1', phoneLast4: '1234' }],
    ['POST', '/public/za/rate/no-such-hash', { score: 4 }],
  ] as const)('%s %s answers 429 past the limit', async (method, path, body?) => {
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) statuses.push((await limited.raw(undefined, method, path, body)).status);
    expect(statuses.slice(-1)).toEqual([429]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
  });
});
