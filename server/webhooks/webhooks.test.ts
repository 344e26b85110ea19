import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_BACKOFF_BASE_MS, WEBHOOK_BACKOFF_MAX_MS } from '../../src/lib/constants';
import { backoffMs, eventBody } from './dispatcher';
import { newWebhookSecret, signatureHeader, verifySignature } from './signature';

describe('webhook signatures', () => {
  const secret = newWebhookSecret();
  const body = eventBody('evt-1', 'job.updated', { id: 3, xmin: '9' }, 1);
  const now = Date.UTC(2026, 10, 21, 10, 0, 0);

  it('signs `<t>.<body>` with HMAC-SHA256 keyed by the whole secret, as docs/webhooks.md says', () => {
    const header = signatureHeader(secret, body, now);
    const t = Math.floor(now / 1000);
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
    expect(verifySignature(secret, header, body, now)).toBe(true);
  });

  it('refuses another body, another secret, a malformed header and an old timestamp', () => {
    const header = signatureHeader(secret, body, now);
    expect(verifySignature(secret, header, body.replace('job', 'jab'), now)).toBe(false);
    expect(verifySignature(newWebhookSecret(), header, body, now)).toBe(false);
    expect(verifySignature(secret, undefined, body, now)).toBe(false);
    expect(verifySignature(secret, 'v1=abc', body, now)).toBe(false);
    expect(verifySignature(secret, header, body, now + 301_000)).toBe(false);
    expect(verifySignature(secret, header, body, now + 299_000)).toBe(true);
  });

  it('secrets are random and marked', () => {
    expect(newWebhookSecret()).toMatch(/^whsec_[\w-]{43}$/);
    expect(newWebhookSecret()).not.toBe(newWebhookSecret());
  });
});

describe('webhook retry backoff', () => {
  it('doubles from the base and stops at the maximum', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((retry) => backoffMs(retry, WEBHOOK_BACKOFF_BASE_MS, WEBHOOK_BACKOFF_MAX_MS));
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000]);
  });

  it('the event body carries id, type, time, company and the record', () => {
    expect(JSON.parse(eventBody('evt-2', 'delivery.updated', { id: 5 }, null))).toEqual({
      id: 'evt-2', type: 'delivery.updated', createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), companyId: null, data: { id: 5 },
    });
  });
});
