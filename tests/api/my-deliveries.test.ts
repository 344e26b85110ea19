import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, portals, users } from '../../server/db/schema';
import { MY_DELIVERIES_MAX_PAGE_SIZE } from '../../src/lib/constants';
import { PAYMENT_STATUS, PAYMENT_STATUS_LABELS } from '../../src/lib/statuses';
import type { SeededLogin } from '../support/seeded-users';
import { book, bookedAndPaid, CAPE_TOWN, SEA_POINT } from './booking-helpers';
import { dataOf, startTestServer, type TestServer } from './support';

// A customer's /dashboard (issue 4): GET /deliveries/{cca2}/mine answers only what the caller placed in that portal.
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const CUSTOMER = 'customer@demo.test';

/** The caller's own deliveries (getmydeliveries), typed. */
const mine = (login: SeededLogin, query: { page?: number; pageSize?: number; showExpired?: boolean } = {}, cca2 = 'za') =>
  server.as(login).connect.GET('/deliveries/{cca2}/mine', { params: { path: { cca2 }, query } });

/** The customer books and pays by balance (booking-helpers' bookedAndPaid); answers the delivery and the total it paid. */
async function bookAndPayByBalance() {
  const { deliveryId, selected, paid } = await bookedAndPaid(server.as('customer').connect);
  expect(paid.paymentStatusId).toBe(PAYMENT_STATUS.PAID);
  return { deliveryId, total: selected.paymentTotal };
}

describe('GET /deliveries/{cca2}/mine (getmydeliveries)', () => {
  it('a customer sees the delivery they just paid for, with its waybill, tracking hash, window and total paid', async () => {
    const { deliveryId, total } = await bookAndPayByBalance();
    const answer = await mine('customer');
    expect(answer.response.status).toBe(200);
    const row = answer.data!.items.find((item) => item.id === deliveryId)!;
    expect(row).toMatchObject({
      paymentStatusId: PAYMENT_STATUS.PAID, paymentStatus: PAYMENT_STATUS_LABELS[PAYMENT_STATUS.PAID], slaType: 'Standard',
      originDescription: CAPE_TOWN.description, destinationDescription: SEA_POINT.description, totalPaidCents: total,
    });
    expect(row.waybill).toEqual(expect.any(String));
    expect(row.trackingHash).toEqual(expect.any(String));
    expect(Date.parse(row.pickupWindowStartUtc!)).toBeLessThan(Date.parse(row.pickupWindowEndUtc!));
    expect(total).toBeGreaterThan(0);
  });

  it('lists newest first, with unpaid deliveries (no waybill, nothing paid) among them', async () => {
    const unpaid = await book(server.as('customer').connect, { until: 'select' });
    const answer = await dataOf(mine('customer'));
    expect(answer.items[0]).toMatchObject({ id: unpaid.deliveryId, waybill: null, totalPaidCents: 0 });
    const created = answer.items.map((item) => Date.parse(item.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it("another customer's deliveries never appear, and theirs show none of ours", async () => {
    const theirs = await book(server.as('twofactor').connect, { until: 'select' });
    // Every one of the customer's deliveries, expired and cancelled quotes included (issue 21 hides them by default).
    const ours = await dataOf(mine('customer', { pageSize: 100, showExpired: true }));
    expect(ours.items.some((item) => item.id === theirs.deliveryId)).toBe(false);
    const other = await dataOf(mine('twofactor', { pageSize: 100 }));
    expect(other.items.map((item) => item.id)).toEqual([theirs.deliveryId]);
    const [customer] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, CUSTOMER));
    const ids = (await server.database.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.placedByUserId, customer!.id))).map((row) => row.id);
    expect(ours.items.map((item) => item.id).sort()).toEqual(ids.sort());
  });

  it("another portal's deliveries never appear", async () => {
    const { db } = server.database;
    const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, CUSTOMER));
    const [namibia] = await db.select({ id: portals.id }).from(portals).where(eq(portals.cca2, 'NA'));
    const [inNamibia] = await db.insert(deliveries).values({
      portalId: namibia!.id, placedByUserId: customer!.id, originAddress: CAPE_TOWN, destinationAddress: SEA_POINT,
      readyForCollectionDate: '2030-01-01', distanceKm: 4,
    }).returning({ id: deliveries.id });
    const za = await dataOf(mine('customer', { pageSize: 100 }));
    expect(za.items.some((item) => item.id === inNamibia!.id)).toBe(false);
    const na = await dataOf(mine('customer', {}, 'na'));
    expect(na.items.map((item) => item.id)).toEqual([inNamibia!.id]);
    expect(na.paging).toEqual({ page: 1, pageSize: 20, totalItems: 1, totalPages: 1 });
  });

  it(`pages, and clamps the page size to ${MY_DELIVERIES_MAX_PAGE_SIZE}`, async () => {
    const all = await mine('customer', { pageSize: 5000 });
    expect(all.response.status).toBe(200);
    expect(all.data!.paging.pageSize).toBe(MY_DELIVERIES_MAX_PAGE_SIZE);
    const total = all.data!.paging.totalItems;
    expect(total).toBeGreaterThanOrEqual(2);
    const second = await dataOf(mine('customer', { page: 2, pageSize: 1 }));
    expect(second.paging).toEqual({ page: 2, pageSize: 1, totalItems: total, totalPages: total });
    expect(second.items.map((item) => item.id)).toEqual([all.data!.items[1]!.id]);
  });

  it('a bad page → 400 naming the field', async () => {
    // Pages the contract refuses, sent as written.
    for (const query of ['page=0', 'page=abc']) {
      const answer = await server.raw('customer', 'GET', `/deliveries/za/mine?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveProperty('page');
    }
    const size = await server.raw('customer', 'GET', '/deliveries/za/mine?pageSize=0');
    expect(size.status).toBe(400);
    expect(size.body.errors).toHaveProperty('pageSize');
  });

  it('signed out → 401; an unknown portal → 404', async () => {
    const anonymous = await fetch(`${server.url}/connect/deliveries/za/mine`);
    expect(anonymous.status).toBe(401);
    const unknown = await mine('customer', {}, 'xx');
    expect(unknown.response.status).toBe(404);
  });
});
