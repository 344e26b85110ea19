import type { operations } from '../../src/api/generated/connect';
import {
  createAnnouncement, currentAnnouncements, deleteAnnouncements, dismissAnnouncement, getAnnouncement, listAnnouncements,
  updateAnnouncement,
} from '../domain/announcements';
import { getMediaItem, listMedia, mediaImage } from '../domain/media';
import { requirePortal } from '../domain/portals';
import type { AppContext } from './context';
import { requirePermissions } from './context';
import type { Handlers } from './handler-types';

type ContentOperations =
  | 'getannouncements' | 'getannouncement' | 'createannouncement' | 'updateannouncement' | 'deleteannouncements'
  | 'getcurrentannouncements' | 'dismissannouncement'
  | 'getmedia' | 'getmediaitem' | 'getmediaimage';


/** Announcements and media (issue 6): staff screens, the signed-in banner, and signed image URLs. */
export function contentHandlers({ db, keys }: AppContext): Pick<Handlers<operations>, ContentOperations> {
  const portalOf = (request: { params: { cca2: string } }) => requirePortal(db, request.params.cca2);
  return {
    async getannouncements(request) {
      return listAnnouncements(db, await portalOf(request), request.query);
    },
    async getannouncement(request) {
      return getAnnouncement(db, await portalOf(request), request.params.id);
    },
    async createannouncement(request, reply) {
      const { id } = requirePermissions(request.permissions);
      const created = await createAnnouncement(db, await portalOf(request), id, request.body);
      reply.code(201);
      return created;
    },
    async updateannouncement(request) {
      const portal = await portalOf(request);
      return updateAnnouncement(db, portal, request.params.id, request.body);
    },
    async deleteannouncements(request) {
      return deleteAnnouncements(db, await portalOf(request), request.query.ids);
    },
    async getcurrentannouncements(request) {
      const { id } = requirePermissions(request.permissions);
      return currentAnnouncements(db, await portalOf(request), id);
    },
    async dismissannouncement(request, reply) {
      const { id } = requirePermissions(request.permissions);
      await dismissAnnouncement(db, await portalOf(request), id, request.params.id);
      return reply.code(204).send() as never;
    },
    async getmedia(request) {
      return listMedia(db, keys, await portalOf(request), request.query);
    },
    async getmediaitem(request) {
      return getMediaItem(db, keys, await portalOf(request), request.params.id);
    },
    async getmediaimage(request, reply) {
      const image = await mediaImage(db, keys, await portalOf(request), request.params.id, request.query.token);
      return reply.type(image.contentType).header('Cache-Control', 'private, max-age=600').send(image.data) as never;
    },
  };
}
