// Date display without luxon (issue 19, "A fast first load"): the lists, the registry's columns and the shell format
// instants with the platform's Intl.DateTimeFormat, so luxon (~22 kB gzip) loads only with the screens that do date
// arithmetic (src/lib/dates.ts). Same output as luxon's `toFormat` with the 'en' locale for the tokens below
// (tests/unit/date-format.test.ts compares the two over zones with and without daylight saving).
import { DATE_FORMATS } from './list-constants';
import { DEFAULT_TIME_ZONE } from './shell-constants';

/** English names, as luxon's 'en' tables (not the host's locale data). */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** 0 = Sunday */
  weekday: number;
}

// ISO 8601 as luxon's fromISO reads a calendar date, extended or basic, with an optional time and offset. Week dates
// ('2024-W10-1'), ordinal dates ('2024-064') and bracketed zone names are not read here (no API field carries them):
// they format as invalid input does, ''.
const ISO_PATTERN = new RegExp(
  '^(\\d{4})(?:(?:-(\\d{2})(?:-(\\d{2}))?)|(?:(\\d{2})(\\d{2})))?' +
    '(?:[Tt](\\d{2})(?::?(\\d{2})(?::?(\\d{2})(?:[.,](\\d{1,30}))?)?)?' +
    '(?:([Zz])|([+-])(\\d{2})(?::?(\\d{2}))?)?)?$',
);

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysInMonth = (year: number, month: number) => (month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]!);

/** Milliseconds since the epoch of a wall time read as UTC, years below 100 included (Date.UTC maps them to 19xx). */
function utcMillis(year: number, month: number, day: number, hour: number, minute: number, second: number, millisecond: number): number {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, millisecond));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** The instant of an ISO string; strings without an offset are UTC (the API's contract). NaN when it is not one. */
export function parseIsoInstant(iso: string): number {
  const match = ISO_PATTERN.exec(iso);
  if (!match) return NaN;
  const [, y, extMonth, extDay, basicMonth, basicDay, h, mi, s, fraction, zulu, sign, offsetHours, offsetMinutes] = match;
  const year = Number(y);
  const month = Number(extMonth ?? basicMonth ?? 1);
  const day = Number(extDay ?? basicDay ?? 1);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return NaN;
  let hour = Number(h ?? 0);
  const minute = Number(mi ?? 0);
  const second = Number(s ?? 0);
  const millisecond = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  // 24:00 is the end of the day, the next day's midnight (as luxon reads it); any other hour past 23 is invalid.
  const endOfDay = hour === 24 && minute === 0 && second === 0 && millisecond === 0;
  if ((hour > 23 && !endOfDay) || minute > 59 || second > 59) return NaN;
  if (endOfDay) hour = 0;
  let millis = utcMillis(year, month, day, hour, minute, second, millisecond) + (endOfDay ? 86_400_000 : 0);
  if (!zulu && sign) {
    const offset = Number(offsetHours) * 60 + Number(offsetMinutes ?? 0);
    millis -= (sign === '-' ? -offset : offset) * 60_000;
  }
  return millis;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The (cached) formatter giving a zone's wall clock as numbers; throws RangeError for an unknown zone. */
function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', era: 'short',
      year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall time of an instant in a zone, or null for an unknown zone. 'utc' and 'gmt' in any case are UTC, as in luxon. */
export function wallTimeIn(millis: number, timeZone: string): WallTime | null {
  const zone = /^(utc|gmt)$/i.test(timeZone) ? 'UTC' : timeZone;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = wallClockFormatter(zone).formatToParts(millis);
  } catch {
    return null;
  }
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? NaN);
  const era = parts.find((part) => part.type === 'era')?.value ?? '';
  const year = /^B/i.test(era) ? 1 - field('year') : field('year');
  const hour = field('hour') % 24;
  const millisecond = ((millis % 1000) + 1000) % 1000;
  // The weekday of the wall date, from the same date read as UTC.
  const wall = new Date(utcMillis(year, field('month'), field('day'), 0, 0, 0, 0));
  return { year, month: field('month'), day: field('day'), hour, minute: field('minute'), second: field('second'), millisecond, weekday: wall.getUTCDay() };
}

