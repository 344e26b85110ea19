import type { operations } from '../../src/api/generated/connect';
import { trackingOf } from '../domain/tracking';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';

/** The public tracking page (000 section 2: /track/:hash): no sign-in, the tracking hash is the capability. */
export function trackingHandlers({ db }: AppContext): Pick<Handlers<operations>, 'gettracking'> {
  return {
    async gettracking(request) {
      const portal = request.scope.portal;
      return trackingOf(db, portal, request.params.hash);
    },
  };
}
