import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/identity';
import { AUTH_TEXTS, ERROR_TEXTS } from '../../src/lib/error-catalogue';
import {
  changeEmail, changePassword, confirmEmail, confirmPhone, forgotPassword, isUniqueViolation, registerUser, resetPassword,
  sendEmailVerification, sendPhoneVerification, sendTwoFactorToggleCode, setTwoFactor,
} from '../auth/account';
import { createApiKey, currentApiKey } from '../auth/api-keys';
import { startImpersonation, stopImpersonation } from '../auth/impersonation';
import { authenticatePassword, normaliseEmail, warmUpPasswordCheck } from '../auth/login';
import { createUserProfile, profileOf, updateOwnProfile } from '../auth/profiles';
import {
  clearRefreshCookies, familyOfToken, IMPERSONATION_COOKIE, issueSession, REFRESH_COOKIE, refreshSession, revokeFamilies,
  sendTokens, wantsCookieTransport, type RefreshOutcome,
} from '../auth/sessions';
import { enforceThrottle } from '../auth/throttle';
import { resendTwoFactorLogin, startTwoFactorLogin, verifyTwoFactorLogin } from '../auth/two-factor';
import { HttpError, notFound } from '../http/errors';
import { kickOutbox, listOutbox } from '../messaging/outbox';
import type { AppContext } from '../context';
import type { Handlers } from './handler-types';
import { externalLoginHandlers } from './identity-external';
import { passkeyHandlers } from './identity-passkeys';
import { mapInOrder } from '../db/in-order';

/** 204 for operations that answer nothing (their generated success body is `never`). */
const noContent = (reply: FastifyReply) => reply.code(204).send();

