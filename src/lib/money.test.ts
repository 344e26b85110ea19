import { describe, it, expect } from 'vitest';
import { formatMoney, priceBreakdownCents, quoteDisplayPriceCents, toCents, vatPercent } from './money';

const NBSP = '\u00a0';

describe('formatMoney', () => {
  // Node 20's ICU formats en-ZA with a no-break space after R and a decimal comma.
  it('defaults to en-ZA, ZAR, 2 decimals', () => {
    expect(formatMoney(12345)).toBe(`R${NBSP}123,45`);
    expect(formatMoney(0)).toBe(`R${NBSP}0,00`);
    expect(formatMoney(123456789)).toBe(`R${NBSP}1${NBSP}234${NBSP}567,89`);
    expect(formatMoney(-500)).toBe(`-R${NBSP}5,00`);
  });

  it('honours currency, decimals and locale', () => {
    expect(formatMoney(12345, { currency: 'USD', locale: 'en-US' })).toBe('$123.45');
    expect(formatMoney(12345, { currency: 'KWD', decimals: 3, locale: 'en-US' })).toBe(`KWD${NBSP}12.345`);
  });
});

describe('toCents', () => {
  it('parses without float drift', () => {
    expect(toCents('123.45')).toBe(12345);
    expect(toCents(123.45)).toBe(12345);
    expect(toCents(1.005)).toBe(101); // naive Math.round(1.005 * 100) gives 100
    expect(toCents(4.35)).toBe(435); // 4.35 * 100 is 434.99999999999994
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it('accepts comma decimals, spaces, signs and other decimal counts', () => {
    expect(toCents('123,45')).toBe(12345);
    expect(toCents(` 1${NBSP}234.5 `)).toBe(123450);
    expect(toCents('-2.50')).toBe(-250);
    expect(toCents('.5')).toBe(50);
    expect(toCents('7')).toBe(700);
    expect(toCents('12.3456', 3)).toBe(12346);
    expect(toCents(1e-7)).toBe(0);
    expect(toCents('-0.001')).toBe(0);
  });

  it('rejects non-amounts', () => {
    expect(() => toCents('abc')).toThrow(RangeError);
    expect(() => toCents('')).toThrow(RangeError);
    expect(() => toCents('1.2.3')).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('quoteDisplayPriceCents (001 §9)', () => {
  it('(priceExcl + priceExcl × vatRate) × 1 one way', () => {
    expect(quoteDisplayPriceCents(10000, 0.15, false)).toBe(11500);
  });

  it('× 2 for a round trip', () => {
    expect(quoteDisplayPriceCents(10000, 0.15, true)).toBe(23000);
  });

  it('rounds to the cent at the end', () => {
    // 333 × 1.15 = 382.95 → 383
    expect(quoteDisplayPriceCents(333, 0.15, false)).toBe(383);
    // 111 × 1.15 = 127.65; × 2 = 255.3 → 255 (rounding before doubling would give 256)
    expect(quoteDisplayPriceCents(111, 0.15, true)).toBe(255);
  });

  it('breakdown adds up to the displayed price', () => {
    expect(priceBreakdownCents(111, 0.15, true)).toEqual({ subtotal: 222, vat: 33, total: 255 });
    expect(priceBreakdownCents(10000, 0.14, false)).toEqual({ subtotal: 10000, vat: 1400, total: 11400 });
  });
});

describe('vatPercent', () => {
  it('rate × 100 without float noise', () => {
    expect(vatPercent(0.15)).toBe(15);
    expect(vatPercent(0.07)).toBe(7); // 0.07 * 100 is 7.000000000000001
    expect(vatPercent(0.14)).toBe(14);
    expect(vatPercent(0.155)).toBe(15.5);
    expect(vatPercent(0)).toBe(0);
  });
});
