/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read JSON answers loosely */
// Pricing integrity (issue 4): quotes are priced by the addresses as the server resolves them (the geocoder for a
// placeId, the store's stored address for a store), never by the coordinates the client sends.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_RULE_TEXTS } from '../../src/lib/booking-rules';
import { stores } from '../../server/db/schema';
import { estimateDrivingKm } from '../../server/geo/great-circle';
import { GEO_UNAVAILABLE_TEXT } from '../../server/geo';
import type { operations } from '../../src/api/generated/connect';
import type { SeededLogin } from '../support/seeded-users';
import { book, CAPE_TOWN, nextWeekday, SEA_POINT, STELLENBOSCH } from './booking-helpers';
import { dataOf, fieldErrors, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const standard = (quote: any) => quote.deliveryQuotes.find((option: any) => option.slaType === 'Standard')?.priceExcl;
const routedKm = (from: typeof CAPE_TOWN, to: typeof CAPE_TOWN) => Math.round(estimateDrivingKm(from.coordinates, to.coordinates) * 100) / 100;
type QuoteAddress = operations['createquotes']['requestBody']['content']['application/json']['originAddress'];
const create = (login: SeededLogin, originAddress: QuoteAddress, destinationAddress: QuoteAddress, on = server) =>
  on.as(login).connect.POST('/deliveries/createquotes/{cca2}', { params: { path: ZA }, body: {
    originAddress, destinationAddress, deliveryDate: nextWeekday(3), deliveryTime: '08:00',
  } });
/** Stellenbosch named by its placeId, but with Sea Point's coordinates (a 50-100 km trip claimed as a 0-10 km one). */
const FAKED_STELLENBOSCH = { ...STELLENBOSCH, description: 'Stellenbosch', coordinates: SEA_POINT.coordinates };

describe('a placeId is priced where the geocoder puts it', () => {
  it('fake coordinates with a real placeId are ignored: the price is the honest one', async () => {
    const honest = await book(server.as('customer').connect, { destination: STELLENBOSCH, until: 'parcels' });
    const faked = await book(server.as('customer').connect, { destination: FAKED_STELLENBOSCH, until: 'parcels' });
    expect(faked.distanceEstimate).toBe(routedKm(CAPE_TOWN, STELLENBOSCH));
    expect(faked.distanceEstimate).toBe(honest.distanceEstimate);
    expect(faked.destinationAddress).toEqual({ ...STELLENBOSCH, storeId: null });
    // Customers do not see prices: staff read both and find them equal (the 50-100 km band, not 0-10 km).
    const [a, b] = await Promise.all([honest, faked].map((quote) =>
      dataOf(server.as('administrator').connect.GET('/deliveries/getquotes/{cca2}/{id}', { params: inZa(quote.deliveryId) }))));
    expect(standard(b!)).toBe(24500);
    expect(standard(b!)).toBe(standard(a!));
  });

  it('updatequotes resolves the same way', async () => {
    const quote = await book(server.as('administrator').connect, { until: 'create' });
    const updated = await server.as('administrator').connect.PUT('/deliveries/updatequotes/{cca2}/{id}', { params: inZa(quote.deliveryId), body: {
      xmin: quote.xmin, originAddress: CAPE_TOWN, destinationAddress: FAKED_STELLENBOSCH, deliveryDate: nextWeekday(3), deliveryTime: '08:00',
    } });
    expect(updated.response.status).toBe(200);
    expect(updated.data!.distanceEstimate).toBe(routedKm(CAPE_TOWN, STELLENBOSCH));
    expect(updated.data!.destinationAddress.coordinates).toEqual(STELLENBOSCH.coordinates);
  });

  it('an unknown placeId answers 400 naming the field', async () => {
    const origin = await create('administrator', { ...CAPE_TOWN, placeId: 'za-nowhere' }, SEA_POINT);
    expect(origin.response.status).toBe(400);
    expect(origin.error?.message).toBe('Not found: address za-nowhere');
    expect(fieldErrors(origin.error)).toEqual({ originAddress: ['Not found: address za-nowhere'] });
    const destination = await create('customer', CAPE_TOWN, { ...SEA_POINT, placeId: 'sp' });
    expect(destination.response.status).toBe(400);
    expect(fieldErrors(destination.error)).toEqual({ destinationAddress: ['Not found: address sp'] });
  });
});

describe('an address with neither placeId nor storeId', () => {
  const typed = (address: typeof CAPE_TOWN) => ({ description: 'Typed by hand', coordinates: address.coordinates });

  it('is refused from a customer with the spec\'s required texts', async () => {
    const answer = await create('customer', typed(CAPE_TOWN), typed(SEA_POINT));
    expect(answer.response.status).toBe(400);
    expect(fieldErrors(answer.error)).toEqual({
      originAddress: [BOOKING_RULE_TEXTS.pickUpAddressRequired], destinationAddress: [BOOKING_RULE_TEXTS.dropOffRequired],
    });
    const company = await create('company.user', CAPE_TOWN, typed(SEA_POINT));
    expect(fieldErrors(company.error)).toEqual({ destinationAddress: [BOOKING_RULE_TEXTS.dropOffRequired] });
  });

  it('is accepted from staff, with the coordinates given', async () => {
    const answer = await create('staff', typed(CAPE_TOWN), SEA_POINT);
    expect(answer.response.status).toBe(201);
    expect(answer.data!.originAddress).toEqual(typed(CAPE_TOWN));
    expect(answer.data!.distanceEstimate).toBe(routedKm(CAPE_TOWN, SEA_POINT));
  });
});

describe('a store address', () => {
  it('is priced at the store\'s stored address, not the client\'s coordinates', async () => {
    const db = server.database.db;
    const [store] = await db.select().from(stores).where(eq(stores.storeName, 'Acme Sea Point'));
    await db.update(stores).set({ address: 'Sea Point' }).where(eq(stores.id, store!.id));
    const answer = await create('customer', CAPE_TOWN, { storeId: store!.id, description: 'Acme Sea Point', coordinates: STELLENBOSCH.coordinates });
    expect(answer.response.status).toBe(201);
    expect(answer.data!.destinationAddress).toEqual({ ...SEA_POINT, storeId: store!.id });
    expect(answer.data!.destinationStoreId).toBe(store!.id);
    expect(answer.data!.distanceEstimate).toBe(routedKm(CAPE_TOWN, SEA_POINT));
  });

  it('a store without a stored address is treated like any address: its placeId resolved, or staff only', async () => {
    const db = server.database.db;
    const [store] = await db.select().from(stores).where(eq(stores.storeName, 'Blue Crane Durbanville'));
    await db.update(stores).set({ address: null }).where(eq(stores.id, store!.id));
    const placed = await create('customer', { ...CAPE_TOWN, storeId: store!.id, coordinates: STELLENBOSCH.coordinates }, SEA_POINT);
    expect(placed.response.status).toBe(201);
    expect(placed.data!.originAddress).toEqual({ ...CAPE_TOWN, storeId: store!.id });
    expect(placed.data!.distanceEstimate).toBe(routedKm(CAPE_TOWN, SEA_POINT));
    const typed = { storeId: store!.id, description: 'Blue Crane Durbanville', coordinates: SEA_POINT.coordinates };
    const customer = await create('customer', typed, CAPE_TOWN);
    expect(customer.response.status).toBe(400);
    expect(fieldErrors(customer.error)).toEqual({ originAddress: [BOOKING_RULE_TEXTS.pickUpAddressRequired] });
    const staff = await create('administrator', typed, CAPE_TOWN);
    expect(staff.response.status).toBe(201);
    expect(staff.data!.originAddress).toEqual(typed);
  });

  it('a store outside the caller\'s scope answers 400 naming the field', async () => {
    const [other] = await server.database.db.select().from(stores).where(eq(stores.storeName, 'Blue Crane Rosebank'));
    const answer = await create('company.user', { storeId: other!.id, description: 'x', coordinates: SEA_POINT.coordinates }, CAPE_TOWN);
    expect(answer.response.status).toBe(400);
    expect(fieldErrors(answer.error)).toEqual({ originAddress: [`Not found: store ${other!.id}`] });
  });
});

describe('geocoder outage', () => {
  let down: TestServer;
  beforeAll(async () => { down = await startTestServer({ geocoder: 'nominatim', geocoderUrl: 'http://127.0.0.1:9/', geoTimeoutMs: 1000 }); });
  afterAll(async () => { await down?.close(); });

  it('answers 503 with the address service text', async () => {
    const answer = await create('administrator',
      { placeId: 'osm:W4001', description: 'Long Street', coordinates: CAPE_TOWN.coordinates },
      { placeId: 'osm:N4002', description: 'Cavendish', coordinates: SEA_POINT.coordinates }, down);
    expect(answer.response.status).toBe(503);
    expect(answer.error?.message).toBe(GEO_UNAVAILABLE_TEXT);
  });
});
