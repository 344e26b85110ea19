import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** Where PGlite keeps its files and the JWT signing key lives. */
  dataDir: string;
  /** PostgreSQL server; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** Redis for the real-time backplane (live-updates work); in-process fan-out when absent. */
  redisUrl: string | undefined;
  /** Keep the database in memory (tests). */
  inMemoryDatabase: boolean;
  /** Directory of the built web app served at /. */
  webRoot: string;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  logLevel: string;
  /** A private signing key as a JWK JSON string; generated and kept in dataDir when absent. */
  jwtPrivateJwk: string | undefined;
  accessTokenTtlSeconds: number;
  production: boolean;
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: integer('PORT', env.PORT, 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    inMemoryDatabase: false,
    webRoot: resolve(env.WEB_ROOT ?? './dist'),
    bodyLimit: integer('BODY_LIMIT', env.BODY_LIMIT, 1024 * 1024),
    logLevel: env.LOG_LEVEL ?? 'info',
    jwtPrivateJwk: env.JWT_PRIVATE_JWK || undefined,
    accessTokenTtlSeconds: integer('ACCESS_TOKEN_TTL_SECONDS', env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60),
    production: env.NODE_ENV === 'production',
    ...overrides,
  };
}
