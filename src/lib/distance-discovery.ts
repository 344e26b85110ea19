// Distance discovery (issue 16): a sheet of address pairs; each pair's driving distance is computed through the
// configured router. The sheet's columns and one row read into its fields, each error under the field it is about.
import { FORM_TEXTS } from './resource-texts';
import { normalisedHeader, type SheetColumn } from './sheet-columns';

export interface DistanceUploadValues {
  reference: string | null;
  originAddress: string | null;
  destinationAddress: string | null;
}

export type DistanceUploadErrors = Record<string, string[]>;

export const DISTANCE_SHEET_COLUMNS = [
  { field: 'reference', header: 'Reference', aliases: ['reference', 'ref', 'id'], required: false },
  { field: 'originAddress', header: 'Origin address', aliases: ['originaddress', 'origin', 'from', 'pickupaddress'], required: true },
  { field: 'destinationAddress', header: 'Destination address', aliases: ['destinationaddress', 'destination', 'to', 'dropoffaddress'], required: true },
] as const satisfies readonly SheetColumn[];

export type DistanceSheetField = (typeof DISTANCE_SHEET_COLUMNS)[number]['field'];

const MAX_LENGTH: Record<DistanceSheetField, number> = { reference: 200, originAddress: 500, destinationAddress: 500 };

export const DISTANCE_TEXTS = {
  // Ours (the spec names only the screens and the export).
  title: 'Distance Discovery',
  exportName: 'Distance Discovery',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  addressNotFound: (text: string) => `Address '${text}' could not be found`,
} as const;

/** Which column holds each field; the required columns the header lacks, by their header texts. */
export function mapDistanceSheetHeader(header: readonly string[]): { columns: Partial<Record<DistanceSheetField, number>>; missing: string[] } {
  const columns: Partial<Record<DistanceSheetField, number>> = {};
  header.forEach((text, index) => {
    const column = DISTANCE_SHEET_COLUMNS.find((candidate) => (candidate.aliases as readonly string[]).includes(normalisedHeader(text)));
    if (column && columns[column.field] === undefined) columns[column.field] = index;
  });
  const missing = DISTANCE_SHEET_COLUMNS.filter((column) => column.required && columns[column.field] === undefined).map((column) => column.header);
  return { columns, missing };
}

/** One sheet row's cells as an address pair, with every error under the field it names. */
export function distanceUploadFromCells(cells: readonly string[], columns: Partial<Record<DistanceSheetField, number>>): { values: DistanceUploadValues; errors: DistanceUploadErrors } {
  const errors: DistanceUploadErrors = {};
  const text = (field: DistanceSheetField) => {
    const index = columns[field];
    const value = index === undefined ? '' : (cells[index] ?? '').trim();
    const label = DISTANCE_SHEET_COLUMNS.find((column) => column.field === field)!.header;
    if (value.length > MAX_LENGTH[field]) (errors[field] ??= []).push(DISTANCE_TEXTS.tooLong(label, MAX_LENGTH[field]));
    if (value === '' && field !== 'reference') (errors[field] ??= []).push(FORM_TEXTS.required(label));
    return value === '' ? null : value;
  };
  return { values: { reference: text('reference'), originAddress: text('originAddress'), destinationAddress: text('destinationAddress') }, errors };
}
