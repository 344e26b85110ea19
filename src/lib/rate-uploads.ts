/**
 * Rate upload sheets (issue 16; 002 sections 2, 4, 5): the columns a sheet has, how a row's cells become a rate
 * upload, and its validation with the spec's texts verbatim. The server validates uploads and edits with it; the
 * edit screen shows the same messages.
 */
import { normalisedHeader } from './sheet-columns';
import { RATE_PARCEL_TYPE_LABELS, RATE_SLA_TYPES, RATE_TEXTS, RATE_TYPES, DAY_OF_WEEK_TYPES, DEFAULT_PRICING_TIER } from './rate-texts';

export type RateSlaType = (typeof RATE_SLA_TYPES)[number];
export type RateTypeName = (typeof RATE_TYPES)[number];
export type DayOfWeekType = (typeof DAY_OF_WEEK_TYPES)[number];

/** A rate upload's values: every one may be missing (a bad row keeps what it had). */
export interface RateUploadValues {
  name: string | null;
  companyId: number | null;
  slaType: string | null;
  parcelTypeId: number | null;
  rateType: string | null;
  dayOfWeekType: string | null;
  pricingTier: string | null;
  startKmRange: number | null;
  endKmRange: number | null;
  priceCents: number | null;
  isReturnToSenderRate: boolean;
  isHighRisk: boolean;
  isActive: boolean;
}

export type RateUploadErrors = Record<string, string[]>;

/** The sheet's columns: header texts accepted (compared without case, spaces or punctuation) and whether required. */
export const RATE_SHEET_COLUMNS = [
  { field: 'name', header: 'Name', aliases: ['name', 'ratename'], required: false },
  { field: 'companyId', header: 'Company Id', aliases: ['companyid'], required: false },
  { field: 'rateType', header: 'Rate type', aliases: ['ratetype'], required: true },
  { field: 'slaType', header: 'SlaType', aliases: ['slatype', 'servicelevel'], required: true },
  { field: 'parcelTypeId', header: 'Parcel Type', aliases: ['parceltype', 'parceltypeid'], required: true },
  { field: 'pricingTier', header: 'Pricing tier', aliases: ['pricingtier'], required: false },
  { field: 'dayOfWeekType', header: 'Day of the week', aliases: ['dayoftheweek', 'dayofweek', 'dayofweektype'], required: true },
  { field: 'startKmRange', header: 'Start km', aliases: ['startkm', 'startkmrange'], required: true },
  { field: 'endKmRange', header: 'End km', aliases: ['endkm', 'endkmrange'], required: true },
  { field: 'priceCents', header: 'Price', aliases: ['price', 'newprice'], required: true },
  { field: 'isReturnToSenderRate', header: 'Return to sender', aliases: ['returntosender', 'isreturntosenderrate', 'returntosenderrate'], required: false },
  { field: 'isHighRisk', header: 'High risk', aliases: ['highrisk', 'ishighrisk', 'highrisksurcharge'], required: false },
  { field: 'isActive', header: 'Active', aliases: ['active', 'isactive'], required: false },
] as const;

export type RateSheetField = (typeof RATE_SHEET_COLUMNS)[number]['field'];


/** Which column holds each field, from the header row; the required columns it lacks, by their header texts. */
export function mapRateSheetHeader(header: readonly string[]): { columns: Partial<Record<RateSheetField, number>>; missing: string[] } {
  const columns: Partial<Record<RateSheetField, number>> = {};
  header.forEach((text, index) => {
    const column = RATE_SHEET_COLUMNS.find((candidate) => (candidate.aliases as readonly string[]).includes(normalisedHeader(text)));
    if (column && columns[column.field] === undefined) columns[column.field] = index;
  });
  const missing = RATE_SHEET_COLUMNS.filter((column) => column.required && columns[column.field] === undefined).map((column) => column.header);
  return { columns, missing };
}

const choice = <T extends string>(options: readonly T[], text: string): T | string =>
  options.find((option) => option.toLowerCase() === text.toLowerCase()) ?? text;

function parcelTypeOf(text: string): number | string {
  if (/^\d+$/.test(text)) return Number(text);
  const entry = Object.entries(RATE_PARCEL_TYPE_LABELS).find(([, label]) => label.toLowerCase() === text.toLowerCase());
  return entry ? Number(entry[0]) : text;
}

const YES = new Set(['true', 'yes', 'y', '1']);
const NO = new Set(['false', 'no', 'n', '0', '']);

