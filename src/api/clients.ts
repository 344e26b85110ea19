import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths as ConnectPaths } from './generated/connect';
import type { paths as IdentityPaths } from './generated/identity';
import { ApiError, noResponseError, toApiError } from './api-error';

export interface ClientOptions {
  identityBaseUrl: string;
  connectBaseUrl: string;
  /** The access token held in memory by the auth actor; undefined when signed out. */
  getAccessToken: () => string | undefined;
  fetch?: typeof globalThis.fetch;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Adds the bearer token and turns every failure into an ApiError from the catalogue. */
export function catalogueMiddleware(getAccessToken: () => string | undefined): Middleware {
  return {
    onRequest({ request }) {
      const token = getAccessToken();
      if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ response, request }) {
      if (response.ok) return response;
      throw toApiError(response.status, await readBody(response), new URL(request.url).pathname);
    },
    onError({ error }) {
      if (error instanceof ApiError) return error;
      // An aborted request is the caller's decision, not a connection failure.
      if (error instanceof DOMException && error.name === 'AbortError') return error;
      return noResponseError();
    },
  };
}

export interface ApiClients {
  identity: Client<IdentityPaths>;
  connect: Client<ConnectPaths>;
}

export function createApiClients(options: ClientOptions): ApiClients {
  const middleware = catalogueMiddleware(options.getAccessToken);
  const identity = createClient<IdentityPaths>({ baseUrl: options.identityBaseUrl, fetch: options.fetch });
  const connect = createClient<ConnectPaths>({ baseUrl: options.connectBaseUrl, fetch: options.fetch });
  identity.use(middleware);
  connect.use(middleware);
  return { identity, connect };
}
