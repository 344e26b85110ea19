import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Permissions } from '../../src/lib/roles';
import type { Database } from '../db/database';
import { findPortal, type PortalData } from '../domain/portals';
import { scopeOf, type Scope } from '../domain/scope';
import { notFound } from './errors';

/**
 * What a handler knows about who calls and where, built once per request after validation. The parts are
 * read lazily so each handler fails at the same point it always did: an unknown country is a 404 only for a
 * handler that reads `portal`, and only when it reads it.
 */
export interface RequestScope {
  /** The portal of the path's `cca2`; reading it for an unknown country throws a 404. */
  readonly portal: PortalData;
  /** The caller's permissions; only secured operations (which the access hook has checked) read them. */
  readonly permissions: Permissions;
  /** Which rows the caller may see, from the token only: the whole portal, a company or a store. */
  readonly rows: Scope;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer check for operations that need a token. */
    permissions: Permissions | undefined;
    /** Filled by the request-scope plugin before any handler runs. */
    scope: RequestScope;
  }
}

export function requirePermissions(permissions: Permissions | undefined): Permissions {
  // The access hook runs before every secured operation; reaching here without permissions is a wiring bug.
  if (!permissions) throw new Error('permissions missing on a secured operation');
  return permissions;
}

function requestScope(cca2: string | undefined, portal: PortalData | undefined, permissions: Permissions | undefined): RequestScope {
  let rows: Scope | undefined;
  return {
    get portal() {
      if (!portal) throw notFound(`portal ${cca2}`);
      return portal;
    },
    get permissions() {
      return requirePermissions(permissions);
    },
    get rows() {
      return (rows ??= scopeOf(requirePermissions(permissions)));
    },
  };
}

const cca2Of = (request: FastifyRequest) => {
  const value = (request.params as { cca2?: unknown } | undefined)?.cca2;
  return typeof value === 'string' ? value : undefined;
};

const portalLookups = new WeakMap<FastifyRequest, Promise<PortalData | undefined>>();

/**
 * Builds `request.scope` in preHandler: after the access check and validation, so a 401, 403 or 400 comes first.
 * The path's portal is looked up from onRequest on (registered before the access check), so its round trip overlaps
 * the token's session check instead of following it; it is only awaited, and its failure only surfaces, in preHandler.
 */
const requestScopePlugin: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.decorateRequest('scope', null as unknown as RequestScope);
  app.addHook('onRequest', async (request) => {
    const cca2 = cca2Of(request);
    if (cca2 === undefined) return;
    const lookup = findPortal(db, cca2);
    // A request refused before preHandler never awaits it: its failure must not go unhandled.
    lookup.catch(() => undefined);
    portalLookups.set(request, lookup);
  });
  app.addHook('preHandler', async (request) => {
    const cca2 = cca2Of(request);
    const portal = cca2 === undefined ? undefined : await (portalLookups.get(request) ?? findPortal(db, cca2));
    request.scope = requestScope(cca2, portal, request.permissions);
  });
};

export default fp(requestScopePlugin, { name: 'request-scope' });
