import { TOKEN_REFRESH_MARGIN_S } from '../shell-constants';
import { roleFlagsOf, type Permissions } from '../roles';

function base64url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export interface SampleTokenOptions {
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
 * An unsigned access token with the server's claim shape, for sample events (model tests and the /flows
 * simulator): the client never verifies the signature (the server does), it only reads claims and expiry.
 * Works in the browser and in Node.
 */
export function sampleToken(options: SampleTokenOptions): string {
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
