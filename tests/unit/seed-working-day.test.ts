// The demo's working day is never in the future: CI seeding at 00:01 in Johannesburg found a delivery delivered
// at 09:05 the same day.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { demoWorkingDay } from '../../server/db/seed-operations';

const at = (iso: string) => DateTime.fromISO(iso, { zone: 'Africa/Johannesburg' });
const utc = (day: DateTime) => day.toUTC().toISO();

describe('the demo working day', () => {
  it("starts at today's 08:00 in Johannesburg once its work could have happened", () => {
    expect(utc(demoWorkingDay(at('2026-11-27T14:00')))).toBe('2026-11-27T06:00:00.000Z');
  });

  it('starts early enough that its work (2½ hours) is over when seeded in the small hours', () => {
    expect(utc(demoWorkingDay(at('2026-11-27T09:00')))).toBe('2026-11-27T04:30:00.000Z');
    expect(demoWorkingDay(at('2026-11-27T03:16')).toISODate()).toBe('2026-11-27');
    expect(demoWorkingDay(at('2026-11-27T00:01')).toISODate()).toBe('2026-11-26');
  });

  it('does not depend on the zone of the machine seeding', () => {
    const day = demoWorkingDay(DateTime.fromISO('2026-11-26T23:30', { zone: 'UTC' }));
    expect([day.zoneName, day.toISODate(), day.hour]).toEqual(['Africa/Johannesburg', '2026-11-26', 23]);
  });
});
