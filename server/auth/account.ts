import { eq } from 'drizzle-orm';
import type { components } from '../../src/api/generated/identity';
import { AUTH_TEXTS } from '../../src/lib/error-catalogue';
import { DEFAULT_PHONE_COUNTRY } from '../../src/lib/phone';
import { users } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import type { AppContext } from '../context';
import { checkCode, sendCode, type CodePurpose } from './codes';
import { findUserByEmail, normaliseEmail, passwordMatches, type UserRow } from './login';
import { isUniqueViolation } from '../db/errors';
import { hashPassword } from './passwords';
import { normalisedPhoneNumber, requiredText } from './profiles';
import { issueSession, revokeUserFamilies, type SessionTokens } from './sessions';

export { isUniqueViolation };

export async function userById(context: AppContext, userId: number): Promise<UserRow> {
  const [user] = await context.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(`user ${userId}`);
  return user;
}

/**
 * Self-registration: a normal user whose email is still to be confirmed (a code is sent), signed in at once.
 * An address that already has an account answers 'emailTaken' and changes nothing.
 */
export async function registerUser(
  context: AppContext,
  body: components['schemas']['RegisterRequest'],
): Promise<SessionTokens | 'emailTaken'> {
  const email = normaliseEmail(body.email);
  const country = (body.contactCountryCode ?? DEFAULT_PHONE_COUNTRY).toUpperCase();
  const phoneNumber = normalisedPhoneNumber('phoneNumber', body.phoneNumber, country);
  const firstName = requiredText('firstName', body.firstName);
  const lastName = requiredText('lastName', body.lastName);
  if (await findUserByEmail(context.db, email)) return 'emailTaken';
  const passwordHash = await hashPassword(body.password);
  try {
    return await context.db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({
        email, passwordHash, firstName, lastName, phoneNumber, contactCountryCode: country, emailConfirmed: false,
      }).returning({ id: users.id });
      await sendCode(tx, context.config, { userId: user!.id, purpose: 'emailVerification', recipient: email, target: email });
      return issueSession(context, user!.id, { db: tx });
    });
  } catch (error) {
    // Registered by a racing request in the meantime.
    if (isUniqueViolation(error)) return 'emailTaken';
    throw error;
  }
}

const codeRejected = () => badRequest('code', AUTH_TEXTS.codeInvalid);

/**
 * Applies what a code confirms in the same transaction that consumes it. A wrong code is a 400 naming `code`
 * (after the spent attempt is committed).
 */
async function withCode(
  context: AppContext,
  userId: number,
  purpose: CodePurpose,
  code: string,
  apply: (tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0], target: string | null) => Promise<void>,
): Promise<void> {
  const accepted = await context.db.transaction(async (tx) => {
    const check = await checkCode(tx, context.config, { userId, purpose, code });
    if (check.status !== 'valid') return false;
    await apply(tx, check.row.target);
    return true;
  });
  if (!accepted) throw codeRejected();
}

/** The caller's password; the current one is checked, and every other session of the user ends. */
export async function changePassword(
  context: AppContext,
  userId: number,
  currentSessionId: string | undefined,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const user = await userById(context, userId);
  if (!(await passwordMatches(user, currentPassword))) throw badRequest('currentPassword', AUTH_TEXTS.currentPasswordIncorrect);
  const passwordHash = await hashPassword(newPassword);
  await context.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
    await revokeUserFamilies(tx, userId, 'passwordChanged', currentSessionId);
  });
}

/** A reset code by email when the address has an account; the caller cannot tell the difference. */
export async function forgotPassword(context: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(context.db, email);
  if (!user) return;
  await context.db.transaction(async (tx) => {
    await sendCode(tx, context.config, { userId: user.id, purpose: 'passwordReset', recipient: user.email });
  });
}

/**
 * A new password with the emailed code: every session ends, the lock is lifted, and the email address counts
 * as confirmed (the code proved it is the user's). An unknown address is the same 400 as a wrong code.
 */
