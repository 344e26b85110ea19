// The developers page's API reference (issue 19): the operations of an OpenAPI document grouped by tag, read
// from the document the server serves (/openapi/<name>.json). Pure, so the page and its tests share it.

export interface ApiOperation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  /** No sign-in (security: []). */
  isPublic: boolean;
}

export interface ApiTagGroup {
  tag: string;
  operations: ApiOperation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface OpenApiDocument {
  servers?: { url?: string }[];
  tags?: { name: string }[];
  paths?: Record<string, Partial<Record<string, { operationId?: string; summary?: string; tags?: string[]; security?: unknown[] }>>>;
}

/** The document's operations by tag, in the document's tag order (untagged last); the server's base path prefixed. */
export function operationsByTag(document: unknown): ApiTagGroup[] {
  const doc = (document ?? {}) as OpenApiDocument;
  const base = doc.servers?.[0]?.url ?? '';
  const groups = new Map<string, ApiOperation[]>((doc.tags ?? []).map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({
        method: method.toUpperCase(), path: `${base}${path}`, operationId: operation.operationId ?? '',
        summary: (operation.summary ?? '').trim(), isPublic: Array.isArray(operation.security) && operation.security.length === 0,
      });
    }
  }
  return [...groups].filter(([, operations]) => operations.length > 0).map(([tag, operations]) => ({ tag, operations }));
}
