import { TOKEN_REFRESH_MARGIN_S } from '../../src/lib/constants';
import { roleFlagsOf, type Permissions } from '../../src/lib/roles';

function base64url(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export interface FakeTokenOptions {
  id: number;
  email: string;
  roles?: string[];
  emailConfirmed?: boolean;
  act?: { id: number; email: string };
  /** Seconds until expiry (default: well beyond the refresh margin). */
  expiresIn?: number;
  /** Makes tokens with equal claims distinct. */
  nonce?: string;
}

/**
 * An unsigned access token with the server's claim shape, for client tests: the client never verifies the
 * signature (the server does), it only reads the claims and the expiry.
 */
export function fakeToken(options: FakeTokenOptions): string {
  const now = Math.floor(Date.now() / 1000);
  const permissions: Permissions = {
    id: options.id,
    companyId: null,
    storeId: null,
    email: options.email,
    emailConfirmed: options.emailConfirmed ?? true,
    phoneNumberConfirmed: false,
    beta: false,
    ...roleFlagsOf(options.id, options.roles ?? []),
    ...(options.act && { act: options.act }),
  };
  const claims = { ...permissions, iat: now, exp: now + (options.expiresIn ?? TOKEN_REFRESH_MARGIN_S * 3), jti: options.nonce };
  return `${base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}
