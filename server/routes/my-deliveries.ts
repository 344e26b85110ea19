import type { operations } from '../../src/api/generated/connect';
import { listMyDeliveries } from '../domain/my-deliveries';
import { requirePortal } from '../domain/portals';
import type { AppContext } from './context';
import { requirePermissions } from './context';
import type { Handlers } from './handler-types';

/** A customer's own deliveries (issue 4): /dashboard for whoever may not read the deliveries list. */
export function myDeliveriesHandlers({ db }: AppContext): Pick<Handlers<operations>, 'getmydeliveries'> {
  return {
    async getmydeliveries(request) {
      const { id } = requirePermissions(request.permissions);
      const portal = await requirePortal(db, request.params.cca2);
      return listMyDeliveries(db, portal, id, request.query);
    },
  };
}
