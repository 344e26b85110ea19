import { IDEMPOTENCY_KEY_HEADER } from '../../src/lib/constants';
import { badRequest } from './errors';

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;

/** The Idempotency-Key of a money command: declared optional in the contract (header names are case-insensitive), required here. */
export function idempotencyKeyOf(headers: Record<string, unknown>): string {
  const value = headers['idempotency-key'];
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw badRequest(IDEMPOTENCY_KEY_HEADER, `${IDEMPOTENCY_KEY_HEADER} is required: 8 to 100 letters, digits or . _ : -`);
  }
  return value;
}
