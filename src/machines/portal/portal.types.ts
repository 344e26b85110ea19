import type { components } from '../../api/generated/connect';
import type { ApiError } from '../../api';
import type { HostInfo } from '../../lib/host';

export type Portal = components['schemas']['Portal'];

export interface PortalInput {
  hostname: string;
  /** The portal a loopback host maps to (VITE_DEFAULT_PORTAL, ZA by default). */
  defaultPortal: string;
}

export interface PortalContext {
  host: HostInfo;
  portal: Portal | undefined;
  /** Failed lookups without an answer so far; the retry helper gives up after RETRY_MAX_ATTEMPTS. */
  attempts: number;
  error: ApiError | undefined;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface PortalSchema {
  context: PortalContext;
  input: PortalInput;
  events: { type: 'portal.retry' };
  tags: 'loading';
}
