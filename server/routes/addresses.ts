// Handlers of address search and resolve (tag addresses; issue 4), through the configured geocoder
// (server/geo: the seeded gazetteer by default, Nominatim when configured).
import type { operations } from '../../src/api/generated/connect';
import { DELIVERY_STEP_TEXTS } from '../../src/lib/booking-texts';
import { MIN_SEARCH_LENGTH } from '../../src/lib/constants';
import { geoOf, viaGeocoder } from '../geo';
import { badRequest, notFound } from '../http/errors';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';

const DEFAULT_PAGE_SIZE = 10;

export function addressHandlers(context: AppContext): Pick<Handlers<operations>, 'searchaddresses' | 'resolveaddress'> {
  const { geocoder } = geoOf(context);
  return {
    async searchaddresses(request) {
      const portal = request.scope.portal;
      const search = request.query.search.trim();
      if (search.length < MIN_SEARCH_LENGTH) throw badRequest('search', DELIVERY_STEP_TEXTS.minimumSearch);
      return viaGeocoder(() => geocoder.search(portal.cca2, search, request.query.pageSize ?? DEFAULT_PAGE_SIZE));
    },
    async resolveaddress(request) {
      const portal = request.scope.portal;
      const resolved = await viaGeocoder(() => geocoder.resolve(portal.cca2, request.body.placeId));
      if (!resolved) throw notFound(`address ${request.body.placeId}`);
      return { placeId: resolved.placeId, description: resolved.description, coordinates: resolved.coordinates, storeId: null };
    },
  };
}
