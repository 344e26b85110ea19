/**
 * Rates and rate upload batches (issue 16; 000 sections 2, 6, 9 and 002 sections 2, 4, 5, 8): the spec's texts
 * verbatim (typos and double spaces included), and the choices of the rate form. Shared by the server and the screens.
 */
import { SLA_TYPES } from './constants';

export const RATE_SLA_TYPES = SLA_TYPES;
/** Base: the price of each parcel over the km range; Surcharge: added on top (the high-risk area surcharge). */
export const RATE_TYPES = ['Base', 'Surcharge'] as const;
/** Weekday or Weekend; Any only for surcharges, which apply every day. */
export const DAY_OF_WEEK_TYPES = ['Weekday', 'Weekend', 'Any'] as const;
/** The list-price tier every service level has (pricing prefers a customer's own tier over it). */
export const DEFAULT_PRICING_TIER = 'Standard';
/** The largest rate sheet accepted (a 100,000-row CSV is about 8 MB). */
export const RATE_SHEET_MAX_BYTES = 20 * 1024 * 1024;
export const RATE_SHEET_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;
/** Parcel types of the catalogue (seeded ids) and 0 for a surcharge of any parcel. */
export const RATE_PARCEL_TYPE_LABELS: Readonly<Record<string, string>> = { 0: 'Any parcel (surcharge)', 1: 'Small', 2: 'Medium', 3: 'Large' };

export type RateKey = {
  id?: number;
  name: string;
  startKmRange: number;
  endKmRange: number;
};

const rangeOf = (rate: RateKey) => `${rate.startKmRange}-${rate.endKmRange} km`;
const nameOf = (rate: RateKey) => (rate.id === undefined ? `"${rate.name}"` : `#${rate.id} "${rate.name}"`);

export const RATE_TEXTS = {
  exportName: 'Rates',
  /** 422: both rates named, with their ranges (ranges are [start, end): 10-25 and 25-50 do not overlap). */
  overlap: (rate: RateKey, other: RateKey) =>
    `Rate ${nameOf(rate)} (${rangeOf(rate)}) overlaps rate ${nameOf(other)} (${rangeOf(other)}) for the same company, SLA type, parcel type, rate type, day of the week and pricing tier`,
  endBeforeStart: 'End km must be greater than start km',
  unknownCompany: 'Company not found',
  unknownParcelType: 'Parcel type not found',
  // 002 section 5, rate upload form: verbatim.
  startKmRequired: 'Start km  is required',
  endKmRequired: 'End km  is required',
  slaTypeRequired: 'SlaType is required',
  parcelTypeRequired: 'Parcel Type is required',
  rateTypeRequired: 'Rate type is required',
  dayOfWeekRequired: 'Select Day of the week',
  priceRequired: 'Price is required',
  /** Upload refusals (the spec is silent): they name what is wrong. */
  wrongFileType: (type: string) => `Unable to upload file. ${type || 'This file type'} is not a spreadsheet: upload a .xlsx or .csv file.`,
  emptyFile: 'Unable to upload file. The file has no rows.',
  missingColumns: (columns: readonly string[]) => `Unable to upload file. Missing columns: ${columns.join(', ')}.`,
  fileTooLarge: (megabytes: number) => `Unable to upload file. The file is larger than ${megabytes} MB.`,
  unreadableFile: 'Unable to upload file. The file could not be read as a spreadsheet.',
  notCancellable: 'This rate upload can no longer be cancelled.',
  notEditable: 'This rate upload can no longer be changed.',
  notSubmittable: 'This batch has already been submitted.',
  errorColumn: 'Errors',
  // 002 section 8, success texts: verbatim.
  fileUploaded: 'File uploaded sucessfully.',
  batchSubmitted: 'Batch submitted sucessfully.',
  batchesDeleted: (n: number) => `${n} batches deleted succesfully.`,
  cancelUploadQuestion: (id: number) => `This action cannot be undone. Are you sure you want to cancel rate upload #${id}?`,
  updateRateUpload: 'Update rate upload',
} as const;
