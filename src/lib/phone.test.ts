import { describe, it, expect } from 'vitest';
import {
  DEFAULT_DIAL_CODE,
  DEFAULT_PHONE_COUNTRY,
  PHONE_MASK,
  digitsOnly,
  formatPhoneMask,
  isValidPhone,
  normalisePhone,
} from './phone';

describe('phone pattern (001 §5)', () => {
  it.each([
    '(082) 123-4567',
    '+27 82 123 4567',
    '082 123 4567 x12',
    '082 123 4567 ext. 123',
    '0821234567',
    '+27821234567',
    '082.123.4567',
    '+1 (555) 1234-5678',
  ])('accepts %s', (v) => {
    expect(isValidPhone(v)).toBe(true);
  });

  it.each(['12345', 'abc', '', '082 123 45', '(082 123 4567', '082 123 4567 ext', '+1234 82 123 4567'])(
    'rejects %s',
    (v) => {
      expect(isValidPhone(v)).toBe(false);
    },
  );
});

describe('digitsOnly', () => {
  it('strips everything but digits', () => {
    expect(digitsOnly('+27 (82) 123-4567')).toBe('27821234567');
    expect(digitsOnly('abc')).toBe('');
  });
});

describe('formatPhoneMask', () => {
  it('uses the spec mask', () => {
    expect(PHONE_MASK).toBe('(000) 000-0000');
  });

  it.each([
    ['', ''],
    ['0', '(0'],
    ['082', '(082'],
    ['0821', '(082) 1'],
    ['082123', '(082) 123'],
    ['0821234', '(082) 123-4'],
    ['0821234567', '(082) 123-4567'],
    ['08212345678', '(082) 123-4567'],
    ['(082) 12', '(082) 12'],
  ])('%s → %s', (input, expected) => {
    expect(formatPhoneMask(input)).toBe(expected);
  });
});

describe('normalisePhone', () => {
  it('defaults to South Africa (+27)', () => {
    expect(DEFAULT_DIAL_CODE).toBe('+27');
    expect(DEFAULT_PHONE_COUNTRY).toBe('ZA');
  });

  it('drops the trunk 0 and prefixes the dial code', () => {
    expect(normalisePhone('+27', '082 123 4567')).toBe('+27821234567');
    expect(normalisePhone('+27', '(082) 123-4567')).toBe('+27821234567');
    expect(normalisePhone('27', '821234567')).toBe('+27821234567');
  });

  it('keeps an international number as typed', () => {
    expect(normalisePhone('+27', '+44 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('+27', '0044 20 7946 0958')).toBe('+442079460958');
  });

  it('drops an extension and returns empty for no digits', () => {
    expect(normalisePhone('+27', '082 123 4567 x12')).toBe('+27821234567');
    expect(normalisePhone('+27', '  ')).toBe('');
  });
});
