import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/connect';
import { mayCall } from '../../src/lib/access';
import {
  bulkUpdateDeliveryDate, cancelAndReturnToSender, cancelDelivery, deleteDeliveries, getDelivery, listDeliveries,
  recalculateLogistics, recalculateParcels, reverseLogisticStatus, updateDelivery, updateDeliveryProof,
} from '../domain/deliveries-admin';
import { Changes, publishChanges } from '../domain/operations/changes';
import type { PortalData } from '../domain/portals';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';
import { answer } from '../http/export';

type DeliveriesAdminOperations =
  | 'getdeliveries' | 'getarchiveddeliveries' | 'getdelivery' | 'updatedelivery' | 'deletedeliveries' | 'bulkUpdateDeliveryDate' | 'canceldelivery'
  | 'cancelandreturntosender' | 'recalculateparcels' | 'recalculatelogistics' | 'reverseLogisticStatus' | 'updatedeliveryproof';

/** The deliveries of the back office (issue 6; 002 sections 2, 3, 7): list, export, edit screen and actions. */
export function deliveriesAdminHandlers({ db, live }: AppContext): Pick<Handlers<operations>, DeliveriesAdminOperations> {
  const scoped = ({ scope }: FastifyRequest) => ({
    db, portal: scope.portal, scope: scope.rows,
    // "Editing is permitted": the caller may change the delivery (the edit screen's update roles).
    mayEdit: mayCall('canceldelivery', scope.permissions),
    userId: scope.permissions.id,
  });
  /**
   * After the commit, each changed delivery goes out on the dashboard hub's Deliveries topic exactly as operations
   * publish it (list row + job shape, xmin, scoped to its company/store and its job's driver); never throws.
   */
  const publish = async (portal: PortalData, ids: number[]) => {
    const changes = new Changes();
    for (const id of ids) changes.deliveries.add(id);
    await publishChanges(db, live, changes, portal).catch(() => undefined);
  };
  /** Runs an action that answers the delivery, then publishes it. */
  const acted = async <T extends { id: number }>(portal: PortalData, work: Promise<T>): Promise<T> => {
    const result = await work;
    await publish(portal, [result.id]);
    return result;
  };
  return {
    async getdeliveries(request, reply) {
      const { portal, scope } = scoped(request);
      return answer(reply, await listDeliveries(db, portal, scope, request.query));
    },
    async getarchiveddeliveries(request, reply) {
      const { portal, scope } = scoped(request);
      return answer(reply, await listDeliveries(db, portal, scope, request.query, true));
    },
    async getdelivery(request) {
      const { portal, scope, mayEdit } = scoped(request);
      return getDelivery(db, portal, scope, request.params.id, mayEdit);
    },
    async updatedelivery(request) {
      const ctx = scoped(request);
      return acted(ctx.portal, updateDelivery(ctx, request.params.id, request.body));
    },
    async deletedeliveries(request) {
      const { portal, scope } = scoped(request);
      const { deleted, removed } = await deleteDeliveries(db, portal, scope, request.query.ids);
      // The rows are gone: their last list row goes out with isDeleted (and a newer xmin) so lists drop them.
      for (const row of removed) live.publish({ topic: 'Deliveries', payload: row, scope: { companyId: row.companyId, storeId: row.storeId } });
      return { deleted };
    },
    async bulkUpdateDeliveryDate(request) {
      const { portal, scope } = scoped(request);
      const result = await bulkUpdateDeliveryDate(db, portal, scope, request.body.deliveryIds, request.body.deliveryDate);
      await publish(portal, [...new Set(request.body.deliveryIds)]);
      return result;
    },
    async canceldelivery(request) {
      const ctx = scoped(request);
      return acted(ctx.portal, cancelDelivery(ctx, request.params.id));
    },
    async cancelandreturntosender(request) {
      const ctx = scoped(request);
      return acted(ctx.portal, cancelAndReturnToSender(ctx, request.params.id));
    },
    async recalculateparcels(request) {
      const ctx = scoped(request);
      return acted(ctx.portal, recalculateParcels(ctx, request.params.id));
    },
    async recalculatelogistics(request) {
      const ctx = scoped(request);
      return acted(ctx.portal, recalculateLogistics(ctx, request.params.id));
    },
    async reverseLogisticStatus(request) {
      const ctx = scoped(request);
      return acted(ctx.portal, reverseLogisticStatus(ctx, request.params.id));
    },
    async updatedeliveryproof(request) {
      const ctx = scoped(request);
      return acted(ctx.portal, updateDeliveryProof(ctx, request.params.id, request.body));
    },
  };
}
