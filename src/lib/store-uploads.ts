// Store upload batches (issue 16): the sheet's columns and one row read into a store's fields, each error under
// the field it is about, in the store form's words (src/resources/stores.ts labels, the form's texts).
import { VALIDATION_TEXTS } from './error-catalogue';
import { UPLOAD_BATCH_STATUS } from './statuses';
import { isValidPhone } from './phone';
import { FORM_TEXTS } from './resource-texts';
import { normalisedHeader, type SheetColumn } from './sheet-columns';

export interface StoreUploadValues {
  /** An existing store to update; none: a new store. */
  storeId: number | null;
  storeName: string | null;
  companyId: number | null;
  contactName: string | null;
  phoneNumber: string | null;
  email: string | null;
  /** Resolved through the configured geocoder when the batch is submitted. */
  address: string | null;
  unitName: string | null;
  unitNumber: string | null;
  isActive: boolean;
  qsrMode: boolean;
}

export type StoreUploadErrors = Record<string, string[]>;

export const STORE_SHEET_COLUMNS = [
  { field: 'storeId', header: 'Store Id', aliases: ['storeid', 'id'], required: false },
  { field: 'storeName', header: 'Store name', aliases: ['storename', 'name', 'store'], required: true },
  { field: 'companyId', header: 'Company Id', aliases: ['companyid', 'company'], required: false },
  { field: 'contactName', header: 'Contact name', aliases: ['contactname', 'contact'], required: false },
  { field: 'phoneNumber', header: 'Phone number', aliases: ['phonenumber', 'phone'], required: false },
  { field: 'email', header: 'Email', aliases: ['email', 'emailaddress'], required: false },
  { field: 'address', header: 'Address', aliases: ['address', 'streetaddress'], required: true },
  { field: 'unitName', header: 'Unit name', aliases: ['unitname', 'unit'], required: false },
  { field: 'unitNumber', header: 'Unit number', aliases: ['unitnumber'], required: false },
  { field: 'isActive', header: 'Active', aliases: ['active', 'isactive'], required: false },
  { field: 'qsrMode', header: 'QSR mode', aliases: ['qsrmode', 'qsr'], required: false },
] as const satisfies readonly SheetColumn[];

export type StoreSheetField = (typeof STORE_SHEET_COLUMNS)[number]['field'];

/** The store form's limits (src/resources/stores.ts), so a sheet cannot save what the form refuses. */
const MAX_LENGTH: Partial<Record<StoreSheetField, number>> = {
  storeName: 200, contactName: 200, phoneNumber: 40, email: 254, address: 500, unitName: 100, unitNumber: 40,
};
const LABEL: Record<StoreSheetField, string> = Object.fromEntries(STORE_SHEET_COLUMNS.map((column) => [column.field, column.header])) as Record<StoreSheetField, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const YES = new Set(['true', 'yes', 'y', '1']);
const NO = new Set(['false', 'no', 'n', '0']);

export const STORE_UPLOAD_TEXTS = {
  // Ours (the spec is silent): a new store needs the company it belongs to.
  companyForNewStore: 'Company Id is required for a new store',
  notValid: (label: string, text: string) => `${label} '${text}' is not valid`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  storeNotFound: (id: number) => `Store Id '${id}' could not be found`,
  companyNotFound: (id: number) => `Company Id '${id}' could not be found`,
  companyOfStore: (companyId: number) => `A store keeps its company: Company Id must be ${companyId} or empty`,
  // Store add is administrator, management and staff only (000 section 6): others may only change their stores.
  mayNotAdd: 'Only administrators, management and staff can add stores: give the Store Id of a store to change',
  addressNotFound: (text: string) => `Address '${text}' could not be found`,
  notCancellable: 'This store upload can no longer be cancelled.',
  notEditable: 'This store upload can no longer be changed.',
  cancelUploadQuestion: (id: number) => `This action cannot be undone. Are you sure you want to cancel store upload #${id}?`,
  exportName: 'Store uploads',
} as const;

