import { Readable } from 'node:stream';
import type { operations } from '../../src/api/generated/connect';
import { RATE_TEXTS } from '../../src/lib/rate-texts';
import {
  cancelRateUpload, deleteRateBatches, getRateBatch, getRateUpload, listRateBatches, listRateUploads, submitRateBatch, updateRateUpload, uploadRateSheet,
  uploadStatuses,
} from '../domain/rate-uploads';
import type { AppContext } from '../context';
import { rateBatchImpact } from '../domain/rate-impact';
import { HttpError } from '../http/errors';
import { answer } from '../http/export';
import { sheetKindOf } from './delivery-uploads';
import type { Handlers } from './handler-types';

type RateUploadOperations = 'getratebatches' | 'getratebatch' | 'getratebatchimpact' | 'uploadratesheet' | 'deleteratebatches' | 'submitratebatch' | 'getrateuploads'
  | 'getrateupload' | 'updaterateupload' | 'cancelrateupload' | 'getuploadstatuses';


/** Rate upload batches (issue 16; 002 sections 2, 4, 5, 8). */
export function rateUploadHandlers(context: AppContext): Pick<Handlers<operations>, RateUploadOperations> {
  const { db, jobs } = context;
  return {
    async getratebatches(request) {
      return listRateBatches(db, request.scope.portal, request.query);
    },
    async getratebatch(request) {
      return getRateBatch(db, request.scope.portal, request.params.id);
    },
    async getratebatchimpact(request) {
      return rateBatchImpact(db, request.scope.portal, request.params.id);
    },
    async uploadratesheet(request, reply) {
      // The body is the request stream itself (server/http/sheet-upload.ts): read as it arrives, never buffered whole.
      const body = request.body;
      if (!(body instanceof Readable)) throw new HttpError(400, RATE_TEXTS.emptyFile, { file: [RATE_TEXTS.emptyFile] });
      const kind = sheetKindOf(request.headers['content-type']);
      const uploadBatch = await uploadRateSheet(db, request.scope.portal, request.scope.permissions.id, request.query.fileName, kind, body,
        Number(request.headers['content-length'] ?? 0));
      reply.code(201);
      return { message: RATE_TEXTS.fileUploaded, uploadBatch };
    },
    async deleteratebatches(request) {
      return deleteRateBatches(db, request.scope.portal, request.query.ids);
    },
    async submitratebatch(request) {
      return submitRateBatch(db, jobs, request.scope.portal, request.params.id);
    },
    async getrateuploads(request, reply) {
      return answer(reply, await listRateUploads(db, request.scope.portal, request.params.batchId, request.query));
    },
    async getrateupload(request) {
      return getRateUpload(db, request.scope.portal, request.params.id);
    },
    async updaterateupload(request) {
      return updateRateUpload(db, request.scope.portal, request.params.id, request.body);
    },
    async cancelrateupload(request) {
      return cancelRateUpload(db, request.scope.portal, request.params.id);
    },
    async getuploadstatuses() {
      return uploadStatuses();
    },
  };
}
