import type { FastifyInstance } from 'fastify';
import { RATE_SHEET_TYPES } from '../../src/lib/rate-texts';

/**
 * Uploaded sheets (.csv, .xlsx) arrive as the request body itself and are handed to the handler as the stream:
 * the domain parses rows as the bytes arrive and stops at its size limit (413), so a sheet is never held whole in
 * memory. Registered before the API routes, which declare these media types for the rate upload only.
 */
export function acceptSheetStreams(app: FastifyInstance): void {
  for (const type of Object.values(RATE_SHEET_TYPES)) {
    if (!app.hasContentTypeParser(type)) app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  }
}
