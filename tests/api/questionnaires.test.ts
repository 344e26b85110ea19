import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { seedUsersAdmin } from '../../server/db/seed-users-admin';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { conflictMessage } from '../../src/lib/resource-texts';
import { USERS_ADMIN_TEXTS } from '../../src/lib/users-admin-texts';
import { bearer, callAs, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS = ['administrator@demo.test', 'management@demo.test', 'staff@demo.test', 'company.admin@demo.test', 'customer@demo.test'];

interface QuestionnaireRow { id: number; name: string; questions: string[]; isActive: boolean; xmin: string }

const call = (email: string, method: string, path: string, body?: unknown) => callAs(server, email, method, path, body);

async function byName(): Promise<Record<string, QuestionnaireRow>> {
  const { body } = await call('administrator@demo.test', 'GET', '/questionnaires/za?pageSize=100');
  return Object.fromEntries((body.items as QuestionnaireRow[]).map((row) => [row.name, row]));
}

describe('questionnaires: access by role from the shared table (administrator only)', () => {
  it.each(ROLE_USERS)('%s', async (email) => {
    const { permissions } = await verifyAccessTokenClaims(server.keys, await server.tokenFor(email));
    const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
    const seeded = (await byName())['Delivery experience']!;
    expect((await call(email, 'GET', '/questionnaires/za')).status).toBe(expected('getquestionnaires'));
    expect((await call(email, 'GET', `/questionnaires/za/${seeded.id}`)).status).toBe(expected('getquestionnaire'));
    const create = await call(email, 'POST', '/questionnaires/za', { name: 'X', questions: [] });
    expect(create.status).toBe(expected('createquestionnaire') === 200 ? 400 : 403);
  });
});

describe('questionnaires', () => {
  it('lists the seeded ones, filters by isActive, offers select options, and exports Questionnaires.xlsx', async () => {
    const all = await byName();
    expect(all['Delivery experience']).toMatchObject({ isActive: true, questions: ['Was the driver friendly?', 'Did the parcel arrive undamaged?', 'Would you use us again?'] });
    const inactive = await call('administrator@demo.test', 'GET', '/questionnaires/za?isActive=false');
    expect(inactive.body.items.map((row: QuestionnaireRow) => row.name)).toEqual(['Legacy survey']);
    const select = await call('administrator@demo.test', 'GET', '/questionnaires/za?select=true&isActive=true');
    expect(select.body.map((option: { value: string }) => option.value)).toEqual(['Delivery experience', 'Driver conduct']);

    const token = await server.tokenFor('administrator@demo.test');
    const response = await fetch(`${server.url}/connect/questionnaires/za?exportExcel=true&isActive=true`, { headers: bearer(token) });
    expect(response.headers.get('content-disposition')).toContain('filename="Questionnaires.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values.map((row) => row[1])).toEqual(['Name', 'Delivery experience', 'Driver conduct']);
  });

  it('creates (questions trimmed, blanks dropped), updates, and a stale xmin → 409 with the current version', async () => {
    const created = await call('administrator@demo.test', 'POST', '/questionnaires/za', { name: ' Packaging ', questions: ['Was it sealed? ', '  ', 'Was it dry?'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Packaging', questions: ['Was it sealed?', 'Was it dry?'], isActive: true });
    const updated = await call('administrator@demo.test', 'PUT', `/questionnaires/za/${created.body.id}`, {
      name: 'Packaging', questions: ['Was it sealed?'], isActive: false, xmin: created.body.xmin,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ questions: ['Was it sealed?'], isActive: false });
    const stale = await call('administrator@demo.test', 'PUT', `/questionnaires/za/${created.body.id}`, { name: 'Other', questions: ['Q'], xmin: created.body.xmin });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: conflictMessage('questionnaire'), current: { name: 'Packaging', xmin: updated.body.xmin } });
  });

  it('bad input names the field and writes nothing', async () => {
    const before = Object.keys(await byName()).length;
    const noQuestions = await call('administrator@demo.test', 'POST', '/questionnaires/za', { name: 'Empty', questions: [' '] });
    expect(noQuestions.status).toBe(400);
    expect(noQuestions.body.errors.questions).toEqual([USERS_ADMIN_TEXTS.questionsRequired]);
    const noName = await call('administrator@demo.test', 'POST', '/questionnaires/za', { questions: ['Q'] });
    expect(noName.body.errors).toHaveProperty('name');
    const extra = await call('administrator@demo.test', 'POST', '/questionnaires/za', { name: 'X', questions: ['Q'], portalId: 2 });
    expect(extra.status).toBe(400);
    const badFilter = await call('administrator@demo.test', 'GET', '/questionnaires/za?companyid=1');
    expect(badFilter.body.errors).toHaveProperty('companyid');
    expect(Object.keys(await byName()).length).toBe(before);
  });

  it('another portal\'s questionnaire is 404 (no row)', async () => {
    const seeded = (await byName())['Driver conduct']!;
    expect((await call('administrator@demo.test', 'GET', `/questionnaires/ke/${seeded.id}`)).status).toBe(404);
    const update = await call('administrator@demo.test', 'PUT', `/questionnaires/ke/${seeded.id}`, { name: 'Hijack', questions: ['Q'], xmin: seeded.xmin });
    expect(update.status).toBe(404);
    expect((await byName())['Driver conduct']!.xmin).toBe(seeded.xmin);
    expect((await call('administrator@demo.test', 'GET', '/questionnaires/ke')).body.items).toEqual([]);
  });
});

describe('seed', () => {
  it('is idempotent: running it again adds no questionnaire and no rating', async () => {
    const count = async () => ({
      questionnaires: (await call('administrator@demo.test', 'GET', '/questionnaires/za')).body.paging.totalItems,
      ratings: (await call('administrator@demo.test', 'GET', '/ratings/za')).body.paging.totalItems,
    });
    const before = await count();
    expect(before.ratings).toBeGreaterThan(0);
    await seedUsersAdmin(server.database.db);
    expect(await count()).toEqual(before);
  });
});
