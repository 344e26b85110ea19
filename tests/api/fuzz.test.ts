// Malformed requests for every operation of both documents, anonymously and as an administrator: never a 5xx,
// and every 4xx carries a message. A bounded number of runs here; `npm run fuzz` runs longer.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiFile } from '../../server/openapi-documents';
import { operationsOf, requestFor } from '../support/fuzz';
import { startTestServer, type TestServer } from './support';

const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const operations = [...operationsOf(openapiFile('connect'), '/connect'), ...operationsOf(openapiFile('identity'), '/identity')];

let server: TestServer;
let token = '';
beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor('administrator@demo.test', 3600);
});
afterAll(async () => { await server?.close(); });

describe('malformed requests never answer 5xx', () => {
  it.each(operations.map((operation) => [operation.operationId, operation] as const))('%s', async (_, operation) => {
    await fc.assert(fc.asyncProperty(requestFor(operation), async (request) => {
      const response = await fetch(`${server.url}${request.url}`, {
        method: request.method,
        headers: { ...(request.contentType && { 'content-type': request.contentType }), ...(request.signedIn && { Authorization: `Bearer ${token}` }) },
        body: request.body,
      });
      const text = await response.text();
      const cause = response.status >= 500 ? server.logs.filter((line) => line.includes('"err"')).slice(-1)[0]?.slice(0, 600) : '';
      expect(response.status, `${request.method} ${request.url} (${request.contentType}) ${request.body?.slice(0, 120)} → ${response.status} ${text.slice(0, 200)} ${cause}`).toBeLessThan(500);
      if (response.status >= 400) {
        const message = (JSON.parse(text) as { message?: unknown }).message;
        expect(typeof message === 'string' && message.length > 0, `${request.method} ${request.url} → ${response.status} without a message: ${text.slice(0, 300)}`).toBe(true);
      }
    }), { numRuns: RUNS, ...(SEED !== undefined && { seed: SEED }) });
  });
});
