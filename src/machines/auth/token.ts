import { TOKEN_REFRESH_MARGIN_S } from '../../lib/shell-constants';
import { roleFlag, STORED_ROLES, type Permissions, type RoleFlags } from '../../lib/roles';

/**
 * Reading the access token in the browser. The server verifies the signature; the client only needs the
 * claims (what the user may see) and the expiry (when to refresh).
 */
function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('Not a JWT');
  const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

function isActor(value: unknown): value is { id: number; email: string } {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number'
    && typeof (value as { email?: unknown }).email === 'string';
}

/** The spec's permissions decoded from the token's claims (000 section 3). */
export function decodePermissions(token: string): Permissions {
  const claims = claimsOf(token);
  const flags = {} as RoleFlags;
  for (const role of ['NormalUser', ...STORED_ROLES] as const) flags[roleFlag(role)] = claims[roleFlag(role)] === true;
  return {
    ...flags,
    id: Number(claims.id),
    companyId: typeof claims.companyId === 'number' ? claims.companyId : null,
    storeId: typeof claims.storeId === 'number' ? claims.storeId : null,
    email: typeof claims.email === 'string' ? claims.email : '',
    emailConfirmed: claims.emailConfirmed === true,
    phoneNumberConfirmed: claims.phoneNumberConfirmed === true,
    beta: claims.beta === true,
    ...(isActor(claims.act) && { act: { id: claims.act.id, email: claims.act.email } }),
  };
}

/** When the token expires (ms since the epoch); undefined when it carries no expiry or cannot be read. */
export function tokenExpiresAt(token: string): number | undefined {
  try {
    const exp = claimsOf(token).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a request made now should first refresh the token (within TOKEN_REFRESH_MARGIN_S of expiry). */
export function isNearExpiry(token: string, now: number = Date.now(), marginS: number = TOKEN_REFRESH_MARGIN_S): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== undefined && expiresAt - now <= marginS * 1000;
}

/** Who the token speaks for: a change (another tab impersonating, signing in as someone else) reloads the profile. */
export function identityOf(permissions: Permissions | null): string {
  return permissions ? `${permissions.id}/${permissions.act?.id ?? ''}` : '';
}
