import type { FieldErrors } from '../../lib/account-validation';
import type { Problem } from './account-helpers';

export interface ProfilePictureInput {
  cca2: string;
  /** The profile says a picture exists: load it for the preview. */
  hasPicture: boolean;
}

export interface ProfilePictureContext {
  cca2: string;
  hasPicture: boolean;
  /** The preview's image; the view makes a blob URL of it. */
  picture: Blob | null;
  errors: FieldErrors;
  problem: Problem | null;
}

export type ProfilePictureEvent = { type: 'picture.select'; file: File };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface ProfilePictureSchema {
  context: ProfilePictureContext;
  input: ProfilePictureInput;
  events: ProfilePictureEvent;
  tags: 'busy' | 'loading';
}
