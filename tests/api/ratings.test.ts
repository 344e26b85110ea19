import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { RATING_LABELS } from '../../src/lib/constants';
import { conflictMessage } from '../../src/lib/resources/texts';
import { USERS_ADMIN_TEXTS } from '../../src/lib/users-admin-texts';
import { bearer, callAs, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS = [
  'administrator@demo.test', 'management@demo.test', 'staff@demo.test', 'company.admin@demo.test', 'store.operator@demo.test',
  'driver@demo.test', 'customer@demo.test',
];

interface RatingRow { id: number; deliveryId: number; driverId: number; score: number; scoreLabel: string; xmin: string; comment: string | null }

const call = (email: string, method: string, path: string, body?: unknown) => callAs(server, email, method, path, body);

async function seeded(): Promise<RatingRow[]> {
  return (await call('administrator@demo.test', 'GET', '/ratings/za?sortby=id&pageSize=100')).body.items;
}

async function driverId(email: string): Promise<number> {
  const { body } = await call('administrator@demo.test', 'GET', `/users/za?search=${encodeURIComponent(email)}`);
  return body.items.find((row: { email: string }) => row.email === email).id;
}

describe('ratings: access by role from the shared table', () => {
  it.each(ROLE_USERS)('%s', async (email) => {
    const { permissions } = await verifyAccessTokenClaims(server.keys, await server.tokenFor(email));
    const [first] = await seeded();
    const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
    expect((await call(email, 'GET', '/ratings/za')).status).toBe(expected('getratings'));
    expect((await call(email, 'GET', `/ratings/za/${first!.id}`)).status).toBe(expected('getrating'));
    const create = await call(email, 'POST', '/ratings/za', { deliveryId: 999999, driverId: first!.driverId, score: 3 });
    expect(create.status).toBe(expected('createrating') === 200 ? 404 : 403);
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
    const ofDriver = await call('staff@demo.test', 'GET', `/ratings/za?driverid=${driver}&pageSize=100`);
    expect(ofDriver.body.items.length).toBe(rows.filter((row) => row.driverId === driver).length);
    const fives = await call('staff@demo.test', 'GET', '/ratings/za?score=5');
    expect(fives.body.items.every((row: RatingRow) => row.score === 5)).toBe(true);
    const delivery = await call('staff@demo.test', 'GET', `/ratings/za?deliveryId=${rows[1]!.deliveryId}`);
    expect(delivery.body.items.map((row: RatingRow) => row.id)).toEqual([rows[1]!.id]);
    const sorted = await call('staff@demo.test', 'GET', '/ratings/za?sortby=score&sortdirection=desc');
    const scores = sorted.body.items.map((row: RatingRow) => row.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const future = await call('staff@demo.test', 'GET', '/ratings/za?startDate=2999-01-01');
    expect(future.body.items).toEqual([]);
    const today = await call('staff@demo.test', 'GET', '/ratings/za?startDate=2000-01-01&endDate=2999-12-31');
    expect(today.body.paging.totalItems).toBe(rows.length);
  });

  // Unknown sorts and filters and short searches: list-validation.test.ts.
  it('bad input names the field', async () => {
    for (const [query, field] of [['score=6', 'score'], ['startDate=yesterday', 'startDate']] as const) {
      const { status, body } = await call('staff@demo.test', 'GET', `/ratings/za?${query}`);
      expect(status, query).toBe(400);
      expect(body.errors, query).toHaveProperty(field);
    }
    const reversed = await call('staff@demo.test', 'GET', '/ratings/za?startDate=2026-02-01&endDate=2026-01-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toHaveProperty('endDate');
  });

  it('exports Ratings.xlsx with the filters', async () => {
    const token = await server.tokenFor('staff@demo.test');
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
    const driver = await driverId('driver2@demo.test');
    const questionnaires = await call('administrator@demo.test', 'GET', '/questionnaires/za?search=Driver conduct');
    const questionnaire = questionnaires.body.items[0];
    const created = await call('staff@demo.test', 'POST', '/ratings/za', {
      deliveryId: first!.deliveryId, driverId: driver, score: 4, comment: '  Quick and polite.  ', questionnaireId: questionnaire.id, answers: ['Yes', 'Yes'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ driverId: driver, score: 4, scoreLabel: 'Good', comment: 'Quick and polite.', questionnaireName: 'Driver conduct', answers: ['Yes', 'Yes'] });
    expect((await call('staff@demo.test', 'GET', `/ratings/za?driverid=${driver}&pageSize=100`)).body.items.map((row: RatingRow) => row.id)).toContain(created.body.id);

    const updated = await call('management@demo.test', 'PUT', `/ratings/za/${created.body.id}`, { score: 2, comment: 'Late after all.', xmin: created.body.xmin });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ score: 2, scoreLabel: 'Poor', answers: ['Yes', 'Yes'] });
    const stale = await call('administrator@demo.test', 'PUT', `/ratings/za/${created.body.id}`, { score: 5, xmin: created.body.xmin });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: conflictMessage('rating'), current: { id: created.body.id, score: 2, xmin: updated.body.xmin } });
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
    for (const [body, field] of cases) {
      const response = await call('staff@demo.test', 'POST', '/ratings/za', body);
      expect(response.status, field).toBe(400);
      expect(response.body.errors, field).toHaveProperty(field);
    }
    const tooMany = await call('staff@demo.test', 'POST', '/ratings/za', {
      deliveryId: first!.deliveryId, driverId: first!.driverId, score: 3, questionnaireId: (await call('administrator@demo.test', 'GET', '/questionnaires/za?search=Driver conduct')).body.items[0].id, answers: ['a', 'b', 'c'],
    });
    expect(tooMany.body.errors.answers).toEqual([USERS_ADMIN_TEXTS.tooManyAnswers(2)]);
    expect((await seeded()).length).toBe(before);
  });

  it('another portal: a rating and a delivery of ZA are 404 from KE, and nothing is written', async () => {
    const [first] = await seeded();
    expect((await call('staff@demo.test', 'GET', `/ratings/ke/${first!.id}`)).status).toBe(404);
    expect((await call('staff@demo.test', 'GET', '/ratings/ke')).body.items).toEqual([]);
    const create = await call('staff@demo.test', 'POST', '/ratings/ke', { deliveryId: first!.deliveryId, driverId: first!.driverId, score: 3 });
    expect(create.status).toBe(404);
    const update = await call('staff@demo.test', 'PUT', `/ratings/ke/${first!.id}`, { score: 1, xmin: first!.xmin });
    expect(update.status).toBe(404);
    expect((await call('staff@demo.test', 'GET', '/ratings/ke')).body.items).toEqual([]);
    expect((await call('staff@demo.test', 'GET', `/ratings/za/${first!.id}`)).body.score).toBe(first!.score);
  });
});
