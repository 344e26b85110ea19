// The public routes with parameters rendered ahead of time (issue 19, "A fast first load"): one page per route
// pattern, sent for every path it matches with the portal and the path's parameters filled in (HTML-escaped); a
// host without a portal and a signed-in visitor get the single-page app, as for the pages without parameters.
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../server/auth/sessions';
import { PARAMETERISED_PUBLIC_ROUTES, paramPlaceholder, PORTAL_PLACEHOLDERS, publicPageFile, routeParams } from '../../src/lib/public-pages';
import { startTestServer, type TestServer } from './support';

const SHELL = '<!doctype html><title>courier app shell</title>';
let server: TestServer;

/** A stand-in for each rendered route: its pattern, the portal's name and every parameter in a text and an attribute. */
const template = (route: string) => `<!doctype html><html data-page="${route}"><title>${PORTAL_PLACEHOLDERS.name}</title>`
  + routeParams(route).map((name) => `<p data-${name.toLowerCase()}="${paramPlaceholder(name)}">${paramPlaceholder(name)}</p>`).join('') + '</html>';

beforeAll(async () => {
  const webRoot = await mkdtemp(join(tmpdir(), 'courier-web-'));
  await writeFile(join(webRoot, 'index.html'), SHELL);
  for (const route of PARAMETERISED_PUBLIC_ROUTES) {
    const file = join(webRoot, publicPageFile(route));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, template(route));
  }
  server = await startTestServer({ webRoot });
});
afterAll(async () => { await server.close(); });

/** A page load with a Host header of our choosing (fetch does not send one it is given), gzip accepted. */
function load(path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${path}`, { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = (response.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
        resolve({ status: response.statusCode ?? 0, text, headers: response.headers });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the public routes with parameters', () => {
  it.each([
    ['/track/abc123', '/track/:hash', 'abc123'],
    ['/rate/abc123', '/rate/:hash', 'abc123'],
    ['/track-order/WB1234', '/track-order/:searchTerm?', 'WB1234'],
    ['/track-order', '/track-order/:searchTerm?', ''],
  ])('%s answers the page of %s with the portal and the parameter filled in, compressed', async (path, route, value) => {
    const response = await load(path);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain(`data-page="${route}"`);
    expect(response.text).toContain('<title>South Africa</title>');
    expect(response.text).toContain(`">${value}</p>`);
    expect(response.text).not.toMatch(/__(PARAM|PORTAL)_[A-Z_]+__/);
  });

  it('HTML-escapes a parameter, decoded from the path', async () => {
    const response = await load(`/track-order/${encodeURIComponent('"><script>alert(1)</script>&\'')}`);
    expect(response.status).toBe(200);
    expect(response.text).not.toContain('<script>');
    expect(response.text).toContain('data-searchterm="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#38;&#39;"');
  });

  it('a path with more segments than the route is not this page', async () => {
    expect((await load('/track/abc/def')).text).toBe(SHELL);
    expect((await load('/rate')).text).toBe(SHELL);
  });

  it('a host without a portal gets the app (which says "Unknown host")', async () => {
    const response = await load('/track/abc123', { Host: 'qq.courier.test' });
    expect([response.status, response.text]).toEqual([200, SHELL]);
  });

  it('a signed-in visitor gets the app, whose header has their menus', async () => {
    for (const path of ['/track/abc123', '/rate/abc123', '/track-order/WB1']) {
      const response = await load(path, { Cookie: `${SIGNED_IN_COOKIE}=1` });
      expect([path, response.status, response.text]).toEqual([path, 200, SHELL]);
      expect(response.headers.vary).toContain('Cookie');
    }
  });

  it('another portal host gets its own portal on the same route', async () => {
    const response = await load('/track/abc123', { Host: 'na.courier.test' });
    expect(response.text).toContain('<title>Namibia</title>');
  });
});