/** Which column holds each field; the required columns the header lacks, by their header texts. */
export function mapStoreSheetHeader(header: readonly string[]): { columns: Partial<Record<StoreSheetField, number>>; missing: string[] } {
  const columns: Partial<Record<StoreSheetField, number>> = {};
  header.forEach((text, index) => {
    const column = STORE_SHEET_COLUMNS.find((candidate) => (candidate.aliases as readonly string[]).includes(normalisedHeader(text)));
    if (column && columns[column.field] === undefined) columns[column.field] = index;
  });
  const missing = STORE_SHEET_COLUMNS.filter((column) => column.required && columns[column.field] === undefined).map((column) => column.header);
  return { columns, missing };
}

/** One sheet row's cells as a store's values, with every error under the field it names. */
export function storeUploadFromCells(cells: readonly string[], columns: Partial<Record<StoreSheetField, number>>): { values: StoreUploadValues; errors: StoreUploadErrors } {
  const errors: StoreUploadErrors = {};
  const add = (field: StoreSheetField, message: string) => { (errors[field] ??= []).push(message); };
  const cell = (field: StoreSheetField) => {
    const index = columns[field];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const text = (field: StoreSheetField) => {
    const value = cell(field);
    const max = MAX_LENGTH[field];
    if (max !== undefined && value.length > max) add(field, STORE_UPLOAD_TEXTS.tooLong(LABEL[field], max));
    return value === '' ? null : value;
  };
  const whole = (field: StoreSheetField) => {
    const value = cell(field);
    if (value === '') return null;
    if (/^\d+$/.test(value) && Number(value) >= 1) return Number(value);
    add(field, STORE_UPLOAD_TEXTS.notValid(LABEL[field], value));
    return null;
  };
  const flag = (field: StoreSheetField, fallback: boolean) => {
    const value = cell(field).toLowerCase();
    if (value === '') return fallback;
    if (YES.has(value)) return true;
    if (NO.has(value)) return false;
    add(field, STORE_UPLOAD_TEXTS.notValid(LABEL[field], cell(field)));
    return fallback;
  };
  const values: StoreUploadValues = {
    storeId: whole('storeId'), storeName: text('storeName'), companyId: whole('companyId'), contactName: text('contactName'),
    phoneNumber: text('phoneNumber'), email: text('email'), address: text('address'), unitName: text('unitName'), unitNumber: text('unitNumber'),
    isActive: flag('isActive', true), qsrMode: flag('qsrMode', false),
  };
  for (const [field, message] of Object.entries(validateStoreUpload(values))) for (const text of message) add(field as StoreSheetField, text);
  return { values, errors };
}

/** The rules a row's values must pass (also after a row is edited): the store form's required fields and formats. */
export function validateStoreUpload(values: StoreUploadValues): StoreUploadErrors {
  const errors: StoreUploadErrors = {};
  if (!values.storeName) errors.storeName = [FORM_TEXTS.required(LABEL.storeName)];
  if (!values.address) errors.address = [FORM_TEXTS.required(LABEL.address)];
  if (values.storeId === null && values.companyId === null) errors.companyId = [STORE_UPLOAD_TEXTS.companyForNewStore];
  if (values.phoneNumber && !isValidPhone(values.phoneNumber)) errors.phoneNumber = [VALIDATION_TEXTS.phoneInvalid];
  if (values.email && !EMAIL.test(values.email)) errors.email = [FORM_TEXTS.invalidEmail];
  return errors;
}

/** A store upload can be cancelled (or changed) below in progress, not already cancelled, and while no store was made from it. */
export function canCancelStoreUpload(uploadStatusId: number, createdStoreId: number | null): boolean {
  return uploadStatusId < UPLOAD_BATCH_STATUS.IN_PROGRESS && uploadStatusId !== UPLOAD_BATCH_STATUS.CANCELLED && createdStoreId === null;
}
