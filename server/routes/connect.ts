import { eq } from 'drizzle-orm';
import type { operations } from '../../src/api/generated/connect';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import { frontendErrors, profilePictures } from '../db/schema';
import { recordProfilePicture } from '../domain/media';
import { findPortal } from '../domain/portals';
import { badRequest, notFound } from '../http/errors';
import type { AppContext } from '../context';
import { addressHandlers } from './addresses';
import { bookingHandlers } from './booking';
import { contentHandlers } from './content';
import { directoryHandlers } from './directory';
import { deliveriesAdminHandlers } from './deliveries-admin';
import type { Handlers } from './handler-types';
import { paymentHandlers } from './payments';
import { operationsHandlers } from './operations';
import { integrationsHandlers } from './integrations';
import { fleetHandlers } from './fleet';
import { territoriesHandlers } from './territories';
import { usersAdminHandlers } from './users-admin';
import { myDeliveriesHandlers } from './my-deliveries';
import { trackingHandlers } from './tracking';

export function connectHandlers(context: AppContext): Handlers<operations> {
  const { db } = context;
  return {
    ...directoryHandlers(context),
    ...deliveriesAdminHandlers(context),
    ...bookingHandlers(context),
    ...paymentHandlers(context),
    ...operationsHandlers(context),
    ...addressHandlers(context),
    ...integrationsHandlers(context),
    ...contentHandlers(context),
    ...fleetHandlers(context),
    ...territoriesHandlers(context),
    ...usersAdminHandlers(context),
    ...myDeliveriesHandlers(context),
    ...trackingHandlers(context),
    async getCountry(request) {
      const portal = await findPortal(db, request.params.code);
      if (!portal) throw notFound(`country ${request.params.code}`);
      const { id: _id, ...data } = portal;
      return data;
    },

    async logFrontendError(request, reply) {
      const body = request.body;
      const [row] = await db.insert(frontendErrors).values({
        error: body.Error,
        url: body.Url,
        agent: body.Agent ?? null,
        stack: body.Stack ?? null,
        auth: body.Auth ?? null,
      }).returning({ id: frontendErrors.id });
      request.log.warn({ frontendErrorId: row?.id, url: body.Url, error: body.Error }, 'frontend error reported');
      // Fastify sends a string payload as it is; the contract says a JSON string, so encode it.
      reply.status(201).type('application/json');
      return JSON.stringify(row!.id);
    },

    async uploadProfilePicture(request, reply) {
      const { id } = request.scope.permissions;
      const portal = request.scope.portal;
      // Multipart parsing (server/http/multipart.ts) has checked the size (413) and that `file` is a file part.
      const { file } = request.body as unknown as { file: Buffer };
      const contentType = imageTypeOf(file);
      if (!contentType) throw badRequest('file', AUTH_TEXTS.imageInvalid);
      await db.insert(profilePictures).values({ userId: id, contentType, data: file })
        .onConflictDoUpdate({ target: profilePictures.userId, set: { contentType, data: file, updatedAt: new Date() } });
      // Media (issue 6): the picture's measures and aiScore for /media/profile-pictures.
      await recordProfilePicture(db, portal, id, contentType, file);
      return reply.code(204).send();
    },

    async getProfilePicture(request, reply) {
      const { id } = request.scope.permissions;
      // A picture belongs to the user; the portal is read only so an unknown country stays a 404.
      void request.scope.portal;
      const [picture] = await db.select().from(profilePictures).where(eq(profilePictures.userId, id)).limit(1);
      if (!picture) throw notFound('profile picture');
      return reply.type(picture.contentType).header('Cache-Control', 'private, no-cache').send(picture.data);
    },
  };
}

/** The image type by its first bytes (never the client's claimed type): JPEG, PNG or WebP, else undefined. */
function imageTypeOf(data: Buffer): string | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}
