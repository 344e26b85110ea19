import type { FastifyInstance } from 'fastify';
import type { DestinationStream, Logger } from 'pino';
import { buildApp } from './app';
import { loadSigningKeys, type SigningKeys } from './auth/tokens';
import { loadConfig, type ServerConfig } from './config';
import type { AppContext } from './context';
import { openDatabase, type DatabaseHandle } from './db/database';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { seedDemoData } from './db/seed';
import { createGeo } from './geo';
import { createLogger } from './logger';
import { createLive, type Live } from './realtime/publish';
import { silentProgress, type Progress } from './startup-progress';
import { runWhenQuiet } from './when-quiet';
import { configureListTotals } from './domain/list-query';

/** A second start's demo-data check and statistics wait for this long without a request in flight (server/when-quiet.ts)… */
const CATCH_UP_QUIET_MS = 1_000;
/** …but no longer than this after listening, however busy the server is. */
const CATCH_UP_MAX_WAIT_MS = 30_000;

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: ServerConfig;
  logger: Logger;
  keys: SigningKeys;
  /** Live updates (publish from tests and tools). */
  live: Live;
  /** The job queue (tests: `jobs.drain()` runs due work now). */
  jobs: JobQueue;
  /** What the app was built with, for tools and tests that call domain functions directly. */
  context: AppContext;
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  config?: Partial<ServerConfig>;
  env?: NodeJS.ProcessEnv;
  logDestination?: DestinationStream;
  seed?: boolean;
  /**
   * A dump of a prepared database (migrated, seeded, analysed; `prepareDatabase`): an in-memory database starts
   * from it and skips those steps. Tests start every server of a run from one such copy.
   */
  template?: Blob;
  /** Announces each phase (`npm start` prints them; tests stay silent). */
  progress?: Progress;
}

/**
 * Applies the committed migrations and seeds the demo data (idempotent). Statistics are refreshed before serving
 * only when either changed something.
 *
 * With `seedAfterServing`, a database that needed no migration is served at once: its demo data (already seeded by
 * an earlier start; the check tops up what a newer seed adds) and PGlite's statistics (it runs no autovacuum) are
 * brought up to date by `catchUp` while the server already answers. A new database is always seeded before serving.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  config: ServerConfig,
  options: { seed?: boolean; progress?: Progress; seedAfterServing?: boolean } = {},
): Promise<{ changed: boolean; catchUp?: () => Promise<void> }> {
  const progress = options.progress ?? silentProgress;
  const seed = () => seedDemoData(database.db, { router: createGeo(config, database.db).router });
  const applied = await progress.step('Migrating', () => database.migrate());
  if (applied === 0 && options.seedAfterServing) {
    progress.note('Nothing to migrate: demo data and statistics are checked in the background');
    return {
      changed: false,
      catchUp: async () => {
        const seeded = options.seed === false ? 0 : (await seed()).created;
        if (seeded > 0 || database.kind === 'pglite') await database.analyze();
      },
    };
  }
  const seeded = options.seed === false ? 0 : (await progress.step('Seeding demo data', seed)).created;
  const changed = applied > 0 || seeded > 0;
  if (changed) await progress.step('Refreshing statistics', () => database.analyze());
  else progress.note('Statistics are current (nothing migrated or seeded)');
  return { changed };
}

/**
 * Opens the database, applies the committed migrations, seeds the demo data (idempotent), refreshes
 * statistics and listens. Tests call this with an in-memory PGlite and port 0.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env, options.config);
  const logger = createLogger(config.logLevel, options.logDestination);
  configureListTotals({ exactLimit: config.listExactCountLimit, estimateTtlMs: config.listEstimateTtlSeconds * 1000 });
  const progress = options.progress ?? silentProgress;
  const template = config.inMemoryDatabase && !config.databaseUrl ? options.template : undefined;
  const database = await progress.step('Opening the database', () => openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: config.inMemoryDatabase,
    template,
    logger,
  }));
  try {
    const prepared = template ? undefined : await prepareDatabase(database, config, { seed: options.seed, progress, seedAfterServing: true });
    const keys = await loadSigningKeys(config.dataDir, config.jwtPrivateJwk);
    const live = createLive({ redisUrl: config.redisUrl, logger });
    await live.start();
    const jobs = createJobQueue({ sql: database.sql, logger, pollingIntervalSeconds: Math.max(500, config.jobPollMs) / 1000 });
    const context: AppContext = { config, db: database.db, keys, live, listen: database.listen, jobs };
    const { app, address } = await progress.step('Starting the server', async () => {
      const built = await buildApp(context, logger);
      built.addHook('onClose', async () => { await live.close(); });
      // A deeper accept queue than Node's 511: bursts of a thousand connections (a dashboard reconnect storm, the
      // idempotency tests) would otherwise be reset by the kernel before the server accepts them.
      return { app: built, address: await built.listen({ port: config.port, host: config.host, backlog: 2048 }) };
    });
    // Once the first requests are answered (no request in flight for a second), or after 30 s of steady traffic.
    const catchUp = prepared?.catchUp;
    const catchingUp = catchUp
      ? runWhenQuiet(app.server, () => catchUp().catch((error: unknown) => logger.warn({ err: error }, 'checking demo data and statistics failed')),
        { quietMs: CATCH_UP_QUIET_MS, maxWaitMs: CATCH_UP_MAX_WAIT_MS })
      : undefined;
    return {
      app,
      database,
      config,
      logger,
      keys,
      live,
      jobs,
      context,
      url: address.replace('0.0.0.0', '127.0.0.1'),
      async close() {
        catchingUp?.cancel();
        await app.close();
        await catchingUp?.done;
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
