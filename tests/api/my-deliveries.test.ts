import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, portals, users } from '../../server/db/schema';
import { MY_DELIVERIES_MAX_PAGE_SIZE } from '../../src/lib/constants';
import { PAYMENT_STATUS, PAYMENT_STATUS_LABELS } from '../../src/lib/statuses';
import { book, call, CAPE_TOWN, SEA_POINT } from './booking-helpers';
import { startTestServer, type TestServer } from './support';

// A customer's /dashboard (issue 4): GET /deliveries/{cca2}/mine answers only what the caller placed in that portal.
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const CUSTOMER = 'customer@demo.test';
const OTHER = 'twofactor@demo.test';

async function bookAndPayByBalance(email: string) {
  const quote = await book(server, email);
  const options = await call(server, email, 'GET', `/accounts/za?select=true&deliveryId=${quote.deliveryId}`);
  const accountId = Number(options.body[0].key);
  const selected = await call(server, email, 'PUT', `/deliveries/selectaccount/za/${quote.deliveryId}`, { accountId });
  expect(selected.status).toBe(200);
  const paid = await call(server, email, 'PUT', `/deliveries/payByBalance/za/${quote.deliveryId}`, undefined, { 'Idempotency-Key': `mine-${quote.deliveryId}-0001` });
  expect(paid.status).toBe(200);
  expect(paid.body.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
  return { deliveryId: quote.deliveryId as number, total: selected.body.paymentTotal as number };
}

describe('GET /deliveries/{cca2}/mine (getmydeliveries)', () => {
  it('a customer sees the delivery they just paid for, with its waybill, tracking hash, window and total paid', async () => {
    const { deliveryId, total } = await bookAndPayByBalance(CUSTOMER);
    const answer = await call(server, CUSTOMER, 'GET', '/deliveries/za/mine');
    expect(answer.status).toBe(200);
    const row = answer.body.items.find((item: { id: number }) => item.id === deliveryId);
    expect(row).toMatchObject({
      paymentStatusId: PAYMENT_STATUS.PAID, paymentStatus: PAYMENT_STATUS_LABELS[PAYMENT_STATUS.PAID], slaType: 'Standard',
      originDescription: CAPE_TOWN.description, destinationDescription: SEA_POINT.description, totalPaidCents: total,
    });
    expect(row.waybill).toEqual(expect.any(String));
    expect(row.trackingHash).toEqual(expect.any(String));
    expect(Date.parse(row.pickupWindowStartUtc)).toBeLessThan(Date.parse(row.pickupWindowEndUtc));
    expect(total).toBeGreaterThan(0);
  });

  it('lists newest first, with unpaid deliveries (no waybill, nothing paid) among them', async () => {
    const unpaid = await book(server, CUSTOMER, { until: 'select' });
    const answer = await call(server, CUSTOMER, 'GET', '/deliveries/za/mine');
    expect(answer.body.items[0]).toMatchObject({ id: unpaid.deliveryId, waybill: null, totalPaidCents: 0 });
    const created = answer.body.items.map((item: { createdAt: string }) => Date.parse(item.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it("another customer's deliveries never appear, and theirs show none of ours", async () => {
    const theirs = await book(server, OTHER, { until: 'select' });
    const mine = await call(server, CUSTOMER, 'GET', '/deliveries/za/mine?pageSize=100');
    expect(mine.body.items.some((item: { id: number }) => item.id === theirs.deliveryId)).toBe(false);
    const other = await call(server, OTHER, 'GET', '/deliveries/za/mine?pageSize=100');
    expect(other.body.items.map((item: { id: number }) => item.id)).toEqual([theirs.deliveryId]);
    const [customer] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, CUSTOMER));
    const ids = (await server.database.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.placedByUserId, customer!.id))).map((row) => row.id);
    expect(mine.body.items.map((item: { id: number }) => item.id).sort()).toEqual(ids.sort());
  });

  it("another portal's deliveries never appear", async () => {
    const { db } = server.database;
    const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, CUSTOMER));
    const [namibia] = await db.select({ id: portals.id }).from(portals).where(eq(portals.cca2, 'NA'));
    const [inNamibia] = await db.insert(deliveries).values({
      portalId: namibia!.id, placedByUserId: customer!.id, originAddress: CAPE_TOWN, destinationAddress: SEA_POINT,
      readyForCollectionDate: '2030-01-01', distanceKm: 4,
    }).returning({ id: deliveries.id });
    const za = await call(server, CUSTOMER, 'GET', '/deliveries/za/mine?pageSize=100');
    expect(za.body.items.some((item: { id: number }) => item.id === inNamibia!.id)).toBe(false);
    const na = await call(server, CUSTOMER, 'GET', '/deliveries/na/mine');
    expect(na.body.items.map((item: { id: number }) => item.id)).toEqual([inNamibia!.id]);
    expect(na.body.paging).toEqual({ page: 1, pageSize: 20, totalItems: 1, totalPages: 1 });
  });

  it(`pages, and clamps the page size to ${MY_DELIVERIES_MAX_PAGE_SIZE}`, async () => {
    const all = await call(server, CUSTOMER, 'GET', '/deliveries/za/mine?pageSize=5000');
    expect(all.status).toBe(200);
    expect(all.body.paging.pageSize).toBe(MY_DELIVERIES_MAX_PAGE_SIZE);
    const total = all.body.paging.totalItems;
    expect(total).toBeGreaterThanOrEqual(2);
    const second = await call(server, CUSTOMER, 'GET', '/deliveries/za/mine?page=2&pageSize=1');
    expect(second.body.paging).toEqual({ page: 2, pageSize: 1, totalItems: total, totalPages: total });
    expect(second.body.items.map((item: { id: number }) => item.id)).toEqual([all.body.items[1].id]);
  });

  it('a bad page → 400 naming the field', async () => {
    for (const query of ['page=0', 'page=abc']) {
      const answer = await call(server, CUSTOMER, 'GET', `/deliveries/za/mine?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveProperty('page');
    }
    const size = await call(server, CUSTOMER, 'GET', '/deliveries/za/mine?pageSize=0');
    expect(size.status).toBe(400);
    expect(size.body.errors).toHaveProperty('pageSize');
  });

  it('signed out → 401; an unknown portal → 404', async () => {
    const anonymous = await fetch(`${server.url}/connect/deliveries/za/mine`);
    expect(anonymous.status).toBe(401);
    const unknown = await call(server, CUSTOMER, 'GET', '/deliveries/xx/mine');
    expect(unknown.status).toBe(404);
  });
});
