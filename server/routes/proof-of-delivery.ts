import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/connect';
import type { AppContext } from '../context';
import { listProofSettings, saveProofSetting, type ProofContext } from '../domain/proof-of-delivery';
import { deliveryProofPack, renderProofPackPdf, uploadProofPhoto } from '../domain/proof-pack';
import { filePart } from '../http/multipart';
import type { Handlers } from './handler-types';

type ProofOperations = 'getproofofdeliverysettings' | 'saveproofofdeliverysetting' | 'uploadproofphoto' | 'getdeliveryproof' | 'getdeliveryproofpdf';

/** Proof of delivery (issue 20): what a company's drop-offs need per service level, the driver's photo, the proof pack. */
export function proofOfDeliveryHandlers({ db, live, keys }: AppContext): Pick<Handlers<operations>, ProofOperations> {
  const ctx = ({ scope }: FastifyRequest): ProofContext => ({ db, portalId: scope.portal.id, permissions: scope.permissions });
  return {
    async getproofofdeliverysettings(request) {
      return listProofSettings(ctx(request), request.params.companyId);
    },
    async saveproofofdeliverysetting(request) {
      return saveProofSetting(ctx(request), request.params.companyId, request.body);
    },
    async uploadproofphoto(request) {
      // Multipart parsing (server/http/multipart.ts) has checked the size (413) and that `file` is a file part.
      const ops = { db, live, portal: request.scope.portal, permissions: request.scope.permissions };
      return uploadProofPhoto(ops, keys, request.params.id, filePart(request.body, 'file'));
    },
    async getdeliveryproof(request) {
      return deliveryProofPack(db, keys, request.scope.portal, request.scope.rows, request.params.id);
    },
    async getdeliveryproofpdf(request, reply) {
      const pack = await renderProofPackPdf(db, keys, request.scope.portal, request.scope.rows, request.params.id);
      return reply.type('application/pdf').header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="${pack.fileName}"`).send(pack.pdf);
    },
  };
}
