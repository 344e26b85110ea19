/**
 * Delivery upload sheets (issue 16): the columns a store's delivery sheet has, how a row's cells become a delivery
 * upload, and its validation with the booking wizard's own rules and messages (src/lib/booking-rules.ts): the
 * server validates uploads and edits with it, the edit screen shows the same messages. What needs the database
 * (addresses found, the store's dates, the price, a repeated order reference) is checked on the server.
 */
import { validateContact, validateDeliveryRequirements, validateParcels, type FieldErrors } from './booking-rules';
import { SLA_TYPES } from './constants';
import { normalisedHeader, type SheetColumn } from './sheet-columns';

export interface DeliveryUploadValues {
  orderReference: string | null;
  customerIdentifier: string | null;
  /** The pick-up address as written; empty: the store's own address. */
  originAddressText: string | null;
  destinationAddressText: string | null;
  originContactName: string | null;
  originPhoneNumber: string | null;
  destinationContactName: string | null;
  destinationPhoneNumber: string | null;
  deliveryDate: string | null;
  deliveryTime: string | null;
  slaType: string | null;
  parcelTypeId: number | null;
  parcelName: string | null;
  length: number | null;
  width: number | null;
  height: number | null;
  weight: number | null;
  parcelCount: number;
}

export type DeliveryUploadErrors = Record<string, string[]>;

export const DELIVERY_SHEET_COLUMNS = [
  { field: 'orderReference', header: 'Order reference', aliases: ['orderreference', 'orderref', 'reference'], required: true },
  { field: 'customerIdentifier', header: 'Customer identifier', aliases: ['customeridentifier', 'customerid'], required: false },
  { field: 'originAddressText', header: 'Pick-up address', aliases: ['pickupaddress', 'originaddress', 'pickup'], required: false },
  { field: 'originContactName', header: 'Pick-up contact', aliases: ['pickupcontact', 'pickupcontactname', 'origincontactname'], required: false },
  { field: 'originPhoneNumber', header: 'Pick-up phone', aliases: ['pickupphone', 'pickupphonenumber', 'originphonenumber'], required: false },
  { field: 'destinationAddressText', header: 'Drop-off address', aliases: ['dropoffaddress', 'destinationaddress', 'dropoff'], required: true },
  { field: 'destinationContactName', header: 'Drop-off contact', aliases: ['dropoffcontact', 'dropoffcontactname', 'destinationcontactname'], required: true },
  { field: 'destinationPhoneNumber', header: 'Drop-off phone', aliases: ['dropoffphone', 'dropoffphonenumber', 'destinationphonenumber'], required: true },
  { field: 'deliveryDate', header: 'Date', aliases: ['date', 'deliverydate', 'pickupdate'], required: true },
  { field: 'deliveryTime', header: 'Time', aliases: ['time', 'deliverytime', 'pickuptime'], required: false },
  { field: 'slaType', header: 'Service level', aliases: ['servicelevel', 'slatype', 'service'], required: true },
  { field: 'parcelTypeId', header: 'Parcel type', aliases: ['parceltype', 'parceltypeid', 'parcelsize'], required: true },
  { field: 'parcelName', header: 'Parcel name', aliases: ['parcelname', 'parcel'], required: false },
  { field: 'length', header: 'Length', aliases: ['length'], required: false },
  { field: 'width', header: 'Width', aliases: ['width'], required: false },
  { field: 'height', header: 'Height', aliases: ['height'], required: false },
  { field: 'weight', header: 'Weight', aliases: ['weight'], required: false },
  { field: 'parcelCount', header: 'Parcels', aliases: ['parcels', 'parcelcount', 'quantity'], required: false },
] as const satisfies readonly SheetColumn[];

export type DeliverySheetField = (typeof DELIVERY_SHEET_COLUMNS)[number]['field'];

/** Parcel types by name as the catalogue seeds them (ids 1-3; 4 is the custom parcel). */
export const DELIVERY_PARCEL_TYPES: Readonly<Record<string, number>> = { small: 1, medium: 2, large: 3, custom: 4 };

