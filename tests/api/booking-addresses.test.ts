/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read JSON answers loosely */
// Pricing integrity (issue 4): quotes are priced by the addresses as the server resolves them (the geocoder for a
// placeId, the store's stored address for a store), never by the coordinates the client sends.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_RULE_TEXTS } from '../../src/lib/booking-rules';
import { stores } from '../../server/db/schema';
import { estimateDrivingKm } from '../../server/geo/great-circle';
import { GEO_UNAVAILABLE_TEXT } from '../../server/geo';
import { book, call, CAPE_TOWN, nextWeekday, SEA_POINT, STELLENBOSCH } from './booking-helpers';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ADMIN = 'administrator@demo.test';
const CUSTOMER = 'customer@demo.test';
const standard = (quote: any) => quote.deliveryQuotes.find((option: any) => option.slaType === 'Standard')?.priceExcl;
const routedKm = (from: typeof CAPE_TOWN, to: typeof CAPE_TOWN) => Math.round(estimateDrivingKm(from.coordinates, to.coordinates) * 100) / 100;
const create = (email: string, originAddress: unknown, destinationAddress: unknown) => call(server, email, 'POST', '/deliveries/createquotes/za', {
  originAddress, destinationAddress, deliveryDate: nextWeekday(3), deliveryTime: '08:00',
});
/** Stellenbosch named by its placeId, but with Sea Point's coordinates (a 50-100 km trip claimed as a 0-10 km one). */
const FAKED_STELLENBOSCH = { ...STELLENBOSCH, description: 'Stellenbosch', coordinates: SEA_POINT.coordinates };

describe('a placeId is priced where the geocoder puts it', () => {
  it('fake coordinates with a real placeId are ignored: the price is the honest one', async () => {
    const honest = await book(server, CUSTOMER, { destination: STELLENBOSCH, until: 'parcels' });
    const faked = await book(server, CUSTOMER, { destination: FAKED_STELLENBOSCH, until: 'parcels' });
    expect(faked.distanceEstimate).toBe(routedKm(CAPE_TOWN, STELLENBOSCH));
    expect(faked.distanceEstimate).toBe(honest.distanceEstimate);
    expect(faked.destinationAddress).toEqual({ ...STELLENBOSCH, storeId: null });
    // Customers do not see prices: staff read both and find them equal (the 50-100 km band, not 0-10 km).
    const [a, b] = await Promise.all([honest, faked].map((quote) => call(server, ADMIN, 'GET', `/deliveries/getquotes/za/${quote.deliveryId}`)));
    expect(standard(b!.body)).toBe(24500);
    expect(standard(b!.body)).toBe(standard(a!.body));
  });

  it('updatequotes resolves the same way', async () => {
    const quote = await book(server, ADMIN, { until: 'create' });
    const updated = await call(server, ADMIN, 'PUT', `/deliveries/updatequotes/za/${quote.deliveryId}`, {
      xmin: quote.xmin, originAddress: CAPE_TOWN, destinationAddress: FAKED_STELLENBOSCH, deliveryDate: nextWeekday(3), deliveryTime: '08:00',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.distanceEstimate).toBe(routedKm(CAPE_TOWN, STELLENBOSCH));
    expect(updated.body.destinationAddress.coordinates).toEqual(STELLENBOSCH.coordinates);
  });

  it('an unknown placeId answers 400 naming the field', async () => {
    const origin = await create(ADMIN, { ...CAPE_TOWN, placeId: 'za-nowhere' }, SEA_POINT);
    expect(origin.status).toBe(400);
    expect(origin.body.message).toBe('Not found: address za-nowhere');
    expect(origin.body.errors).toEqual({ originAddress: ['Not found: address za-nowhere'] });
    const destination = await create(CUSTOMER, CAPE_TOWN, { ...SEA_POINT, placeId: 'sp' });
    expect(destination.status).toBe(400);
    expect(destination.body.errors).toEqual({ destinationAddress: ['Not found: address sp'] });
  });
});

describe('an address with neither placeId nor storeId', () => {
  const typed = (address: typeof CAPE_TOWN) => ({ description: 'Typed by hand', coordinates: address.coordinates });

  it('is refused from a customer with the spec\'s required texts', async () => {
    const answer = await create(CUSTOMER, typed(CAPE_TOWN), typed(SEA_POINT));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      originAddress: [BOOKING_RULE_TEXTS.pickUpAddressRequired], destinationAddress: [BOOKING_RULE_TEXTS.dropOffRequired],
    });
    const company = await create('company.user@demo.test', CAPE_TOWN, typed(SEA_POINT));
    expect(company.body.errors).toEqual({ destinationAddress: [BOOKING_RULE_TEXTS.dropOffRequired] });
  });

  it('is accepted from staff, with the coordinates given', async () => {
    const answer = await create('staff@demo.test', typed(CAPE_TOWN), SEA_POINT);
    expect(answer.status).toBe(201);
    expect(answer.body.originAddress).toEqual(typed(CAPE_TOWN));
    expect(answer.body.distanceEstimate).toBe(routedKm(CAPE_TOWN, SEA_POINT));
  });
});

