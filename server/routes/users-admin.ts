import type { operations } from '../../src/api/generated/connect';
import { requirePortal } from '../domain/portals';
import {
  createQuestionnaire, createRating, getQuestionnaire, getRating, listQuestionnaires, listRatings, updateQuestionnaire, updateRating,
} from '../domain/ratings';
import { scopeOf } from '../domain/scope';
import { getUser, listUsers, updateUser } from '../domain/users-admin';
import type { AppContext } from './context';
import { requirePermissions } from './context';
import type { Handlers } from './handler-types';

type UsersAdminOperations =
  | 'getusers' | 'getuser' | 'updateuser'
  | 'getratings' | 'getrating' | 'createrating' | 'updaterating'
  | 'getquestionnaires' | 'getquestionnaire' | 'createquestionnaire' | 'updatequestionnaire';

/**
 * Users (list, edit; new users come from identity's createProfile), ratings and questionnaires of the back
 * office (issue 6; 000 sections 2 and 6). Rows are scoped from the token (server/domain/scope.ts).
 */
export function usersAdminHandlers({ db }: AppContext): Pick<Handlers<operations>, UsersAdminOperations> {
  const scoped = async (request: { params: { cca2: string }; permissions?: unknown }) => {
    const permissions = requirePermissions(request.permissions as never);
    const portal = await requirePortal(db, request.params.cca2);
    return { portal, permissions, scope: scopeOf(permissions) };
  };
  return {
    async getusers(request, reply) {
      const { portal, scope } = await scoped(request);
      return listUsers(db, portal, scope, request.query, reply) as never;
    },
    async getuser(request) {
      const { portal, scope } = await scoped(request);
      return getUser(db, portal, scope, request.params.id);
    },
    async updateuser(request) {
      const { portal, scope, permissions } = await scoped(request);
      return updateUser(db, portal, scope, permissions, request.params.id, request.body);
    },
    async getratings(request, reply) {
      const { portal, scope } = await scoped(request);
      return listRatings(db, portal, scope, request.query, reply) as never;
    },
    async getrating(request) {
      const { portal, scope } = await scoped(request);
      return getRating(db, portal, scope, request.params.id);
    },
    async createrating(request, reply) {
      const { portal, scope, permissions } = await scoped(request);
      const created = await createRating(db, portal, scope, permissions.id, request.body);
      reply.code(201);
      return created;
    },
    async updaterating(request) {
      const { portal, scope } = await scoped(request);
      return updateRating(db, portal, scope, request.params.id, request.body);
    },
    async getquestionnaires(request, reply) {
      const { portal } = await scoped(request);
      return listQuestionnaires(db, portal, request.query, reply) as never;
    },
    async getquestionnaire(request) {
      const { portal } = await scoped(request);
      return getQuestionnaire(db, portal, request.params.id);
    },
    async createquestionnaire(request, reply) {
      const { portal } = await scoped(request);
      const created = await createQuestionnaire(db, portal, request.body);
      reply.code(201);
      return created;
    },
    async updatequestionnaire(request) {
      const { portal } = await scoped(request);
      return updateQuestionnaire(db, portal, request.params.id, request.body);
    },
  };
}
