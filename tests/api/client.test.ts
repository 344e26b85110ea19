import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import { createApiClients } from '../../src/api/clients';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
let token: string | undefined;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const clientsFor = (baseUrl: string) => createApiClients({
  identityBaseUrl: `${baseUrl}/identity`,
  connectBaseUrl: `${baseUrl}/connect`,
  getAccessToken: () => token,
});

async function failure(call: () => Promise<unknown>): Promise<ApiError> {
  try {
    await call();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call did not fail');
}

describe('the typed clients against the real server', () => {
  it('read portal data', async () => {
    const { data } = await clientsFor(server.url).connect.GET('/countries/{code}', { params: { path: { code: 'za' } } });
    expect(data?.timeZone).toBe('Africa/Johannesburg');
  });

  it('add the bearer token from the token source', async () => {
    token = await server.tokenFor('store.admin@demo.test');
    const { data } = await clientsFor(server.url).identity.GET('/v1/profile');
    expect(data?.email).toBe('store.admin@demo.test');
    token = undefined;
  });

  it('map 401 to the catalogue and mark it as clearing the session', async () => {
    const error = await failure(() => clientsFor(server.url).identity.GET('/v1/profile'));
    expect(error.status).toBe(401);
    expect(error.title).toBe('Unauthorized');
    expect(error.message).toBe(ERROR_TEXTS.unauthorized);
    expect(error.clearsSession).toBe(true);
  });

  it('map 404 to the server\'s message with the Not Found title', async () => {
    const error = await failure(() => clientsFor(server.url).connect.GET('/countries/{code}', { params: { path: { code: 'qq' } } }));
    expect(error).toMatchObject({ status: 404, title: 'Not Found', message: 'Not found: country qq' });
  });

  it('map 400 to the server\'s message and field errors', async () => {
    token = await server.tokenFor('administrator@demo.test');
    const error = await failure(() => clientsFor(server.url).connect.GET('/stores/{cca2}', { params: { path: { cca2: 'za' }, query: { search: 'ab' } } }));
    token = undefined;
    expect(error).toMatchObject({ status: 400, title: 'Bad Request', message: 'Minimum of 3 characters for a search...' });
    expect(error.errors).toEqual({ search: ['Minimum of 3 characters for a search...'] });
  });

  it('map no response to the connection error of the catalogue', async () => {
    const error = await failure(() => clientsFor('http://127.0.0.1:9').connect.GET('/countries/{code}', { params: { path: { code: 'za' } } }));
    expect(error.status).toBe(0);
    expect(error.connectionError).toBe(true);
    expect(error.message).toBe(ERROR_TEXTS.noResponse);
  });
});
