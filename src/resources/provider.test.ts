import { afterEach, describe, expect, it, vi } from 'vitest';
import { asIs, entityCalls, resourceApi } from './provider';
import type { ListParams } from './types';

const PARAMS: ListParams = { page: 3, pageSize: 20, sortBy: 'make', sortDirection: 'desc', search: 'toy', filters: { isActive: 'true' } };
const PAGE = { items: [{ id: 7, xmin: '1' }], paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 1 } };

/** Answers `body` to every request and records what was asked. */
function serve(body: unknown, status = 200) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
    requests.push(request);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }));
  const url = (index = 0) => new URL(requests[index]!.url);
  return { requests, url };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the resource provider: one entity path, the calls of the list and form screens', () => {
  it('lists through GET /{entity}/{cca2} with the list query of the URL state', async () => {
    const { url } = serve(PAGE);
    const page = await resourceApi(entityCalls('vehicles'), { row: asIs }).list('ZA', PARAMS);
    expect(page.items.map((row) => row.id)).toEqual([7]);
    expect(url().pathname).toBe('/connect/vehicles/ZA');
    expect(Object.fromEntries(url().searchParams)).toEqual({
      page: '3', pageSize: '20', search: 'toy', sortby: 'make', sortdirection: 'desc', isActive: 'true',
    });
  });

  it('puts a sub-path entity into the URL as it is (deliveries/archive)', async () => {
    const { url } = serve(PAGE);
    await entityCalls('deliveries/archive').list('ZA', {});
    expect(url().pathname).toBe('/connect/deliveries/archive/ZA');
  });

  it('asks the server for select options with select=true and the resource\'s query', async () => {
    const { url } = serve([{ key: '1', value: 'Acme' }]);
    const options = await resourceApi(entityCalls('stores'), {
      row: asIs, select: { from: 'server', query: (search) => ({ search, isActive: true }) },
    }).selectOptions('ZA', 'Ac');
    expect(options).toEqual([{ key: '1', value: 'Acme' }]);
    expect(Object.fromEntries(url().searchParams)).toEqual({ select: 'true', search: 'Ac', isActive: 'true' });
  });

  it('updates through PUT /{entity}/{cca2}/{id} with the form body, blanks as null, and xmin', async () => {
    const { requests, url } = serve({ id: 7, xmin: '2' });
    const record = await resourceApi(entityCalls('companies'), { row: asIs, record: asIs, updated: asIs })
      .update('ZA', 7, { companyName: 'Acme', vatNumber: ' ' }, '1');
    expect(record.xmin).toBe('2');
    expect(requests[0]!.method).toBe('PUT');
    expect(url().pathname).toBe('/connect/companies/ZA/7');
    expect(await requests[0]!.json()).toEqual({ companyName: 'Acme', vatNumber: null, xmin: '1' });
  });

  it('has only the capabilities a resource declares: no create, no remove, no export, update refused', async () => {
    serve(PAGE);
    const resource = resourceApi(entityCalls('jobs'), { row: asIs, readOnly: 'read-only' });
    expect(resource.create).toBeUndefined();
    expect(resource.remove).toBeUndefined();
    expect(resource.exportFile).toBeUndefined();
    await expect(resource.update('ZA', 1, {}, '1')).rejects.toThrow('read-only');
    await expect(resource.get('ZA', 1)).rejects.toThrow('read-only');
  });

  it('deletes the selected rows with DELETE ?ids= and answers how many', async () => {
    const { requests, url } = serve({ deleted: 2 });
    const deleted = await resourceApi(entityCalls('stores'), { row: asIs, remove: 'byIds' }).remove!('ZA', [4, 5]);
    expect(deleted).toBe(2);
    expect(requests[0]!.method).toBe('DELETE');
    expect(url().searchParams.getAll('ids')).toEqual(['4', '5']);
  });
});
