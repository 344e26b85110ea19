import type { Permissions } from '../../src/lib/roles';
import type { SigningKeys } from '../auth/tokens';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { Live } from '../realtime/publish';

/** What every handler module is built with. */
export interface AppContext {
  config: ServerConfig;
  db: Database;
  keys: SigningKeys;
  /** Live updates: call `live.publish(...)` after a change (server/realtime/publish.ts). */
  live: Live;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer check for operations that need a token. */
    permissions: Permissions | undefined;
  }
}

export function requirePermissions(permissions: Permissions | undefined): Permissions {
  // The security handler runs before every secured operation; reaching here without permissions is a wiring bug.
  if (!permissions) throw new Error('permissions missing on a secured operation');
  return permissions;
}
