import { resolve } from 'node:path';
import {
  HUB_CLIENT_TIMEOUT_MS, HUB_KEEP_ALIVE_MS, WEBHOOK_BACKOFF_BASE_MS, WEBHOOK_BACKOFF_MAX_MS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_POLL_MS,
  WEBHOOK_TIMEOUT_MS,
} from '../src/lib/constants';
import { DOCUMENT_MAX_BYTES } from '../src/lib/applications';

export interface ServerConfig {
  port: number;
  host: string;
  /** Where PGlite keeps its files and the JWT signing key lives. */
  dataDir: string;
  /** PostgreSQL server; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** Redis for the real-time backplane (live-updates work); in-process fan-out when absent. */
  redisUrl: string | undefined;
  /** Real-time hubs: how often the server pings each connection, and how long a silent client is kept (ms). */
  hubKeepAliveMs: number;
  hubClientTimeoutMs: number;
  /** Live messages to one connection within this many ms go out as one WebSocket frame (0: each at once). */
  hubCoalesceMs: number;
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
  /** Idle lifetime of a refresh token; each rotation starts a new one. */
  refreshTokenTtlSeconds: number;
  /**
   * A rotated refresh token presented again within this many seconds is a parallel refresh (two requests raced
   * with the same token), answered with a sibling token; later it is a reuse and revokes the family.
   */
  refreshReuseGraceSeconds: number;
  /** An impersonation session ends this long after it started, however often it is refreshed. */
  impersonationWindowSeconds: number;
  /** Consecutive failed sign-ins that lock an account, and for how long. */
  lockoutThreshold: number;
  lockoutSeconds: number;
  /** Sign-in attempts allowed per client address and per account in a throttle window. */
  throttleWindowSeconds: number;
  throttlePerAddress: number;
  throttlePerAccount: number;
  /**
   * THROTTLE_PER_ACCOUNT_BY_KIND (`kind:limit,...`, e.g. `twoFactorResend:3`): a per-account limit for some kinds of
   * attempt in place of throttlePerAccount (the browser suite lifts the limit for sign-ins, yet needs resend's 429).
   */
  throttlePerAccountByKind: Record<string, number>;
  /** Writes without a token allowed per client address and minute (429 with Retry-After beyond). */
  anonymousWritesPerMinute: number;
  /** Expensive signed-in calls (exports, uploads, bulk changes) allowed per user and minute. */
  expensiveCallsPerMinute: number;
  /** Event-loop delay in ms past which requests are shed with 503 and Retry-After. */
  maxEventLoopDelayMs: number;
  /** Lists count exactly up to this many matching rows; above it the planner's estimate stands in, flagged. */
  listExactCountLimit: number;
  /** How long a list's estimated total is reused for the same filters (page requests then run only the rows query). */
  listEstimateTtlSeconds: number;
  /** Lifetime and attempt limit of emailed or texted codes. */
  codeTtlSeconds: number;
  codeMaxAttempts: number;
  /** nodemailer SMTP URL (smtp://user:pass@host:587); when absent messages stay in the outbox table only. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Generic OpenID Connect provider for external login; off when the issuer is absent. */
  oidcIssuer: string | undefined;
  oidcClientId: string | undefined;
  oidcClientSecret: string | undefined;
  oidcProviderName: string;
  /** WebAuthn relying party id and origins; derived from the request's host when absent. */
  webauthnRpId: string | undefined;
  webauthnOrigins: string[] | undefined;
  /** Largest accepted profile picture in bytes (and any other multipart file without its own limit). */
  profilePictureLimit: number;
  /** Largest accepted application document in bytes (issue 18: scans and PDFs outgrow a profile picture's limit). */
  documentUploadLimit: number;
  /** How long a quote option can be selected and paid (booking; the spec does not say). */
  quoteValiditySeconds: number;
  /** The public review link (e.g. a Google review page) offered after a rating of 4 or 5 (issue 19); none when absent. */
  publicReviewUrl: string | undefined;
  /** The maps' raster tile URL template and credit line (issue 20), sent with the portal; no tiles when absent (offline, CI). */
  mapTileUrl: string | undefined;
  mapTileAttribution: string;
  /** Where the app sends page views (000 section 7), sent with the portal; off when absent (the default). */
  analyticsUrl: string | undefined;
  /** The card provider's base URL (COPYandPAY shaped); the shipped sandbox when absent (started by server/start.ts). */
  paymentProviderUrl: string | undefined;
  /** Bearer token and entity id our server uses with the provider. */
  paymentProviderToken: string;
  paymentProviderEntityId: string;
  /** Port of the provider sandbox started by `npm start` (0 = any free port). */
  paymentSandboxPort: number;
  /** Address search and resolve: the seeded gazetteer (default) or a Nominatim server at geocoderUrl. */
  geocoder: 'gazetteer' | 'nominatim';
  geocoderUrl: string | undefined;
  /** Quote distances: great-circle x road factor 1.3 (default) or an OSRM server at routerUrl. */
  router: 'great-circle' | 'osrm';
  routerUrl: string | undefined;
  /** Time limit of one geocoder or router request (ms). */
  geoTimeoutMs: number;
  /** Webhooks (issue 6): tries per event, retry backoff (base x 2^(n-1), capped), one attempt's time limit, retry poll (ms). */
  webhookMaxAttempts: number;
  webhookBackoffBaseMs: number;
  webhookBackoffMaxMs: number;
  webhookTimeoutMs: number;
  webhookPollMs: number;
  /** How often a job queue worker looks for due jobs when nothing woke it (ms, at least 500). */
  jobPollMs: number;
  production: boolean;
  /**
   * FAULT_OPERATIONS (browser suite only, see server/http/fault-switch.ts): operationIds a test may arm to answer
   * one request with the server's own 500. Empty by default; refused with NODE_ENV=production.
   */
  faultOperations: string[];
}

