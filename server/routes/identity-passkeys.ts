import type { operations } from '../../src/api/generated/identity';
import {
  challengeOf,
  PASSKEY_CHALLENGE_TTL_SECONDS,
  PASSKEY_LOGIN_KIND,
  PASSKEY_REGISTER_KIND,
  PASSKEY_RP_NAME,
  PASSKEY_TIMEOUT_MS,
  passkeyName,
  relyingParty,
  userHandleOf,
  userIdOfHandle,
} from '../auth/passkeys';
import { storeChallenge, takeChallenge } from '../auth/challenges';
import {
  deleteUserPasskey, findPasskey, listUserPasskeys, recordPasskeyUse, registrationSubject, savePasskey,
} from '../auth/passkey-store';
import { signInProvenUser } from '../auth/passwordless';
import { enforceThrottle } from '../auth/throttle';
import { badRequest, HttpError, notFound } from '../http/errors';
import { loadWebAuthn } from '../lazy-packages';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';

type PasskeyOperations = 'listPasskeys' | 'deletePasskey' | 'passkeyRegistrationOptions' | 'passkeyRegistrationVerify'
  | 'passkeyLoginOptions' | 'passkeyLogin';

export const PASSKEY_TEXTS = {
  notAResponse: 'response is not an authenticator response',
  registrationExpired: 'response answers no pending passkey registration (it expired or was already used); please try again',
  notVerified: (reason: string) => `response could not be verified: ${reason}`,
  alreadyRegistered: 'This passkey is already registered.',
  impersonating: 'Passkeys can only be added or removed by the account owner, not while impersonating.',
  loginExpired: 'The passkey sign-in expired or was already used. Please try again.',
  loginFailed: 'The passkey could not be verified. Please try again or log in with your password.',
  unknownPasskey: 'This passkey is not registered for any account. Please log in with your password.',
} as const;

/** Biometric login with WebAuthn passkeys: register from the profile, then log in with no email or password. */
export function passkeyHandlers(context: AppContext): Pick<Handlers<operations>, PasskeyOperations> {
  const { db } = context;

  return {
    async listPasskeys(request) {
      const { id } = request.scope.permissions;
      return listUserPasskeys(db, id);
    },

    async deletePasskey(request, reply) {
      const permissions = request.scope.permissions;
      if (permissions.act) throw new HttpError(403, PASSKEY_TEXTS.impersonating);
      if (!(await deleteUserPasskey(db, permissions.id, request.params.id))) throw notFound('passkey');
      return reply.status(204).send();
    },

    async passkeyRegistrationOptions(request) {
      const permissions = request.scope.permissions;
      // An administrator acting for someone must not leave a way back into their account.
      if (permissions.act) throw new HttpError(403, PASSKEY_TEXTS.impersonating);
      const subject = await registrationSubject(db, permissions.id);
      if (!subject) throw notFound('profile');
      const { user, existing } = subject;
      const { rpID } = relyingParty(context.config, request);
      const { generateRegistrationOptions } = await loadWebAuthn();
      const options = await generateRegistrationOptions({
        rpName: PASSKEY_RP_NAME,
        rpID,
        userName: user.email,
        userID: await userHandleOf(permissions.id),
        userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
        timeout: PASSKEY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      });
      await storeChallenge(db, { id: options.challenge, kind: PASSKEY_REGISTER_KIND, userId: permissions.id, ttlSeconds: PASSKEY_CHALLENGE_TTL_SECONDS });
      return { ...options };
    },

    async passkeyRegistrationVerify(request) {
      const permissions = request.scope.permissions;
      if (permissions.act) throw new HttpError(403, PASSKEY_TEXTS.impersonating);
      const { response } = request.body;
      const challenge = await challengeOf(response);
      if (!challenge) throw badRequest('response', PASSKEY_TEXTS.notAResponse);
      if (!(await takeChallenge(db, challenge, PASSKEY_REGISTER_KIND, permissions.id))) {
        throw badRequest('response', PASSKEY_TEXTS.registrationExpired);
      }
      const { rpID, origins } = relyingParty(context.config, request);
      let verification;
      try {
        const { verifyRegistrationResponse } = await loadWebAuthn();
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origins,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch (error) {
        throw badRequest('response', PASSKEY_TEXTS.notVerified(error instanceof Error ? error.message : String(error)));
      }
      if (!verification.verified) throw badRequest('response', PASSKEY_TEXTS.notVerified('not verified'));
      const { credential } = verification.registrationInfo;
      const stored = await savePasskey(db, {
        id: credential.id,
        userId: permissions.id,
        name: passkeyName(request.body.name),
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
      });
      if (!stored) throw badRequest('response', PASSKEY_TEXTS.alreadyRegistered);
      return stored;
    },

    async passkeyLoginOptions(request, reply) {
      // Each call stores a challenge: an anonymous caller must not be able to fill the table.
      enforceThrottle(context, request, reply, 'passkey-options');
      const { rpID } = relyingParty(context.config, request);
      // No allowCredentials: the authenticator offers its discoverable passkeys for this site, no email asked.
      const { generateAuthenticationOptions } = await loadWebAuthn();
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred', timeout: PASSKEY_TIMEOUT_MS });
      await storeChallenge(db, { id: options.challenge, kind: PASSKEY_LOGIN_KIND, userId: null, ttlSeconds: PASSKEY_CHALLENGE_TTL_SECONDS });
      return { ...options };
    },

    async passkeyLogin(request, reply) {
      enforceThrottle(context, request, reply, 'passkey-login');
      const { response } = request.body;
      const challenge = await challengeOf(response);
      if (!challenge || typeof response.id !== 'string') throw badRequest('response', PASSKEY_TEXTS.notAResponse);
      if (!(await takeChallenge(db, challenge, PASSKEY_LOGIN_KIND))) throw new HttpError(401, PASSKEY_TEXTS.loginExpired);

      const passkey = await findPasskey(db, response.id);
      if (!passkey) throw new HttpError(401, PASSKEY_TEXTS.unknownPasskey);
      // The authenticator names the account it holds the passkey for; it must be the passkey's owner.
      if ((await userIdOfHandle(response.response?.userHandle)) !== passkey.userId) throw new HttpError(401, PASSKEY_TEXTS.loginFailed);

      const { rpID, origins } = relyingParty(context.config, request);
      let verification;
      try {
        const { verifyAuthenticationResponse } = await loadWebAuthn();
        verification = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origins,
          expectedRPID: rpID,
          credential: {
            id: passkey.id,
            publicKey: new Uint8Array(passkey.publicKey),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: false,
        });
      } catch (error) {
        request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'passkey login refused');
        throw new HttpError(401, PASSKEY_TEXTS.loginFailed);
      }
      if (!verification.verified) throw new HttpError(401, PASSKEY_TEXTS.loginFailed);
      await recordPasskeyUse(db, passkey.id, verification.authenticationInfo.newCounter);
      return signInProvenUser(context, request, reply, passkey.userId);
    },
  };
}