export function identityHandlers(context: AppContext): Handlers<operations> {
  const { db } = context;
  warmUpPasswordCheck();

  /** The signed-in caller asks for a code (email or SMS): throttled per address and account, sent after commit. */
  const sendCodeFor = (send: (context: AppContext, userId: number) => Promise<void>) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<never> => {
      const { id } = request.scope.permissions;
      enforceThrottle(context, request, reply, 'codeSend', id);
      await send(context, id);
      kickOutbox(context);
      return noContent(reply);
    };

  return {
    ...externalLoginHandlers(context),
    ...passkeyHandlers(context),

    async register(request, reply) {
      enforceThrottle(context, request, reply, 'register');
      const tokens = await registerUser(context, request.body);
      if (tokens === 'emailTaken') return { leadEmailTaken: true };
      kickOutbox(context);
      return sendTokens(context, request, reply, tokens);
    },

    async login(request, reply) {
      const { email, password } = request.body;
      enforceThrottle(context, request, reply, 'login', normaliseEmail(email));
      const { user, emailCodeRequired } = await authenticatePassword(context, reply, email, password);
      if (user.twoFactorEnabled || emailCodeRequired) {
        const twoFactorHash = await startTwoFactorLogin(context, user);
        kickOutbox(context);
        return { twoFactorHash, message: AUTH_TEXTS.twoFactorCodeSent };
      }
      return sendTokens(context, request, reply, await issueSession(context, user.id));
    },

    async refreshToken(request, reply) {
      const fromBody = request.body?.refreshToken;
      // The body wins; else the impersonation cookie, then the main login's cookie.
      const candidates: Array<{ token: string; cookie?: string }> = fromBody
        ? [{ token: fromBody }]
        : [IMPERSONATION_COOKIE, REFRESH_COOKIE]
          .filter((name) => request.cookies[name])
          .map((name) => ({ token: request.cookies[name]!, cookie: name }));
      if (candidates.length === 0) {
        // The web app asking on start-up with no cookie: nobody signed in here, nothing to restore.
        if (wantsCookieTransport(request)) return noContent(reply);
        throw new HttpError(401, ERROR_TEXTS.unauthorized);
      }
      // Only a presented token is an attempt worth limiting: the signed-out start-up of every page load
      // (no cookie, nothing looked up) must not spend the address's budget of a busy office behind one NAT.
      enforceThrottle(context, request, reply, 'refresh');
      let failure: Extract<RefreshOutcome, { ok: false }> | undefined;
      for (const candidate of candidates) {
        const outcome = await refreshSession(context, candidate.token);
        if (outcome.ok) return sendTokens(context, request, reply, outcome.tokens, candidate.cookie ? 'cookie' : undefined);
        failure = outcome;
        // A dead cookie is dropped; an impersonation that ended falls back to the main login.
        if (candidate.cookie) clearRefreshCookies(request, reply, [candidate.cookie]);
      }
      throw new HttpError(failure!.status, failure!.status === 440 ? AUTH_TEXTS.sessionExpired : AUTH_TEXTS.sessionInvalid);
    },

    async logout(request, reply) {
      const presented = [request.body?.refreshToken, request.cookies[REFRESH_COOKIE], request.cookies[IMPERSONATION_COOKIE]]
        .filter((token): token is string => Boolean(token));
      if (presented.length > 0) {
        await db.transaction(async (tx) => {
          const families = await mapInOrder(presented, (token) => familyOfToken(tx, token));
          const ids = [...new Set(families.flatMap((family) => (family ? [family.id] : [])))];
          await revokeFamilies(tx, ids, 'logout', request.ip);
        });
      }
      clearRefreshCookies(request, reply);
      return noContent(reply);
    },

    async impersonate(request, reply) {
      const caller = request.scope.permissions;
      const tokens = await startImpersonation(context, request, caller, request.body.userId);
      return sendTokens(context, request, reply, tokens);
    },

    async stopImpersonation(request, reply) {
      await stopImpersonation(context, request, request.scope.permissions);
      clearRefreshCookies(request, reply, [IMPERSONATION_COOKIE]);
      return noContent(reply);
    },

    async changePassword(request) {
      const { id } = request.scope.permissions;
      await changePassword(context, id, request.sessionId, request.body.currentPassword, request.body.newPassword);
      return { changedPassword: true };
    },

    async forgotPassword(request, reply) {
      const email = normaliseEmail(request.body.email);
      enforceThrottle(context, request, reply, 'forgotPassword', email);
      await forgotPassword(context, email);
      kickOutbox(context);
      return { emailSent: true };
    },

    async resetPassword(request, reply) {
      const { email, code, password } = request.body;
      enforceThrottle(context, request, reply, 'resetPassword', normaliseEmail(email));
      await resetPassword(context, email, code, password);
      return { resetPasswordConfirmed: true };
    },

    async changeEmail(request) {
      const caller = request.scope.permissions;
      if (request.params.id !== caller.id) throw new HttpError(403, ERROR_TEXTS.forbidden);
      await changeEmail(context, caller.id, request.body.email, request.body.password);
      kickOutbox(context);
      return { changedEmail: true };
    },

    async twoFactorVerify(request, reply) {
      const { twoFactorHash, code } = request.body;
      enforceThrottle(context, request, reply, 'twoFactorVerify', twoFactorHash);
      const tokens = await verifyTwoFactorLogin(context, twoFactorHash, code);
      return sendTokens(context, request, reply, tokens);
    },

    async twoFactorResend(request, reply) {
      const { twoFactorHash } = request.body;
      enforceThrottle(context, request, reply, 'twoFactorResend', twoFactorHash);
      await resendTwoFactorLogin(context, twoFactorHash);
      kickOutbox(context);
      return noContent(reply);
    },

    twoFactorSend: sendCodeFor(sendTwoFactorToggleCode),

    async twoFactorEnable(request, reply) {
      await setTwoFactor(context, request.scope.permissions.id, request.body.code, true);
      return noContent(reply);
    },

    async twoFactorDisable(request, reply) {
      await setTwoFactor(context, request.scope.permissions.id, request.body.code, false);
      return noContent(reply);
    },

    emailVerificationSend: sendCodeFor(sendEmailVerification),

    async emailVerificationConfirm(request, reply) {
      await confirmEmail(context, request.scope.permissions.id, request.body.code);
      return noContent(reply);
    },

    phoneNumberVerificationSend: sendCodeFor(sendPhoneVerification),

    async phoneNumberVerificationConfirm(request, reply) {
      await confirmPhone(context, request.scope.permissions.id, request.body.code);
      return noContent(reply);
    },

    async createApiKey(request) {
      return createApiKey(context, request.scope.permissions.id);
    },

    async getApiKey(request) {
      const caller = request.scope.permissions;
      if (request.params.id !== caller.id && !caller.isAdministrator) throw new HttpError(403, ERROR_TEXTS.forbidden);
      const key = await currentApiKey(context, request.params.id);
      if (!key) throw notFound(`API key of user ${request.params.id}`);
      return key;
    },

    async getProfile(request) {
      return profileOf(db, request.scope.permissions.id);
    },

    async updateProfile(request) {
      return updateOwnProfile(context, request.scope.permissions.id, request.body);
    },

    async createProfile(request, reply) {
      const profile = await createUserProfile(context, request.scope.permissions, request.body).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new HttpError(409, AUTH_TEXTS.emailTaken, { email: [AUTH_TEXTS.emailTaken] });
        throw error;
      });
      kickOutbox(context);
      reply.code(201);
      return profile;
    },

    async getOutbox(request) {
      // Codes are readable here: development and tests only.
      if (context.config.production) throw notFound('outbox');
      return listOutbox(db, { recipient: request.query.recipient, pageSize: request.query.pageSize ?? 50 });
    },
  };
}
