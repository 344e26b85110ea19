import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, drivers, jobDeliveries, jobs, portals, users } from '../../server/db/schema';
import { JOB_STATUS, LOGISTIC_STATUS } from '../../src/lib/statuses';
import { bookedAndPaid, CAPE_TOWN, CONTACT, SEA_POINT } from './booking-helpers';
import { startTestServer, type TestServer } from './support';

// The public tracking page's data (000 section 2: /track/:hash — public, no login).
let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });


/** The customer books and pays by balance (booking-helpers' bookedAndPaid); answers the delivery's row. */
async function bookAndPay() {
  const { deliveryId } = await bookedAndPaid(server.as('customer').connect);
  const [row] = await server.database.db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
  return row!;
}

async function publicGet(path: string) {
  const response = await fetch(`${server.url}/connect${path}`);
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
}

describe('GET /tracking/{cca2}/{hash} (gettracking)', () => {
  it('answers without a token what the link holder may see, and no contact names, phone numbers or emails', async () => {
    const delivery = await bookAndPay();
    expect(delivery.trackingHash).toEqual(expect.any(String));
    const answer = await publicGet(`/tracking/za/${delivery.trackingHash}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      trackingHashId: delivery.trackingHash, waybill: delivery.waybill, logisticStatusId: delivery.logisticStatusId,
      slaType: 'Standard', driverAssigned: false, driverLocation: null,
      origin: { description: CAPE_TOWN.description, coordinates: CAPE_TOWN.coordinates },
      destination: { description: SEA_POINT.description, coordinates: SEA_POINT.coordinates },
    });
    expect(Object.keys(answer.body).sort()).toEqual(['destination', 'driverAssigned', 'driverLocation', 'dropOffWindowEndUtc',
      'dropOffWindowStartUtc', 'hub', 'logisticStatusId', 'origin', 'pickupWindowEndUtc', 'pickupWindowStartUtc', 'slaType',
      'trackingHashId', 'waybill']);
    expect(Object.keys(answer.body.origin).sort()).toEqual(['coordinates', 'description']);
    expect(Date.parse(answer.body.pickupWindowStartUtc)).toBeLessThan(Date.parse(answer.body.pickupWindowEndUtc));
    expect(Date.parse(answer.body.dropOffWindowStartUtc)).toBeLessThan(Date.parse(answer.body.dropOffWindowEndUtc));
    for (const secret of [CONTACT.ContactName, CONTACT.PhoneNumber, '@demo.test', 'Chloe']) expect(answer.text).not.toContain(secret);
    if (answer.body.hub) {
      expect(Object.keys(answer.body.hub).sort()).toEqual(['coordinates', 'description', 'hubName']);
    }
  });

  it('an unknown hash answers 404 with the standard envelope', async () => {
    const answer = await publicGet('/tracking/za/no-such-hash-0000');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ message: expect.any(String) });
    expect(answer.text).not.toContain('no-such-hash');
  });

  it("a hash of another portal answers the same 404 as an unknown one", async () => {
    const delivery = await bookAndPay();
    const elsewhere = await publicGet(`/tracking/na/${delivery.trackingHash}`);
    const unknown = await publicGet('/tracking/na/zzzzzzzzzzzzzzzz');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual(unknown.body);
    const [namibia] = await server.database.db.select({ id: portals.id }).from(portals).where(eq(portals.cca2, 'NA'));
    expect(namibia).toBeDefined();
  });

  it("shows the driver's last known location only while the delivery's job is in progress", async () => {
    const delivery = await bookAndPay();
    const { db } = server.database;
    const [driver] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'driver@demo.test'));
    const at = new Date();
    await db.insert(drivers).values({ userId: driver!.id, lat: -33.92, lon: 18.41, locationAt: at })
      .onConflictDoUpdate({ target: drivers.userId, set: { lat: -33.92, lon: 18.41, locationAt: at } });
    const [job] = await db.insert(jobs).values({ portalId: delivery.portalId, driverId: driver!.id, jobStatusId: JOB_STATUS.NOT_STARTED })
      .returning({ id: jobs.id });
    await db.insert(jobDeliveries).values({ deliveryId: delivery.id, jobId: job!.id });
    const assigned = await publicGet(`/tracking/za/${delivery.trackingHash}`);
    expect(assigned.body).toMatchObject({ driverAssigned: true, driverLocation: null });
    await db.update(jobs).set({ jobStatusId: JOB_STATUS.IN_PROGRESS }).where(eq(jobs.id, job!.id));
    await db.update(deliveries).set({ logisticStatusId: LOGISTIC_STATUS.COLLECTED }).where(eq(deliveries.id, delivery.id));
    const moving = await publicGet(`/tracking/za/${delivery.trackingHash}`);
    expect(moving.body).toMatchObject({
      driverAssigned: true, logisticStatusId: LOGISTIC_STATUS.COLLECTED,
      driverLocation: { lat: -33.92, lon: 18.41, at: at.toISOString() },
    });
    expect(moving.text).not.toContain('Dumisani');
  });
});
