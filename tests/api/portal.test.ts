import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('GET /connect/countries/{code}', () => {
  it('answers the ZA portal with its currency and time zone', async () => {
    const { data, response } = await server.connect.GET('/countries/{code}', { params: { path: { code: 'za' } } });
    expect(response.status).toBe(200);
    expect(data).toEqual({ cca2: 'ZA', name: 'South Africa', currency: 'ZAR', currencyDecimals: 2, timeZone: 'Africa/Johannesburg', vatRate: 0.15, mapTiles: null, analyticsUrl: null });
  });

  it('serves the other seeded portals, case-insensitively', async () => {
    const { data } = await server.connect.GET('/countries/{code}', { params: { path: { code: 'NA' } } });
    expect(data).toMatchObject({ cca2: 'NA', currency: 'NAD', timeZone: 'Africa/Windhoek' });
    const ke = await server.connect.GET('/countries/{code}', { params: { path: { code: 'ke' } } });
    expect(ke.data).toMatchObject({ cca2: 'KE', currency: 'KES' });
  });

  it('answers 404 with the error envelope for an unknown code', async () => {
    const { error, response } = await server.connect.GET('/countries/{code}', { params: { path: { code: 'qq' } } });
    expect(response.status).toBe(404);
    expect(error).toEqual({ message: 'Not found: country qq' });
  });

  it('answers 400 naming the field for a code that is not two letters', async () => {
    const { error, response } = await server.connect.GET('/countries/{code}', { params: { path: { code: 'zaf' } } });
    expect(response.status).toBe(400);
    expect(Object.keys(error?.errors ?? {})).toEqual(['code']);
  });

  it('needs no token (the portal is looked up before anyone signs in)', async () => {
    const response = await fetch(`${server.url}/connect/countries/za`);
    expect(response.status).toBe(200);
  });
});

// Issue 20: the maps' tile source is the server's config (MAP_TILE_URL), sent with the portal; none by default.
describe('the map tile source', () => {
  it('is sent with the portal when the server is given one, with its credit line', async () => {
    const tiled = await startTestServer({ mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png', mapTileAttribution: '© Example tiles', analyticsUrl: 'https://stats.example/collect' });
    try {
      const { data, response } = await tiled.connect.GET('/countries/{code}', { params: { path: { code: 'za' } } });
      expect(data!.mapTiles).toEqual({ url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Example tiles' });
      // The analytics endpoint travels the same way (000 section 7); the browser may reach both hosts.
      expect(data!.analyticsUrl).toBe('https://stats.example/collect');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/img-src [^;]*https:\/\/tiles\.example/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/stats\.example/);
    } finally {
      await tiled.close();
    }
  });

  it('is null without MAP_TILE_URL, so offline machines and CI draw no tiles', async () => {
    const { data, response } = await server.connect.GET('/countries/{code}', { params: { path: { code: 'ke' } } });
    expect(data!.mapTiles).toBeNull();
    expect(data!.analyticsUrl).toBeNull();
    expect(response.headers.get('content-security-policy')).toMatch(/connect-src 'self' ws: wss:(;|$)/);
  });
});
