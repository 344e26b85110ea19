import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_POOL_WAIT_MS, isDatabaseUnavailable } from '../db/database';
import { ConflictError, HttpError, type ErrorEnvelope } from './errors';

interface AjvError {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: { missingProperty?: string; additionalProperty?: string };
}

/** Names the field of an AJV error the way a caller wrote it: `pageSize`, `Error`, `address.city`. */
function fieldOf(error: AjvError): string {
  const path = (error.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const child = error.params?.missingProperty ?? error.params?.additionalProperty;
  if (child) return path ? `${path}.${child}` : child;
  return path || 'body';
}

function validationEnvelope(error: FastifyError): ErrorEnvelope {
  const errors: Record<string, string[]> = {};
  for (const item of (error.validation ?? []) as AjvError[]) {
    const field = fieldOf(item);
    const text =
      item.keyword === 'additionalProperties' ? `${field} is not an allowed field`
      : item.keyword === 'required' ? `${field} is required`
      : `${field} ${item.message ?? 'is invalid'}`;
    (errors[field] ??= []).push(text);
  }
  const fields = Object.keys(errors);
  const first = fields[0] ? errors[fields[0]]?.[0] : undefined;
  return { message: first ? `Invalid request: ${first}` : 'Invalid request', errors };
}

/** What a 503 tells clients to wait: one pool wait, so a retry does not join the same queue at once. */
const DATABASE_RETRY_AFTER_SECONDS = Math.ceil(DATABASE_POOL_WAIT_MS / 1000);

export function errorHandler(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ConflictError) {
    return reply.status(409).send({ message: error.message, ...(error.current !== undefined && { current: error.current }) });
  }
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).send({ message: error.message, ...(error.errors && { errors: error.errors }) });
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return reply.status(400).send(validationEnvelope(fastifyError));
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return reply.status(400).send({ message: 'Invalid request: the body is not valid JSON', errors: { body: ['is not valid JSON'] } });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.status(400).send({ message: 'Invalid request: the body is empty', errors: { body: ['is required'] } });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply.status(413).send({ message: 'The request body is too large.' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply.status(415).send({ message: `Unsupported content type: ${request.headers['content-type'] ?? 'none'}` });
  }
  // busboy's words for a multipart body that does not parse (a broken boundary, a body cut short).
  if (/^(Unexpected end of multipart data|Multipart: Boundary not found|Malformed part header)/.test(error.message)) {
    return reply.status(400).send({ message: 'Invalid request: the body is not valid multipart/form-data', errors: { body: ['is not valid multipart/form-data'] } });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply.status(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).send({ message: 'The service is temporarily unavailable. Please try again shortly.' });
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.status(status).send({ message: error.message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ message: `Internal error (request ${request.id})` });
}
