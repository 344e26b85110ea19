import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type CryptoKey } from 'jose';
import { roleFlag, roleFlagsOf, STORED_ROLES, type Permissions, type RoleFlags } from '../../src/lib/roles';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';

const ALGORITHM = 'ES256';
const ISSUER = 'courier-platform';

export interface SigningKeys {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  kid: string;
}

/**
 * The JWT signing key: from JWT_PRIVATE_JWK when set, else generated on first start and kept in the data
 * directory so tokens survive a restart.
 */
export async function loadSigningKeys(dataDir: string, privateJwkText: string | undefined): Promise<SigningKeys> {
  let jwk: JWK;
  if (privateJwkText) {
    jwk = JSON.parse(privateJwkText) as JWK;
  } else {
    const file = join(dataDir, 'keys', 'jwt-signing-key.json');
    try {
      jwk = JSON.parse(await readFile(file, 'utf8')) as JWK;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const pair = await generateKeyPair(ALGORITHM, { extractable: true });
      jwk = { ...(await exportJWK(pair.privateKey)), alg: ALGORITHM, kid: `key-${Date.now().toString(36)}` };
      await mkdir(join(dataDir, 'keys'), { recursive: true });
      await writeFile(file, JSON.stringify(jwk), { mode: 0o600 });
    }
  }
  const { d: _private, ...publicJwk } = jwk;
  return {
    privateKey: (await importJWK(jwk, ALGORITHM)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, ALGORITHM)) as CryptoKey,
    kid: jwk.kid ?? 'default',
  };
}

export interface TokenSubject {
  id: number;
  email: string;
  emailConfirmed: boolean;
  phoneNumberConfirmed: boolean;
  beta: boolean;
  companyId: number | null;
  storeId: number | null;
  roles: readonly string[];
}

/** Who acts for the subject while impersonating (RFC 8693 `act`). */
export interface Actor {
  id: number;
  email: string;
}

/** The specification's permissions of a user row (what the access token carries, and what an API key grants). */
export function permissionsOf(subject: TokenSubject, act?: Actor): Permissions {
  return {
    id: subject.id,
    companyId: subject.companyId,
    storeId: subject.storeId,
    email: subject.email,
    emailConfirmed: subject.emailConfirmed,
    phoneNumberConfirmed: subject.phoneNumberConfirmed,
    beta: subject.beta,
    ...roleFlagsOf(subject.id, subject.roles),
    ...(act && { act: { id: act.id, email: act.email } }),
  };
}

/**
 * A short-lived access token whose claims decode to the specification's permissions. `sid` names the refresh
 * token family (the login session) it was issued for, so logout, password changes and impersonation know
 * which session is the caller's.
 */
export async function signAccessToken(
  keys: SigningKeys,
  subject: TokenSubject,
  ttlSeconds: number,
  act?: Actor,
  sid?: string,
): Promise<string> {
  return new SignJWT({ ...permissionsOf(subject, act), ...(sid && { sid }) })
    .setProtectedHeader({ alg: ALGORITHM, kid: keys.kid })
    .setIssuer(ISSUER)
    .setSubject(String(subject.id))
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keys.privateKey);
}

const INVALID_TOKEN_TEXTS = {
  expired: 'The access token has expired',
  invalid: 'The access token is not valid',
  ended: 'The session of this access token has ended',
  sessionExpired: AUTH_TEXTS.sessionExpired,
} as const;

export class InvalidTokenError extends Error {
  constructor(readonly reason: keyof typeof INVALID_TOKEN_TEXTS) {
    super(INVALID_TOKEN_TEXTS[reason]);
  }

  /** 440 for a session past its end (000 section 8: the web app signs out with the session-error flag), else 401. */
  get status(): 401 | 440 {
    return this.reason === 'sessionExpired' ? 440 : 401;
  }
}

/** Verifies signature, issuer and expiry, and reads the permissions back from the claims. */
export async function verifyAccessToken(keys: SigningKeys, token: string): Promise<Permissions> {
  return (await verifyAccessTokenClaims(keys, token)).permissions;
}

type VerifiedClaims = { permissions: Permissions; sid: string | undefined; expiresAt: Date };

/**
 * Tokens whose signature and issuer were verified, by signing keys and token text: an ES256 verification
 * cost about 7 % of a list request's CPU (docs/benchmarks.md), and an app sends the same token with every request
 * until it refreshes it. A token's text cannot change, so neither can its verification; its expiry is checked on
 * every use, and its session still by authenticateAccessToken on every request (revocation stays immediate).
 */
const verified = new WeakMap<SigningKeys, Map<string, VerifiedClaims>>();
const MAX_VERIFIED_TOKENS = 2000;

/** The permissions, the session (refresh token family) id and the expiry of a valid access token. */
export async function verifyAccessTokenClaims(keys: SigningKeys, token: string): Promise<VerifiedClaims> {
  let byToken = verified.get(keys);
  if (!byToken) {
    byToken = new Map();
    verified.set(keys, byToken);
  }
  const known = byToken.get(token);
  if (known) {
    if (known.expiresAt.getTime() <= Date.now()) {
      byToken.delete(token);
      throw new InvalidTokenError('expired');
    }
    return copyOf(known);
  }
  const claims = await verifiedClaims(keys, token);
  if (byToken.size >= MAX_VERIFIED_TOKENS) byToken.delete(byToken.keys().next().value!);
  byToken.set(token, claims);
  return copyOf(claims);
}

/** A copy: a caller may not change what the next request with the same token reads. */
function copyOf(claims: VerifiedClaims): VerifiedClaims {
  const { act, ...rest } = claims.permissions;
  return { ...claims, permissions: { ...rest, ...(act && { act: { ...act } }) } };
}

async function verifiedClaims(keys: SigningKeys, token: string): Promise<VerifiedClaims> {
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token, keys.publicKey, { issuer: ISSUER, algorithms: [ALGORITHM] }));
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new InvalidTokenError(code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid');
  }
  const flags = {} as RoleFlags;
  for (const role of ['NormalUser', ...STORED_ROLES] as const) flags[roleFlag(role)] = claims[roleFlag(role)] === true;
  const permissions: Permissions = {
    ...flags,
    id: Number(claims.id),
    companyId: typeof claims.companyId === 'number' ? claims.companyId : null,
    storeId: typeof claims.storeId === 'number' ? claims.storeId : null,
    email: String(claims.email ?? ''),
    emailConfirmed: claims.emailConfirmed === true,
    phoneNumberConfirmed: claims.phoneNumberConfirmed === true,
    beta: claims.beta === true,
    ...(isActor(claims.act) && { act: { id: claims.act.id, email: claims.act.email } }),
  };
  return {
    permissions,
    sid: typeof claims.sid === 'string' ? claims.sid : undefined,
    // Every token this server signs has an exp; one without is treated as ending now.
    expiresAt: new Date(typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now()),
  };
}

function isActor(value: unknown): value is Actor {
  return typeof value === 'object' && value !== null && typeof (value as Actor).id === 'number'
    && typeof (value as Actor).email === 'string';
}
