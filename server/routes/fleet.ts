import type { operations } from '../../src/api/generated/connect';
import { createHub, getHubDetail, listHubs, updateHub, type ResolveAddress } from '../domain/hubs-admin';
import { deleteMobileDevices, delinkMobileDevice, listMobileDevices, notifyMobileDevice, searchDeviceOwners } from '../domain/mobile-devices';
import { requirePortal } from '../domain/portals';
import { createVehicle, getVehicle, listVehicles, updateVehicle } from '../domain/vehicles';
import { geoOf, viaGeocoder } from '../geo';
import type { AppContext } from './context';
import { requirePermissions } from './context';
import type { Handlers } from './handler-types';

type FleetOperations =
  | 'getvehicles' | 'getvehicle' | 'createvehicle' | 'updatevehicle'
  | 'gethubs' | 'gethub' | 'createhub' | 'updatehub'
  | 'getmobiledevices' | 'getmobiledeviceowners' | 'updatemobiledevice' | 'notifymobiledevice' | 'deletemobiledevices';

/** Vehicles, hubs (administration) and mobile devices (issue 6; 000 section 2, 002 sections 2, 3, 7). */
export function fleetHandlers(context: AppContext): Pick<Handlers<operations>, FleetOperations> {
  const { db, live } = context;
  const { geocoder } = geoOf(context);
  // The hub's address is resolved as resolveaddress resolves it (the same geocoder).
  const resolve: ResolveAddress = (cca2, placeId) => viaGeocoder(() => geocoder.resolve(cca2, placeId));
  const portalOf = (request: { params: { cca2: string } }) => requirePortal(db, request.params.cca2);
  return {
    async getvehicles(request, reply) {
      return listVehicles(db, await portalOf(request), request.query, reply) as never;
    },
    async getvehicle(request) {
      return getVehicle(db, await portalOf(request), request.params.id);
    },
    async createvehicle(request, reply) {
      const created = await createVehicle(db, await portalOf(request), request.body);
      reply.code(201);
      return created;
    },
    async updatevehicle(request) {
      const portal = await portalOf(request);
      return updateVehicle(db, portal, request.params.id, request.body);
    },
    async gethubs(request) {
      return listHubs(db, await portalOf(request), request.query) as never;
    },
    async gethub(request) {
      return getHubDetail(db, await portalOf(request), request.params.id);
    },
    async createhub(request, reply) {
      const created = await createHub(db, await portalOf(request), resolve, request.body);
      reply.code(201);
      return created;
    },
    async updatehub(request) {
      const portal = await portalOf(request);
      return updateHub(db, portal, resolve, request.params.id, request.body);
    },
    async getmobiledevices(request, reply) {
      return listMobileDevices(db, await portalOf(request), request.query, reply) as never;
    },
    async getmobiledeviceowners(request) {
      return searchDeviceOwners(db, await portalOf(request), request.query.search, request.query.pageSize);
    },
    async updatemobiledevice(request) {
      const portal = await portalOf(request);
      return delinkMobileDevice(db, portal, request.params.id, request.body);
    },
    async notifymobiledevice(request) {
      return notifyMobileDevice(db, live, await portalOf(request), requirePermissions(request.permissions), request.params.id);
    },
    async deletemobiledevices(request) {
      return deleteMobileDevices(db, await portalOf(request), request.query.ids);
    },
  };
}
