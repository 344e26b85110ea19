import type { operations } from '../../src/api/generated/connect';
import { createHub, getHubDetail, listHubs, updateHub, type ResolveAddress } from '../domain/hubs-admin';
import { deleteMobileDevices, delinkMobileDevice, listMobileDevices, notifyMobileDevice, searchDeviceOwners } from '../domain/mobile-devices';
import { createVehicle, getVehicle, listVehicles, updateVehicle } from '../domain/vehicles';
import { geoOf, viaGeocoder } from '../geo';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';
import { answer } from '../http/export';

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
  return {
    async getvehicles(request, reply) {
      return answer(reply, await listVehicles(db, request.scope.portal, request.query));
    },
    async getvehicle(request) {
      return getVehicle(db, request.scope.portal, request.params.id);
    },
    async createvehicle(request, reply) {
      const created = await createVehicle(db, request.scope.portal, request.body);
      reply.code(201);
      return created;
    },
    async updatevehicle(request) {
      const portal = request.scope.portal;
      return updateVehicle(db, portal, request.params.id, request.body);
    },
    async gethubs(request) {
      return listHubs(db, request.scope.portal, request.query);
    },
    async gethub(request) {
      return getHubDetail(db, request.scope.portal, request.params.id);
    },
    async createhub(request, reply) {
      const created = await createHub(db, request.scope.portal, resolve, request.body);
      reply.code(201);
      return created;
    },
    async updatehub(request) {
      const portal = request.scope.portal;
      return updateHub(db, portal, resolve, request.params.id, request.body);
    },
    async getmobiledevices(request, reply) {
      return answer(reply, await listMobileDevices(db, request.scope.portal, request.query));
    },
    async getmobiledeviceowners(request) {
      return searchDeviceOwners(db, request.scope.portal, request.query.search, request.query.pageSize);
    },
    async updatemobiledevice(request) {
      const portal = request.scope.portal;
      return delinkMobileDevice(db, portal, request.params.id, request.body);
    },
    async notifymobiledevice(request) {
      return notifyMobileDevice(db, live, request.scope.portal, request.scope.permissions, request.params.id);
    },
    async deletemobiledevices(request) {
      return deleteMobileDevices(db, request.scope.portal, request.query.ids);
    },
  };
}
