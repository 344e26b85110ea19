import { describe, it, expect } from 'vitest';
import { DATE_FORMATS } from './constants';
import { displayRelativeDay, formatDate, formatWindow, localDateTimeToIsoUtc, toIsoUtc } from './dates';

const TZ = 'Africa/Johannesburg'; // UTC+2, no daylight saving
// 23:30 on Monday 4 March 2024 in Johannesburg (21:30 UTC): half an hour before local midnight.
const NOW = '2024-03-04T21:30:00Z';

describe('formatDate', () => {
  it('formats a UTC instant in the portal zone', () => {
    expect(formatDate('2024-03-04T22:30:00Z', DATE_FORMATS.dateTime, TZ)).toBe('05-03-2024 00:30');
    expect(formatDate('2024-03-04T22:30:00Z', DATE_FORMATS.isoLocal, TZ)).toBe('2024-03-05T00:30:00');
    expect(formatDate('2024-03-04T13:05:00Z', DATE_FORMATS.time12, TZ)).toBe('3:05 PM');
    expect(formatDate('2024-03-04T22:30:00Z', DATE_FORMATS.date, 'UTC')).toBe('2024-03-04');
  });

  it('treats strings without an offset as UTC', () => {
    expect(formatDate('2024-03-04T22:30:00', DATE_FORMATS.time, TZ)).toBe('00:30');
  });

  it('returns empty for empty or invalid input', () => {
    expect(formatDate('', DATE_FORMATS.date, TZ)).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date', DATE_FORMATS.date, TZ)).toBe('');
  });
});

describe('displayRelativeDay around Johannesburg midnight', () => {
  it('an hour later but after local midnight is Tomorrow', () => {
    expect(displayRelativeDay('2024-03-04T22:30:00Z', { timeZone: TZ, now: NOW })).toBe('Tomorrow');
  });

  it('the same instant is Today in UTC, where midnight has not passed', () => {
    expect(displayRelativeDay('2024-03-04T22:30:00Z', { timeZone: 'UTC', now: NOW })).toBe('Today');
  });

  it('local midnight starting the day is Today', () => {
    expect(displayRelativeDay('2024-03-03T22:00:00Z', { timeZone: TZ, now: NOW })).toBe('Today');
  });

  it('one second before local midnight is Yesterday', () => {
    expect(displayRelativeDay('2024-03-03T21:59:59Z', { timeZone: TZ, now: NOW })).toBe('Yesterday');
  });

  it('further away shows the date, optionally with the weekday in brackets', () => {
    expect(displayRelativeDay('2024-03-06T00:00:00Z', { timeZone: TZ, now: NOW })).toBe('06-03-2024');
    expect(displayRelativeDay('2024-03-06T00:00:00Z', { timeZone: TZ, now: NOW, withWeekday: true })).toBe(
      '06-03-2024 (Wednesday)',
    );
    expect(displayRelativeDay('2024-03-02T12:00:00Z', { timeZone: TZ, now: new Date(NOW), withWeekday: true })).toBe(
      '02-03-2024 (Saturday)',
    );
  });

  it('returns empty for invalid input', () => {
    expect(displayRelativeDay('garbage', { timeZone: TZ, now: NOW })).toBe('');
  });
});

describe('toIsoUtc', () => {
  it('reads wall time in the zone', () => {
    expect(toIsoUtc('2024-03-05T00:30:00', TZ)).toBe('2024-03-04T22:30:00.000Z');
    expect(toIsoUtc('2024-03-05', TZ)).toBe('2024-03-04T22:00:00.000Z');
    expect(localDateTimeToIsoUtc('2024-03-05', '02:00', TZ)).toBe('2024-03-05T00:00:00.000Z');
  });

  it('keeps instants that carry an offset', () => {
    expect(toIsoUtc('2024-03-05T00:30:00+02:00', 'UTC')).toBe('2024-03-04T22:30:00.000Z');
    expect(toIsoUtc(new Date('2024-03-04T22:30:00Z'), TZ)).toBe('2024-03-04T22:30:00.000Z');
  });

  it('throws on invalid input', () => {
    expect(() => toIsoUtc('31-02-2024', TZ)).toThrow(RangeError);
  });
});

describe('formatWindow', () => {
  // Friday 27 November 2026, Johannesburg (UTC+2).
  const friday10 = '2026-11-27T08:00:00Z';
  const friday12 = '2026-11-27T10:00:00Z';
  const saturday10 = '2026-11-28T08:00:00Z';

  it('shows the start day and the end time for a window within one day', () => {
    expect(formatWindow(friday10, friday12, { timeZone: TZ })).toBe('Fri 27 Nov 10:00–12:00');
  });

  it('keeps the end day of a window ending on another day (not 10:00–10:00)', () => {
    expect(formatWindow(friday10, saturday10, { timeZone: TZ })).toBe('Fri 27 Nov 10:00–Sat 28 Nov 10:00');
  });

  it('reads each bound against the anchor day when given (the quote list: the pick-up day)', () => {
    expect(formatWindow(friday10, saturday10, { timeZone: TZ, anchorUtc: friday10 })).toBe('10:00–Sat 28 Nov 10:00');
    expect(formatWindow(friday10, friday12, { timeZone: TZ, anchorUtc: friday10 })).toBe('10:00–12:00');
    expect(formatWindow(saturday10, saturday10, { timeZone: TZ, anchorUtc: friday10 })).toBe('Sat 28 Nov 10:00–Sat 28 Nov 10:00');
  });

  it('compares days in the portal zone, not in UTC', () => {
    // 23:00 UTC Thursday is 01:00 Friday in Johannesburg: same local day as 10:00 Friday.
    expect(formatWindow('2026-11-26T23:00:00Z', friday10, { timeZone: TZ })).toBe('Fri 27 Nov 01:00–10:00');
  });

  it('is empty when a bound is missing or invalid', () => {
    expect(formatWindow(null, friday10, { timeZone: TZ })).toBe('');
    expect(formatWindow(friday10, undefined, { timeZone: TZ })).toBe('');
    expect(formatWindow(friday10, 'nope', { timeZone: TZ })).toBe('');
  });
});
