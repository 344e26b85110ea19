import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/connect';
import { RATE_TEXTS } from '../../src/lib/rate-texts';
import {
  getDistanceBatch, listDistanceBatches, listDistanceUploads, submitDistanceBatch, uploadDistanceSheet, type DistanceContext,
} from '../domain/distance-discovery';
import type { AppContext } from '../context';
import { geoOf } from '../geo';
import { HttpError } from '../http/errors';
import { answer } from '../http/export';
import { sheetKindOf } from './delivery-uploads';
import type { Handlers } from './handler-types';

type DistanceOperations = 'getdistancebatches' | 'uploaddistancesheet' | 'getdistancebatch' | 'submitdistancebatch' | 'getdistanceuploads';

/** Distance discovery (issue 16, administrator): the rate batches' calls, for address pairs. */
export function distanceDiscoveryHandlers(context: AppContext): Pick<Handlers<operations>, DistanceOperations> {
  const { db, jobs } = context;
  const { geocoder } = geoOf(context);
  const ctx = ({ scope }: FastifyRequest): DistanceContext => ({ db, geocoder, portal: scope.portal, userId: scope.permissions.id });
  return {
    async getdistancebatches(request) {
      return listDistanceBatches(ctx(request), request.query);
    },
    async uploaddistancesheet(request, reply) {
      // The body is the request stream itself (server/http/sheet-upload.ts): read as it arrives, never buffered whole.
      const body = request.body;
      if (!(body instanceof Readable)) throw new HttpError(400, RATE_TEXTS.emptyFile, { file: [RATE_TEXTS.emptyFile] });
      const kind = sheetKindOf(request.headers['content-type']);
      const uploadBatch = await uploadDistanceSheet(ctx(request), request.query.fileName, kind, body, Number(request.headers['content-length'] ?? 0));
      reply.code(201);
      return { message: RATE_TEXTS.fileUploaded, uploadBatch };
    },
    async getdistancebatch(request) {
      return getDistanceBatch(ctx(request), request.params.id);
    },
    async submitdistancebatch(request) {
      return submitDistanceBatch(ctx(request), jobs, request.params.id);
    },
    async getdistanceuploads(request, reply) {
      return answer(reply, await listDistanceUploads(ctx(request), request.params.batchId, request.query));
    },
  };
}
