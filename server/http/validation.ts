import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** `true` in the compiled server only (server/launch.mjs defines it; server/openapi-documents.ts says more). */
declare const OPENAPI_PRECOMPILED: boolean | undefined;

/**
 * The compiled server does not check each route schema against JSON Schema's meta-schema as it compiles it: compiling
 * the meta-schema took ~0.1 s per Ajv instance on the first requests after a start (quiet; ~0.35 s loaded), and the
 * schemas are those of the contracts the compile validated against the OpenAPI meta-schema, which describes their
 * Schema Objects (server/openapi-compile.mjs). The TypeScript server (dev, every API test) still checks them.
 */
export const checkSchemas = !(typeof OPENAPI_PRECOMPILED !== 'undefined' && OPENAPI_PRECOMPILED);

const shared: Options = { removeAdditional: false, useDefaults: true, allErrors: true, strict: false, validateSchema: checkSchemas };

/**
 * Query strings and path segments arrive as text and are coerced to their declared types; JSON bodies are
 * not: a number where a string is declared is a 400 naming the field, and closed bodies refuse unknown fields.
 */
const textParts = addFormats(new Ajv({ ...shared, coerceTypes: 'array' }));
const bodies = addFormats(new Ajv({ ...shared, coerceTypes: false }));

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodies : textParts).compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
