import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { seedUsersAdmin } from '../../server/db/seed-users-admin';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { conflictMessage } from '../../src/lib/resource-texts';
import { USERS_ADMIN_TEXTS } from '../../src/lib/users-admin-texts';
import type { SeededLogin } from '../support/seeded-users';
import { bearer, dataOf, fieldErrors, inZa, pageOf, startTestServer, ZA, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS: SeededLogin[] = ['administrator', 'management', 'staff', 'company.admin', 'customer'];

const admin = () => server.as('administrator').connect;

async function byName() {
  const page = pageOf(await dataOf(admin().GET('/questionnaires/{cca2}', { params: { path: ZA, query: { pageSize: 100 } } })));
  return Object.fromEntries(page.items.map((row) => [row.name, row]));
}

describe('questionnaires: access by role from the shared table (administrator only)', () => {
  it.each(ROLE_USERS)('%s', async (login) => {
    const user = server.as(login);
    const { permissions } = await verifyAccessTokenClaims(server.keys, await user.token());
    const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
    const seeded = (await byName())['Delivery experience']!;
    expect((await user.connect.GET('/questionnaires/{cca2}', { params: { path: ZA } })).response.status).toBe(expected('getquestionnaires'));
    expect((await user.connect.GET('/questionnaires/{cca2}/{id}', { params: inZa(seeded.id) })).response.status).toBe(expected('getquestionnaire'));
    const create = await user.connect.POST('/questionnaires/{cca2}', { params: { path: ZA }, body: { name: 'X', questions: [] } });
    expect(create.response.status).toBe(expected('createquestionnaire') === 200 ? 400 : 403);
  });
});

describe('questionnaires', () => {
  it('lists the seeded ones, filters by isActive, offers select options, and exports Questionnaires.xlsx', async () => {
    const all = await byName();
    expect(all['Delivery experience']).toMatchObject({ isActive: true, questions: ['Was the driver friendly?', 'Did the parcel arrive undamaged?', 'Would you use us again?'] });
    const inactive = pageOf(await dataOf(admin().GET('/questionnaires/{cca2}', { params: { path: ZA, query: { isActive: false } } })));
    expect(inactive.items.map((row) => row.name)).toEqual(['Legacy survey']);
    const select = await dataOf(admin().GET('/questionnaires/{cca2}', { params: { path: ZA, query: { select: true, isActive: true } } }));
    expect((select as { value: string }[]).map((option) => option.value)).toEqual(['Delivery experience', 'Driver conduct']);

    // A file, not JSON: read as bytes.
    const token = await server.as('administrator').token();
    const response = await fetch(`${server.url}/connect/questionnaires/za?exportExcel=true&isActive=true`, { headers: bearer(token) });
    expect(response.headers.get('content-disposition')).toContain('filename="Questionnaires.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values.map((row) => row[1])).toEqual(['Name', 'Delivery experience', 'Driver conduct']);
  });

  it('creates (questions trimmed, blanks dropped), updates, and a stale xmin → 409 with the current version', async () => {
    const created = await admin().POST('/questionnaires/{cca2}', { params: { path: ZA }, body: { name: ' Packaging ', questions: ['Was it sealed? ', '  ', 'Was it dry?'] } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Packaging', questions: ['Was it sealed?', 'Was it dry?'], isActive: true });
    const { id, xmin } = created.data!;
    const updated = await admin().PUT('/questionnaires/{cca2}/{id}', {
      params: inZa(id), body: { name: 'Packaging', questions: ['Was it sealed?'], isActive: false, xmin },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({ questions: ['Was it sealed?'], isActive: false });
    const stale = await admin().PUT('/questionnaires/{cca2}/{id}', { params: inZa(id), body: { name: 'Other', questions: ['Q'], xmin } });
    expect(stale.response.status).toBe(409);
    expect(stale.error).toMatchObject({ message: conflictMessage('questionnaire'), current: { name: 'Packaging', xmin: updated.data!.xmin } });
  });

  it('bad input names the field and writes nothing', async () => {
    const before = Object.keys(await byName()).length;
    const noQuestions = await admin().POST('/questionnaires/{cca2}', { params: { path: ZA }, body: { name: 'Empty', questions: [' '] } });
    expect(noQuestions.response.status).toBe(400);
    expect(fieldErrors(noQuestions.error)?.questions).toEqual([USERS_ADMIN_TEXTS.questionsRequired]);
    // Bodies the contract refuses, sent as written (unknown filters: list-validation.test.ts).
    const noName = await server.raw('administrator', 'POST', '/questionnaires/za', { questions: ['Q'] });
    expect(noName.body.errors).toHaveProperty('name');
    const extra = await server.raw('administrator', 'POST', '/questionnaires/za', { name: 'X', questions: ['Q'], portalId: 2 });
    expect(extra.status).toBe(400);
    expect(Object.keys(await byName()).length).toBe(before);
  });

  it('another portal\'s questionnaire is 404 (no row)', async () => {
    const seeded = (await byName())['Driver conduct']!;
    const ke = { path: { cca2: 'ke', id: seeded.id } };
    expect((await admin().GET('/questionnaires/{cca2}/{id}', { params: ke })).response.status).toBe(404);
    const update = await admin().PUT('/questionnaires/{cca2}/{id}', { params: ke, body: { name: 'Hijack', questions: ['Q'], xmin: seeded.xmin } });
    expect(update.response.status).toBe(404);
    expect((await byName())['Driver conduct']!.xmin).toBe(seeded.xmin);
    expect(pageOf(await dataOf(admin().GET('/questionnaires/{cca2}', { params: { path: { cca2: 'ke' } } }))).items).toEqual([]);
  });
});

describe('seed', () => {
  it('is idempotent: running it again adds no questionnaire and no rating', async () => {
    const count = async () => ({
      questionnaires: pageOf(await dataOf(admin().GET('/questionnaires/{cca2}', { params: { path: ZA } }))).paging.totalItems,
      ratings: pageOf(await dataOf(admin().GET('/ratings/{cca2}', { params: { path: ZA } }))).paging.totalItems,
    });
    const before = await count();
    expect(before.ratings).toBeGreaterThan(0);
    await seedUsersAdmin(server.database.db);
    expect(await count()).toEqual(before);
  });
});
