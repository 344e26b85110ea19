import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SIGNATURE_TOLERANCE_S } from '../../src/lib/constants';
import { WEBHOOK_SECRET_MARK } from '../../src/lib/integrations';

/** A new signing secret: `whsec_` + 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_MARK}${randomBytes(32).toString('base64url')}`;
}

/** hex HMAC-SHA256 of `<timestamp>.<body>` with the secret (the whole secret string is the key). */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The X-Courier-Signature header value: `t=<unix seconds>,v1=<hex>`. */
export function signatureHeader(secret: string, body: string, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/**
 * What a receiver does (docs/webhooks.md has the same in a few lines): parse the header, recompute, compare
 * in constant time, and refuse timestamps too far from its clock (replays).
 */
export function verifySignature(secret: string, header: string | undefined, body: string, now = Date.now(),
  toleranceSeconds = WEBHOOK_SIGNATURE_TOLERANCE_S): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(Math.floor(now / 1000) - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
