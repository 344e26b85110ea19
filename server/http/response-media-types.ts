import { errorCodes, type FastifyInstance } from 'fastify';

interface Content { content?: Record<string, unknown> }
interface Operation { requestBody?: Content; responses?: Record<string, Content> }
interface Document {
  paths?: Record<string, Record<string, Operation | undefined>>;
  components?: { responses?: Record<string, Content>; requestBodies?: Record<string, Content> };
}

/**
 * The media types the contracts name only for responses (the Excel exports, images), never for a request body.
 */
export function responseOnlyMediaTypes(documents: object[]): string[] {
  const responses = new Set<string>();
  const requests = new Set<string>();
  const add = (into: Set<string>, body: Content | undefined) => { for (const type of Object.keys(body?.content ?? {})) into.add(type); };
  for (const document of documents as Document[]) {
    for (const item of Object.values(document.paths ?? {})) {
      for (const operation of Object.values(item)) {
        if (typeof operation !== 'object' || operation === null) continue;
        add(requests, operation.requestBody);
        for (const response of Object.values(operation.responses ?? {})) add(responses, response);
      }
    }
    for (const response of Object.values(document.components?.responses ?? {})) add(responses, response);
    for (const body of Object.values(document.components?.requestBodies ?? {})) add(requests, body);
  }
  return [...responses].filter((type) => !requests.has(type));
}

/**
 * fastify-openapi-glue wants a content-type parser for every media type of a contract, the responses' included, and
 * warns at each start about those without one (`application/ms-excel`, `image/*`). A response-only type is never a
 * request body here, so its parser refuses one exactly as Fastify refuses a type it has no parser for (415, same
 * error): declared, the warning goes, and what requests are accepted stays as it was.
 */
export function refuseResponseOnlyMediaTypes(app: FastifyInstance, documents: object[]): void {
  for (const type of responseOnlyMediaTypes(documents)) {
    if (app.hasContentTypeParser(type)) continue;
    app.addContentTypeParser(type, (request, _payload, done) => {
      done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type'] ?? type), undefined);
    });
  }
}
