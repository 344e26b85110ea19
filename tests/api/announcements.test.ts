import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { DEMO_ANNOUNCEMENTS } from '../../server/db/seed-content';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { CONTENT_TEXTS } from '../../src/lib/content-texts';
import { conflictMessage } from '../../src/lib/resource-texts';
import type { SeededLogin } from '../support/seeded-users';
import { dataOf, inZa, startTestServer, ZA, type ListQuery, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS: SeededLogin[] = ['administrator', 'management', 'staff', 'company.admin', 'store.operator', 'driver', 'customer'];

const staff = () => server.as('staff').connect;
const list = (query: ListQuery<'/announcements/{cca2}'>, cca2 = 'za') => dataOf(staff().GET('/announcements/{cca2}', { params: { path: { cca2 }, query } }));
const banner = (login: SeededLogin) => dataOf(server.as(login).connect.GET('/announcements/current/{cca2}', { params: { path: ZA } }));

const current = DEMO_ANNOUNCEMENTS[0];

async function seededId(title: string): Promise<number> {
  return (await list({ search: title })).items[0]!.id;
}

describe('announcements: access by role from the shared table', () => {
  it.each(ROLE_USERS)('%s', async (login) => {
    const user = server.as(login);
    const { permissions } = await verifyAccessTokenClaims(server.keys, await user.token());
    const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
    const id = await seededId(current.title);
    expect((await user.connect.GET('/announcements/{cca2}', { params: { path: ZA } })).response.status).toBe(expected('getannouncements'));
    expect((await user.connect.GET('/announcements/{cca2}/{id}', { params: inZa(id) })).response.status).toBe(expected('getannouncement'));
    // Every signed-in user reads the banner's announcements.
    expect((await user.connect.GET('/announcements/current/{cca2}', { params: { path: ZA } })).response.status).toBe(200);
  });

  it('without a token the banner call is 401', async () => {
    expect((await fetch(`${server.url}/connect/announcements/current/za`)).status).toBe(401);
  });
});

describe('announcements: list, add, edit, delete', () => {
  it('lists the seeded ones, filters by activeOn and isActive, searches', async () => {
    const all = await staff().GET('/announcements/{cca2}', { params: { path: ZA, query: { sortby: 'startDate', sortdirection: 'asc' } } });
    expect(all.response.status).toBe(200);
    expect(all.data!.items.map((row) => row.title)).toEqual(
      expect.arrayContaining(DEMO_ANNOUNCEMENTS.map((row) => row.title)),
    );
    const shown = await list({ activeOn: '2025-01-11' });
    expect(shown.items.map((row) => row.title)).toEqual([DEMO_ANNOUNCEMENTS[1].title]);
    const inactive = await list({ isActive: false });
    expect(inactive.paging.totalItems).toBe(0);
  });

  it('creates, updates with xmin, refuses a stale xmin with the current version, deletes', async () => {
    const created = await server.as('management').connect.POST('/announcements/{cca2}', { params: { path: ZA }, body: {
      title: '  Office closed  ', message: 'Closed on Friday.', startDate: '2026-03-01', endDate: '2026-03-02',
    } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ title: 'Office closed', isActive: true, endDate: '2026-03-02' });
    const { id, xmin } = created.data!;

    const first = await staff().PUT('/announcements/{cca2}/{id}', { params: inZa(id), body: {
      title: 'Office closed', message: 'Closed on Friday and Monday.', startDate: '2026-03-01', endDate: '2026-03-04', xmin,
    } });
    expect(first.response.status).toBe(200);
    const stale = await server.as('administrator').connect.PUT('/announcements/{cca2}/{id}', { params: inZa(id), body: {
      title: 'Office open', message: 'Open after all.', startDate: '2026-03-01', xmin,
    } });
    expect(stale.response.status).toBe(409);
    expect(stale.error).toMatchObject({ message: conflictMessage('announcement'), current: { id, message: 'Closed on Friday and Monday.', xmin: first.data!.xmin } });

    const deleted = await staff().DELETE('/announcements/{cca2}', { params: { path: ZA, query: { ids: [id] } } });
    expect(deleted.data).toEqual({ deleted: 1 });
    expect((await staff().GET('/announcements/{cca2}/{id}', { params: inZa(id) })).response.status).toBe(404);
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
    // Bad bodies, sent as written.
    const { status, body: answer } = await server.raw('staff', 'POST', '/announcements/za', body);
    expect(status).toBe(400);
    expect(answer.errors).toHaveProperty(field);
  });

  // Unknown sorts and filters: list-validation.test.ts.
  it('an update without xmin → 400 naming it', async () => {
    const id = await seededId(current.title);
    const update = await server.raw('staff', 'PUT', `/announcements/za/${id}`, { title: 'x', message: 'x', startDate: '2026-01-01' });
    expect(update.body.errors).toHaveProperty('xmin');
  });
});

describe('announcements: scope is the portal', () => {
  it('a ZA announcement is not found through another portal, nor deleted, nor dismissed', async () => {
    const id = await seededId(current.title);
    const na = { path: { cca2: 'na', id } };
    expect((await staff().GET('/announcements/{cca2}/{id}', { params: na })).response.status).toBe(404);
    expect((await staff().DELETE('/announcements/{cca2}', { params: { path: { cca2: 'na' }, query: { ids: [id] } } })).response.status).toBe(404);
    expect((await server.as('customer').connect.POST('/announcements/dismiss/{cca2}/{id}', { params: na })).response.status).toBe(404);
    expect((await list({}, 'na')).paging.totalItems).toBe(0);
    expect((await staff().GET('/announcements/{cca2}/{id}', { params: inZa(id) })).response.status).toBe(200);
  });
});

describe('announcements: the banner', () => {
  it('shows the current one until the user dismisses it; other users still see it; past and future never', async () => {
    const shown = await banner('customer');
    expect(shown.map((row) => row.title)).toEqual([current.title]);
    const id = shown[0]!.id;
    const dismiss = () => server.as('customer').connect.POST('/announcements/dismiss/{cca2}/{id}', { params: inZa(id) });
    expect((await dismiss()).response.status).toBe(204);
    // Dismissing twice is fine.
    expect((await dismiss()).response.status).toBe(204);
    expect(await banner('customer')).toEqual([]);
    expect((await banner('driver')).map((row) => row.id)).toEqual([id]);
  });

  it('a deactivated announcement disappears from the banner', async () => {
    const created = await dataOf(staff().POST('/announcements/{cca2}', { params: { path: ZA }, body: { title: 'Short notice', message: 'Today only.', startDate: '2026-01-02' } }));
    expect((await banner('assistant')).map((row) => row.title)).toContain('Short notice');
    await staff().PUT('/announcements/{cca2}/{id}', { params: inZa(created.id), body: {
      title: 'Short notice', message: 'Today only.', startDate: '2026-01-02', isActive: false, xmin: created.xmin,
    } });
    expect((await banner('assistant')).map((row) => row.title)).not.toContain('Short notice');
  });

  it('texts: a date that does not exist names the field in our words', async () => {
    const { error } = await staff().POST('/announcements/{cca2}', { params: { path: ZA }, body: { title: 'x', message: 'x', startDate: '2026-02-30' } });
    expect(error?.message).toBe(CONTENT_TEXTS.invalidDate('startDate'));
  });
});
