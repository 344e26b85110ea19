// Money helpers. Amounts are integer cents everywhere; decimal inputs (typed amounts, VAT rates) are parsed
// as exact decimals so no float drift reaches a price (001 §9, 002 §9).
import { DEFAULT_CURRENCY, DEFAULT_CURRENCY_DECIMALS, ROUND_TRIP_MULTIPLIER, VAT_PERCENT_FACTOR } from './constants';

export const DEFAULT_MONEY_LOCALE = 'en-ZA';

export interface MoneyFormatOptions {
  currency?: string;
  decimals?: number;
  locale?: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string, decimals: number): Intl.NumberFormat {
  // Building a NumberFormat is costly and lists format many rows.
  const key = `${locale}|${currency}|${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, f);
  }
  return f;
}

/** Cents to a currency string via Intl (en-ZA on Node 20 / ICU: 'R\u00a0123,45'). */
export function formatMoney(cents: number, options: MoneyFormatOptions = {}): string {
  const decimals = options.decimals ?? DEFAULT_CURRENCY_DECIMALS;
  const f = formatter(options.locale ?? DEFAULT_MONEY_LOCALE, options.currency ?? DEFAULT_CURRENCY, decimals);
  return f.format(cents / 10 ** decimals);
}

interface Decimal {
  negative: boolean;
  /** value = digits / 10^scale */
  digits: bigint;
  scale: number;
}

// Optional sign, digits with '.' or ',' as the decimal separator, optional exponent (String(1e-7) is '1e-7').
const DECIMAL = /^([+-])?(\d*)(?:[.,](\d*))?(?:e([+-]?\d+))?$/i;

function parseDecimal(value: string | number): Decimal {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
  // String(number) is the shortest round-trip form, so 1.005 stays '1.005' rather than 1.00499999...
  // Whitespace (including the no-break spaces Intl uses for grouping) is ignored.
  const text = String(value).replace(/[\s\u00a0\u202f]/g, '');
  const m = DECIMAL.exec(text);
  const intPart = m?.[2] ?? '';
  const fracPart = m?.[3] ?? '';
  if (!m || intPart.length + fracPart.length === 0) throw new RangeError(`Not an amount: ${String(value)}`);
  let scale = fracPart.length - Number(m[4] ?? 0);
  let digits = BigInt(intPart + fracPart);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: m[1] === '-', digits, scale };
}

/** n / d rounded half away from zero, for n >= 0 and d > 0. */
function divRound(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

function toSafeNumber(value: bigint, negative: boolean): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError('Amount out of range');
  return negative && n !== 0 ? -n : n;
}

/** '123.45' / 123.45 / '123,45' → 12345. Rounds half away from zero at the last kept decimal. */
export function toCents(amount: string | number, decimals: number = DEFAULT_CURRENCY_DECIMALS): number {
  const { negative, digits, scale } = parseDecimal(amount);
  const scaled = digits * 10n ** BigInt(decimals);
  return toSafeNumber(divRound(scaled, 10n ** BigInt(scale)), negative);
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
}

export interface PriceBreakdownCents {
  subtotal: number;
  vat: number;
  total: number;
}

/** Subtotal, VAT and total of a quote; round trip doubles the amount. total === quoteDisplayPriceCents(...). */
export function priceBreakdownCents(priceExclCents: number, vatRate: number, isRoundTrip: boolean): PriceBreakdownCents {
  assertCents(priceExclCents);
  const subtotal = priceExclCents * (isRoundTrip ? ROUND_TRIP_MULTIPLIER : 1);
  const rate = parseDecimal(vatRate);
  const vatAbs = divRound(BigInt(Math.abs(subtotal)) * rate.digits, 10n ** BigInt(rate.scale));
  const vat = toSafeNumber(vatAbs, (subtotal < 0) !== rate.negative);
  return { subtotal, vat, total: subtotal + vat };
}

/** 001 §9: (priceExcl + priceExcl × vatRate) × 2 for round trip, × 1 otherwise, rounded to the cent. */
export function quoteDisplayPriceCents(priceExclCents: number, vatRate: number, isRoundTrip: boolean): number {
  return priceBreakdownCents(priceExclCents, vatRate, isRoundTrip).total;
}

/** VAT shown as rate × 100 percent, exactly: 0.07 → 7 (not 7.000000000000001). */
export function vatPercent(rate: number): number {
  const { negative, digits, scale } = parseDecimal(rate);
  const exponent = Math.log10(VAT_PERCENT_FACTOR) - scale;
  const value = Number(`${digits}e${exponent}`);
  return negative && value !== 0 ? -value : value;
}
