import type { operations } from '../../src/api/generated/connect';
import {
  createQuestionnaire, createRating, getQuestionnaire, getRating, listQuestionnaires, listRatings, updateQuestionnaire, updateRating,
} from '../domain/ratings';
import { getUser, listUsers, updateUser } from '../domain/users-admin';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';
import { answer } from '../http/export';
import type { Live } from '../realtime/publish';
import type { IdentityUpdate } from '../../src/lib/realtime';

type EditedUser = Awaited<ReturnType<typeof updateUser>>;

/**
 * Issue 20, live identity: what an administrator changed reaches the user's open sessions over the identity hub
 * (MyIdentity, scoped to the user). A change of what the token carries (roles, company, store, beta) asks them
 * to reload their profile and token; a deactivation (its sessions revoked) signs them out at once.
 */
function publishIdentityChange(live: Live, before: EditedUser, after: EditedUser): void {
  const scope = { userId: after.id };
  if (before.isActive && !after.isActive) {
    const payload: IdentityUpdate = { userId: after.id, refreshToken: null, reloadProfile: false, revoked: true };
    live.publish({ topic: 'MyIdentity', event: 'refreshToken', payload, scope });
    return;
  }
  const changed = before.roles.join(',') !== after.roles.join(',') || before.companyId !== after.companyId
    || before.storeId !== after.storeId || before.beta !== after.beta;
  if (!changed) return;
  const payload: IdentityUpdate = { userId: after.id, refreshToken: null, reloadProfile: true, revoked: false };
  live.publish({ topic: 'MyIdentity', event: 'reloadProfile', payload, scope });
}

type UsersAdminOperations =
  | 'getusers' | 'getuser' | 'updateuser'
  | 'getratings' | 'getrating' | 'createrating' | 'updaterating'
  | 'getquestionnaires' | 'getquestionnaire' | 'createquestionnaire' | 'updatequestionnaire';

/**
 * Users (list, edit; new users come from identity's createProfile), ratings and questionnaires of the back
 * office (issue 6; 000 sections 2 and 6). Rows are scoped from the token (server/domain/scope.ts).
 */
export function usersAdminHandlers({ db, live }: AppContext): Pick<Handlers<operations>, UsersAdminOperations> {
  return {
    async getusers(request, reply) {
      const { portal, rows } = request.scope;
      return answer(reply, await listUsers(db, portal, rows, request.query));
    },
    async getuser(request) {
      const { portal, rows } = request.scope;
      return getUser(db, portal, rows, request.params.id);
    },
    async updateuser(request) {
      const { portal, rows, permissions } = request.scope;
      const before = await getUser(db, portal, rows, request.params.id);
      const after = await updateUser(db, portal, rows, permissions, request.params.id, request.body);
      publishIdentityChange(live, before, after);
      return after;
    },
    async getratings(request, reply) {
      const { portal, rows } = request.scope;
      return answer(reply, await listRatings(db, portal, rows, request.query));
    },
    async getrating(request) {
      const { portal, rows } = request.scope;
      return getRating(db, portal, rows, request.params.id);
    },
    async createrating(request, reply) {
      const { portal, rows, permissions } = request.scope;
      const created = await createRating(db, portal, rows, permissions.id, request.body);
      reply.code(201);
      return created;
    },
    async updaterating(request) {
      const { portal, rows } = request.scope;
      return updateRating(db, portal, rows, request.params.id, request.body);
    },
    async getquestionnaires(request, reply) {
      const { portal } = request.scope;
      return answer(reply, await listQuestionnaires(db, portal, request.query));
    },
    async getquestionnaire(request) {
      const { portal } = request.scope;
      return getQuestionnaire(db, portal, request.params.id);
    },
    async createquestionnaire(request, reply) {
      const { portal } = request.scope;
      const created = await createQuestionnaire(db, portal, request.body);
      reply.code(201);
      return created;
    },
    async updatequestionnaire(request) {
      const { portal } = request.scope;
      return updateQuestionnaire(db, portal, request.params.id, request.body);
    },
  };
}
