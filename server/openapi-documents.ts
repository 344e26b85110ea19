import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { projectPath } from './paths';

export const OPENAPI_DOCUMENTS = ['connect', 'identity'] as const;
export type OpenapiDocumentName = (typeof OPENAPI_DOCUMENTS)[number];

export const openapiFile = (document: OpenapiDocumentName) => projectPath('openapi', `${document}.yaml`);

interface OpenapiDocument {
  /** The document as written (served as YAML). */
  text: string;
  /** Parsed, shared: read it, never change it (the routes' glue works on its own copy). */
  parsed: Record<string, unknown>;
}

const documents = new Map<OpenapiDocumentName, OpenapiDocument>();

/** Each contract is read and parsed once per process: routes, body rules, media types and the served copies share it. */
export function openapiDocument(name: OpenapiDocumentName): OpenapiDocument {
  let document = documents.get(name);
  if (!document) {
    const text = readFileSync(openapiFile(name), 'utf8');
    document = { text, parsed: yaml.load(text) as Record<string, unknown> };
    documents.set(name, document);
  }
  return document;
}
