/**
 * Idempotency-Keys of a screen's money commands, outside the machines' context so their state stays finite (a
 * random key in context would make every change a new state): one key per session and request body, so a resend
 * of the same request is the same request and a changed one a new one. A success forgets the session's keys: the
 * next identical request is a new one.
 */
const keys = new Map<string, string>();

export const newSession = (what: string) => `${what}-${globalThis.crypto.randomUUID().slice(0, 8)}`;

export function keyFor(session: string, request: unknown): string {
  const id = `${session}\n${JSON.stringify(request)}`;
  let key = keys.get(id);
  if (!key) {
    key = `${session}-${globalThis.crypto.randomUUID()}`;
    keys.set(id, key);
  }
  return key;
}

export function forgetKeys(session: string): void {
  for (const id of keys.keys()) if (id.startsWith(`${session}\n`)) keys.delete(id);
}
