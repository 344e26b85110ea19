import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const shared: Options = { removeAdditional: false, useDefaults: true, allErrors: true, strict: false };

/**
 * Query strings and path segments arrive as text and are coerced to their declared types; JSON bodies are
 * not: a number where a string is declared is a 400 naming the field, and closed bodies refuse unknown fields.
 */
const textParts = addFormats(new Ajv({ ...shared, coerceTypes: 'array' }));
const bodies = addFormats(new Ajv({ ...shared, coerceTypes: false }));

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodies : textParts).compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
