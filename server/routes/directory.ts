import type { operations } from '../../src/api/generated/connect';
import {
  createCompany, createStore, deleteStores, getCompany, getStore, listCompanies, listStores, updateCompany,
  updateStore,
} from '../domain/directory';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';
import { answer } from '../http/export';

type DirectoryOperations =
  | 'getcompanies' | 'getcompany' | 'createcompany' | 'updatecompany'
  | 'getstores' | 'getstore' | 'createstore' | 'updatestore' | 'deletestores';


/** Companies and stores (000 sections 2 and 6; 002 section 7): lists with filters and export, add, edit, delete. */
export function directoryHandlers({ db }: AppContext): Pick<Handlers<operations>, DirectoryOperations> {
  return {
    async getcompanies(request, reply) {
      const { portal, rows } = request.scope;
      return answer(reply, await listCompanies(db, portal, rows, request.query));
    },
    async getcompany(request) {
      const { portal, rows } = request.scope;
      return getCompany(db, portal, rows, request.params.id);
    },
    async createcompany(request, reply) {
      const { portal } = request.scope;
      reply.code(201);
      return createCompany(db, portal, request.body);
    },
    async updatecompany(request) {
      const { portal, rows } = request.scope;
      return updateCompany(db, portal, rows, request.params.id, request.body);
    },
    async getstores(request, reply) {
      const { portal, rows } = request.scope;
      return answer(reply, await listStores(db, portal, rows, request.query));
    },
    async getstore(request) {
      const { portal, rows } = request.scope;
      return getStore(db, portal, rows, request.params.id);
    },
    async createstore(request, reply) {
      const { portal, rows } = request.scope;
      const created = await createStore(db, portal, rows, request.body);
      reply.code(201);
      return created;
    },
    async updatestore(request) {
      const { portal, rows } = request.scope;
      return updateStore(db, portal, rows, request.params.id, request.body);
    },
    async deletestores(request) {
      const { portal, rows } = request.scope;
      return deleteStores(db, portal, rows, request.query.ids);
    },
  };
}
