import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { RATING_LABELS } from '../../src/lib/constants';
import { conflictMessage } from '../../src/lib/resource-texts';
import { USERS_ADMIN_TEXTS } from '../../src/lib/users-admin-texts';
import type { SeededLogin } from '../support/seeded-users';
import { bearer, dataOf, fieldErrors, inZa, pageOf, startTestServer, ZA, type ListQuery, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS: SeededLogin[] = ['administrator', 'management', 'staff', 'company.admin', 'store.operator', 'driver', 'customer'];

const admin = () => server.as('administrator').connect;
const staff = () => server.as('staff').connect;
const ratings = async (query: ListQuery<'/ratings/{cca2}'>, cca2 = 'za') =>
  pageOf(await dataOf(staff().GET('/ratings/{cca2}', { params: { path: { cca2 }, query } }))).items;

async function seeded() {
  return pageOf(await dataOf(admin().GET('/ratings/{cca2}', { params: { path: ZA, query: { sortby: 'id', pageSize: 100 } } }))).items;
}

async function driverId(login: SeededLogin): Promise<number> {
  const email = server.as(login).email;
  const page = pageOf(await dataOf(admin().GET('/users/{cca2}', { params: { path: ZA, query: { search: email } } })));
  return page.items.find((row) => row.email === email)!.id;
}

async function questionnaireId(name: string): Promise<number> {
  return pageOf(await dataOf(admin().GET('/questionnaires/{cca2}', { params: { path: ZA, query: { search: name } } }))).items[0]!.id;
}

describe('ratings: access by role from the shared table', () => {
  it.each(ROLE_USERS)('%s', async (login) => {
    const user = server.as(login);
    const { permissions } = await verifyAccessTokenClaims(server.keys, await user.token());
    const [first] = await seeded();
    const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
    expect((await user.connect.GET('/ratings/{cca2}', { params: { path: ZA } })).response.status).toBe(expected('getratings'));
    expect((await user.connect.GET('/ratings/{cca2}/{id}', { params: inZa(first!.id) })).response.status).toBe(expected('getrating'));
    const create = await user.connect.POST('/ratings/{cca2}', { params: { path: ZA }, body: { deliveryId: 999999, driverId: first!.driverId, score: 3 } });
    expect(create.response.status).toBe(expected('createrating') === 200 ? 404 : 403);
  });
});

describe('ratings: the list', () => {
  it('is seeded with every score labelled as the spec says (Useless, Poor, Ok, Good, Excellent)', async () => {
    const rows = await seeded();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect(row.scoreLabel).toBe(RATING_LABELS[row.score as keyof typeof RATING_LABELS]);
    expect(new Set(rows.map((row) => row.scoreLabel))).toEqual(new Set(['Useless', 'Poor', 'Ok', 'Good', 'Excellent']));
  });

  it('filters by driver (the nested /users/:id/ratings list), score, delivery and dates; sorts by score', async () => {
    const rows = await seeded();
    const driver = rows[0]!.driverId;
    const ofDriver = await ratings({ driverid: driver, pageSize: 100 });
    expect(ofDriver.length).toBe(rows.filter((row) => row.driverId === driver).length);
    const fives = await ratings({ score: 5 });
    expect(fives.every((row) => row.score === 5)).toBe(true);
    const delivery = await ratings({ deliveryId: rows[1]!.deliveryId });
    expect(delivery.map((row) => row.id)).toEqual([rows[1]!.id]);
    const sorted = await ratings({ sortby: 'score', sortdirection: 'desc' });
    const scores = sorted.map((row) => row.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const future = await ratings({ startDate: '2999-01-01' });
    expect(future).toEqual([]);
    const today = pageOf(await dataOf(staff().GET('/ratings/{cca2}', { params: { path: ZA, query: { startDate: '2000-01-01', endDate: '2999-12-31' } } })));
    expect(today.paging.totalItems).toBe(rows.length);
  });

  it('search finds a driver\'s ratings by the driver\'s full name \'First Last\'', async () => {
    const rows = await seeded();
    const name = rows[0]!.driverName;
    const found = await ratings({ search: name, pageSize: 100 });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((row) => row.driverName === name)).toBe(true);
    expect(found.length).toBe(rows.filter((row) => row.driverName === name).length);
  });

  // Unknown sorts and filters and short searches: list-validation.test.ts.
  it('bad input names the field', async () => {
    // Values the contract refuses, sent as written.
    for (const [query, field] of [['score=6', 'score'], ['startDate=yesterday', 'startDate']] as const) {
      const { status, body } = await server.raw('staff', 'GET', `/ratings/za?${query}`);
      expect(status, query).toBe(400);
      expect(body.errors, query).toHaveProperty(field);
    }
    const reversed = await staff().GET('/ratings/{cca2}', { params: { path: ZA, query: { startDate: '2026-02-01', endDate: '2026-01-01' } } });
    expect(reversed.response.status).toBe(400);
    expect(fieldErrors(reversed.error)).toHaveProperty('endDate');
  });

  it('exports Ratings.xlsx with the filters', async () => {
    const token = await server.as('staff').token();
    const response = await fetch(`${server.url}/connect/ratings/za?exportExcel=true&score=5`, { headers: bearer(token) });
    expect(response.headers.get('content-disposition')).toContain('filename="Ratings.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual(expect.arrayContaining(['Waybill', 'Driver', 'Score', 'Rating']));
    expect(values.length - 1).toBe(Number(response.headers.get('x-total-count')));
    expect(values.slice(1).every((row) => row[5] === 'Excellent')).toBe(true);
  });
});

describe('ratings: add, edit, conflict, scope', () => {
  it('creates a rating with questionnaire answers, edits it, and a stale xmin → 409 with the current version', async () => {
    const [first] = await seeded();
    const driver = await driverId('driver2');
    const created = await staff().POST('/ratings/{cca2}', { params: { path: ZA }, body: {
      deliveryId: first!.deliveryId, driverId: driver, score: 4, comment: '  Quick and polite.  ', questionnaireId: await questionnaireId('Driver conduct'), answers: ['Yes', 'Yes'],
    } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ driverId: driver, score: 4, scoreLabel: 'Good', comment: 'Quick and polite.', questionnaireName: 'Driver conduct', answers: ['Yes', 'Yes'] });
    const { id, xmin } = created.data!;
    expect((await ratings({ driverid: driver, pageSize: 100 })).map((row) => row.id)).toContain(id);

    const updated = await server.as('management').connect.PUT('/ratings/{cca2}/{id}', { params: inZa(id), body: { score: 2, comment: 'Late after all.', xmin } });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({ score: 2, scoreLabel: 'Poor', answers: ['Yes', 'Yes'] });
    const stale = await admin().PUT('/ratings/{cca2}/{id}', { params: inZa(id), body: { score: 5, xmin } });
    expect(stale.response.status).toBe(409);
    expect(stale.error).toMatchObject({ message: conflictMessage('rating'), current: { id, score: 2, xmin: updated.data!.xmin } });
  });

  it('bad input names the field and writes nothing', async () => {
    const [first] = await seeded();
    const before = (await seeded()).length;
    const cases: [unknown, string][] = [
      [{ deliveryId: first!.deliveryId, driverId: first!.driverId, score: 0 }, 'score'],
      [{ deliveryId: first!.deliveryId, score: 3 }, 'driverId'],
      [{ deliveryId: first!.deliveryId, driverId: first!.driverId, score: 3, stars: 3 }, 'stars'],
      [{ deliveryId: first!.deliveryId, driverId: 999999, score: 3 }, 'driverId'],
      [{ deliveryId: first!.deliveryId, driverId: first!.driverId, score: 3, answers: ['Yes'] }, 'answers'],
      [{ deliveryId: first!.deliveryId, driverId: first!.driverId, score: 3, questionnaireId: 999999 }, 'questionnaireId'],
    ];
    // Bad bodies, sent as written.
    for (const [body, field] of cases) {
      const response = await server.raw('staff', 'POST', '/ratings/za', body);
      expect(response.status, field).toBe(400);
      expect(response.body.errors, field).toHaveProperty(field);
    }
    const tooMany = await staff().POST('/ratings/{cca2}', { params: { path: ZA }, body: {
      deliveryId: first!.deliveryId, driverId: first!.driverId, score: 3, questionnaireId: await questionnaireId('Driver conduct'), answers: ['a', 'b', 'c'],
    } });
    expect(fieldErrors(tooMany.error)?.answers).toEqual([USERS_ADMIN_TEXTS.tooManyAnswers(2)]);
    expect((await seeded()).length).toBe(before);
  });

  it('another portal: a rating and a delivery of ZA are 404 from KE, and nothing is written', async () => {
    const [first] = await seeded();
    const ke = { path: { cca2: 'ke', id: first!.id } };
    expect((await staff().GET('/ratings/{cca2}/{id}', { params: ke })).response.status).toBe(404);
    expect(await ratings({}, 'ke')).toEqual([]);
    const create = await staff().POST('/ratings/{cca2}', { params: { path: { cca2: 'ke' } }, body: { deliveryId: first!.deliveryId, driverId: first!.driverId, score: 3 } });
    expect(create.response.status).toBe(404);
    const update = await staff().PUT('/ratings/{cca2}/{id}', { params: ke, body: { score: 1, xmin: first!.xmin } });
    expect(update.response.status).toBe(404);
    expect(await ratings({}, 'ke')).toEqual([]);
    expect((await dataOf(staff().GET('/ratings/{cca2}/{id}', { params: inZa(first!.id) }))).score).toBe(first!.score);
  });
});
