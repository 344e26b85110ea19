// Issue 20, live identity: an administrator's change of a user's roles reaches the user's open sessions over the
// identity hub (MyIdentity, reloadProfile); a deactivation revokes them (revoked); nobody else hears either.
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_TEXTS, type IdentityUpdate } from '../../src/lib/realtime';
import { hubClient, sleep } from './realtime-support';
import { dataOf, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
const open: HubConnection[] = [];
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop().catch(() => undefined)));
  await server?.close();
});

interface Heard { event: string; payload: IdentityUpdate }

async function identityOf(email: string, subscribe = true) {
  const connection = hubClient(server, 'identity', () => server.tokenFor(email));
  const heard: Heard[] = [];
  for (const event of ['userId', 'refreshToken', 'reloadProfile']) connection.on(event, (payload: IdentityUpdate) => heard.push({ event, payload }));
  await connection.start();
  open.push(connection);
  if (subscribe) await connection.invoke('subscribeToMyIdentity');
  return { connection, heard };
}

async function until(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('expected messages did not arrive');
    await sleep(20);
  }
  await sleep(100);
}

const admin = () => server.as('administrator').connect;
async function userByEmail(email: string) {
  return pageOf(await dataOf(admin().GET('/users/{cca2}', { params: { path: ZA, query: { search: email } } }))).items[0]!;
}

describe('the identity hub publishes what an administrator changed', () => {
  it('a role change reaches the user\'s subscribed session as reloadProfile; another user and an unsubscribed session hear nothing', async () => {
    const target = await identityOf('store.operator@demo.test');
    const bystander = await identityOf('store.admin@demo.test');
    const unsubscribed = await identityOf('store.operator@demo.test', false);
    const user = await userByEmail('store.operator@demo.test');
    const answer = await admin().PUT('/users/{cca2}/{id}', {
      params: inZa(user.id), body: { firstName: user.firstName, lastName: user.lastName, roles: ['StoreAdministrator'], xmin: user.xmin },
    });
    expect(answer.response.status).toBe(200);
    await until(() => target.heard.length > 0);
    expect(target.heard).toEqual([{ event: 'reloadProfile', payload: { userId: user.id, refreshToken: null, reloadProfile: true, revoked: false } }]);
    expect(bystander.heard).toEqual([]);
    expect(unsubscribed.heard).toEqual([]);

    // A change of the name only changes nothing the token carries: no message.
    const now = await userByEmail('store.operator@demo.test');
    expect((await admin().PUT('/users/{cca2}/{id}', { params: inZa(user.id), body: { firstName: 'Renamed', lastName: now.lastName, xmin: now.xmin } })).response.status).toBe(200);
    await sleep(300);
    expect(target.heard).toHaveLength(1);

    // After unsubscribing, a further change is not heard.
    await target.connection.invoke('unsubscribeFromMyIdentity');
    const again = await userByEmail('store.operator@demo.test');
    expect((await admin().PUT('/users/{cca2}/{id}', {
      params: inZa(user.id), body: { firstName: again.firstName, lastName: again.lastName, roles: ['StoreOperator'], xmin: again.xmin },
    })).response.status).toBe(200);
    await sleep(300);
    expect(target.heard).toHaveLength(1);
  });

  it('a deactivation ends the user\'s session on the identity hub at once (closed: the session has ended)', async () => {
    const target = await identityOf('company.operator@demo.test');
    const closed = new Promise<string | undefined>((resolve) => target.connection.onclose((error) => resolve(error?.message)));
    const user = await userByEmail('company.operator@demo.test');
    const answer = await admin().PUT('/users/{cca2}/{id}', {
      params: inZa(user.id), body: { firstName: user.firstName, lastName: user.lastName, isActive: false, xmin: user.xmin },
    });
    expect(answer.response.status).toBe(200);
    // The session's connection is closed with the reason the client signs out on; a connection that outlived
    // it would hear the revoked update instead.
    const reason = await Promise.race([closed, sleep(5000).then(() => 'still open')]);
    expect(reason).toContain(LIVE_TEXTS.sessionEnded);
    expect(target.heard.every((item) => item.payload.revoked)).toBe(true);
  });

  it('bad input and access: a refused role change publishes nothing; anonymous cannot connect to the identity hub', async () => {
    const target = await identityOf('driver@demo.test');
    const user = await userByEmail('driver@demo.test');
    // A staff operator may not grant Administrator: 403, nothing published.
    const refused = await server.as('staff').connect.PUT('/users/{cca2}/{id}', {
      params: inZa(user.id), body: { firstName: user.firstName, lastName: user.lastName, roles: ['Administrator'], xmin: user.xmin },
    });
    expect(refused.response.status).toBe(403);
    // A stale version: 409, nothing published.
    const stale = await admin().PUT('/users/{cca2}/{id}', {
      params: inZa(user.id), body: { firstName: user.firstName, lastName: user.lastName, roles: ['Partner'], xmin: '1' },
    });
    expect(stale.response.status).toBe(409);
    await sleep(300);
    expect(target.heard).toEqual([]);
    const anonymous = hubClient(server, 'identity', () => undefined);
    await expect(anonymous.start()).rejects.toBeTruthy();
  });
});
