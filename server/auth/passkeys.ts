import type { FastifyRequest } from 'fastify';
import type { Uint8Array_ } from '@simplewebauthn/server';
import type { ServerConfig } from '../config';
import { loadWebAuthnHelpers } from '../lazy-packages';

/** The relying party name authenticators show next to the account. */
export const PASSKEY_RP_NAME = 'Courier';
/** How long a registration or login ceremony may take (the browser's own timeout is shorter). */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;
export const PASSKEY_TIMEOUT_MS = 2 * 60 * 1000;
export const PASSKEY_REGISTER_KIND = 'passkey-register';
export const PASSKEY_LOGIN_KIND = 'passkey-login';
export const PASSKEY_NAME_MAX_LENGTH = 100;

export interface RelyingParty {
  rpID: string;
  origins: string[];
}

/**
 * The relying party the request speaks to: configured (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS), or the host the caller
 * reached, so a development server on localhost works without settings.
 */
export function relyingParty(config: ServerConfig, request: FastifyRequest): RelyingParty {
  return {
    rpID: config.webauthnRpId ?? request.hostname,
    origins: config.webauthnOrigins ?? [new URL(`${request.protocol}://${request.headers.host ?? request.hostname}`).origin],
  };
}

/** The WebAuthn user handle of a user: the bytes of its id (never the email, which can change and is personal). */
export async function userHandleOf(userId: number): Promise<Uint8Array_> {
  const { isoUint8Array } = await loadWebAuthnHelpers();
  return isoUint8Array.fromUTF8String(String(userId));
}

/** The user id a base64url user handle names, or undefined when it is not one of ours. */
export async function userIdOfHandle(handle: string | undefined): Promise<number | undefined> {
  const { isoBase64URL } = await loadWebAuthnHelpers();
  if (!handle || !isoBase64URL.isBase64URL(handle)) return undefined;
  const text = isoBase64URL.toUTF8String(handle);
  return /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * The challenge an authenticator response answers (from its clientDataJSON), which is also the key of the stored
 * ceremony; undefined when the response is not shaped like one.
 */
export async function challengeOf(response: unknown): Promise<string | undefined> {
  const { decodeClientDataJSON, isoBase64URL } = await loadWebAuthnHelpers();
  const clientDataJSON = (response as { response?: { clientDataJSON?: unknown } } | undefined)?.response?.clientDataJSON;
  if (typeof clientDataJSON !== 'string' || !isoBase64URL.isBase64URL(clientDataJSON)) return undefined;
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** "Passkey 2025-03-14" when the user gives no name. */
export function passkeyName(name: string | undefined, now = new Date()): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed.slice(0, PASSKEY_NAME_MAX_LENGTH) : `Passkey ${now.toISOString().slice(0, 10)}`;
}
