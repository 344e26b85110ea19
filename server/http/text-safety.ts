// Text that PostgreSQL cannot store (NUL) or that is not Unicode (an unpaired surrogate) is refused at the edge
// with the field's name, instead of failing deep in a query as a 500.
import { Stream } from 'node:stream';
import { HttpError } from './errors';

// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The dotted path of the first string (key or value) in `value` that holds an unsafe character. */
export function unsafeTextAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return UNSAFE.test(value) ? path : undefined;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  // An uploaded sheet's body is the request stream (its parser checks the text it reads).
  if (value instanceof Stream) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (UNSAFE.test(key)) return at;
    const found = unsafeTextAt(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** 400 naming the first field of the request's path, query or body that holds an unsafe character. */
export function refuseUnsafeText(parts: { params?: unknown; query?: unknown; body?: unknown }): void {
  for (const part of [parts.params, parts.query, parts.body]) {
    const field = unsafeTextAt(part, '');
    if (field !== undefined) {
      const name = field || 'body';
      throw new HttpError(400, `Invalid request: ${name} contains a NUL or an unpaired surrogate character`, { [name]: ['must not contain NUL or unpaired surrogate characters'] });
    }
  }
}
