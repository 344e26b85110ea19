import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/connect';
import { RATE_SHEET_TYPES, RATE_TEXTS } from '../../src/lib/rate-texts';
import {
  cancelDeliveryUpload, getDeliveryBatch, getDeliveryUpload, listDeliveryBatches, listDeliveryUploads, submitDeliveryBatch, updateDeliveryUpload,
  uploadDeliverySheet, type DeliveryUploadContext,
} from '../domain/delivery-uploads';
import type { SheetKind } from '../domain/upload-batches';
import type { AppContext } from '../context';
import { geoOf } from '../geo';
import { HttpError } from '../http/errors';
import { answer } from '../http/export';
import type { Handlers } from './handler-types';

type DeliveryUploadOperations = 'getdeliverybatches' | 'uploaddeliverysheet' | 'getdeliverybatch' | 'submitdeliverybatch' | 'getdeliveryuploads'
  | 'getdeliveryupload' | 'updatedeliveryupload' | 'canceldeliveryupload';

export const sheetKindOf = (contentType: string | undefined): SheetKind => {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === RATE_SHEET_TYPES.csv) return 'csv';
  if (type === RATE_SHEET_TYPES.xlsx) return 'xlsx';
  throw new HttpError(400, RATE_TEXTS.wrongFileType(type ?? ''), { file: [RATE_TEXTS.wrongFileType(type ?? '')] });
};

/** A store's delivery upload batches (issue 16): the rate batches' calls, for deliveries. */
export function deliveryUploadHandlers(context: AppContext): Pick<Handlers<operations>, DeliveryUploadOperations> {
  const { db, jobs, config } = context;
  const { router, geocoder } = geoOf(context);
  const settings = { quoteValiditySeconds: config.quoteValiditySeconds, router, geocoder };
  const ctx = ({ scope }: FastifyRequest): DeliveryUploadContext => ({ db, settings, portal: scope.portal, permissions: scope.permissions });
  return {
    async getdeliverybatches(request) {
      return listDeliveryBatches(ctx(request), request.params.storeId, request.query);
    },
    async uploaddeliverysheet(request, reply) {
      // The body is the request stream itself (server/http/sheet-upload.ts): read as it arrives, never buffered whole.
      const body = request.body;
      if (!(body instanceof Readable)) throw new HttpError(400, RATE_TEXTS.emptyFile, { file: [RATE_TEXTS.emptyFile] });
      const kind = sheetKindOf(request.headers['content-type']);
      const uploadBatch = await uploadDeliverySheet(ctx(request), request.params.storeId, request.query.fileName, kind, body, Number(request.headers['content-length'] ?? 0));
      reply.code(201);
      return { message: RATE_TEXTS.fileUploaded, uploadBatch };
    },
    async getdeliverybatch(request) {
      return getDeliveryBatch(ctx(request), request.params.id);
    },
    async submitdeliverybatch(request) {
      return submitDeliveryBatch(ctx(request), jobs, request.params.id);
    },
    async getdeliveryuploads(request, reply) {
      return answer(reply, await listDeliveryUploads(ctx(request), request.params.batchId, request.query));
    },
    async getdeliveryupload(request) {
      return getDeliveryUpload(ctx(request), request.params.id);
    },
    async updatedeliveryupload(request) {
      return updateDeliveryUpload(ctx(request), request.params.id, request.body);
    },
    async canceldeliveryupload(request) {
      return cancelDeliveryUpload(ctx(request), request.params.id);
    },
  };
}
