import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/connect';
import { RATE_TEXTS } from '../../src/lib/rate-texts';
import {
  cancelStoreUpload, getStoreBatch, getStoreUpload, listStoreBatches, listStoreUploads, submitStoreBatch, updateStoreUpload, uploadStoreSheet,
  type StoreUploadContext,
} from '../domain/store-uploads';
import type { AppContext } from '../context';
import { geoOf } from '../geo';
import { HttpError } from '../http/errors';
import { answer } from '../http/export';
import { sheetKindOf } from './delivery-uploads';
import type { Handlers } from './handler-types';

type StoreUploadOperations = 'getstorebatches' | 'uploadstoresheet' | 'getstorebatch' | 'submitstorebatch' | 'getstoreuploads'
  | 'getstoreupload' | 'updatestoreupload' | 'cancelstoreupload';

/** Store upload batches (issue 16): the rate batches' calls, for stores. */
export function storeUploadHandlers(context: AppContext): Pick<Handlers<operations>, StoreUploadOperations> {
  const { db, jobs } = context;
  const { geocoder } = geoOf(context);
  const ctx = ({ scope }: FastifyRequest): StoreUploadContext => ({ db, geocoder, portal: scope.portal, permissions: scope.permissions });
  return {
    async getstorebatches(request) {
      return listStoreBatches(ctx(request), request.query);
    },
    async uploadstoresheet(request, reply) {
      // The body is the request stream itself (server/http/sheet-upload.ts): read as it arrives, never buffered whole.
      const body = request.body;
      if (!(body instanceof Readable)) throw new HttpError(400, RATE_TEXTS.emptyFile, { file: [RATE_TEXTS.emptyFile] });
      const kind = sheetKindOf(request.headers['content-type']);
      const uploadBatch = await uploadStoreSheet(ctx(request), request.query.fileName, kind, body, Number(request.headers['content-length'] ?? 0));
      reply.code(201);
      return { message: RATE_TEXTS.fileUploaded, uploadBatch };
    },
    async getstorebatch(request) {
      return getStoreBatch(ctx(request), request.params.id);
    },
    async submitstorebatch(request) {
      return submitStoreBatch(ctx(request), jobs, request.params.id);
    },
    async getstoreuploads(request, reply) {
      return answer(reply, await listStoreUploads(ctx(request), request.params.batchId, request.query));
    },
    async getstoreupload(request) {
      return getStoreUpload(ctx(request), request.params.id);
    },
    async updatestoreupload(request) {
      return updateStoreUpload(ctx(request), request.params.id, request.body);
    },
    async cancelstoreupload(request) {
      return cancelStoreUpload(ctx(request), request.params.id);
    },
  };
}