/** One sheet row's cells (text) as a rate upload's values, with what could not be read as errors. */
export function rateUploadFromCells(cells: readonly string[], columns: Partial<Record<RateSheetField, number>>): { values: RateUploadValues; errors: RateUploadErrors } {
  const errors: RateUploadErrors = {};
  const cell = (field: RateSheetField) => {
    const index = columns[field];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const unreadable = (field: string, label: string, text: string) => { errors[field] = [`${label} '${text}' is not valid`]; return null; };
  const whole = (field: RateSheetField, label: string) => {
    const text = cell(field);
    if (text === '') return null;
    return /^\d+$/.test(text) ? Number(text) : unreadable(field, label, text);
  };
  const flag = (field: RateSheetField, label: string, fallback: boolean) => {
    const text = cell(field).toLowerCase();
    if (columns[field] === undefined || text === '') return fallback;
    if (YES.has(text)) return true;
    if (NO.has(text)) return false;
    unreadable(field, label, text);
    return fallback;
  };
  const priceText = cell('priceCents').replace(/\s/g, '');
  const priceCents = priceText === '' ? null
    : /^\d+([.,]\d{1,2})?$/.test(priceText) ? Math.round(Number(priceText.replace(',', '.')) * 100) : unreadable('priceCents', 'Price', priceText);
  const parcel = cell('parcelTypeId');
  const parcelType = parcel === '' ? null : parcelTypeOf(parcel);
  const values: RateUploadValues = {
    name: cell('name') || null,
    companyId: whole('companyId', 'Company Id'),
    slaType: cell('slaType') ? choice(RATE_SLA_TYPES, cell('slaType')) : null,
    parcelTypeId: typeof parcelType === 'number' ? parcelType : parcelType === null ? null : unreadable('parcelTypeId', 'Parcel Type', parcelType),
    rateType: cell('rateType') ? choice(RATE_TYPES, cell('rateType')) : null,
    dayOfWeekType: cell('dayOfWeekType') ? choice(DAY_OF_WEEK_TYPES, cell('dayOfWeekType')) : null,
    pricingTier: cell('pricingTier') || null,
    startKmRange: whole('startKmRange', 'Start km'),
    endKmRange: whole('endKmRange', 'End km'),
    priceCents,
    isReturnToSenderRate: flag('isReturnToSenderRate', 'Return to sender', false),
    isHighRisk: flag('isHighRisk', 'High risk', false),
    isActive: flag('isActive', 'Active', true),
  };
  return { values, errors: { ...validateRateUpload(values), ...errors } };
}

const add = (errors: RateUploadErrors, field: string, message: string) => { (errors[field] ??= []).push(message); };

/** The rules of 002 section 5 (texts verbatim) and the catalogue's choices; empty when the row can become a rate. */
export function validateRateUpload(values: RateUploadValues): RateUploadErrors {
  const errors: RateUploadErrors = {};
  if (values.startKmRange === null) add(errors, 'startKmRange', RATE_TEXTS.startKmRequired);
  if (values.endKmRange === null) add(errors, 'endKmRange', RATE_TEXTS.endKmRequired);
  if (values.slaType === null) add(errors, 'slaType', RATE_TEXTS.slaTypeRequired);
  else if (!(RATE_SLA_TYPES as readonly string[]).includes(values.slaType)) add(errors, 'slaType', `SlaType '${values.slaType}' is not one of ${RATE_SLA_TYPES.join(', ')}`);
  if (values.parcelTypeId === null) add(errors, 'parcelTypeId', RATE_TEXTS.parcelTypeRequired);
  else if (!(String(values.parcelTypeId) in RATE_PARCEL_TYPE_LABELS)) add(errors, 'parcelTypeId', `Parcel Type '${values.parcelTypeId}' is not one of ${Object.keys(RATE_PARCEL_TYPE_LABELS).join(', ')}`);
  if (values.rateType === null) add(errors, 'rateType', RATE_TEXTS.rateTypeRequired);
  else if (!(RATE_TYPES as readonly string[]).includes(values.rateType)) add(errors, 'rateType', `Rate type '${values.rateType}' is not one of ${RATE_TYPES.join(', ')}`);
  if (values.dayOfWeekType === null) add(errors, 'dayOfWeekType', RATE_TEXTS.dayOfWeekRequired);
  else if (!(DAY_OF_WEEK_TYPES as readonly string[]).includes(values.dayOfWeekType)) add(errors, 'dayOfWeekType', `Day of the week '${values.dayOfWeekType}' is not one of ${DAY_OF_WEEK_TYPES.join(', ')}`);
  if (values.priceCents === null) add(errors, 'priceCents', RATE_TEXTS.priceRequired);
  if (values.startKmRange !== null && values.endKmRange !== null && values.endKmRange <= values.startKmRange) add(errors, 'endKmRange', RATE_TEXTS.endBeforeStart);
  return errors;
}

/** The name a row without one gets: its key, as the migration named the rates from before names. */
export function rateUploadName(values: RateUploadValues): string {
  if (values.name) return values.name;
  const kind = values.isHighRisk ? ' high-risk surcharge' : values.isReturnToSenderRate ? ' return to sender' : '';
  return `${values.slaType}${kind}, parcel type ${values.parcelTypeId}, ${values.dayOfWeekType}, ${values.startKmRange}-${values.endKmRange} km`;
}

export const rateUploadTier = (values: RateUploadValues) => values.pricingTier ?? DEFAULT_PRICING_TIER;
