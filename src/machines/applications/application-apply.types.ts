import type { components } from '../../api/generated/connect';
import type { ApiError } from '../../api/api-error';
import type { ApplicationTypeId } from '../../lib/applications';

export type Application = components['schemas']['ApplicationDetail'];
export type ApplicationStepSave = components['schemas']['ApplicationStepSave'];
export type StepValues = Omit<ApplicationStepSave, 'step'>;

export interface ApplicationApplyInput {
  cca2: string;
  applicationTypeId: ApplicationTypeId;
  /** /driver-apply/:inviteHashId: the invite a driver application is made from. */
  inviteHashId?: string;
}

export interface ApplicationApplyContext {
  cca2: string;
  applicationTypeId: ApplicationTypeId;
  inviteHashId: string | undefined;
  application: Application | undefined;
  /** The step the screen shows: the one after the active step, or an earlier one the applicant went back to. */
  viewStep: number;
  /**
   * What the applicant has entered, every step's fields (and the terms' tick): kept while they move between steps,
   * and what a save sends (the shown step's part of it).
   */
  draft: StepValues;
  error: ApiError | undefined;
}

export interface DocumentUploadInput {
  documentTypeId: number;
  file: File;
  expiryDate?: string;
}

export type ApplicationApplyEvent =
  | { type: 'apply.start' }
  | { type: 'apply.goto'; step: number }
  | { type: 'field.change'; name: keyof StepValues; value: string | number | boolean | null }
  | { type: 'apply.save' }
  | { type: 'apply.upload'; document: DocumentUploadInput }
  | { type: 'apply.removeDocument'; documentId: number }
  | { type: 'apply.clear' }
  | { type: 'apply.confirmNo' }
  | { type: 'apply.confirmYes' }
  | { type: 'apply.submit' }
  | { type: 'apply.cancel' }
  | { type: 'apply.reload' }
  | { type: 'apply.another' };

export interface ApplyCallInput {
  cca2: string;
  applicationTypeId: ApplicationTypeId;
  inviteHashId: string | undefined;
  id: number;
}

/** The machine's types for `setup({ types })`: one schema. */
export interface ApplicationApplySchema {
  input: ApplicationApplyInput;
  context: ApplicationApplyContext;
  events: ApplicationApplyEvent;
}
