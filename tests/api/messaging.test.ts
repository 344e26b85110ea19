// Issue 20: the messaging window — conversations between dispatchers (staff) and each driver, persisted, with
// unread counts per reader; a driver in their own conversation, a partner in its own and its drivers'.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, drivers, portals, users } from '../../server/db/schema';
import type { SeededLogin } from '../support/seeded-users';
import { userIdOf } from './operations-support';
import { dataOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const as = (login: SeededLogin) => server.as(login).connect;
const userId = (email: string) => userIdOf(server, email);
const send = (login: SeededLogin, driverId: number, body: string) =>
  as(login).POST('/messaging/messages/{cca2}/{driverId}', { params: { path: { ...ZA, driverId } }, body: { body } });
const conversations = (login: SeededLogin) => dataOf(as(login).GET('/messaging/conversations/{cca2}', { params: { path: ZA } }));
const messages = (login: SeededLogin, driverId: number) => as(login).GET('/messaging/messages/{cca2}/{driverId}', { params: { path: { ...ZA, driverId } } });

describe('messaging: dispatchers and drivers', () => {
  it('a dispatcher messages a driver: stored, unread for the driver until read, the reply unread for the dispatcher', async () => {
    const driverId = await userId('driver@demo.test');
    const sent = await send('management', driverId, '  Running late? The customer is asking.  ');
    expect(sent.response.status).toBe(201);
    expect(sent.data).toMatchObject({ driverId, body: 'Running late? The customer is asking.', senderUserId: await userId('management@demo.test') });

    const driverView = await conversations('driver');
    expect(driverView.items).toEqual([expect.objectContaining({ driverId, unreadCount: 1, lastMessage: 'Running late? The customer is asking.' })]);
    expect(driverView.unreadTotal).toBe(1);
    const thread = await dataOf(messages('driver', driverId));
    expect(thread.items.map((message) => message.body)).toEqual(['Running late? The customer is asking.']);
    const read = await as('driver').PUT('/messaging/read/{cca2}/{driverId}', { params: { path: { ...ZA, driverId } }, body: { lastReadMessageId: thread.items[0]!.id } });
    expect(read.response.status).toBe(204);
    expect((await conversations('driver')).unreadTotal).toBe(0);

    expect((await send('driver', driverId, '10 minutes, traffic on the N1.')).response.status).toBe(201);
    const dispatcher = (await conversations('management')).items.find((row) => row.driverId === driverId)!;
    expect(dispatcher).toMatchObject({ unreadCount: 1, lastMessage: '10 minutes, traffic on the N1.' });
    // Another dispatcher has read neither.
    expect((await conversations('administrator')).items.find((row) => row.driverId === driverId)!.unreadCount).toBe(2);
    expect((await dataOf(messages('administrator', driverId))).items.map((message) => message.body)).toEqual([
      'Running late? The customer is asking.', '10 minutes, traffic on the N1.',
    ]);
  });

  it('bad input: an empty or too long message, a driver id that is not a number, a user who is not a driver', async () => {
    const driverId = await userId('driver@demo.test');
    expect((await send('management', driverId, '   ')).response.status).toBe(400);
    expect((await send('management', driverId, 'x'.repeat(2001))).response.status).toBe(400);
    expect((await server.raw('management', 'GET', '/messaging/messages/za/abc')).status).toBe(400);
    expect((await send('management', await userId('customer@demo.test'), 'Hello')).response.status).toBe(404);
  });

  it('by scope: a driver in their own conversation, a partner in its own and its drivers\'; customer and company roles refused; anonymous 401', async () => {
    const driverId = await userId('driver@demo.test');
    const partnerId = await userId('partner@demo.test');
    await send('management', driverId, 'For the driver only');
    expect((await messages('driver2', driverId)).response.status).toBe(404);
    expect((await send('driver2', driverId, 'Hi')).response.status).toBe(404);
    expect((await messages('partner', driverId)).response.status).toBe(404);
    expect((await send('partner', partnerId, 'The partner writes in')).response.status).toBe(201);
    expect((await conversations('partner')).items.map((row) => row.driverId)).toEqual([partnerId]);
    expect((await conversations('driver2')).items.some((row) => row.driverId === driverId)).toBe(false);
    // A partner also shares the conversations of the drivers under its partner company.
    // (The seeded partner has no partner company: give it one, as approving its application would.)
    const db = server.database.db;
    const [portal] = await db.select({ id: portals.id }).from(portals).where(eq(portals.cca2, 'ZA'));
    const [company] = await db.insert(companies).values({ portalId: portal!.id, companyName: 'Precious Couriers' }).returning({ id: companies.id });
    await db.update(users).set({ companyId: company!.id }).where(eq(users.id, partnerId));
    await db.insert(drivers).values({ userId: driverId, partnerCompanyId: company!.id })
      .onConflictDoUpdate({ target: drivers.userId, set: { partnerCompanyId: company!.id } });
    expect((await messages('partner', driverId)).response.status).toBe(200);
    expect((await send('partner', driverId, 'Your partner here')).response.status).toBe(201);
    expect((await conversations('partner')).items.map((row) => row.driverId).sort()).toEqual([driverId, partnerId].sort());
    for (const login of ['customer', 'company.admin'] as const) {
      expect((await as(login).GET('/messaging/conversations/{cca2}', { params: { path: ZA } })).response.status, login).toBe(403);
    }
    expect((await server.raw(undefined, 'GET', '/messaging/conversations/za')).status).toBe(401);
  });
});
