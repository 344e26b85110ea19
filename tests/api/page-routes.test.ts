// A full page load of any of the app's routes gets the app, even where a route shares its first segment with an
// API prefix (/hubs is the SignalR prefix and a back-office screen, /identity an API and the profile screen).
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support';

const MARKER = '<!doctype html><title>courier app shell</title>';
let server: TestServer;

beforeAll(async () => {
  const webRoot = await mkdtemp(join(tmpdir(), 'courier-web-'));
  await writeFile(join(webRoot, 'index.html'), MARKER);
  // The web build copies public/ to its root (Vite's publicDir): the icons as the build ships them.
  for (const icon of ['favicon.ico', 'favicon.svg']) await copyFile(join('public', icon), join(webRoot, icon));
  server = await startTestServer({ webRoot });
});
afterAll(async () => { await server.close(); });

const load = (path: string, accept = 'text/html,application/xhtml+xml') => fetch(`${server.url}${path}`, { headers: { Accept: accept } });

describe('page loads of client routes', () => {
  it.each(['/hubs', '/hubs/add', '/hubs/edit/1', '/hubs/1', '/identity', '/deliveries', '/track-order', '/track-order/WB1'])('%s answers the app', async (path) => {
    const response = await load(path);
    expect([path, response.status, await response.text()]).toEqual([path, 200, MARKER]);
  });

  it('a mistyped API address opened in a browser still gets the API 404, and API calls are unchanged', async () => {
    const mistyped = await load('/identity/v1/no-such-thing');
    expect(mistyped.status).toBe(404);
    expect((await mistyped.json()).message).toMatch(/^Not found: GET/);
    const notAPage = await load('/hubs/1', 'application/json');
    expect(notAPage.status).toBe(404);
    const negotiate = await fetch(`${server.url}/hubs/tracking/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(negotiate.status).toBe(200);
    expect(await negotiate.json()).toMatchObject({ negotiateVersion: 1 });
  });
});

describe('the favicon', () => {
  it.each([['/favicon.ico', 'image/'], ['/favicon.svg', 'image/svg+xml']])('%s answers the icon, not a 404 or the app', async (path, type) => {
    const response = await load(path, 'image/avif,image/webp,image/*,*/*;q=0.8');
    expect([path, response.status, response.headers.get('content-type')?.startsWith(type)]).toEqual([path, 200, true]);
    expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(join('public', path.slice(1))))).toBe(true);
  });

  it('is linked from the page, so browsers ask for it', async () => {
    const page = await readFile('index.html', 'utf8');
    expect(page).toContain('<link rel="icon" href="/favicon.ico"');
    expect(page).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"');
  });
});
