import type { components } from '../../api/generated/identity';
import type { Problem } from './account-helpers';

export type ApiKey = components['schemas']['ApiKey'];

export type ApiKeyCreated = components['schemas']['ApiKeyCreated'];

export interface ApiKeyInput {
  userId: number;
}

export interface ApiKeyContext {
  userId: number;
  /** The current key (prefix and dates, never the secret); null when there is none. */
  key: ApiKey | null;
  /** The key just created, with its secret: shown once, forgotten on "Done". */
  created: ApiKeyCreated | null;
  problem: Problem | null;
}

export type ApiKeyEvent =
  | { type: 'apiKey.create' }
  | { type: 'apiKey.confirm' }
  | { type: 'apiKey.cancel' }
  | { type: 'apiKey.copy' }
  | { type: 'apiKey.dismiss' }
  | { type: 'apiKey.retry' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface ApiKeySchema {
  context: ApiKeyContext;
  input: ApiKeyInput;
  events: ApiKeyEvent;
  tags: 'busy' | 'loading';
}
