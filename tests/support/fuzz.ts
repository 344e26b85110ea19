// Malformed requests generated from the OpenAPI documents (fast-check): for every operation, its path, query
// and body mutated (wrong types, missing and unknown fields, numbers out of range, NUL and unpaired surrogates,
// huge strings, wrong content types), sent anonymously and as an administrator. Shared by the bounded suite in
// `npm test` (tests/api/fuzz.test.ts) and the longer run (`npm run fuzz`).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import yaml from 'js-yaml';

interface Parameter { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Schema; $ref?: string }
interface Schema { type?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: unknown[]; $ref?: string; format?: string }
interface Operation { operationId: string; parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
interface Document { paths: Record<string, Record<string, Operation | Parameter[]>>; components?: { parameters?: Record<string, Parameter>; schemas?: Record<string, Schema> } }

export interface FuzzOperation {
  operationId: string;
  method: string;
  /** Path template under the mount, e.g. /connect/companies/{cca2}/{id}. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyTypes: string[];
  bodySchema: Schema | undefined;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export function operationsOf(file: string, prefix: string): FuzzOperation[] {
  const document = yaml.load(readFileSync(file, 'utf8')) as Document;
  const parameter = (candidate: Parameter): Parameter => candidate.$ref ? document.components!.parameters![candidate.$ref.split('/').pop()!]! : candidate;
  const schema = (candidate: Schema | undefined): Schema | undefined => candidate?.$ref ? document.components!.schemas![candidate.$ref.split('/').pop()!] : candidate;
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = ((item.parameters ?? []) as Parameter[]).map(parameter);
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const parameters = [...shared, ...(operation.parameters ?? []).map(parameter)];
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      operations.push({
        operationId: operation.operationId, method: method.toUpperCase(), path: `${prefix}${path}`,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyTypes: Object.keys(content),
        bodySchema: schema(json),
      });
    }
  }
  return operations;
}

const hostileText = fc.oneof(
  fc.constantFrom('', ' ', 'a\u0000b', '\ud800', 'x\udfffy', '%00', '../../etc/passwd', "'; drop table users; --", '<script>alert(1)</script>', 'null', '[]', '{}'),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(2000, 70_000).map((size) => 'x'.repeat(size)),
);
const hostileNumber = fc.constantFrom(0, -1, 2147483647, 2147483648, -2147483649, 2 ** 53 + 2, 1.5, 1e308, Number.MAX_SAFE_INTEGER);
const hostileSegment = fc.oneof(hostileText.filter((text) => text.length < 300), hostileNumber.map(String), fc.constantFrom('1e400', 'za', 'ZZ', 'NaN', 'Infinity', '-0', '0x10'));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileText, hostileNumber, fc.constantFrom(null, true, false, [], {}, [1, 'a'], { nested: { deep: 'x' } }));

/** A body mutated from the operation's schema: each declared property given a hostile value, some dropped, one extra. */
function hostileBody(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const properties = Object.keys(schema?.properties ?? {});
  const shaped = properties.length === 0
    ? fc.constant({})
    : fc.record(Object.fromEntries(properties.map((name) => [name, hostileValue])), { requiredKeys: [] });
  return fc.oneof(
    shaped,
    shaped.map((body) => ({ ...(body as object), unexpectedField: 'x' })),
    hostileValue,
    fc.anything({ maxDepth: 2 }),
  );
}

/** A path segment, percent-encoded; text that is not Unicode goes as the invalid UTF-8 bytes a client could send. */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

export interface FuzzRequest { method: string; url: string; headers: Record<string, string>; body: string | undefined; signedIn: boolean }

export function requestFor(operation: FuzzOperation): fc.Arbitrary<Omit<FuzzRequest, 'headers'> & { contentType: string | undefined }> {
  const segments = fc.tuple(...operation.pathParams.map(() => hostileSegment));
  const query = fc.dictionary(fc.constantFrom(...(operation.queryParams.length ? operation.queryParams : ['unknown']), 'page', 'pageSize', 'search'), hostileSegment.map(String), { maxKeys: 3 });
  const contentType = fc.constantFrom(...(operation.bodyTypes.length ? operation.bodyTypes : ['application/json']), 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=broken');
  const body = operation.bodyTypes.length || operation.method !== 'GET' ? fc.option(hostileBody(operation.bodySchema), { nil: undefined }) : fc.constant(undefined);
  return fc.record({ segments: segments.map((values) => values as unknown[]), query, contentType, body, signedIn: fc.boolean() }).map(({ segments: values, query: params, contentType: type, body: payload, signedIn }) => {
    let path = operation.path;
    operation.pathParams.forEach((name, index) => { path = path.replace(`{${name}}`, segment(String(values[index]))); });
    const search = new URLSearchParams(params).toString();
    const hasBody = payload !== undefined && operation.method !== 'GET';
    return {
      method: operation.method, url: `${path}${search ? `?${search}` : ''}`, signedIn,
      contentType: hasBody ? type : undefined,
      body: hasBody ? (type.startsWith('application/json') ? JSON.stringify(payload) : String(JSON.stringify(payload))) : undefined,
    };
  });
}