describe('a store address', () => {
  it('is priced at the store\'s stored address, not the client\'s coordinates', async () => {
    const db = server.database.db;
    const [store] = await db.select().from(stores).where(eq(stores.storeName, 'Acme Sea Point'));
    await db.update(stores).set({ address: 'Sea Point' }).where(eq(stores.id, store!.id));
    const answer = await create(CUSTOMER, CAPE_TOWN, { storeId: store!.id, description: 'Acme Sea Point', coordinates: STELLENBOSCH.coordinates });
    expect(answer.status).toBe(201);
    expect(answer.body.destinationAddress).toEqual({ ...SEA_POINT, storeId: store!.id });
    expect(answer.body.destinationStoreId).toBe(store!.id);
    expect(answer.body.distanceEstimate).toBe(routedKm(CAPE_TOWN, SEA_POINT));
  });

  it('a store without a stored address is treated like any address: its placeId resolved, or staff only', async () => {
    const db = server.database.db;
    const [store] = await db.select().from(stores).where(eq(stores.storeName, 'Blue Crane Durbanville'));
    await db.update(stores).set({ address: null }).where(eq(stores.id, store!.id));
    const placed = await create(CUSTOMER, { ...CAPE_TOWN, storeId: store!.id, coordinates: STELLENBOSCH.coordinates }, SEA_POINT);
    expect(placed.status).toBe(201);
    expect(placed.body.originAddress).toEqual({ ...CAPE_TOWN, storeId: store!.id });
    expect(placed.body.distanceEstimate).toBe(routedKm(CAPE_TOWN, SEA_POINT));
    const typed = { storeId: store!.id, description: 'Blue Crane Durbanville', coordinates: SEA_POINT.coordinates };
    const customer = await create(CUSTOMER, typed, CAPE_TOWN);
    expect(customer.status).toBe(400);
    expect(customer.body.errors).toEqual({ originAddress: [BOOKING_RULE_TEXTS.pickUpAddressRequired] });
    const staff = await create(ADMIN, typed, CAPE_TOWN);
    expect(staff.status).toBe(201);
    expect(staff.body.originAddress).toEqual(typed);
  });

  it('a store outside the caller\'s scope answers 400 naming the field', async () => {
    const [other] = await server.database.db.select().from(stores).where(eq(stores.storeName, 'Blue Crane Rosebank'));
    const answer = await create('company.user@demo.test', { storeId: other!.id, description: 'x', coordinates: SEA_POINT.coordinates }, CAPE_TOWN);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ originAddress: [`Not found: store ${other!.id}`] });
  });
});

describe('geocoder outage', () => {
  let down: TestServer;
  beforeAll(async () => { down = await startTestServer({ geocoder: 'nominatim', geocoderUrl: 'http://127.0.0.1:9/', geoTimeoutMs: 1000 }); });
  afterAll(async () => { await down?.close(); });

  it('answers 503 with the address service text', async () => {
    const answer = await call(down, ADMIN, 'POST', '/deliveries/createquotes/za', {
      originAddress: { placeId: 'osm:W4001', description: 'Long Street', coordinates: CAPE_TOWN.coordinates },
      destinationAddress: { placeId: 'osm:N4002', description: 'Cavendish', coordinates: SEA_POINT.coordinates },
      deliveryDate: nextWeekday(3), deliveryTime: '08:00',
    });
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe(GEO_UNAVAILABLE_TEXT);
  });
});