export const DELIVERY_UPLOAD_TEXTS = {
  // Ours (the spec is silent): what the wizard cannot say because it has pickers for these.
  slaTypeUnknown: (text: string) => `Service level '${text}' is not one of ${SLA_TYPES.join(', ')}`,
  parcelTypeUnknown: (text: string) => `Parcel type '${text}' is not one of Small, Medium, Large, Custom`,
  notANumber: (label: string, text: string) => `${label} '${text}' is not valid`,
  timeInvalid: (text: string) => `Time '${text}' is not valid: use HH:mm`,
  addressNotFound: (text: string) => `Address '${text}' could not be found`,
  dateNotAvailable: (date: string) => `${date} is not an available pick-up date for this store`,
  noOption: (slaType: string) => `No ${slaType} service is offered for this route`,
  duplicateOrderReference: (reference: string) => `Order reference ${reference} is already used`,
  orderReferenceRequired: 'Order reference is required',
  slaTypeRequired: 'Service level is required',
  noAccount: "This store has no account to charge: add one to the store's accounts first.",
  notCancellable: 'This delivery upload can no longer be cancelled.',
  notEditable: 'This delivery upload can no longer be changed.',
  cancelUploadQuestion: (id: number) => `This action cannot be undone. Are you sure you want to cancel delivery upload #${id}?`,
  exportName: 'Delivery uploads',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Which column holds each field, from the header row; the required columns it lacks, by their header texts. */
export function mapDeliverySheetHeader(header: readonly string[]): { columns: Partial<Record<DeliverySheetField, number>>; missing: string[] } {
  const columns: Partial<Record<DeliverySheetField, number>> = {};
  header.forEach((text, index) => {
    const column = DELIVERY_SHEET_COLUMNS.find((candidate) => (candidate.aliases as readonly string[]).includes(normalisedHeader(text)));
    if (column && columns[column.field] === undefined) columns[column.field] = index;
  });
  const missing = DELIVERY_SHEET_COLUMNS.filter((column) => column.required && columns[column.field] === undefined).map((column) => column.header);
  return { columns, missing };
}

/** A date cell: YYYY-MM-DD as written, or an .xlsx date (read as an ISO timestamp). */
const dateOf = (text: string) => (/^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : text);

/** One sheet row's cells (text) as a delivery upload's values, with what could not be read as errors. */
export function deliveryUploadFromCells(cells: readonly string[], columns: Partial<Record<DeliverySheetField, number>>): { values: DeliveryUploadValues; errors: DeliveryUploadErrors } {
  const errors: DeliveryUploadErrors = {};
  const cell = (field: DeliverySheetField) => {
    const index = columns[field];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const text = (field: DeliverySheetField) => cell(field) || null;
  const decimal = (field: DeliverySheetField, label: string) => {
    const value = cell(field).replace(',', '.');
    if (value === '') return null;
    if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
    errors[field] = [DELIVERY_UPLOAD_TEXTS.notANumber(label, cell(field))];
    return null;
  };
  const parcel = cell('parcelTypeId');
  let parcelTypeId: number | null = null;
  if (/^\d+$/.test(parcel)) parcelTypeId = Number(parcel);
  else if (parcel !== '') parcelTypeId = DELIVERY_PARCEL_TYPES[parcel.toLowerCase()] ?? null;
  if (parcel !== '' && parcelTypeId === null) errors.parcelTypeId = [DELIVERY_UPLOAD_TEXTS.parcelTypeUnknown(parcel)];
  const count = cell('parcelCount');
  const parcelCount = count === '' ? 1 : /^\d+$/.test(count) && Number(count) >= 1 && Number(count) <= 100 ? Number(count) : 1;
  if (count !== '' && parcelCount !== Number(count)) errors.parcelCount = [DELIVERY_UPLOAD_TEXTS.notANumber('Parcels', count)];
  const sla = cell('slaType');
  const values: DeliveryUploadValues = {
    orderReference: text('orderReference'),
    customerIdentifier: text('customerIdentifier'),
    originAddressText: text('originAddressText'),
    destinationAddressText: text('destinationAddressText'),
    originContactName: text('originContactName'),
    originPhoneNumber: text('originPhoneNumber'),
    destinationContactName: text('destinationContactName'),
    destinationPhoneNumber: text('destinationPhoneNumber'),
    deliveryDate: cell('deliveryDate') ? dateOf(cell('deliveryDate')) : null,
    deliveryTime: text('deliveryTime'),
    slaType: sla ? (SLA_TYPES.find((option) => option.toLowerCase() === sla.toLowerCase()) ?? sla) : null,
    parcelTypeId,
    parcelName: text('parcelName'),
    length: decimal('length', 'Length'),
    width: decimal('width', 'Width'),
    height: decimal('height', 'Height'),
    weight: decimal('weight', 'Weight'),
    parcelCount,
  };
  return { values, errors };
}

/** The parcels the row books: parcelCount of the same parcel (as the wizard's parcel step would send them). */
export function deliveryUploadParcels(values: DeliveryUploadValues) {
  return Array.from({ length: values.parcelCount }, () => ({
    name: values.parcelName, parcelType: values.parcelTypeId, length: values.length, width: values.width, height: values.height, weight: values.weight,
  }));
}

/** The wizard's field names (booking-rules) as the row's fields. */
function uploadFieldOf(wizardField: string): string {
  const [head, ...rest] = wizardField.split('.');
  const last = rest.at(-1) ?? head!;
  if (head === 'origin' || head === 'destination') return `${head}${last === 'ContactName' ? 'ContactName' : 'PhoneNumber'}`;
  if (head === 'deliveryItems') return rest.length === 0 ? 'parcelTypeId' : last === 'name' ? 'parcelName' : last;
  if (head === 'originAddress') return 'originAddressText';
  if (head === 'destinationAddress') return 'destinationAddressText';
  return head!;
}

export function addUploadErrors(errors: DeliveryUploadErrors, wizard: FieldErrors): DeliveryUploadErrors {
  for (const [field, message] of Object.entries(wizard)) {
    const list = (errors[uploadFieldOf(field)] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

/**
 * The wizard's rules over a row (steps 1, 2 and 4 with their texts), with the store's contact standing in for an
 * empty pick-up contact (the wizard's 'my details' box with a store set). The addresses count as given when
 * written; whether they are found is the server's check.
 */
export function validateDeliveryUpload(values: DeliveryUploadValues, contactCountry: string, store: { contactName: string | null; phoneNumber: string | null; hasAddress: boolean }): DeliveryUploadErrors {
  const errors: DeliveryUploadErrors = {};
  const written = (text: string | null) => (text ? { description: text, coordinates: { lat: 0, lon: 0 } } : null);
  addUploadErrors(errors, validateDeliveryRequirements({
    originAddress: values.originAddressText || store.hasAddress ? written(values.originAddressText ?? 'store') : null,
    destinationAddress: written(values.destinationAddressText),
    deliveryDate: values.deliveryDate,
  }));
  if (values.deliveryTime && !TIME.test(values.deliveryTime)) errors.deliveryTime = [DELIVERY_UPLOAD_TEXTS.timeInvalid(values.deliveryTime)];
  if (!values.orderReference) errors.orderReference = [DELIVERY_UPLOAD_TEXTS.orderReferenceRequired];
  if (values.slaType === null) errors.slaType = [DELIVERY_UPLOAD_TEXTS.slaTypeRequired];
  else if (!(SLA_TYPES as readonly string[]).includes(values.slaType)) errors.slaType = [DELIVERY_UPLOAD_TEXTS.slaTypeUnknown(values.slaType)];
  addUploadErrors(errors, validateParcels(deliveryUploadParcels(values).slice(0, 1)));
  addUploadErrors(errors, validateContact({ ContactName: values.originContactName ?? store.contactName, ContactCountry: contactCountry, PhoneNumber: values.originPhoneNumber ?? store.phoneNumber }, 'origin.'));
  addUploadErrors(errors, validateContact({ ContactName: values.destinationContactName, ContactCountry: contactCountry, PhoneNumber: values.destinationPhoneNumber }, 'destination.'));
  for (const [field, list] of Object.entries(errors)) if (list.length === 0) delete errors[field];
  return errors;
}
