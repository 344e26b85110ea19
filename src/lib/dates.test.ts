import { describe, it, expect } from 'vitest';
import { DATE_FORMATS } from './constants';
import { displayRelativeDay, formatDate, localDateTimeToIsoUtc, toIsoUtc } from './dates';

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
