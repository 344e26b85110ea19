// Issue 20: the deposit modal's calls — a driver's cash deposit of cash-on-delivery money, stored (idempotent by
// key) and shown; dispatchers record, a driver reads their own. The ledger posting is finance's (not made here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededLogin } from '../support/seeded-users';
import { userIdOf } from './operations-support';
import { dataOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const as = (login: SeededLogin) => server.as(login).connect;
const userId = (email: string) => userIdOf(server, email);
const deposit = { amountCents: 125_050, reference: 'FNB slip 00417', note: 'Morning round', depositedAt: '2026-11-26T09:30:00Z', idempotencyKey: 'deposit-test-0001' };
const record = (login: SeededLogin, driverId: number, body: typeof deposit) =>
  as(login).POST('/drivers/deposits/{cca2}/{driverId}', { params: { path: { ...ZA, driverId } }, body });
const list = (login: SeededLogin, driverId: number) => as(login).GET('/drivers/deposits/{cca2}/{driverId}', { params: { path: { ...ZA, driverId } } });

describe('driver deposits', () => {
  it('records a deposit in cents once per key and shows it with the total', async () => {
    const driverId = await userId('driver@demo.test');
    const first = await record('management', driverId, deposit);
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({ driverId, amountCents: 125_050, reference: 'FNB slip 00417', depositedAt: '2026-11-26T09:30:00.000Z' });
    const again = await record('management', driverId, { ...deposit, amountCents: 1 });
    expect(again.data!.id).toBe(first.data!.id);
    expect(again.data!.amountCents).toBe(125_050);
    const shown = await dataOf(list('driver', driverId));
    expect(shown).toMatchObject({ totalCents: 125_050, items: [expect.objectContaining({ id: first.data!.id })] });
  });

  it('bad input: no amount, a negative amount, a short key, a driver id that is not a number, a user who is not a driver', async () => {
    const driverId = await userId('driver@demo.test');
    expect((await record('management', driverId, { ...deposit, amountCents: 0, idempotencyKey: 'deposit-test-0002' })).response.status).toBe(400);
    expect((await record('management', driverId, { ...deposit, amountCents: -5, idempotencyKey: 'deposit-test-0003' })).response.status).toBe(400);
    expect((await record('management', driverId, { ...deposit, idempotencyKey: 'short' })).response.status).toBe(400);
    expect((await server.raw('management', 'GET', '/drivers/deposits/za/abc')).status).toBe(400);
    expect((await record('management', await userId('customer@demo.test'), { ...deposit, idempotencyKey: 'deposit-test-0004' })).response.status).toBe(404);
  });

  it('by role and scope: a driver reads only their own and records none; customers refused; anonymous 401', async () => {
    const driverId = await userId('driver@demo.test');
    expect((await list('driver2', driverId)).response.status).toBe(404);
    expect((await record('driver', driverId, { ...deposit, idempotencyKey: 'deposit-test-0005' })).response.status).toBe(403);
    expect((await list('customer', driverId)).response.status).toBe(403);
    expect((await server.raw(undefined, 'GET', `/drivers/deposits/za/${driverId}`)).status).toBe(401);
  });
});
