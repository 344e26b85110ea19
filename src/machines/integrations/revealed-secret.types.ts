import type { SecretKind } from '../../lib/integrations';

export interface RevealedSecretInput {
  kind: SecretKind;
  cca2: string;
  /** The API client or webhook. */
  id: number;
  /** A secret the create call just answered (the add screen opened this one): shown at once. */
  revealed?: string;
}

export interface RevealedSecretContext extends Omit<RevealedSecretInput, 'revealed'> {
  /** The secret just issued: shown once, forgotten on "Done". */
  secret: string | null;
  problem: string | null;
}

export type RevealedSecretEvent =
  | { type: 'secret.issue' }
  | { type: 'secret.confirmNo' }
  | { type: 'secret.confirmYes' }
  | { type: 'secret.dismiss' };

export type RevealedSecretEmitted = { type: 'secret.issued' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface RevealedSecretSchema {
  input: RevealedSecretInput;
  context: RevealedSecretContext;
  events: RevealedSecretEvent;
  emitted: RevealedSecretEmitted;
  tags: 'busy';
}
