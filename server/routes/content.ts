import type { operations } from '../../src/api/generated/connect';
import {
  createAnnouncement, currentAnnouncements, deleteAnnouncements, dismissAnnouncement, getAnnouncement, listAnnouncements,
  updateAnnouncement,
} from '../domain/announcements';
import { getMediaItem, listMedia, mediaImage } from '../domain/media';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';

type ContentOperations =
  | 'getannouncements' | 'getannouncement' | 'createannouncement' | 'updateannouncement' | 'deleteannouncements'
  | 'getcurrentannouncements' | 'dismissannouncement'
  | 'getmedia' | 'getmediaitem' | 'getmediaimage';


/** Announcements and media (issue 6): staff screens, the signed-in banner, and signed image URLs. */
export function contentHandlers({ db, keys }: AppContext): Pick<Handlers<operations>, ContentOperations> {
  return {
    async getannouncements(request) {
      return listAnnouncements(db, request.scope.portal, request.query);
    },
    async getannouncement(request) {
      return getAnnouncement(db, request.scope.portal, request.params.id);
    },
    async createannouncement(request, reply) {
      const { id } = request.scope.permissions;
      const created = await createAnnouncement(db, request.scope.portal, id, request.body);
      reply.code(201);
      return created;
    },
    async updateannouncement(request) {
      const portal = request.scope.portal;
      return updateAnnouncement(db, portal, request.params.id, request.body);
    },
    async deleteannouncements(request) {
      return deleteAnnouncements(db, request.scope.portal, request.query.ids);
    },
    async getcurrentannouncements(request) {
      const { id } = request.scope.permissions;
      return currentAnnouncements(db, request.scope.portal, id);
    },
    async dismissannouncement(request, reply) {
      const { id } = request.scope.permissions;
      await dismissAnnouncement(db, request.scope.portal, id, request.params.id);
      return reply.code(204).send();
    },
    async getmedia(request) {
      return listMedia(db, keys, request.scope.portal, request.query);
    },
    async getmediaitem(request) {
      return getMediaItem(db, keys, request.scope.portal, request.params.id);
    },
    async getmediaimage(request, reply) {
      const image = await mediaImage(db, keys, request.scope.portal, request.params.id, request.query.token);
      return reply.type(image.contentType).header('Cache-Control', 'private, max-age=600').send(image.data);
    },
  };
}
