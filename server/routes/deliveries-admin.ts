import type { operations } from '../../src/api/generated/connect';
import { mayCall } from '../../src/lib/access';
import {
  bulkUpdateDeliveryDate, cancelAndReturnToSender, cancelDelivery, deleteDeliveries, getDelivery, listDeliveries,
  recalculateLogistics, recalculateParcels, reverseLogisticStatus, updateDelivery, updateDeliveryProof,
} from '../domain/deliveries-admin';
import { ConflictError } from '../domain/directory';
import { requirePortal } from '../domain/portals';
import { scopeOf } from '../domain/scope';
import type { AppContext } from './context';
import { requirePermissions } from './context';
import type { Handlers } from './handler-types';

type DeliveriesAdminOperations =
  | 'getdeliveries' | 'getdelivery' | 'updatedelivery' | 'deletedeliveries' | 'bulkUpdateDeliveryDate' | 'canceldelivery'
  | 'cancelandreturntosender' | 'recalculateparcels' | 'recalculatelogistics' | 'reverseLogisticStatus' | 'updatedeliveryproof';

/** The deliveries of the back office (issue 6; 002 sections 2, 3, 7): list, export, edit screen and actions. */
export function deliveriesAdminHandlers({ db }: AppContext): Pick<Handlers<operations>, DeliveriesAdminOperations> {
  const scoped = async (request: { params: { cca2: string }; permissions?: unknown }) => {
    const permissions = requirePermissions(request.permissions as never);
    const portal = await requirePortal(db, request.params.cca2);
    // "Editing is permitted": the caller may change the delivery (the edit screen's update roles).
    const mayEdit = mayCall('canceldelivery', permissions);
    return { db, portal, scope: scopeOf(permissions), mayEdit };
  };
  return {
    async getdeliveries(request, reply) {
      const { portal, scope } = await scoped(request);
      return listDeliveries(db, portal, scope, request.query, reply) as never;
    },
    async getdelivery(request) {
      const { portal, scope, mayEdit } = await scoped(request);
      return getDelivery(db, portal, scope, request.params.id, mayEdit) as never;
    },
    async updatedelivery(request, reply) {
      try {
        return await updateDelivery(await scoped(request), request.params.id, request.body) as never;
      } catch (error) {
        // A stale xmin answers the current version beside the message (the shared error handler sends only the envelope).
        if (error instanceof ConflictError) return reply.code(409).send({ message: error.message, current: error.current }) as never;
        throw error;
      }
    },
    async deletedeliveries(request) {
      const { portal, scope } = await scoped(request);
      return deleteDeliveries(db, portal, scope, request.query.ids);
    },
    async bulkUpdateDeliveryDate(request) {
      const { portal, scope } = await scoped(request);
      return bulkUpdateDeliveryDate(db, portal, scope, request.body.deliveryIds, request.body.deliveryDate);
    },
    async canceldelivery(request) {
      return cancelDelivery(await scoped(request), request.params.id) as never;
    },
    async cancelandreturntosender(request) {
      return cancelAndReturnToSender(await scoped(request), request.params.id) as never;
    },
    async recalculateparcels(request) {
      return recalculateParcels(await scoped(request), request.params.id) as never;
    },
    async recalculatelogistics(request) {
      return recalculateLogistics(await scoped(request), request.params.id) as never;
    },
    async reverseLogisticStatus(request) {
      return reverseLogisticStatus(await scoped(request), request.params.id) as never;
    },
    async updatedeliveryproof(request) {
      return updateDeliveryProof(await scoped(request), request.params.id, request.body) as never;
    },
  };
}
