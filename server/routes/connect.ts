import { financeHandlers } from './finance';
import type { operations } from '../../src/api/generated/connect';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import { recordFrontendError } from '../domain/frontend-errors';
import { imageTypeOf, profilePictureOf, saveProfilePicture } from '../domain/profile-pictures';
import { findPortal } from '../domain/portals';
import { badRequest, notFound } from '../http/errors';
import { filePart } from '../http/multipart';
import type { AppContext } from '../context';
import { addressHandlers } from './addresses';
import { bookingHandlers } from './booking';
import { contentHandlers } from './content';
import { directoryHandlers } from './directory';
import { deliveriesAdminHandlers } from './deliveries-admin';
import type { Handlers } from './handler-types';
import { paymentHandlers } from './payments';
import { operationsHandlers } from './operations';
import { proofOfDeliveryHandlers } from './proof-of-delivery';
import { messagingHandlers } from './messaging';
import { integrationsHandlers } from './integrations';
import { fleetHandlers } from './fleet';
import { territoriesHandlers } from './territories';
import { usersAdminHandlers } from './users-admin';
import { myDeliveriesHandlers } from './my-deliveries';
import { trackingHandlers } from './tracking';
import { reportsHandlers } from './reports';
import { publicHandlers } from './public';
import { ratesHandlers } from './rates';
import { rateUploadHandlers } from './rate-uploads';
import { deliveryUploadHandlers } from './delivery-uploads';
import { storeUploadHandlers } from './store-uploads';
import { distanceDiscoveryHandlers } from './distance-discovery';
import { contactHandlers } from './contact';
import { applicationHandlers } from './applications';
import { indexManagementHandlers } from './index-management';

export function connectHandlers(context: AppContext): Handlers<operations> {
  const { db } = context;
  return {
    ...directoryHandlers(context),
    ...deliveriesAdminHandlers(context),
    ...bookingHandlers(context),
    ...paymentHandlers(context),
    ...operationsHandlers(context),
    ...messagingHandlers(context),
    ...addressHandlers(context),
    ...integrationsHandlers(context),
    ...contentHandlers(context),
    ...fleetHandlers(context),
    ...territoriesHandlers(context),
    ...usersAdminHandlers(context),
    ...myDeliveriesHandlers(context),
    ...trackingHandlers(context),
    ...reportsHandlers(context),
    ...publicHandlers(context),
    ...ratesHandlers(context),
    ...rateUploadHandlers(context),
    ...deliveryUploadHandlers(context),
    ...storeUploadHandlers(context),
    ...distanceDiscoveryHandlers(context),
    ...contactHandlers(context),
    ...applicationHandlers(context),
    ...financeHandlers(context),
    ...proofOfDeliveryHandlers(context),
    ...indexManagementHandlers(context),
    async getCountry(request) {
      const portal = await findPortal(db, request.params.code);
      if (!portal) throw notFound(`country ${request.params.code}`);
      const { id: _id, ...data } = portal;
      // Tiles only when the server is given a source: offline machines and CI fetch nothing.
      const mapTiles = context.config.mapTileUrl ? { url: context.config.mapTileUrl, attribution: context.config.mapTileAttribution } : null;
      return { ...data, mapTiles, analyticsUrl: context.config.analyticsUrl ?? null };
    },

    async logFrontendError(request, reply) {
      const body = request.body;
      const id = await recordFrontendError(db, body);
      request.log.warn({ frontendErrorId: id, url: body.Url, error: body.Error }, 'frontend error reported');
      // Fastify sends a string payload as it is; the contract says a JSON string, so encode it.
      reply.status(201).type('application/json');
      return JSON.stringify(id);
    },

    async uploadProfilePicture(request, reply) {
      const { id } = request.scope.permissions;
      const portal = request.scope.portal;
      // Multipart parsing (server/http/multipart.ts) has checked the size (413) and that `file` is a file part.
      const file = filePart(request.body, 'file');
      const contentType = imageTypeOf(file);
      if (!contentType) throw badRequest('file', AUTH_TEXTS.imageInvalid);
      await saveProfilePicture(db, portal, id, contentType, file);
      return reply.code(204).send();
    },

    async getProfilePicture(request, reply) {
      const { id } = request.scope.permissions;
      // A picture belongs to the user; the portal is read only so an unknown country stays a 404.
      void request.scope.portal;
      const picture = await profilePictureOf(db, id);
      if (!picture) throw notFound('profile picture');
      return reply.type(picture.contentType).header('Cache-Control', 'private, no-cache').send(picture.data);
    },
  };
}
