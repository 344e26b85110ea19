import type { operations } from '../../src/api/generated/connect';
import {
  createCompany, createStore, deleteStores, getCompany, getStore, listCompanies, listStores, updateCompany,
  updateStore,
} from '../domain/directory';
import { requirePortal } from '../domain/portals';
import { scopeOf } from '../domain/scope';
import type { AppContext } from './context';
import { requirePermissions } from './context';
import type { Handlers } from './handler-types';

type DirectoryOperations =
  | 'getcompanies' | 'getcompany' | 'createcompany' | 'updatecompany'
  | 'getstores' | 'getstore' | 'createstore' | 'updatestore' | 'deletestores';


/** Companies and stores (000 sections 2 and 6; 002 section 7): lists with filters and export, add, edit, delete. */
export function directoryHandlers({ db }: AppContext): Pick<Handlers<operations>, DirectoryOperations> {
  const scoped = async (request: { params: { cca2: string }; permissions?: unknown }) => {
    const portal = await requirePortal(db, request.params.cca2);
    return { portal, scope: scopeOf(requirePermissions(request.permissions as never)) };
  };
  return {
    async getcompanies(request, reply) {
      const { portal, scope } = await scoped(request);
      return listCompanies(db, portal, scope, request.query, reply) as never;
    },
    async getcompany(request) {
      const { portal, scope } = await scoped(request);
      return getCompany(db, portal, scope, request.params.id);
    },
    async createcompany(request, reply) {
      const { portal } = await scoped(request);
      reply.code(201);
      return createCompany(db, portal, request.body);
    },
    async updatecompany(request) {
      const { portal, scope } = await scoped(request);
      return updateCompany(db, portal, scope, request.params.id, request.body);
    },
    async getstores(request, reply) {
      const { portal, scope } = await scoped(request);
      return listStores(db, portal, scope, request.query, reply) as never;
    },
    async getstore(request) {
      const { portal, scope } = await scoped(request);
      return getStore(db, portal, scope, request.params.id);
    },
    async createstore(request, reply) {
      const { portal, scope } = await scoped(request);
      const created = await createStore(db, portal, scope, request.body);
      reply.code(201);
      return created;
    },
    async updatestore(request) {
      const { portal, scope } = await scoped(request);
      return updateStore(db, portal, scope, request.params.id, request.body);
    },
    async deletestores(request) {
      const { portal, scope } = await scoped(request);
      return deleteStores(db, portal, scope, request.query.ids);
    },
  };
}
