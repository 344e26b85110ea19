import type { ApiError } from '../../api/api-error';

/** What the task wizard's fields hold (as typed: numbers and times are checked before the call). */
export interface TaskStopForm {
  deliveryId: number | null;
  taskTypeId: number | null;
  description: string;
  lat: string;
  lon: string;
  /** Required for the store task types. */
  storeId: string;
  /** `datetime-local` values (the browser's time), sent in UTC; both optional. */
  windowStart: string;
  windowEnd: string;
  contactName: string;
  contactPhone: string;
}

export interface TaskWizardInput {
  cca2: string;
  jobId: number;
}

export interface TaskWizardContext {
  cca2: string;
  jobId: number;
  form: TaskStopForm;
  /** Why the server refused the stop (a 409: the job no longer takes work). */
  error: ApiError | null;
}

export type TaskWizardEvent =
  | { type: 'wizard.open' }
  | { type: 'wizard.change'; fields: Partial<TaskStopForm> }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.submit' }
  | { type: 'wizard.cancel' };

/** The job reloads once a stop is added. */
export type TaskWizardEmitted = { type: 'wizard.added'; jobId: number };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface TaskWizardSchema {
  input: TaskWizardInput;
  context: TaskWizardContext;
  events: TaskWizardEvent;
  emitted: TaskWizardEmitted;
}
