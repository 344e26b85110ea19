import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS, ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { bearer, startTestServer, type TestServer } from './support';

const LIMIT = 64 * 1024;
let server: TestServer;
beforeAll(async () => { server = await startTestServer({ profilePictureLimit: LIMIT }); });
afterAll(async () => { await server?.close(); });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-and-the-rest')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-and-the-rest')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 and-the-rest')]);

async function upload(token: string | undefined, parts: Array<[string, Buffer | string, string?]>) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)], { type: 'application/octet-stream' }), filename ?? 'picture.bin');
  }
  const response = await fetch(`${server.url}/connect/users/za/uploadProfilePicture`, {
    method: 'POST', body: form, headers: token ? bearer(token) : {},
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) as { message: string; errors?: Record<string, string[]> } : undefined };
}

const picture = (token: string) => fetch(`${server.url}/connect/users/za/profilePicture`, { headers: bearer(token) });

describe('profile picture', () => {
  it('stores a JPEG, PNG or WebP (by its bytes, whatever the file name says) and serves it back', async () => {
    const token = await server.tokenFor('customer@demo.test');
    expect((await picture(token)).status).toBe(404);
    for (const [image, type] of [[JPEG, 'image/jpeg'], [WEBP, 'image/webp'], [PNG, 'image/png']] as const) {
      expect((await upload(token, [['file', image, 'photo.txt']])).status, type).toBe(204);
      const served = await picture(token);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    }
    const profile = await server.identity.GET('/v1/profile', { headers: bearer(token) });
    expect(profile.data?.hasProfilePicture).toBe(true);
    // Each user sees their own.
    expect((await picture(await server.tokenFor('driver@demo.test'))).status).toBe(404);
  });

  it('too large → 413 with the catalogue text', async () => {
    const token = await server.tokenFor('partner@demo.test');
    const big = Buffer.concat([PNG, Buffer.alloc(LIMIT + 1)]);
    const answer = await upload(token, [['file', big]]);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: ERROR_TEXTS.imageTooLarge });
    expect((await picture(token)).status).toBe(404);
    // Exactly at the limit is fine.
    expect((await upload(token, [['file', Buffer.concat([PNG, Buffer.alloc(LIMIT - PNG.length)])]])).status).toBe(204);
  });

  /**
   * Sends the head of an upload of `declared` bytes (or chunked when undefined) and then `sent` bytes of it, and
   * answers the status that came back before the rest was written, or 'none' when the server waited for more.
   */
  async function statusBeforeTheEnd(token: string, sent: number, declared?: number): Promise<number | 'none'> {
    const boundary = '----courier-test-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    const url = new URL(`${server.url}/connect/users/za/uploadProfilePicture`);
    return new Promise((resolve, reject) => {
      const request = httpRequest({
        host: url.hostname, port: url.port, path: url.pathname, method: 'POST',
        headers: { ...bearer(token), 'Content-Type': `multipart/form-data; boundary=${boundary}`, ...(declared !== undefined && { 'Content-Length': String(declared) }) },
      }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', (error) => ((error as { code?: string }).code === 'ECONNRESET' || (error as { code?: string }).code === 'EPIPE' ? undefined : reject(error)));
      request.write(head);
      request.write(Buffer.concat([PNG, Buffer.alloc(sent)]));
      // The rest of the body is never sent: a server that reads an upload to its end before refusing it never answers.
      setTimeout(() => { resolve('none'); request.destroy(); }, 5_000);
    });
  }

  it('an upload past the limit is refused as soon as the limit is passed, not after reading it to the end', async () => {
    const token = await server.tokenFor('partner@demo.test');
    // A declared length over the limit: refused from the headers.
    expect(await statusBeforeTheEnd(token, 1024, 20 * 1024 * 1024)).toBe(413);
    // Chunked, no length: refused once the file passes the limit.
    expect(await statusBeforeTheEnd(token, LIMIT * 2)).toBe(413);
  });

  it('refuses what is not an image, a missing file, a text value for file and extra parts, naming the field', async () => {
    const token = await server.tokenFor('staff@demo.test');
    const notImage = await upload(token, [['file', Buffer.from('GIF89a not accepted')]]);
    expect(notImage.status).toBe(400);
    expect(notImage.body!.errors).toEqual({ file: [AUTH_TEXTS.imageInvalid] });
    const empty = await upload(token, [['file', Buffer.alloc(0)]]);
    expect(empty.status).toBe(400);
    expect(empty.body!.errors).toHaveProperty('file');
    const missing = await upload(token, [['picture', PNG]]);
    expect(missing.status).toBe(400);
    expect(missing.body!.errors).toHaveProperty('file');
    expect(missing.body!.errors).toHaveProperty('picture');
    const text = await upload(token, [['file', 'just text']]);
    expect(text.status).toBe(400);
    expect(text.body!.errors).toEqual({ file: ['file must be a file'] });
    const extra = await upload(token, [['file', PNG], ['note', 'hello']]);
    expect(extra.status).toBe(400);
    expect(extra.body!.errors).toHaveProperty('note');
  });

  it('needs a token, a known country, and multipart (a JSON body is 415; multipart to a JSON operation is 415)', async () => {
    expect((await upload(undefined, [['file', PNG]])).status).toBe(401);
    const token = await server.tokenFor('customer@demo.test');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'p.png');
    const unknownCountry = await fetch(`${server.url}/connect/users/xx/uploadProfilePicture`, { method: 'POST', body: form, headers: bearer(token) });
    expect(unknownCountry.status).toBe(404);
    const json = await fetch(`${server.url}/connect/users/za/uploadProfilePicture`, {
      method: 'POST', body: JSON.stringify({ file: 'x' }), headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(json.status).toBe(415);
    const loginForm = new FormData();
    loginForm.append('email', 'customer@demo.test');
    loginForm.append('password', 'Demo-password-1');
    const multipartLogin = await fetch(`${server.url}/identity/v1/auth/login`, { method: 'POST', body: loginForm });
    expect(multipartLogin.status).toBe(415);
    expect((await fetch(`${server.url}/connect/users/za/profilePicture`)).status).toBe(401);
  });
});
