// N concurrent copies of one edit, all made from the same read: exactly one is applied, every other answers 409
// with the row as it now is. The table is read from openapi/connect.yaml (every PUT /{resource}/{cca2}/{id}
// whose body carries `xmin`), so a new editable resource is covered without a test written for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTIC_STATUS } from '../../src/lib/statuses';
import { callerOf, connectContract as contract, resolveSchema, type Schema } from '../support/contract';
import { startTestServer, type TestServer } from './support';

const COPIES = 8;

/** Rows whose state allows an edit at all, where the first row of the list may not (the rest take any row). */
const EDITABLE: Record<string, string> = {
  deliveries: `logisticstatuses=${LOGISTIC_STATUS.READY}`,
  mobileDevices: 'isActive=true',
};
/** What an edit must change where sending the row back is not an edit (a device's only edit is deactivation). */
const CHANGE: Record<string, Record<string, unknown>> = { mobileDevices: { isActive: false } };

const EDITS = Object.entries(contract.paths).flatMap(([template, methods]) => {
  const match = /^\/([^/]+)\/\{cca2\}\/\{id\}$/.exec(template);
  const update = methods.put;
  const schema = resolveSchema(contract, update?.requestBody?.content?.['application/json']?.schema);
  if (!match || !update || !schema?.properties?.xmin) return [];
  return [{ operationId: update.operationId, resource: match[1]!, schema, readOne: Boolean(methods.get), caller: callerOf(update.operationId) }];
});

/** The fields of a row the edit's schema names, nested objects included (what a form that changed nothing sends). */
function editOf(row: Record<string, unknown>, schema: Schema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema.properties ?? {}).flatMap(([field, property]) => {
    const value = row[field];
    if (value === undefined || value === null) return [];
    const nested = resolveSchema(contract, property.allOf?.[0] ?? property);
    // A field the edit may only set one way (a device is only ever deactivated) is left out when it is the other.
    if (nested?.enum && !nested.enum.includes(value)) return [];
    const isObject = typeof value === 'object' && !Array.isArray(value) && nested?.properties;
    return [[field, isObject ? editOf(value as Record<string, unknown>, nested) : value]];
  }));
}

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

it('the table holds every editable resource of the contract', () => {
  expect(EDITS.map((edit) => edit.operationId)).toEqual(expect.arrayContaining([
    'updatecompany', 'updatestore', 'updatedelivery', 'updateuser', 'updatevehicle', 'updatehub', 'updatemobiledevice',
    'updateterritory', 'updateterritoryarea', 'updateannouncement', 'updatewebhook', 'updateapiclient', 'updaterating', 'updatequestionnaire',
  ]));
});

describe.each(EDITS)('$operationId as $caller', ({ resource, schema, readOne, caller }) => {
  it(`${COPIES} concurrent edits from one read → one 200, the rest 409 with the current row`, async () => {
    const first = `/${resource}/za?page=1&pageSize=1&${EDITABLE[resource] ?? ''}`;
    const list = await server.raw<{ items: ({ id: number } & Record<string, unknown>)[] }>(caller, 'GET', first);
    expect(list.status).toBe(200);
    const id = list.body.items[0]!.id;
    const readRow = async () => (readOne ? (await server.raw<Record<string, unknown>>(caller, 'GET', `/${resource}/za/${id}`)).body
      : (await server.raw<{ items: Record<string, unknown>[] }>(caller, 'GET', `/${resource}/za?page=1&pageSize=100`)).body.items.find((row) => row.id === id)!);
    const read = await readRow();
    // The row as read, back as the edit: every write makes a new version, so the copies conflict.
    const body = { ...editOf(read, schema), ...CHANGE[resource] };

    const answers = await Promise.all(Array.from({ length: COPIES }, () => server.raw<Record<string, unknown>>(caller, 'PUT', `/${resource}/za/${id}`, body)));

    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(COPIES - 1).fill(409)]);
    const applied = answers.find((answer) => answer.status === 200)!.body;
    const now = await readRow();
    expect(now.xmin).toBe(applied.xmin);
    expect(now.xmin).not.toBe(read.xmin);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.message).toEqual(expect.any(String));
      expect(JSON.stringify(refused.body)).toContain(String(applied.xmin));
    }
  });
});
