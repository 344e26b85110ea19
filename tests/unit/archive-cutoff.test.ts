import { describe, expect, it } from 'vitest';
import { archiveCutoffDate } from '../../server/domain/deliveries-admin';
import { DELIVERY_ARCHIVE_AFTER_DAYS } from '../../src/lib/constants';

// The archive's cutoff is a portal-local date (delivery dates are), whatever hour the server's clock shows in UTC.
describe('archive cutoff date', () => {
  it('is 90 days before today in the portal zone, not in UTC', () => {
    expect(DELIVERY_ARCHIVE_AFTER_DAYS).toBe(90);
    // 21:59 UTC is 23:59 on 20 November in Johannesburg; 22:01 UTC is already 21 November there (still the 20th in UTC).
    expect(archiveCutoffDate('Africa/Johannesburg', new Date('2026-11-20T21:59:00Z'))).toBe('2026-08-22');
    expect(archiveCutoffDate('Africa/Johannesburg', new Date('2026-11-20T22:01:00Z'))).toBe('2026-08-23');
    expect(archiveCutoffDate('UTC', new Date('2026-11-20T22:01:00Z'))).toBe('2026-08-22');
  });

  it('across a new year and a month end', () => {
    // 1 January 2027 00:30 in Johannesburg (31 December in UTC): 90 days back is 3 October 2026.
    expect(archiveCutoffDate('Africa/Johannesburg', new Date('2026-12-31T22:30:00Z'))).toBe('2026-10-03');
    // 31 March 2027 noon: 90 days back is 31 December 2026.
    expect(archiveCutoffDate('Africa/Johannesburg', new Date('2027-03-31T10:00:00Z'))).toBe('2026-12-31');
  });
});
