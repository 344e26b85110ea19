import type { operations } from '../../src/api/generated/connect';
import {
  createArea, createPermission, createTerritory, deleteAreas, deletePermission, deleteTerritories, getArea, getTerritory,
  listAreas, listPermissions, listTerritories, placesInView, searchPolygon, updateArea, updateTerritory,
} from '../domain/territories';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';
import { answer } from '../http/export';

type TerritoryOperations =
  | 'getTerritoryPermissions' | 'createTerritoryPermission' | 'deleteTerritoryPermission'
  | 'getterritories' | 'createterritory' | 'deleteterritories' | 'getterritory' | 'updateterritory'
  | 'getterritoryareas' | 'createterritoryarea' | 'deleteterritoryareas' | 'getterritoryarea' | 'updateterritoryarea'
  | 'searchpolygon' | 'getterritoryplaces';


/** Territories, their areas and exceptions, permissions, and the point-in-polygon search (administrators). */
export function territoriesHandlers({ db }: AppContext): Pick<Handlers<operations>, TerritoryOperations> {
  return {
    async getTerritoryPermissions(request) {
      return listPermissions(db, request.query.territoryid);
    },
    async createTerritoryPermission(request, reply) {
      const created = await createPermission(db, request.body);
      reply.code(201);
      return created;
    },
    async deleteTerritoryPermission(request, reply) {
      await deletePermission(db, request.params.id);
      return reply.code(204).send();
    },
    async getterritories(request) {
      return listTerritories(db, request.scope.portal, request.query);
    },
    async createterritory(request, reply) {
      const created = await createTerritory(db, request.scope.portal, request.body);
      reply.code(201);
      return created;
    },
    async deleteterritories(request) {
      return deleteTerritories(db, request.scope.portal, request.query.ids);
    },
    async getterritory(request) {
      return getTerritory(db, request.scope.portal, request.params.id);
    },
    async updateterritory(request) {
      const portal = request.scope.portal;
      return updateTerritory(db, portal, request.params.id, request.body);
    },
    async getterritoryareas(request, reply) {
      return answer(reply, await listAreas(db, request.scope.portal, request.query));
    },
    async createterritoryarea(request, reply) {
      const created = await createArea(db, request.scope.portal, request.body);
      reply.code(201);
      return created;
    },
    async deleteterritoryareas(request) {
      return deleteAreas(db, request.scope.portal, request.query.ids);
    },
    async getterritoryarea(request) {
      return getArea(db, request.scope.portal, request.params.id);
    },
    async updateterritoryarea(request) {
      const portal = request.scope.portal;
      return updateArea(db, portal, request.params.id, request.body);
    },
    async searchpolygon(request) {
      return searchPolygon(db, request.scope.portal, request.query);
    },
    async getterritoryplaces(request) {
      return placesInView(db, request.scope.portal, request.query);
    },
  };
}
