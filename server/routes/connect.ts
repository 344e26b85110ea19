import type { operations } from '../../src/api/generated/connect';
import { frontendErrors } from '../db/schema';
import { listCompanies, listStores } from '../domain/directory';
import { findPortal, requirePortal } from '../domain/portals';
import { scopeOf } from '../domain/scope';
import { notFound } from '../http/errors';
import type { AppContext } from './context';
import { requirePermissions } from './context';
import type { Handlers } from './handler-types';

export function connectHandlers({ db }: AppContext): Handlers<operations> {
  return {
    async getCountry(request) {
      const portal = await findPortal(db, request.params.code);
      if (!portal) throw notFound(`country ${request.params.code}`);
      const { id: _id, ...data } = portal;
      return data;
    },

    async logFrontendError(request, reply) {
      const body = request.body;
      const [row] = await db.insert(frontendErrors).values({
        error: body.Error,
        url: body.Url,
        agent: body.Agent ?? null,
        stack: body.Stack ?? null,
        auth: body.Auth ?? null,
      }).returning({ id: frontendErrors.id });
      request.log.warn({ frontendErrorId: row?.id, url: body.Url, error: body.Error }, 'frontend error reported');
      // Fastify sends a string payload as it is; the contract says a JSON string, so encode it.
      reply.status(201).type('application/json');
      return JSON.stringify(row!.id);
    },

    async getcompanies(request) {
      const portal = await requirePortal(db, request.params.cca2);
      return listCompanies(db, portal, scopeOf(requirePermissions(request.permissions)), request.query);
    },

    async getstores(request) {
      const portal = await requirePortal(db, request.params.cca2);
      return listStores(db, portal, scopeOf(requirePermissions(request.permissions)), request.query);
    },
  };
}
