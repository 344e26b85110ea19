import type { ApiTagGroup } from '../../lib/api-reference';

/** The documents the server serves under /openapi/ (server/routes/site.ts). */
export type ApiDocumentName = 'connect' | 'identity';

export interface ApiReferenceInput {
  documents: ApiDocumentName[];
}

export interface ApiReferenceContext {
  documents: ApiDocumentName[];
  groups: { document: ApiDocumentName; tags: ApiTagGroup[] }[];
  problem: string | null;
}

export type ApiReferenceEvent = { type: 'retry' };

/** The machine's types for `setup({ types })`: one schema (context, events, input). */
export interface ApiReferenceSchema {
  input: ApiReferenceInput;
  context: ApiReferenceContext;
  events: ApiReferenceEvent;
}
