import type { operations } from '../../src/api/generated/connect';
import { requirePortal } from '../domain/portals';
import {
  createArea, createPermission, createTerritory, deleteAreas, deletePermission, deleteTerritories, getArea, getTerritory,
  listAreas, listPermissions, listTerritories, placesInView, searchPolygon, updateArea, updateTerritory,
} from '../domain/territories';
import type { AppContext } from './context';
import type { Handlers } from './handler-types';

type TerritoryOperations =
  | 'getTerritoryPermissions' | 'createTerritoryPermission' | 'deleteTerritoryPermission'
  | 'getterritories' | 'createterritory' | 'deleteterritories' | 'getterritory' | 'updateterritory'
  | 'getterritoryareas' | 'createterritoryarea' | 'deleteterritoryareas' | 'getterritoryarea' | 'updateterritoryarea'
  | 'searchpolygon' | 'getterritoryplaces';


/** Territories, their areas and exceptions, permissions, and the point-in-polygon search (administrators). */
export function territoriesHandlers({ db }: AppContext): Pick<Handlers<operations>, TerritoryOperations> {
  const portalOf = (request: { params: { cca2: string } }) => requirePortal(db, request.params.cca2);
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
      return reply.code(204).send() as never;
    },
    async getterritories(request) {
      return listTerritories(db, await portalOf(request), request.query) as never;
    },
    async createterritory(request, reply) {
      const created = await createTerritory(db, await portalOf(request), request.body);
      reply.code(201);
      return created;
    },
    async deleteterritories(request) {
      return deleteTerritories(db, await portalOf(request), request.query.ids);
    },
    async getterritory(request) {
      return getTerritory(db, await portalOf(request), request.params.id);
    },
    async updateterritory(request) {
      const portal = await portalOf(request);
      return updateTerritory(db, portal, request.params.id, request.body);
    },
    async getterritoryareas(request, reply) {
      return listAreas(db, await portalOf(request), request.query, reply) as never;
    },
    async createterritoryarea(request, reply) {
      const created = await createArea(db, await portalOf(request), request.body);
      reply.code(201);
      return created;
    },
    async deleteterritoryareas(request) {
      return deleteAreas(db, await portalOf(request), request.query.ids);
    },
    async getterritoryarea(request) {
      return getArea(db, await portalOf(request), request.params.id);
    },
    async updateterritoryarea(request) {
      const portal = await portalOf(request);
      return updateArea(db, portal, request.params.id, request.body);
    },
    async searchpolygon(request) {
      return searchPolygon(db, await portalOf(request), request.query);
    },
    async getterritoryplaces(request) {
      return placesInView(db, await portalOf(request), request.query);
    },
  };
}
