// Issue 21 items 2 and 3: a picked pick-up store is the pick-up address (and is stored as the delivery's origin
// store); a route longer than every service's reach is refused at step 1 with the reason and what to change.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../server/db/schema';
import { STORE_ADDRESS_UNKNOWN } from '../../server/domain/booking';
import { CAPE_TOWN, nextWeekday, SEA_POINT } from './booking-helpers';
import { dataOf, inZa, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

async function storeId(name: string) {
  const [row] = await server.database.db.select({ id: stores.id }).from(stores).where(eq(stores.storeName, name));
  return row!.id;
}

const day = () => nextWeekday(3);

describe('a pick-up store stands for its address (createquotes)', () => {
  it('a company user picking Acme Sea Point gets its address as the pick-up, and the delivery keeps the store', async () => {
    const seaPoint = await storeId('Acme Sea Point');
    const created = await server.as('company.user').connect.POST('/deliveries/createquotes/{cca2}', { params: { path: ZA }, body: {
      originStoreId: seaPoint, destinationAddress: CAPE_TOWN, deliveryDate: day(), deliveryTime: '08:00',
    } });
    expect(created.response.status).toBe(201);
    expect(created.data!.originStoreId).toBe(seaPoint);
    expect(created.data!.originStoreName).toBe('Acme Sea Point');
    expect(created.data!.originAddress.description).toMatch(/Main Road/);
    expect(created.data!.originAddress.storeId).toBe(seaPoint);
    // Read back: the store stays the delivery's origin store.
    const read = await dataOf(server.as('company.user').connect.GET('/deliveries/getquotes/{cca2}/{id}', { params: inZa(created.data!.deliveryId) }));
    expect(read.originStoreId).toBe(seaPoint);
  });

  it('a store outside the caller\'s company is refused naming the field (scope from the token)', async () => {
    const rosebank = await storeId('Blue Crane Rosebank');
    const refused = await server.as('company.user').connect.POST('/deliveries/createquotes/{cca2}', { params: { path: ZA }, body: {
      originStoreId: rosebank, destinationAddress: CAPE_TOWN, deliveryDate: day(), deliveryTime: '08:00',
    } });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.message).toBe(`Not found: store ${rosebank}`);
  });

  it('a store without a findable address is refused with what to do instead, never priced at made-up coordinates', async () => {
    const durbanville = await storeId('Blue Crane Durbanville');
    await server.database.db.update(stores).set({ address: null }).where(and(eq(stores.id, durbanville)));
    const refused = await server.as('administrator').connect.POST('/deliveries/createquotes/{cca2}', { params: { path: ZA }, body: {
      originStoreId: durbanville, destinationAddress: CAPE_TOWN, deliveryDate: day(), deliveryTime: '08:00',
    } });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.message).toBe(STORE_ADDRESS_UNKNOWN);
  });
});

describe('a route beyond every service (createquotes, updatequotes)', () => {
  it('Sea Point to Sandton (about 1,400 km by road) answers 422 saying why and what to change', async () => {
    const options = await dataOf(server.as('customer').connect.GET('/addresses/{cca2}', { params: { path: ZA, query: { select: true, search: 'Sandton' } } }));
    const sandton = await dataOf(server.as('customer').connect.POST('/addresses/{cca2}', { params: { path: ZA }, body: options[0]! }));
    const refused = await server.as('customer').connect.POST('/deliveries/createquotes/{cca2}', { params: { path: ZA }, body: {
      originAddress: SEA_POINT, destinationAddress: sandton, deliveryDate: day(), deliveryTime: '08:00',
    } });
    expect(refused.response.status).toBe(422);
    expect(refused.error?.message).toMatch(/^No service is offered for this route: it is \d+ km and our services go up to \d+ km\. Choose a pick-up and drop-off address closer together\.$/);
    // A delivery moved that far on update is refused the same way.
    const quote = await dataOf(server.as('customer').connect.POST('/deliveries/createquotes/{cca2}', { params: { path: ZA }, body: {
      originAddress: SEA_POINT, destinationAddress: CAPE_TOWN, deliveryDate: day(), deliveryTime: '08:00',
    } }));
    const moved = await server.as('customer').connect.PUT('/deliveries/updatequotes/{cca2}/{id}', { params: inZa(quote.deliveryId), body: {
      xmin: quote.xmin, originAddress: SEA_POINT, destinationAddress: sandton, deliveryDate: day(), deliveryTime: '08:00',
    } });
    expect(moved.response.status).toBe(422);
  });
});
