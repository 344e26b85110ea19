import { decodeJwt } from 'jose';
import type { components } from '../../src/api/generated/identity';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { bearer, type TestServer } from './support';

export { DEMO_PASSWORD };
export const ADMIN = 'administrator@demo.test';

type OutboxMessage = components['schemas']['OutboxMessage'];

/** The outbox as the administrator sees it (newest first), optionally for one recipient. */
export async function outbox(server: TestServer, recipient?: string): Promise<OutboxMessage[]> {
  const { data, error } = await server.identity.GET('/v1/outbox', {
    params: { query: { ...(recipient && { recipient }), pageSize: 200 } },
    headers: bearer(await server.tokenFor(ADMIN)),
  });
  if (!data) throw new Error(`outbox: ${JSON.stringify(error)}`);
  return data;
}

/** The code of the newest message to a recipient (optionally of one purpose), read from the outbox. */
export async function latestCode(server: TestServer, recipient: string, purpose?: string): Promise<string> {
  const message = (await outbox(server, recipient)).find((item) => !purpose || item.purpose === purpose);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}${purpose ? ` (${purpose})` : ''}`);
  return code;
}

/** Signs in with email and password (body transport); fails the test when it does not answer tokens. */
export async function login(server: TestServer, email: string, password = DEMO_PASSWORD) {
  const { data, error, response } = await server.identity.POST('/v1/auth/login', { body: { email, password } });
  if (!data?.jwtToken || !data.refreshToken) throw new Error(`login ${email}: ${response.status} ${JSON.stringify(error ?? data)}`);
  return { jwtToken: data.jwtToken, refreshToken: data.refreshToken };
}

export const claimsOf = (jwt: string) => decodeJwt(jwt) as Record<string, unknown> & { sid?: string; act?: { id: number; email: string } };

/** POST/GET with raw fetch, for headers and cookies the typed client hides. */
export async function raw(server: TestServer, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(options.body !== undefined && { 'content-type': 'application/json' }), ...options.headers },
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { response, status: response.status, body: text ? JSON.parse(text) as Record<string, unknown> : undefined };
}

/** The `name=value` pairs and attributes of a response's Set-Cookie headers. */
export function cookiesOf(response: Response): Map<string, { value: string; attributes: string }> {
  const cookies = new Map<string, { value: string; attributes: string }>();
  for (const header of response.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(';');
    const index = pair!.indexOf('=');
    cookies.set(pair!.slice(0, index).trim(), { value: pair!.slice(index + 1).trim(), attributes: attributes.join(';').trim() });
  }
  return cookies;
}

/** A Cookie header from name/value pairs. */
export const cookieHeader = (cookies: Record<string, string>) =>
  ({ cookie: Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ') });

export const userIdOf = async (server: TestServer, email: string) => Number(claimsOf(await server.tokenFor(email)).id);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` with some settings changed on the running server (handlers read `context.config`, which is the
 * server's config object), then puts them back: cheaper than starting a server per setting.
 */
export async function withConfig<T>(server: TestServer, overrides: Partial<TestServer['config']>, fn: () => Promise<T>): Promise<T> {
  const config = server.config as unknown as Record<string, unknown>;
  const saved = Object.fromEntries(Object.keys(overrides).map((key) => [key, config[key]]));
  Object.assign(config, overrides);
  try {
    return await fn();
  } finally {
    Object.assign(config, saved);
  }
}
