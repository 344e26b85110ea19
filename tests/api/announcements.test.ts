import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { DEMO_ANNOUNCEMENTS } from '../../server/db/seed-content';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { CONTENT_TEXTS } from '../../src/lib/content-texts';
import { conflictMessage } from '../../src/lib/resources/texts';
import { callAs, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS = [
  'administrator@demo.test', 'management@demo.test', 'staff@demo.test', 'company.admin@demo.test', 'store.operator@demo.test',
  'driver@demo.test', 'customer@demo.test',
];

const call = (email: string, method: string, path: string, body?: unknown) => callAs(server, email, method, path, body);

const current = DEMO_ANNOUNCEMENTS[0];

async function seededId(title: string): Promise<number> {
  const { body } = await call('staff@demo.test', 'GET', `/announcements/za?search=${encodeURIComponent(title)}`);
  return body.items[0].id;
}

describe('announcements: access by role from the shared table', () => {
  it.each(ROLE_USERS)('%s', async (email) => {
    const { permissions } = await verifyAccessTokenClaims(server.keys, await server.tokenFor(email));
    const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
    const id = await seededId(current.title);
    expect((await call(email, 'GET', '/announcements/za')).status).toBe(expected('getannouncements'));
    expect((await call(email, 'GET', `/announcements/za/${id}`)).status).toBe(expected('getannouncement'));
    // Every signed-in user reads the banner's announcements.
    expect((await call(email, 'GET', '/announcements/current/za')).status).toBe(200);
  });

  it('without a token the banner call is 401', async () => {
    expect((await fetch(`${server.url}/connect/announcements/current/za`)).status).toBe(401);
  });
});

describe('announcements: list, add, edit, delete', () => {
  it('lists the seeded ones, filters by activeOn and isActive, searches', async () => {
    const all = await call('staff@demo.test', 'GET', '/announcements/za?sortby=startDate&sortdirection=asc');
    expect(all.status).toBe(200);
    expect(all.body.items.map((row: { title: string }) => row.title)).toEqual(
      expect.arrayContaining(DEMO_ANNOUNCEMENTS.map((row) => row.title)),
    );
    const shown = await call('staff@demo.test', 'GET', '/announcements/za?activeOn=2025-01-11');
    expect(shown.body.items.map((row: { title: string }) => row.title)).toEqual([DEMO_ANNOUNCEMENTS[1].title]);
    const inactive = await call('staff@demo.test', 'GET', '/announcements/za?isActive=false');
    expect(inactive.body.paging.totalItems).toBe(0);
  });

  it('creates, updates with xmin, refuses a stale xmin with the current version, deletes', async () => {
    const created = await call('management@demo.test', 'POST', '/announcements/za', {
      title: '  Office closed  ', message: 'Closed on Friday.', startDate: '2026-03-01', endDate: '2026-03-02',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Office closed', isActive: true, endDate: '2026-03-02' });
    const id = created.body.id as number;

    const first = await call('staff@demo.test', 'PUT', `/announcements/za/${id}`, {
      title: 'Office closed', message: 'Closed on Friday and Monday.', startDate: '2026-03-01', endDate: '2026-03-04', xmin: created.body.xmin,
    });
    expect(first.status).toBe(200);
    const stale = await call('administrator@demo.test', 'PUT', `/announcements/za/${id}`, {
      title: 'Office open', message: 'Open after all.', startDate: '2026-03-01', xmin: created.body.xmin,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: conflictMessage('announcement'), current: { id, message: 'Closed on Friday and Monday.', xmin: first.body.xmin } });

    const deleted = await call('staff@demo.test', 'DELETE', `/announcements/za?ids=${id}`);
    expect(deleted.body).toEqual({ deleted: 1 });
    expect((await call('staff@demo.test', 'GET', `/announcements/za/${id}`)).status).toBe(404);
  });
});

describe('announcements: bad input names the field', () => {
  it.each([
    [{ message: 'x', startDate: '2026-01-01' }, 'title'],
    [{ title: 'x', message: 'x', startDate: '01/02/2026' }, 'startDate'],
    [{ title: 'x', message: 'x', startDate: '2026-02-30' }, 'startDate'],
    [{ title: 'x', message: 'x', startDate: '2026-02-10', endDate: '2026-02-01' }, 'endDate'],
    [{ title: '   ', message: 'x', startDate: '2026-02-10' }, 'title'],
    [{ title: 'x', message: 'x', startDate: '2026-02-10', colour: 'red' }, 'colour'],
  ])('%j → 400 naming %s', async (body, field) => {
    const { status, body: answer } = await call('staff@demo.test', 'POST', '/announcements/za', body);
    expect(status).toBe(400);
    expect(answer.errors).toHaveProperty(field);
  });

  // Unknown sorts and filters: list-validation.test.ts.
  it('an update without xmin → 400 naming it', async () => {
    const id = await seededId(current.title);
    const update = await call('staff@demo.test', 'PUT', `/announcements/za/${id}`, { title: 'x', message: 'x', startDate: '2026-01-01' });
    expect(update.body.errors).toHaveProperty('xmin');
  });
});

describe('announcements: scope is the portal', () => {
  it('a ZA announcement is not found through another portal, nor deleted, nor dismissed', async () => {
    const id = await seededId(current.title);
    expect((await call('staff@demo.test', 'GET', `/announcements/na/${id}`)).status).toBe(404);
    expect((await call('staff@demo.test', 'DELETE', `/announcements/na?ids=${id}`)).status).toBe(404);
    expect((await call('customer@demo.test', 'POST', `/announcements/dismiss/na/${id}`)).status).toBe(404);
    expect((await call('staff@demo.test', 'GET', '/announcements/na')).body.paging.totalItems).toBe(0);
    expect((await call('staff@demo.test', 'GET', `/announcements/za/${id}`)).status).toBe(200);
  });
});

describe('announcements: the banner', () => {
  it('shows the current one until the user dismisses it; other users still see it; past and future never', async () => {
    const shown = await call('customer@demo.test', 'GET', '/announcements/current/za');
    expect(shown.body.map((row: { title: string }) => row.title)).toEqual([current.title]);
    const id = shown.body[0].id as number;
    expect((await call('customer@demo.test', 'POST', `/announcements/dismiss/za/${id}`)).status).toBe(204);
    // Dismissing twice is fine.
    expect((await call('customer@demo.test', 'POST', `/announcements/dismiss/za/${id}`)).status).toBe(204);
    expect((await call('customer@demo.test', 'GET', '/announcements/current/za')).body).toEqual([]);
    expect((await call('driver@demo.test', 'GET', '/announcements/current/za')).body.map((row: { id: number }) => row.id)).toEqual([id]);
  });

  it('a deactivated announcement disappears from the banner', async () => {
    const created = await call('staff@demo.test', 'POST', '/announcements/za', { title: 'Short notice', message: 'Today only.', startDate: '2026-01-02' });
    expect((await call('assistant@demo.test', 'GET', '/announcements/current/za')).body.map((row: { title: string }) => row.title)).toContain('Short notice');
    await call('staff@demo.test', 'PUT', `/announcements/za/${created.body.id}`, {
      title: 'Short notice', message: 'Today only.', startDate: '2026-01-02', isActive: false, xmin: created.body.xmin,
    });
    expect((await call('assistant@demo.test', 'GET', '/announcements/current/za')).body.map((row: { title: string }) => row.title)).not.toContain('Short notice');
  });

  it('texts: a date that does not exist names the field in our words', async () => {
    const { body } = await call('staff@demo.test', 'POST', '/announcements/za', { title: 'x', message: 'x', startDate: '2026-02-30' });
    expect(body.message).toBe(CONTENT_TEXTS.invalidDate('startDate'));
  });
});