const pad = (value: number, length: number) => (value < 0 ? `-${String(-value).padStart(length, '0')}` : String(value).padStart(length, '0'));

/** One luxon format token of the wall time, or undefined when this module does not know it. */
function token(name: string, time: WallTime): string | undefined {
  switch (name) {
    case 'yyyy': return pad(time.year, 4);
    case 'yy': return pad(Math.abs(time.year) % 100, 2);
    case 'y': return String(time.year);
    case 'M': case 'L': return String(time.month);
    case 'MM': case 'LL': return pad(time.month, 2);
    case 'MMM': case 'LLL': return MONTHS[time.month - 1]!.slice(0, 3);
    case 'MMMM': case 'LLLL': return MONTHS[time.month - 1]!;
    case 'd': return String(time.day);
    case 'dd': return pad(time.day, 2);
    case 'H': return String(time.hour);
    case 'HH': return pad(time.hour, 2);
    case 'h': return String(time.hour % 12 === 0 ? 12 : time.hour % 12);
    case 'hh': return pad(time.hour % 12 === 0 ? 12 : time.hour % 12, 2);
    case 'm': return String(time.minute);
    case 'mm': return pad(time.minute, 2);
    case 's': return String(time.second);
    case 'ss': return pad(time.second, 2);
    case 'SSS': return pad(time.millisecond, 3);
    case 'a': return time.hour < 12 ? 'AM' : 'PM';
    case 'ccc': case 'EEE': return WEEKDAYS[time.weekday]!.slice(0, 3);
    case 'cccc': case 'EEEE': return WEEKDAYS[time.weekday]!;
    default: return undefined;
  }
}

/**
 * A luxon format string applied to a wall time: runs of one letter are tokens, text in single quotes and anything
 * not a letter are literal ('' is a quote). Throws on a token this module does not know (formats are constants of
 * the code, so a new one fails its tests rather than showing garbage).
 */
function applyFormat(format: string, time: WallTime): string {
  let out = '';
  for (let i = 0; i < format.length;) {
    const char = format[i]!;
    if (char === "'") {
      const end = format.indexOf("'", i + 1);
      const literal = end === -1 ? format.slice(i + 1) : format.slice(i + 1, end);
      out += literal === '' && end === i + 1 ? "'" : literal;
      i = end === -1 ? format.length : end + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(char)) {
      out += char;
      i += 1;
      continue;
    }
    let end = i + 1;
    while (format[end] === char) end += 1;
    const run = format.slice(i, end);
    const text = token(run, time);
    if (text === undefined) throw new Error(`date-format: unsupported format token '${run}' in '${format}'`);
    out += text;
    i = end;
  }
  return out;
}

/** Formats an ISO instant in the zone with a luxon format (see DATE_FORMATS). '' for empty or invalid input. */
export function formatDate(
  iso: string | null | undefined,
  format: string = DATE_FORMATS.displayDate,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (!iso) return '';
  const millis = parseIsoInstant(iso);
  if (Number.isNaN(millis)) return '';
  const time = wallTimeIn(millis, timeZone);
  return time ? applyFormat(format, time) : '';
}

/** A wall date 'yyyy-MM-dd' as the spec shows dates, 'dd-MM-yyyy'; '' for empty or invalid input. */
export function isoDateToDisplay(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return '';
  const [, year, month, day] = match;
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(Number(year), m) ? `${day}-${month}-${year}` : '';
}

/** A typed 'dd-MM-yyyy' as the wall date 'yyyy-MM-dd' the API takes; null unless it is a real day. */
export function displayDateToIso(text: string): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(Number(year), m) ? `${year}-${month}-${day}` : null;
}

/** What typing into a DD-MM-YYYY field shows: the digits with the dashes put in ('2611' → '26-11'). */
export function maskDisplayDate(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter((part) => part !== '').join('-');
}
