import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { formatMoney, toCents } from '../lib/money';
import { DAY_OF_WEEK_TYPES, DEFAULT_PRICING_TIER, RATE_PARCEL_TYPE_LABELS, RATE_SLA_TYPES, RATE_TEXTS, RATE_TYPES } from '../lib/rate-texts';
import { bodyOf } from './api-helpers';
import { entityCalls, resourceApi, type EntityRow } from './provider';
import type { FormValues, ResourceDef } from './types';

type NumberFields = 'parcelTypeId' | 'startKmRange' | 'endKmRange' | 'priceCents';
/**
 * A rate of the list (numbers) or of the form, whose inputs hold text: the parcel type's code, the km range and
 * the price in the currency's units ("65.00"; the contract's priceCents is integer cents).
 */
export type RateRow = Omit<EntityRow<'rates'>, NumberFields> & { [K in NumberFields]: EntityRow<'rates'>[K] | string };

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const PARCEL_TYPE_OPTIONS = Object.keys(RATE_PARCEL_TYPE_LABELS);
const amount = (cents: number) => (cents / 100).toFixed(2);
const price = (value: number | string) => (typeof value === 'number' ? formatMoney(value) : value);

/** A number typed in a text input; what is not one goes as null, so the server's 400 names the field. */
function whole(value: FormValues[string]): number | null {
  const text = typeof value === 'string' ? value.trim() : value;
  return typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : typeof text === 'number' ? text : null;
}

function cents(value: FormValues[string]): number | null {
  if (typeof value !== 'string' || !/^\d+([.,]\d{1,2})?$/.test(value.trim())) return null;
  return toCents(value.trim());
}

/** The form's texts to the contract's numbers; a blank company is the portal default (null). */
export function rateBody(values: FormValues) {
  const body = bodyOf(values);
  return {
    ...body,
    parcelTypeId: whole(body.parcelTypeId ?? null),
    startKmRange: whole(body.startKmRange ?? null),
    endKmRange: whole(body.endKmRange ?? null),
    priceCents: cents(values.priceCents ?? null),
    companyId: typeof body.companyId === 'number' ? body.companyId : null,
  };
}

/** The form's inputs hold text. */
const formRecord = (record: EntityRow<'rates'>): RateRow => ({
  ...record, parcelTypeId: String(record.parcelTypeId), startKmRange: String(record.startKmRange), endKmRange: String(record.endKmRange),
  priceCents: amount(record.priceCents),
});

/**
 * Rates (000 sections 2 and 6: administrator, management, staff; Rates in the Finance menu for administrator and
 * management): the price list every quote is priced from (server/domain/pricing.ts). List with the catalogue's
 * filters, export "Rates", add and edit. No delete: deactivate a rate instead (quotes refer to the prices they had).
 */
export const ratesResource: ResourceDef<RateRow> = {
  id: 'rates',
  title: 'Rates',
  singular: 'rate',
  routes: { list: '/rates', add: '/rates/add', edit: '/rates/edit/:id' },
  operations: { list: 'getrates', get: 'getrate', create: 'createrate', update: 'updaterate' },
  columns: [
    { key: 'name', header: 'Name', sortKey: 'name' },
    { key: 'companyName', header: 'Company', text: (row) => row.companyName ?? 'Portal default' },
    { key: 'rateType', header: 'Rate type', sortKey: 'rateType' },
    { key: 'slaType', header: 'SLA type', sortKey: 'slaType' },
    { key: 'parcelTypeId', header: 'Parcel type', sortKey: 'parcelTypeId', text: (row) => RATE_PARCEL_TYPE_LABELS[String(row.parcelTypeId)] ?? String(row.parcelTypeId) },
    { key: 'pricingTier', header: 'Pricing tier', sortKey: 'pricingTier' },
    { key: 'dayOfWeekType', header: 'Day of the week', sortKey: 'dayOfWeekType' },
    { key: 'startKmRange', header: 'Km range', sortKey: 'startKmRange', text: (row) => `${row.startKmRange}-${row.endKmRange} km` },
    { key: 'priceCents', header: 'Price', sortKey: 'priceCents', text: (row) => price(row.priceCents) },
    { key: 'isHighRisk', header: 'High risk', text: (row) => yesNo(row.isHighRisk) },
    { key: 'isReturnToSenderRate', header: 'Return to sender', text: (row) => yesNo(row.isReturnToSenderRate) },
    { key: 'isActive', header: 'Active', sortKey: 'isActive', text: (row) => yesNo(row.isActive) },
  ],
  filters: [
    { kind: 'enum', name: 'rateType', label: 'Rate type', options: RATE_TYPES },
    { kind: 'enum', name: 'slaType', label: 'SLA type', options: RATE_SLA_TYPES },
    { kind: 'enum', name: 'parcelType', label: 'Parcel type', options: PARCEL_TYPE_OPTIONS, optionLabels: RATE_PARCEL_TYPE_LABELS },
    { kind: 'lookup', name: 'companyid', label: 'Company', resource: 'companies' },
    { kind: 'boolean', name: 'isDefault', label: 'Portal default' },
    { kind: 'boolean', name: 'isActive', label: 'Active' },
    { kind: 'boolean', name: 'isHighRisk', label: 'High risk' },
    { kind: 'range', name: 'price', label: 'Price', min: 0 },
    { kind: 'range', name: 'distance', label: 'Distance (km)', min: 0 },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
    { name: 'companyId', label: 'Company (none: the portal default)', kind: 'lookup', resource: 'companies', nameField: 'companyName' },
    { name: 'rateType', label: 'Rate type', kind: 'enum', options: RATE_TYPES, required: true },
    { name: 'slaType', label: 'SLA type', kind: 'enum', options: RATE_SLA_TYPES, required: true },
    { name: 'parcelTypeId', label: 'Parcel type', kind: 'enum', options: PARCEL_TYPE_OPTIONS, optionLabels: RATE_PARCEL_TYPE_LABELS, required: true },
    { name: 'pricingTier', label: `Pricing tier (${DEFAULT_PRICING_TIER}: the list price)`, kind: 'text', required: true, maxLength: 64 },
    { name: 'dayOfWeekType', label: 'Day of the week', kind: 'enum', options: DAY_OF_WEEK_TYPES, required: true },
    { name: 'startKmRange', label: 'Start km', kind: 'text', required: true, maxLength: 6 },
    { name: 'endKmRange', label: 'End km', kind: 'text', required: true, maxLength: 6 },
    { name: 'priceCents', label: 'Price (excl. VAT)', kind: 'text', required: true, maxLength: 12 },
    { name: 'isReturnToSenderRate', label: 'Return-to-sender rate', kind: 'boolean' },
    { name: 'isHighRisk', label: 'High-risk area surcharge', kind: 'boolean' },
    { name: 'isActive', label: 'Active', kind: 'boolean' },
  ],
  defaultSort: 'startKmRange',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: RATE_TEXTS.exportName,
  related: [{ label: 'Upload batches', path: (id) => `/rates/${id}/batches`, operation: 'getratebatches' }],
  createOpensEdit: true,
  upload: { to: '/rates/batches/add', operation: 'uploadratesheet' },
  label: (row) => row.name,
  api: resourceApi(entityCalls('rates'), {
    row: (row): RateRow => row,
    record: formRecord,
    created: formRecord,
    updated: formRecord,
    createBody: rateBody,
    exportable: true,
    select: { from: 'server', query: (search) => ({ search }) },
  }),
};
