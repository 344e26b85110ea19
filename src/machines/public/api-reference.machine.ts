import { assign, fromPromise, setup } from 'xstate';
import { operationsByTag } from '../../lib/api-reference';
import type { ApiDocumentName, ApiReferenceContext, ApiReferenceSchema } from './api-reference.types';

/** Reads the OpenAPI documents as JSON (not API operations: the server's own files, so plain fetch). */
export const loadApiDocuments = fromPromise<ApiReferenceContext['groups'], { documents: ApiDocumentName[] }>(async ({ input, signal }) =>
  Promise.all(input.documents.map(async (document) => {
    // Absolute, so the same code runs where fetch has no page URL to resolve against (tests).
    const response = await fetch(new URL(`/openapi/${document}.json`, window.location.href), { signal, headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`The API reference could not be loaded (${response.status}).`);
    return { document, tags: operationsByTag(await response.json()) };
  })));

/** The developers page's API reference: the contract the server serves, by tag; Try again when it fails. */
export const apiReferenceMachine = setup({
  types: {} as ApiReferenceSchema,
  actors: { loadApiDocuments },
}).createMachine({
  id: 'apiReference',
  description: 'The API reference of /developers: the OpenAPI documents the server serves, operations grouped by tag.',
  context: ({ input }) => ({ documents: input.documents, groups: [], problem: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading /openapi/<document>.json.',
      tags: ['loading'],
      invoke: {
        id: 'loadApiDocuments',
        src: 'loadApiDocuments',
        input: ({ context }) => ({ documents: context.documents }),
        onDone: { target: 'shown', actions: assign({ groups: ({ event }) => event.output, problem: null }) },
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }) },
      },
    },
    shown: { description: 'Every operation by tag: method, path, summary, whether it needs a key.' },
    failed: { description: 'The message and Try again.', on: { retry: 'loading' } },
  },
});
