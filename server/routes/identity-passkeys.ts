import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, eq, lt } from 'drizzle-orm';
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
import { signInProvenUser } from '../auth/passwordless';
import { enforceThrottle } from '../auth/throttle';
import { authChallenges, passkeys, users } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
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

const toPasskey = (row: typeof passkeys.$inferSelect) => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Biometric login with WebAuthn passkeys: register from the profile, then log in with no email or password. */
export function passkeyHandlers(context: AppContext): Pick<Handlers<operations>, PasskeyOperations> {
  const { db } = context;

  /** Challenges are the keys of their ceremonies; stale ones are swept whenever a new one is stored. */
  async function storeChallenge(challenge: string, kind: string, userId: number | null) {
    await db.delete(authChallenges).where(lt(authChallenges.expiresAt, new Date()));
    await db.insert(authChallenges).values({
      id: challenge,
      kind,
      userId,
      data: '{}',
      expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_SECONDS * 1000),
    });
  }

  /** Takes the pending ceremony a response answers, once: a second use finds nothing. */
  async function takeChallenge(challenge: string, kind: string, userId?: number) {
    const [row] = await db
      .delete(authChallenges)
      .where(and(
        eq(authChallenges.id, challenge),
        eq(authChallenges.kind, kind),
        ...(userId === undefined ? [] : [eq(authChallenges.userId, userId)]),
      ))
      .returning();
    return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
  }

  return {
    async listPasskeys(request) {
      const { id } = request.scope.permissions;
      const rows = await db.select().from(passkeys).where(eq(passkeys.userId, id)).orderBy(asc(passkeys.createdAt));
      return rows.map(toPasskey);
    },

    async deletePasskey(request, reply) {
      const permissions = request.scope.permissions;
      if (permissions.act) throw new HttpError(403, PASSKEY_TEXTS.impersonating);
      const removed = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, request.params.id), eq(passkeys.userId, permissions.id)))
        .returning({ id: passkeys.id });
      if (removed.length === 0) throw notFound('passkey');
      return reply.status(204).send();
    },

    async passkeyRegistrationOptions(request) {
      const permissions = request.scope.permissions;
      // An administrator acting for someone must not leave a way back into their account.
      if (permissions.act) throw new HttpError(403, PASSKEY_TEXTS.impersonating);
      const [user] = await db
        .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, permissions.id))
        .limit(1);
      if (!user) throw notFound('profile');
      const existing = await db
        .select({ id: passkeys.id, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, permissions.id));
      const { rpID } = relyingParty(context.config, request);
      const options = await generateRegistrationOptions({
        rpName: PASSKEY_RP_NAME,
        rpID,
        userName: user.email,
        userID: userHandleOf(permissions.id),
        userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
        timeout: PASSKEY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      });
      await storeChallenge(options.challenge, PASSKEY_REGISTER_KIND, permissions.id);
      return { ...options };
    },

    async passkeyRegistrationVerify(request) {
      const permissions = request.scope.permissions;
      if (permissions.act) throw new HttpError(403, PASSKEY_TEXTS.impersonating);
      const response = request.body.response as unknown as RegistrationResponseJSON;
      const challenge = challengeOf(response);
      if (!challenge) throw badRequest('response', PASSKEY_TEXTS.notAResponse);
      if (!(await takeChallenge(challenge, PASSKEY_REGISTER_KIND, permissions.id))) {
        throw badRequest('response', PASSKEY_TEXTS.registrationExpired);
      }
      const { rpID, origins } = relyingParty(context.config, request);
      let verification;
      try {
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
      const [stored] = await db
        .insert(passkeys)
        .values({
          id: credential.id,
          userId: permissions.id,
          name: passkeyName(request.body.name),
          publicKey: Buffer.from(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
        })
        .onConflictDoNothing()
        .returning();
      if (!stored) throw badRequest('response', PASSKEY_TEXTS.alreadyRegistered);
      return toPasskey(stored);
    },

    async passkeyLoginOptions(request, reply) {
      // Each call stores a challenge: an anonymous caller must not be able to fill the table.
      enforceThrottle(context, request, reply, 'passkey-options');
      const { rpID } = relyingParty(context.config, request);
      // No allowCredentials: the authenticator offers its discoverable passkeys for this site, no email asked.
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred', timeout: PASSKEY_TIMEOUT_MS });
      await storeChallenge(options.challenge, PASSKEY_LOGIN_KIND, null);
      return { ...options };
    },

    async passkeyLogin(request, reply) {
      enforceThrottle(context, request, reply, 'passkey-login');
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      const challenge = challengeOf(response);
      if (!challenge || typeof response.id !== 'string') throw badRequest('response', PASSKEY_TEXTS.notAResponse);
      if (!(await takeChallenge(challenge, PASSKEY_LOGIN_KIND))) throw new HttpError(401, PASSKEY_TEXTS.loginExpired);

      const [passkey] = await db.select().from(passkeys).where(eq(passkeys.id, response.id)).limit(1);
      if (!passkey) throw new HttpError(401, PASSKEY_TEXTS.unknownPasskey);
      // The authenticator names the account it holds the passkey for; it must be the passkey's owner.
      if (userIdOfHandle(response.response?.userHandle) !== passkey.userId) throw new HttpError(401, PASSKEY_TEXTS.loginFailed);

      const { rpID, origins } = relyingParty(context.config, request);
      let verification;
      try {
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
      await db
        .update(passkeys)
        .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
        .where(eq(passkeys.id, passkey.id));
      return signInProvenUser(context, request, reply, passkey.userId);
    },
  };
}
