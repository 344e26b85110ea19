import type { operations } from '../../src/api/generated/connect';
import { listMyDeliveries } from '../domain/my-deliveries';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';

/** A customer's own deliveries (issue 4): /dashboard for whoever may not read the deliveries list. */
export function myDeliveriesHandlers({ db }: AppContext): Pick<Handlers<operations>, 'getmydeliveries'> {
  return {
    async getmydeliveries(request) {
      const { id } = request.scope.permissions;
      const portal = request.scope.portal;
      return listMyDeliveries(db, portal, id, request.query);
    },
  };
}
