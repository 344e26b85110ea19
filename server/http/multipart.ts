import multipart from '@fastify/multipart';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { HttpError } from './errors';
import { checkSchemas } from './validation';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const MULTIPART = 'multipart/form-data';
const BINARY_KEYWORD = 'x-file-part';

/**
 * Multipart bodies arrive as `{ field: string, file: Buffer }` (@fastify/multipart with attachFieldsToBody
 * 'keyValues'). The contract declares files as `{ type: string, format: binary }`; AJV cannot check a Buffer
 * against that, so such properties are rewritten to a keyword that accepts only an uploaded file part. The
 * rest of the schema (required, additionalProperties: false, text fields) is validated as written: a missing
 * file, a text value where a file belongs, or an unknown part is a 400 naming the field.
 */
const multipartAjv = addFormats(new Ajv({ removeAdditional: false, useDefaults: true, allErrors: true, strict: false, coerceTypes: false, validateSchema: checkSchemas }));
multipartAjv.addKeyword({
  keyword: BINARY_KEYWORD,
  schemaType: 'boolean',
  errors: true,
  validate: function isFilePart(this: unknown, _schema: boolean, data: unknown) {
    if (Buffer.isBuffer(data)) return true;
    (isFilePart as unknown as { errors: Partial<ErrorObject>[] }).errors = [{ keyword: BINARY_KEYWORD, message: 'must be a file', params: {} }];
    return false;
  },
});

function rewriteBinary(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rewriteBinary);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as Record<string, unknown>;
  if (node.type === 'string' && node.format === 'binary') {
    const { type: _type, format: _format, ...rest } = node;
    return { ...rest, [BINARY_KEYWORD]: true };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, rewriteBinary(value)]));
}

/** Wraps the app's validator compiler: multipart bodies get the file-aware AJV above, everything else the base. */
export function withMultipartValidation(base: FastifySchemaCompiler<unknown>): FastifySchemaCompiler<unknown> {
  return (route) => {
    if (route.httpPart === 'body' && (route as { contentType?: string }).contentType === MULTIPART) {
      return multipartAjv.compile(rewriteBinary(route.schema) as object) as ReturnType<FastifySchemaCompiler<unknown>>;
    }
    return base(route);
  };
}

function declaredMediaTypes(request: FastifyRequest): string[] | undefined {
  const body = (request.routeOptions.schema as { body?: { content?: Record<string, unknown> } } | undefined)?.body;
  return body?.content ? Object.keys(body.content) : undefined;
}

const mediaTypeOf = (request: FastifyRequest) => request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();

/** Room for the multipart framing and the text fields around the one file, in a declared Content-Length. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () => new HttpError(413, ERROR_TEXTS.imageTooLarge);

/**
 * Registers multipart parsing for the operations that declare it. The largest file is `fileLimit` bytes, or the
 * operation's own limit in `limitsByOperation` (operationId → bytes; e.g. application documents): a
 * bigger one is refused (413, the catalogue's image text) as soon as it is known — from a declared
 * Content-Length, or the moment the file passes the limit — and the connection is closed rather than drained,
 * so an oversized upload is never read to its end. A request whose content type the operation does not declare
 * is a 415 before its body is read: a body of any type the operation does not declare would skip the validation
 of the declared one (a text/plain body reached JSON handlers as a raw string).
 */
export async function registerMultipart(app: FastifyInstance, fileLimit: number, limitsByOperation: Record<string, number> = {}): Promise<void> {
  const operationOf = (schema: unknown) => (schema as { operationId?: string } | undefined)?.operationId;
  const limitOf = (request: FastifyRequest) => limitsByOperation[operationOf(request.routeOptions.schema) ?? ''] ?? fileLimit;
  // An operation with its own limit hands it to the multipart parser through its route config (read per request).
  app.addHook('onRoute', (route) => {
    const own = limitsByOperation[operationOf(route.schema) ?? ''];
    if (own !== undefined) route.config = { ...route.config, multipartOptions: { limits: { fileSize: own } } };
  });
  app.addHook('onRequest', async (request, reply) => {
    const declared = declaredMediaTypes(request);
    const mediaType = mediaTypeOf(request);
    if (!mediaType) return;
    // A multipart body for an operation that declares none would still be parsed (and fail) by the multipart parser.
    if (!declared) {
      if (mediaType === MULTIPART) throw new HttpError(415, `Unsupported content type: ${mediaType}`);
      return;
    }
    if (!declared.includes(mediaType)) throw new HttpError(415, `Unsupported content type: ${mediaType}`);
    if (mediaType === MULTIPART && Number(request.headers['content-length'] ?? 0) > limitOf(request) + MULTIPART_OVERHEAD_BYTES) {
      reply.header('Connection', 'close');
      throw tooLarge();
    }
  });
  app.addHook('onError', async (request, reply, error) => {
    if (error instanceof HttpError && error.statusCode === 413 && mediaTypeOf(request) === MULTIPART) reply.header('Connection', 'close');
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: fileLimit, files: 1, fields: 20, parts: 21 },
    async onFile(part) {
      // Refused at the limit: the file stream itself only ends when the rest of the part has arrived.
      const limitReached = new Promise<never>((_, reject) => part.file.once('limit', () => reject(tooLarge())));
      try {
        await Promise.race([part.toBuffer(), limitReached]);
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
    },
  });
}

/**
 * A file part of a validated multipart body. The contract types files as binary strings; they arrive as Buffers
 * (validation above has made sure of it), so this reads one without a cast.
 */
export function filePart(body: unknown, field: string): Buffer {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  if (!Buffer.isBuffer(value)) throw new Error(`multipart field ${field} is not a file: validation should have refused it`);
  return value;
}
