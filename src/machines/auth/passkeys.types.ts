import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { components } from '../../api/generated/identity';
import type { Problem } from './account-helpers';

export type Passkey = components['schemas']['Passkey'];

export interface PasskeysInput {
  /** The browser can create passkeys (WebAuthn); without it the list still shows and keys can be removed. */
  supported: boolean;
}

export interface PasskeysContext {
  supported: boolean;
  passkeys: Passkey[];
  /** Registration in progress: the server's creation options, then the authenticator's answer. */
  options: PublicKeyCredentialCreationOptionsJSON | null;
  registration: RegistrationResponseJSON | null;
  /** The passkey the confirm dialog asks about. */
  selected: Passkey | null;
  problem: Problem | null;
}

export type PasskeysEvent =
  | { type: 'passkeys.add' }
  | { type: 'passkeys.remove'; id: string }
  | { type: 'passkeys.remove.cancel' }
  | { type: 'passkeys.remove.confirm' }
  | { type: 'passkeys.retry' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface PasskeysSchema {
  context: PasskeysContext;
  input: PasskeysInput;
  events: PasskeysEvent;
  tags: 'busy' | 'loading';
}
