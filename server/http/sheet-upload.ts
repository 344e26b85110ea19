import type { FastifyInstance } from 'fastify';
import { RATE_SHEET_TYPES } from '../../src/lib/rate-texts';
import { HttpError } from './errors';

const SHEET_MEDIA_TYPES: readonly string[] = Object.values(RATE_SHEET_TYPES);

/**
 * Uploaded sheets (.csv, .xlsx) arrive as the request body itself and are handed to the handler as the stream:
 * the domain parses rows as the bytes arrive and stops at its size limit (413), so a sheet is never held whole in
 * memory. Registered before the API routes, which declare these media types for the rate upload only.
 */
export function acceptSheetStreams(app: FastifyInstance): void {
  for (const type of SHEET_MEDIA_TYPES) {
    if (!app.hasContentTypeParser(type)) app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  }
  // A sheet refused for its size is not read to its end: the connection closes after the answer, or the unread
  // body would hold it open (and the server's close would wait for it) until the request timeout.
  app.addHook('onError', async (request, reply, error) => {
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (error instanceof HttpError && error.statusCode === 413 && SHEET_MEDIA_TYPES.includes(mediaType)) reply.header('Connection', 'close');
  });
}
