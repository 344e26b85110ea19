import { describe, expect, it } from 'vitest';
import { dialCodeOf, internationalPhone, isPhoneCountry, PHONE_COUNTRIES, splitPhone } from './phone-countries';

describe('phone countries', () => {
  it('lists every country once, by name, with its dialling code', () => {
    const codes = PHONE_COUNTRIES.map((country) => country.cca2);
    expect(new Set(codes).size).toBe(codes.length);
    expect(PHONE_COUNTRIES.find((country) => country.cca2 === 'ZA')).toEqual({ cca2: 'ZA', name: 'South Africa', dialCode: '+27' });
    const names = PHONE_COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('knows dialling codes, falling back to South Africa for an unknown country', () => {
    expect(dialCodeOf('na')).toBe('+264');
    expect(dialCodeOf('XX')).toBe('+27');
    expect(isPhoneCountry('bw')).toBe(true);
    expect(isPhoneCountry('XX')).toBe(false);
  });

  it('makes the international number the API stores', () => {
    expect(internationalPhone('ZA', '(082) 123-4567')).toBe('+27821234567');
    expect(internationalPhone('NA', '(081) 765-4321')).toBe('+264817654321');
    expect(internationalPhone('US', '(555) 123-4567')).toBe('+15551234567');
    expect(internationalPhone('ZA', '')).toBe('');
  });

  it('splits a stored number into country and masked national part', () => {
    expect(splitPhone('+27821234567', 'ZA')).toEqual({ country: 'ZA', national: '(082) 123-4567' });
    expect(splitPhone('+264817654321', 'ZA')).toEqual({ country: 'NA', national: '(081) 765-4321' });
    expect(splitPhone('+15551234567', 'ZA')).toEqual({ country: 'US', national: '(555) 123-4567' });
    // A shared code keeps the profile's own country.
    expect(splitPhone('+14165551234', 'CA')).toEqual({ country: 'CA', national: '(416) 555-1234' });
    expect(splitPhone(null, 'NA')).toEqual({ country: 'NA', national: '' });
    expect(splitPhone('0821234567', 'ZA')).toEqual({ country: 'ZA', national: '(082) 123-4567' });
  });
});
