// Phone rules of 000 §5, 001 §5, 002 §5: pattern, digits-only helper, input mask and normalisation.
import { DEFAULT_CONTACT_COUNTRY } from './shell-constants';

/** Country selector default: South Africa (+27). */
export const DEFAULT_PHONE_COUNTRY = DEFAULT_CONTACT_COUNTRY;
export const DEFAULT_DIAL_CODE = '+27';
export const PHONE_MASK = '(000) 000-0000';
const MASK_DIGITS = 10;

/**
 * Optional international prefix of 1 to 3 digits (leading + allowed), area code (optionally in balanced
 * parentheses), 3 or 4 digits, then 4 digits, optional extension. Separators: space, dot or hyphen, optional.
 * The area code takes 2 to 4 digits so that '+27 82 123 4567' passes alongside '(082) 123-4567'.
 */
export const PHONE_PATTERN =
  /^(?:\+?\d{1,3}[ .-]?)?(?:\(\d{2,4}\)|\d{2,4})[ .-]?\d{3,4}[ .-]?\d{4}(?:\s*(?:x|ext\.?|extension|#)\s*\d{1,6})?$/i;

const EXTENSION = /\s*(?:x|ext\.?|extension|#)\s*\d{1,6}$/i;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Applies '(000) 000-0000' as the user types: literals appear only once the digit after them is typed,
 * so deleting never leaves a dangling ') ' or '-'. Extra digits are dropped.
 */
export function formatPhoneMask(input: string): string {
  const d = digitsOnly(input).slice(0, MASK_DIGITS);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * E.164-like number for the API: an input already international ('+' or '00') keeps its own country code;
 * otherwise one leading trunk 0 is dropped and the selected dial code prefixed. Extensions are not kept.
 * Returns '' for input without digits.
 */
export function normalisePhone(countryDialCode: string, input: string): string {
  const trimmed = input.trim().replace(EXTENSION, '');
  const digits = digitsOnly(trimmed);
  if (digits.length === 0) return '';
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  return `+${digitsOnly(countryDialCode)}${digits.replace(/^0/, '')}`;
}
