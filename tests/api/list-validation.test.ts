// The shared list query parameters, refused the same way on every paged list of the contract. The table is
// read from openapi/connect.yaml, so a new list resource gets these cases without a test written for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TEXTS } from '../../src/lib/error-catalogue';
import { callerOf, connectContract as contract, resolveParameter, type Parameter } from '../support/contract';
import { startTestServer, type TestServer } from './support';

const resolve = (parameter: Parameter | { $ref: string }) => resolveParameter(contract, parameter);

/** A valid value for a required parameter: the portal for cca2, the first value of an enum, else 1. */
function validValue(parameter: Parameter): string {
  if (parameter.name === 'cca2') return 'za';
  const ref = parameter.schema?.$ref;
  const values = ref ? contract.components.schemas[ref.split('/').pop()!]?.enum : parameter.schema?.enum;
  return String(values?.[0] ?? 1);
}

/** Every GET with `page` and `pageSize`: a paged list. */
const LISTS = Object.entries(contract.paths).flatMap(([template, methods]) => {
  const operation = methods.get;
  if (!operation) return [];
  const parameters = (operation.parameters ?? []).map(resolve);
  const query = new Set(parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name));
  if (!query.has('page') || !query.has('pageSize')) return [];
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => validValue(parameters.find((parameter) => parameter.name === name)!));
  const required = parameters.filter((parameter) => parameter.in === 'query' && parameter.required);
  return [{
    operationId: operation.operationId,
    path,
    /** The required query parameters, valid, so that only the case under test is wrong. */
    base: required.map((parameter) => `${parameter.name}=${encodeURIComponent(validValue(parameter))}&`).join(''),
    query,
    caller: callerOf(operation.operationId),
  }];
});

// Names no list filters or sorts by: made up, secret, or columns that are not on offer.
const NOT_FILTERS = ['colour', 'passwordHash', 'storeid', 'companyid', 'roles'];
const NOT_SORTABLE = ['secret', 'password', 'passwordHash', 'portalId', 'polygon', 'bytes', 'comment'];
// The spec's minimum search length is 3: shorter terms are refused (after trimming).
const SHORT_SEARCHES = ['a', 'ab', ' ab '];

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

it('the table holds every paged list of the contract', () => {
  // A guard against a parsing slip that would leave the suite with nothing to check.
  expect(LISTS.map((list) => list.operationId)).toEqual(expect.arrayContaining([
    'getcompanies', 'getstores', 'getdeliveries', 'getusers', 'getvehicles', 'gethubs', 'getmobiledevices', 'getterritoryareas',
    'getannouncements', 'getwebhooks', 'getmedia',
  ]));
});

describe.each(LISTS)('$operationId ($path) as $caller', ({ path, base, query, caller }) => {
  const get = (parameters: string) => server.raw(caller, 'GET', `${path}?${base}${parameters}`);

  it.each(NOT_FILTERS.filter((name) => !query.has(name)))('an unknown filter %s → 400 naming it', async (name) => {
    const { status, body } = await get(`${name}=1`);
    expect(status).toBe(400);
    expect(body.errors).toHaveProperty(name);
  });

  if (query.has('sortby')) {
    it.each(NOT_SORTABLE)('an unknown sort field %s → 400 naming sortby and the field', async (field) => {
      const { status, body } = await get(`sortby=${field}`);
      expect(status).toBe(400);
      expect(body.errors).toHaveProperty('sortby');
      expect(body.message).toContain(`'${field}'`);
    });
  }

  if (query.has('search')) {
    it.each(SHORT_SEARCHES)('a short search %j → 400 with the spec\'s message', async (term) => {
      const { status, body } = await get(`search=${encodeURIComponent(term)}`);
      expect(status).toBe(400);
      expect(body).toEqual({ message: SEARCH_TEXTS.minimum(3), errors: { search: [SEARCH_TEXTS.minimum(3)] } });
    });
  }
});
