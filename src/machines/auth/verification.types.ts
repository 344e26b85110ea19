import type { FieldErrors } from '../../lib/account-validation';
import type { Problem } from './account-helpers';

/** What is being confirmed: the email address, the phone number, or turning two-factor on or off. */
export type VerificationKind = 'email' | 'phone' | 'twoFactorEnable' | 'twoFactorDisable';

export interface VerificationInput {
  kind: VerificationKind;
}

export interface VerificationContext {
  kind: VerificationKind;
  errors: FieldErrors;
  problem: Problem | null;
  codeResent: boolean;
  /** The server's answer when there was nothing left to confirm (409 to the send): shown as the outcome. */
  alreadyConfirmed: string | null;
}

export type VerificationEvent =
  | { type: 'verification.send' }
  | { type: 'verification.confirm'; code: string }
  | { type: 'verification.resend' }
  | { type: 'verification.cancel' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface VerificationSchema {
  context: VerificationContext;
  input: VerificationInput;
  events: VerificationEvent;
  tags: 'busy';
}
