import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  Uint8Array_ as Bytes,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR, isoUint8Array } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator (a "platform" passkey provider) for tests: ES256 keys, attestation "none",
 * discoverable credentials, user presence and verification always given. Only WebCrypto, so it runs in Node and
 * in a browser page alike.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;
/** All-zero AAGUID: no particular authenticator model (what "none" attestation reports). */
const AAGUID = new Uint8Array(16);

export interface SoftCredential {
  id: string;
  rpId: string;
  userHandle: string;
  keys: CryptoKeyPair;
  signCount: number;
}

export interface CeremonyOverrides {
  /** The origin written into clientDataJSON (default: the authenticator's origin). */
  origin?: string;
  /** The challenge written into clientDataJSON (default: the options' challenge). */
  challenge?: string;
}

const sha256 = async (data: Bytes): Promise<Bytes> => new Uint8Array(await crypto.subtle.digest('SHA-256', data));
const b64url = (data: Bytes) => isoBase64URL.fromBuffer(data);

function uint32(value: number): Bytes {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

/** A DER INTEGER of an unsigned big-endian value (leading zeros dropped, a zero byte added before a high bit). */
function derInteger(value: Bytes): Bytes {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start++;
  const trimmed = value.slice(start);
  const body = trimmed[0]! & 0x80 ? isoUint8Array.concat([new Uint8Array([0]), trimmed]) : trimmed;
  return isoUint8Array.concat([new Uint8Array([0x02, body.length]), body]);
}

/** WebCrypto signs ECDSA as r||s; WebAuthn wants the ASN.1 DER SEQUENCE of the two integers. */
function derSignature(raw: Bytes): Bytes {
  const half = raw.length / 2;
  const sequence = isoUint8Array.concat([derInteger(raw.slice(0, half)), derInteger(raw.slice(half))]);
  return isoUint8Array.concat([new Uint8Array([0x30, sequence.length]), sequence]);
}

async function coseKey(publicKey: CryptoKey): Promise<Bytes> {
  const jwk = await crypto.subtle.exportKey('jwk', publicKey);
  const key = new Map<number, number | Bytes>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, isoBase64URL.toBuffer(jwk.x!)],
    [-3, isoBase64URL.toBuffer(jwk.y!)],
  ]);
  return isoCBOR.encode(key);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Bytes {
  return isoUint8Array.fromUTF8String(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** @param origin the page origin the browser would report (e.g. the test server's URL). */
  constructor(readonly origin: string) {}

  /** navigator.credentials.create(): a new discoverable ES256 credential, attestation "none". */
  async register(options: PublicKeyCredentialCreationOptionsJSON, overrides: CeremonyOverrides = {}): Promise<RegistrationResponseJSON> {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((descriptor) => descriptor.id));
    if (this.credentials.some((credential) => credential.rpId === rpId && excluded.has(credential.id))) {
      throw new Error('InvalidStateError: this authenticator already holds an excluded credential');
    }
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const rawId = crypto.getRandomValues(new Uint8Array(32));
    const credential: SoftCredential = { id: b64url(rawId), rpId, userHandle: options.user.id, keys, signCount: 0 };

    const credentialIdLength = new Uint8Array([rawId.length >> 8, rawId.length & 0xff]);
    const authenticatorData = isoUint8Array.concat([
      await sha256(isoUint8Array.fromUTF8String(rpId)),
      new Uint8Array([FLAG_UP | FLAG_UV | FLAG_AT]),
      uint32(credential.signCount),
      AAGUID,
      credentialIdLength,
      rawId,
      await coseKey(keys.publicKey),
    ]);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authenticatorData],
    ]) as Parameters<typeof isoCBOR.encode>[0]);
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', overrides.challenge ?? options.challenge, overrides.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * navigator.credentials.get(): an assertion by a credential of this relying party (the allowed ones when the
   * options list any, else the newest discoverable one, or the one named by `credentialId`).
   */
  async authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: CeremonyOverrides & { credentialId?: string } = {},
  ): Promise<AuthenticationResponseJSON> {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = new Set((options.allowCredentials ?? []).map((descriptor) => descriptor.id));
    const candidates = this.credentials.filter((credential) =>
      credential.rpId === rpId
      && (allowed.size === 0 || allowed.has(credential.id))
      && (overrides.credentialId === undefined || credential.id === overrides.credentialId));
    const credential = candidates.at(-1);
    if (!credential) throw new Error('NotAllowedError: no credential of this authenticator fits');
    credential.signCount += 1;

    const authenticatorData = isoUint8Array.concat([
      await sha256(isoUint8Array.fromUTF8String(rpId)),
      new Uint8Array([FLAG_UP | FLAG_UV]),
      uint32(credential.signCount),
    ]);
    const clientDataJSON = clientData('webauthn.get', overrides.challenge ?? options.challenge, overrides.origin ?? this.origin);
    const signed = isoUint8Array.concat([authenticatorData, await sha256(clientDataJSON)]);
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, credential.keys.privateKey, signed));
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(derSignature(raw)),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
