import type { operations } from '../../src/api/generated/connect';
import type { AppContext } from '../context';
import { geoOf, viaGeocoder } from '../geo';
import { listParcelTypes } from '../domain/lookups';
import { publicPrice, rateDelivery, ratingForm, trackOrder } from '../domain/public-site';
import type { Handlers } from './handler-types';

/** Results the calculator's place search offers. */
const PLACE_RESULTS = 10;

/** The public face (issue 19): no sign-in; the edge limits them per client address (server/http/load-limits.ts). */
export function publicHandlers(context: AppContext): Pick<Handlers<operations>, 'publicplaces' | 'publicparceltypes' | 'publicprice' | 'trackorder' | 'getratingform' | 'ratedelivery'> {
  const { db, config } = context;
  const geo = geoOf(context);
  return {
    async publicplaces(request) {
      const portal = request.scope.portal;
      const found = await viaGeocoder(() => geo.geocoder.search(portal.cca2, request.query.search.trim(), PLACE_RESULTS));
      return found.map(({ placeId, description }) => ({ placeId, description }));
    },
    async publicparceltypes(request) {
      void request.scope.portal;
      return listParcelTypes(db);
    },
    async publicprice(request) {
      return viaGeocoder(() => publicPrice(db, request.scope.portal, geo, request.body));
    },
    async trackorder(request) {
      return trackOrder(db, request.scope.portal, request.body);
    },
    async getratingform(request) {
      return ratingForm(db, request.scope.portal, request.params.hash);
    },
    async ratedelivery(request, reply) {
      const result = await rateDelivery(db, request.scope.portal, request.params.hash, request.body, config.publicReviewUrl);
      reply.status(201);
      return result;
    },
  };
}
