// Date helpers (000 §3, §9; 002 §9). The API speaks ISO UTC; display is always in the portal's time zone.
// Date arithmetic with luxon. Plain display and the date field's text (formatDate, isoDateToDisplay, displayDateToIso, maskDisplayDate) is in ./date-format, without luxon: modules
// on the first screen's path (the lists, the resource registry, the shell) import it from there, not from here.
import { DateTime } from 'luxon';
import { DATE_FORMATS, DEFAULT_TIME_ZONE, RELATIVE_DAY_LABELS } from './constants';

export { displayDateToIso, formatDate, isoDateToDisplay, maskDisplayDate } from './date-format';

// Fixed locale so weekday names and AM/PM do not depend on the host machine.
const LOCALE = 'en';

function parseUtc(iso: string): DateTime {
  // Strings without an offset are UTC by contract.
  return DateTime.fromISO(iso, { zone: 'utc' });
}

export interface RelativeDayOptions {
  timeZone?: string;
  /** Injectable clock, for tests and for rendering against server time. */
  now?: Date | string;
  withWeekday?: boolean;
}

/**
 * 'Today' / 'Tomorrow' / 'Yesterday' when the instant falls on that calendar day in the zone, otherwise
 * 'dd-MM-yyyy', with ' (Monday)' appended when withWeekday is set. '' for empty or invalid input.
 */
export function displayRelativeDay(iso: string | null | undefined, options: RelativeDayOptions = {}): string {
  if (!iso) return '';
  const zone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const value = parseUtc(iso).setZone(zone).setLocale(LOCALE);
  if (!value.isValid) return '';
  const nowInput = options.now ?? new Date();
  const now = (typeof nowInput === 'string' ? parseUtc(nowInput) : DateTime.fromJSDate(nowInput)).setZone(zone);
  // Compare calendar days, not 24-hour spans: 23:59 and 00:01 are a day apart.
  const days = Math.round(value.startOf('day').diff(now.startOf('day'), 'days').days);
  if (days === 0) return RELATIVE_DAY_LABELS.today;
  if (days === 1) return RELATIVE_DAY_LABELS.tomorrow;
  if (days === -1) return RELATIVE_DAY_LABELS.yesterday;
  const date = value.toFormat(DATE_FORMATS.displayDate);
  return options.withWeekday ? `${date} (${value.toFormat('cccc')})` : date;
}

/**
 * ISO UTC string for the API. A string without an offset (e.g. '2024-03-01T08:00' or '2024-03-01') is wall
 * time in the zone; a string with an offset or a Date is an instant already. Throws on invalid input.
 */
export function toIsoUtc(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const dt = typeof value === 'string' ? DateTime.fromISO(value, { zone: timeZone }) : DateTime.fromJSDate(value);
  if (!dt.isValid) throw new RangeError(`Invalid date: ${String(value)}`);
  return dt.toUTC().toISO() as string;
}

/** Wall date and 'HH:mm' time in the zone (e.g. deliveryDate + deliveryTime) as ISO UTC. */
export function localDateTimeToIsoUtc(date: string, time: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return toIsoUtc(`${date}T${time}`, timeZone);
}

export interface WindowOptions {
  timeZone?: string | undefined;
  /**
   * The day the window is read against (the quote list: the pick-up day): a bound on that day shows its time
   * alone, a bound on any other day shows its day too. Without it the start always shows its day and the end
   * shows its day when it is not the start's.
   */
  anchorUtc?: string | null | undefined;
}

/**
 * A time window as every screen shows it (quotes, booking success, tracking, deliveries): 'Tue 4 Mar 08:00–10:00',
 * or 'Fri 27 Nov 10:00–Sat 28 Nov 10:00' when it ends on another day; with an anchor '10:00–Sat 28 Nov 10:00'.
 * '' when either bound is missing or invalid.
 */
export function formatWindow(startUtc: string | null | undefined, endUtc: string | null | undefined, options: WindowOptions = {}): string {
  const zone = options.timeZone ?? DEFAULT_TIME_ZONE;
  if (!startUtc || !endUtc) return '';
  const start = parseUtc(startUtc).setZone(zone).setLocale(LOCALE);
  const end = parseUtc(endUtc).setZone(zone).setLocale(LOCALE);
  if (!start.isValid || !end.isValid) return '';
  const anchor = options.anchorUtc ? parseUtc(options.anchorUtc).setZone(zone) : null;
  const withDay = `${DATE_FORMATS.dayLabel} ${DATE_FORMATS.time}`;
  const bound = (value: DateTime, sameDay: boolean) => value.toFormat(sameDay ? DATE_FORMATS.time : withDay);
  if (anchor?.isValid) {
    return `${bound(start, start.hasSame(anchor, 'day'))}–${bound(end, end.hasSame(anchor, 'day'))}`;
  }
  return `${start.toFormat(withDay)}–${bound(end, end.hasSame(start, 'day'))}`;
}
