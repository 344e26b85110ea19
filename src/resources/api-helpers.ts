import { ApiError } from '../api';
import { RecordConflict, type FormValues } from './types';

/** Blank text fields are sent as null: the server stores "no value", never an empty string. */
export function bodyOf(values: FormValues): Record<string, string | boolean | number | null> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' && value.trim() === '' ? null : value]));
}

/**
 * Runs an update; a 409 becomes a RecordConflict carrying the record as it is now (read again, so the form
 * can show both versions side by side).
 */
export async function updateOrConflict<Row>(update: () => Promise<Row>, current: () => Promise<Row>): Promise<Row> {
  try {
    return await update();
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) throw new RecordConflict(error.message, await current());
    throw error;
  }
}
