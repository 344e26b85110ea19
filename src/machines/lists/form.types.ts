import type { ApiError } from '../../api/api-error';
import type { FormValues, ResourceId } from '../../resources/types';

export interface FormInput {
  resource: ResourceId;
  cca2: string;
  /** The record to edit; undefined on the add screen. */
  id?: number;
}

export type Row = Record<string, unknown> & { id: number; xmin: string };

export interface FormContext {
  resource: ResourceId;
  cca2: string;
  id: number | undefined;
  /** The record as last loaded or saved (the version the edit builds on). */
  record: Row | undefined;
  values: FormValues;
  /** The name shown for each lookup's current value (its id is in `values`): from the record, or the option chosen. */
  labels: Record<string, string>;
  fieldErrors: Record<string, string>;
  /** The version someone else saved, shown beside the user's edit after a 409. */
  current: Row | undefined;
  error: ApiError | undefined;
}

export type FormEvent =
  /** `label`: for a lookup, the chosen option's name (shown instead of its id). */
  | { type: 'form.change'; name: string; value: string | boolean | number | null; label?: string }
  | { type: 'form.submit' }
  | { type: 'form.retry' }
  /** After a conflict: keep my edit and save it over the current version. */
  | { type: 'form.keepMine' }
  /** After a conflict: drop my edit and take the current version. */
  | { type: 'form.takeCurrent' }
  | { type: 'form.delete' }
  | { type: 'form.confirmNo' }
  | { type: 'form.confirmYes' };

export type FormEmitted = { type: 'form.navigate'; to: string } | { type: 'form.notFound' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface FormSchema {
  input: FormInput;
  context: FormContext;
  events: FormEvent;
  emitted: FormEmitted;
}
