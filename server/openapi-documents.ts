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

/**
 * `true` in the compiled server only (server/launch.mjs defines it): the compile validated each contract and wrote it
 * parsed to dist-server/openapi/<name>.json (server/openapi-compile.mjs), which loads far faster than the YAML parses.
 */
declare const OPENAPI_PRECOMPILED: boolean | undefined;
const precompiled = typeof OPENAPI_PRECOMPILED !== 'undefined' && OPENAPI_PRECOMPILED;

function parse(name: OpenapiDocumentName, text: string): Record<string, unknown> {
  if (precompiled) return JSON.parse(readFileSync(projectPath('dist-server', 'openapi', `${name}.json`), 'utf8')) as Record<string, unknown>;
  return yaml.load(text) as Record<string, unknown>;
}

/** Each contract is read and parsed once per process: routes, body rules, media types and the served copies share it. */
export function openapiDocument(name: OpenapiDocumentName): OpenapiDocument {
  let document = documents.get(name);
  if (!document) {
    const text = readFileSync(openapiFile(name), 'utf8');
    document = { text, parsed: parse(name, text) };
    documents.set(name, document);
  }
  return document;
}
