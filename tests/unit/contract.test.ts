import { readFile } from 'node:fs/promises';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { API_DOCUMENTS, generateApiTypes } from '../../scripts/gen-api';
import { OPERATION_ACCESS } from '../../src/lib/access';

interface Operation {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Schema {
  $ref?: string;
  type?: string;
  additionalProperties?: unknown;
}
interface Document {
  openapi: string;
  security?: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const documents = await Promise.all(API_DOCUMENTS.map(async (name) => ({
  name,
  doc: yaml.load(await readFile(new URL(`../../openapi/${name}.yaml`, import.meta.url), 'utf8')) as Document,
})));

const operations = documents.flatMap(({ name, doc }) => Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ document: name, doc, path, method, operation }))));

describe('the OpenAPI contract', () => {
  it.each(API_DOCUMENTS)('src/api/generated/%s.ts is up to date (run `npm run gen:api`)', async (name) => {
    const committed = await readFile(new URL(`../../src/api/generated/${name}.ts`, import.meta.url), 'utf8');
    expect(committed).toBe(await generateApiTypes(name));
  });

  it('is OpenAPI 3.0.x, which Fastify\'s AJV validates fully', () => {
    for (const { doc } of documents) expect(doc.openapi).toMatch(/^3\.0\.\d+$/);
  });

  it('names every operation, once', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has an access rule for every operation, and public rules only on operations without security', () => {
    for (const { operation, doc } of operations) {
      const rule = (OPERATION_ACCESS as Record<string, unknown>)[operation.operationId!];
      expect(rule, `access rule for ${operation.operationId}`).toBeDefined();
      const security = operation.security ?? doc.security ?? [];
      expect(rule === 'public', `${operation.operationId}: public rule ⇔ no security`).toBe(security.length === 0);
    }
  });

  it('closes every request body (additionalProperties: false)', () => {
    for (const { doc, operation } of operations) {
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        const schema = media.schema.$ref ? doc.components.schemas[media.schema.$ref.split('/').at(-1)!]! : media.schema;
        if (schema.type === 'object') expect(schema.additionalProperties, operation.operationId).toBe(false);
      }
    }
  });

  it('shares one error envelope between both documents', () => {
    const [first, ...rest] = documents.map(({ doc }) => doc.components.schemas.ErrorEnvelope);
    for (const other of rest) expect(other).toEqual(first);
  });
});
