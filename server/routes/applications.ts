import type { operations } from '../../src/api/generated/connect';
import type { DocumentTypeId } from '../../src/lib/applications';
import type { IdentityUpdate } from '../../src/lib/realtime';
import {
  approveApplication, cancelApplication, cancelInvite, clearApplication, createApplication, createInvite, deleteDocument, documentFile,
  getApplication, getInviteByHash, listApplications, listInvites, rejectApplication, reviewDocument, saveStep, submitApplication,
  trackApplications, updateInvite, uploadDocument,
} from '../domain/applications';
import { notificationOf } from '../domain/operations/rows';
import type { AppContext } from '../context';
import { answer } from '../http/export';
import { filePart } from '../http/multipart';
import type { Handlers } from './handler-types';

type ApplicationOperations =
  | 'getapplications' | 'createapplication' | 'trackapplications' | 'getapplication' | 'updateapplication' | 'clearapplication'
  | 'submitapplication' | 'uploadapplicationdocument' | 'getapplicationdocumentfile' | 'deleteapplicationdocument'
  | 'approveapplicationdocument' | 'rejectapplicationdocument' | 'approveapplication' | 'rejectapplication' | 'cancelapplication'
  | 'getapplicationinvites' | 'createdriverapplication' | 'updatedriverapplication' | 'canceldriverapplication' | 'getapplicationinvite';

const textField = (body: unknown, field: string): string | undefined => {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** Applications to join (issue 18): applying, review, invites. Scope and rules: server/domain/applications.ts. */
export function applicationHandlers({ db, live }: AppContext): Pick<Handlers<operations>, ApplicationOperations> {
  return {
    async getapplications(request, reply) {
      const { portal, permissions } = request.scope;
      return answer(reply, await listApplications(db, portal, permissions, request.query));
    },
    async createapplication(request, reply) {
      const { portal, permissions } = request.scope;
      const created = await createApplication(db, portal, permissions, request.body);
      reply.code(201);
      return created;
    },
    async trackapplications(request) {
      return trackApplications(db, request.scope.portal, request.scope.permissions);
    },
    async getapplication(request) {
      return getApplication(db, request.scope.portal, request.scope.permissions, request.params.id);
    },
    async updateapplication(request) {
      return saveStep(db, request.scope.portal, request.scope.permissions, request.params.id, request.body);
    },
    async clearapplication(request) {
      return clearApplication(db, request.scope.portal, request.scope.permissions, request.params.id);
    },
    async submitapplication(request) {
      const { detail, notifications } = await submitApplication(db, request.scope.portal, request.scope.permissions, request.params.id);
      for (const row of notifications) {
        live.publish({ topic: 'WebNotifications', payload: notificationOf(row), typeId: row.webNotificationTypeId, scope: { userId: row.userId } });
      }
      return detail;
    },
    async uploadapplicationdocument(request, reply) {
      // Multipart parsing (server/http/multipart.ts) has checked the size (413) and that `file` is a file part.
      const data = filePart(request.body, 'file');
      const document = await uploadDocument(db, request.scope.portal, request.scope.permissions, request.params.id, {
        documentTypeId: Number(textField(request.body, 'documentTypeId')) as DocumentTypeId,
        expiryDate: textField(request.body, 'expiryDate'),
        data,
      });
      reply.code(201);
      return document;
    },
    async getapplicationdocumentfile(request, reply) {
      const file = await documentFile(db, request.scope.portal, request.scope.permissions, request.params.id, request.params.documentId);
      return reply.type(file.contentType).header('Cache-Control', 'private, no-cache').send(file.data);
    },
    async deleteapplicationdocument(request, reply) {
      await deleteDocument(db, request.scope.portal, request.scope.permissions, request.params.id, request.params.documentId);
      return reply.code(204).send();
    },
    async approveapplicationdocument(request) {
      return reviewDocument(db, request.scope.portal, request.scope.permissions, request.params.id, request.params.documentId);
    },
    async rejectapplicationdocument(request) {
      return reviewDocument(db, request.scope.portal, request.scope.permissions, request.params.id, request.params.documentId, request.body.reason);
    },
    async approveapplication(request) {
      const approval = await approveApplication(db, request.scope.portal, request.scope.permissions, request.params.id);
      if (approval.rolesChanged) {
        // The applicant's open sessions reload their profile and token: the new menus appear without signing out.
        const payload: IdentityUpdate = { userId: approval.applicantUserId, refreshToken: null, reloadProfile: true, revoked: false };
        live.publish({ topic: 'MyIdentity', event: 'reloadProfile', payload, scope: { userId: approval.applicantUserId } });
      }
      return approval.detail;
    },
    async rejectapplication(request) {
      return rejectApplication(db, request.scope.portal, request.scope.permissions, request.params.id, request.body.reason);
    },
    async cancelapplication(request) {
      return cancelApplication(db, request.scope.portal, request.scope.permissions, request.params.id, request.body?.reason);
    },
    async getapplicationinvites(request) {
      return listInvites(db, request.scope.portal, request.scope.permissions, request.query);
    },
    async createdriverapplication(request, reply) {
      const invite = await createInvite(db, request.scope.portal, request.scope.permissions, request.body);
      reply.code(201);
      return invite;
    },
    async updatedriverapplication(request) {
      return updateInvite(db, request.scope.portal, request.scope.permissions, request.params.id, request.body);
    },
    async canceldriverapplication(request) {
      return cancelInvite(db, request.scope.portal, request.scope.permissions, request.params.id);
    },
    async getapplicationinvite(request) {
      return getInviteByHash(db, request.scope.portal, request.scope.permissions, request.params.hash);
    },
  };
}