function faultOperations(value: string | undefined, production: boolean): string[] {
  const operations = (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  if (operations.length > 0 && production) throw new Error('FAULT_OPERATIONS is for the browser suite only: refused with NODE_ENV=production');
  return operations;
}

function limitsByKind(name: string, value: string | undefined): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const item of (value ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const [kind, limit] = item.split(':').map((part) => part.trim());
    if (!kind || limit === undefined) throw new Error(`${name} must be kind:limit pairs separated by commas, got "${value}"`);
    limits[kind] = integer(name, limit, 0);
  }
  return limits;
}

function choice<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T {
  if (value === undefined || value === '') return allowed[0]!;
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

/** A provider's base URL, required when that provider is chosen. */
function providerUrl(name: string, value: string | undefined, chosen: boolean): string | undefined {
  if (!chosen) return value || undefined;
  if (!value || !URL.canParse(value)) throw new Error(`${name} must be the provider's base URL, got "${value ?? ''}"`);
  return value;
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
    hubKeepAliveMs: integer('HUB_KEEP_ALIVE_MS', env.HUB_KEEP_ALIVE_MS, HUB_KEEP_ALIVE_MS),
    hubClientTimeoutMs: integer('HUB_CLIENT_TIMEOUT_MS', env.HUB_CLIENT_TIMEOUT_MS, HUB_CLIENT_TIMEOUT_MS),
    hubCoalesceMs: integer('HUB_COALESCE_MS', env.HUB_COALESCE_MS, 50),
    inMemoryDatabase: false,
    webRoot: resolve(env.WEB_ROOT ?? './dist'),
    bodyLimit: integer('BODY_LIMIT', env.BODY_LIMIT, 1024 * 1024),
    logLevel: env.LOG_LEVEL ?? 'info',
    jwtPrivateJwk: env.JWT_PRIVATE_JWK || undefined,
    accessTokenTtlSeconds: integer('ACCESS_TOKEN_TTL_SECONDS', env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60),
    refreshTokenTtlSeconds: integer('REFRESH_TOKEN_TTL_SECONDS', env.REFRESH_TOKEN_TTL_SECONDS, 30 * 24 * 3600),
    refreshReuseGraceSeconds: integer('REFRESH_REUSE_GRACE_SECONDS', env.REFRESH_REUSE_GRACE_SECONDS, 10),
    impersonationWindowSeconds: integer('IMPERSONATION_WINDOW_SECONDS', env.IMPERSONATION_WINDOW_SECONDS, 30 * 60),
    lockoutThreshold: integer('LOCKOUT_THRESHOLD', env.LOCKOUT_THRESHOLD, 5),
    lockoutSeconds: integer('LOCKOUT_SECONDS', env.LOCKOUT_SECONDS, 15 * 60),
    throttleWindowSeconds: integer('THROTTLE_WINDOW_SECONDS', env.THROTTLE_WINDOW_SECONDS, 60),
    throttlePerAddress: integer('THROTTLE_PER_ADDRESS', env.THROTTLE_PER_ADDRESS, 30),
    throttlePerAccount: integer('THROTTLE_PER_ACCOUNT', env.THROTTLE_PER_ACCOUNT, 10),
    throttlePerAccountByKind: limitsByKind('THROTTLE_PER_ACCOUNT_BY_KIND', env.THROTTLE_PER_ACCOUNT_BY_KIND),
    anonymousWritesPerMinute: integer('ANONYMOUS_WRITES_PER_MINUTE', env.ANONYMOUS_WRITES_PER_MINUTE, 60),
    expensiveCallsPerMinute: integer('EXPENSIVE_CALLS_PER_MINUTE', env.EXPENSIVE_CALLS_PER_MINUTE, 20),
    maxEventLoopDelayMs: integer('MAX_EVENT_LOOP_DELAY_MS', env.MAX_EVENT_LOOP_DELAY_MS, 3000),
    listExactCountLimit: integer('LIST_EXACT_COUNT_LIMIT', env.LIST_EXACT_COUNT_LIMIT, 10_000),
    listEstimateTtlSeconds: integer('LIST_ESTIMATE_TTL_SECONDS', env.LIST_ESTIMATE_TTL_SECONDS, 60),
    codeTtlSeconds: integer('CODE_TTL_SECONDS', env.CODE_TTL_SECONDS, 10 * 60),
    codeMaxAttempts: integer('CODE_MAX_ATTEMPTS', env.CODE_MAX_ATTEMPTS, 5),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Courier <no-reply@courier.localhost>',
    oidcIssuer: env.OIDC_ISSUER || undefined,
    oidcClientId: env.OIDC_CLIENT_ID || undefined,
    oidcClientSecret: env.OIDC_CLIENT_SECRET || undefined,
    oidcProviderName: env.OIDC_PROVIDER_NAME ?? 'Single sign-on',
    webauthnRpId: env.WEBAUTHN_RP_ID || undefined,
    webauthnOrigins: env.WEBAUTHN_ORIGINS ? env.WEBAUTHN_ORIGINS.split(',').map((origin) => origin.trim()) : undefined,
    profilePictureLimit: integer('PROFILE_PICTURE_LIMIT', env.PROFILE_PICTURE_LIMIT, 2 * 1024 * 1024),
    documentUploadLimit: integer('DOCUMENT_UPLOAD_LIMIT', env.DOCUMENT_UPLOAD_LIMIT, DOCUMENT_MAX_BYTES),
    quoteValiditySeconds: integer('QUOTE_VALIDITY_SECONDS', env.QUOTE_VALIDITY_SECONDS, 30 * 60),
    publicReviewUrl: env.PUBLIC_REVIEW_URL || undefined,
    mapTileUrl: env.MAP_TILE_URL || undefined,
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION ?? '',
    analyticsUrl: env.ANALYTICS_URL || undefined,
    paymentProviderUrl: env.PAYMENT_PROVIDER_URL || undefined,
    paymentProviderToken: env.PAYMENT_PROVIDER_TOKEN ?? 'sandbox-token',
    paymentProviderEntityId: env.PAYMENT_PROVIDER_ENTITY_ID ?? 'sandbox-entity',
    paymentSandboxPort: integer('PAYMENT_SANDBOX_PORT', env.PAYMENT_SANDBOX_PORT, 8090),
    geocoder: choice('GEOCODER', env.GEOCODER, ['gazetteer', 'nominatim'] as const),
    geocoderUrl: providerUrl('GEOCODER_URL', env.GEOCODER_URL, env.GEOCODER === 'nominatim'),
    router: choice('ROUTER', env.ROUTER, ['great-circle', 'osrm'] as const),
    routerUrl: providerUrl('ROUTER_URL', env.ROUTER_URL, env.ROUTER === 'osrm'),
    geoTimeoutMs: integer('GEO_TIMEOUT_MS', env.GEO_TIMEOUT_MS, 5000),
    webhookMaxAttempts: integer('WEBHOOK_MAX_ATTEMPTS', env.WEBHOOK_MAX_ATTEMPTS, WEBHOOK_MAX_ATTEMPTS),
    webhookBackoffBaseMs: integer('WEBHOOK_BACKOFF_BASE_MS', env.WEBHOOK_BACKOFF_BASE_MS, WEBHOOK_BACKOFF_BASE_MS),
    webhookBackoffMaxMs: integer('WEBHOOK_BACKOFF_MAX_MS', env.WEBHOOK_BACKOFF_MAX_MS, WEBHOOK_BACKOFF_MAX_MS),
    webhookTimeoutMs: integer('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, WEBHOOK_TIMEOUT_MS),
    webhookPollMs: integer('WEBHOOK_POLL_MS', env.WEBHOOK_POLL_MS, WEBHOOK_POLL_MS),
    jobPollMs: Math.max(500, integer('JOB_POLL_MS', env.JOB_POLL_MS, 2000)),
    production: env.NODE_ENV === 'production',
    faultOperations: faultOperations(env.FAULT_OPERATIONS, env.NODE_ENV === 'production'),
    ...overrides,
  };
}
