// Emptiness rule of 000 §5 / 002 §5, shared by forms, filters and the server.

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Empty: null, undefined, the string "null" (serialised nulls from query strings and storage), a blank
 * string, or an empty array, Map, Set or plain object. Numbers, booleans, dates and class instances are not.
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value === 'null' || value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Map || value instanceof Set) return value.size === 0;
  if (typeof value === 'object' && isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}
