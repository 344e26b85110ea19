import type { SigningKeys } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Database, Listen } from './db/database';
import type { JobQueue } from './jobs/queue';
import type { Live } from './realtime/publish';

/** What the server is built with: handler modules, workers and the domain calls that need the whole of it. */
export interface AppContext {
  config: ServerConfig;
  db: Database;
  keys: SigningKeys;
  /** Live updates: call `live.publish(...)` after a change (server/realtime/publish.ts). */
  live: Live;
  /** LISTEN for `pg_notify` on the database, from any server process (e.g. sessions ended). */
  listen: Listen;
  /** Background work: `jobs.send(...)` enqueues, workers and schedules are declared in server/plugins/workers.ts. */
  jobs: JobQueue;
}
