import type { SigningKeys } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { Live } from './realtime/publish';

/** What the server is built with: handler modules, workers and the domain calls that need the whole of it. */
export interface AppContext {
  config: ServerConfig;
  db: Database;
  keys: SigningKeys;
  /** Live updates: call `live.publish(...)` after a change (server/realtime/publish.ts). */
  live: Live;
}