export async function resetPassword(context: AppContext, email: string, code: string, password: string): Promise<void> {
  const user = await findUserByEmail(context.db, email);
  if (!user) throw codeRejected();
  const passwordHash = await hashPassword(password);
  await withCode(context, user.id, 'passwordReset', code, async (tx) => {
    await tx.update(users).set({ passwordHash, failedLoginCount: 0, lockedUntil: null, emailConfirmed: true }).where(eq(users.id, user.id));
    await revokeUserFamilies(tx, user.id, 'passwordReset');
  });
}

/** The caller's email (their own id only): password checked, the address must be free, and confirmed again. */
export async function changeEmail(context: AppContext, userId: number, newEmail: string, password: string): Promise<void> {
  const user = await userById(context, userId);
  if (!(await passwordMatches(user, password))) throw badRequest('password', AUTH_TEXTS.passwordIncorrect);
  const email = normaliseEmail(newEmail);
  if (email === normaliseEmail(user.email)) throw badRequest('email', AUTH_TEXTS.emailUnchanged);
  const taken = () => new HttpError(409, AUTH_TEXTS.emailTaken, { email: [AUTH_TEXTS.emailTaken] });
  if (await findUserByEmail(context.db, email)) throw taken();
  try {
    await context.db.transaction(async (tx) => {
      await tx.update(users).set({ email, emailConfirmed: false }).where(eq(users.id, userId));
      await sendCode(tx, context.config, { userId, purpose: 'emailVerification', recipient: email, target: email });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export async function sendEmailVerification(context: AppContext, userId: number): Promise<void> {
  const user = await userById(context, userId);
  if (user.emailConfirmed) throw new HttpError(409, AUTH_TEXTS.emailAlreadyConfirmed);
  await context.db.transaction(async (tx) => {
    await sendCode(tx, context.config, { userId, purpose: 'emailVerification', recipient: user.email, target: normaliseEmail(user.email) });
  });
}

export async function confirmEmail(context: AppContext, userId: number, code: string): Promise<void> {
  const user = await userById(context, userId);
  if (user.emailConfirmed) throw new HttpError(409, AUTH_TEXTS.emailAlreadyConfirmed);
  await withCode(context, userId, 'emailVerification', code, async (tx, target) => {
    // The code confirms the address it was sent to, not one set since.
    if (target !== null && target !== normaliseEmail(user.email)) throw codeRejected();
    await tx.update(users).set({ emailConfirmed: true }).where(eq(users.id, userId));
  });
}

export async function sendPhoneVerification(context: AppContext, userId: number): Promise<void> {
  const user = await userById(context, userId);
  if (!user.phoneNumber) throw badRequest('phoneNumber', AUTH_TEXTS.phoneNumberMissing);
  if (user.phoneNumberConfirmed) throw new HttpError(409, AUTH_TEXTS.phoneAlreadyConfirmed);
  const phoneNumber = user.phoneNumber;
  await context.db.transaction(async (tx) => {
    await sendCode(tx, context.config, { userId, purpose: 'phoneVerification', recipient: phoneNumber, target: phoneNumber });
  });
}

export async function confirmPhone(context: AppContext, userId: number, code: string): Promise<void> {
  const user = await userById(context, userId);
  if (user.phoneNumberConfirmed) throw new HttpError(409, AUTH_TEXTS.phoneAlreadyConfirmed);
  await withCode(context, userId, 'phoneVerification', code, async (tx, target) => {
    if (!user.phoneNumber || target !== user.phoneNumber) throw codeRejected();
    await tx.update(users).set({ phoneNumberConfirmed: true }).where(eq(users.id, userId));
  });
}

export async function sendTwoFactorToggleCode(context: AppContext, userId: number): Promise<void> {
  const user = await userById(context, userId);
  await context.db.transaction(async (tx) => {
    await sendCode(tx, context.config, { userId, purpose: 'twoFactorToggle', recipient: user.email });
  });
}

export async function setTwoFactor(context: AppContext, userId: number, code: string, enabled: boolean): Promise<void> {
  await withCode(context, userId, 'twoFactorToggle', code, async (tx) => {
    await tx.update(users).set({ twoFactorEnabled: enabled }).where(eq(users.id, userId));
  });
}
