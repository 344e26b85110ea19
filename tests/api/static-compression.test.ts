// The built app is sent compressed: the .br/.gz copies the build writes (scripts/precompress.ts) go to browsers
// that accept them, with the original bytes to those that do not, and every variant decodes to the same file.
import { request } from 'node:http';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
let webRoot: string;
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word-${index % 37}`))};\n`;
const shell = `<!doctype html><title>courier</title>${'<meta name="x" content="padding">'.repeat(40)}`;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'courier-web-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), shell);
  await writeFile(join(webRoot, 'assets', 'app-abc123.js'), script);
  await writeFile(join(webRoot, 'assets', 'tiny-abc123.js'), 'export {};\n');
  await writeFile(join(webRoot, '.build-inputs'), '1764201600000');
  await precompress(webRoot);
  server = await startTestServer({ webRoot });
});
afterAll(async () => { await server.close(); });

/** A raw GET (no automatic decoding, unlike fetch) with the given Accept-Encoding. */
function get(path: string, acceptEncoding: string, accept = '*/*'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers: { 'Accept-Encoding': acceptEncoding, Accept: accept } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built app over the wire', () => {
  it('the build step writes brotli and gzip copies only where they pay', async () => {
    const built = await readFile(join(webRoot, 'assets', 'app-abc123.js.br'));
    expect(brotliDecompressSync(built).toString()).toBe(script);
    await expect(readFile(join(webRoot, 'assets', 'tiny-abc123.js.br'))).rejects.toThrow(/ENOENT/);
  });

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, and the file as is otherwise', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect([br.status, br.headers['content-encoding'], br.headers['vary']]).toEqual([200, 'br', 'accept-encoding']);
    expect(br.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('a small file with no compressed copy is sent as is, whatever the browser accepts', async () => {
    const tiny = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect([tiny.status, tiny.headers['content-encoding'], tiny.body.toString()]).toEqual([200, undefined, 'export {};\n']);
  });

  it('the app shell of a client route is compressed too', async () => {
    const page = await get('/deliveries', 'br', 'text/html');
    expect([page.status, page.headers['content-encoding'], page.headers['cache-control']]).toEqual([200, 'br', 'no-cache']);
    expect(brotliDecompressSync(page.body).toString()).toBe(shell);
  });

  it('a file starting with a dot (the build\'s record of its inputs) is not sent', async () => {
    const stamp = await get('/.build-inputs', 'identity');
    expect(stamp.status).toBe(404);
    expect(stamp.body.toString()).not.toContain('1764201600000');
  });
});
