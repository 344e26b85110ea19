import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '../openapi-documents';
import { errorHandler } from './error-handler';
import { refuseResponseOnlyMediaTypes, responseOnlyMediaTypes } from './response-media-types';

const contracts = [openapiDocument('connect').parsed, openapiDocument('identity').parsed];

describe('response-only media types', () => {
  it('are the export and image types of the contracts, not the request bodies\' JSON or multipart', () => {
    expect(responseOnlyMediaTypes(contracts).sort()).toEqual(['application/ms-excel', 'application/octet-stream', 'application/pdf', 'image/*']);
  });

  it('get a parser that refuses a request body of that type with 415, as a type without parser would', async () => {
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    refuseResponseOnlyMediaTypes(app, contracts);
    app.post('/upload', async () => ({ ok: true }));
    expect(app.hasContentTypeParser('application/ms-excel')).toBe(true);
    expect(app.hasContentTypeParser('image/*')).toBe(true);
    for (const type of ['application/ms-excel', 'image/*', 'image/png']) {
      const response = await app.inject({ method: 'POST', url: '/upload', headers: { 'content-type': type }, payload: 'x' });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({ message: `Unsupported content type: ${type}` });
    }
    const json = await app.inject({ method: 'POST', url: '/upload', payload: { a: 1 } });
    expect(json.statusCode).toBe(200);
  });
});
