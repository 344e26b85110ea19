import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { externalLogins, users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { OidcIdentity } from './oidc';

export const EXTERNAL_LOGIN_TEXTS = {
  foreignRedirect: 'redirectUri must be an address of this site',
  redirectWithQuery: 'redirectUri must not carry a query or a fragment',
  unknownState: 'callbackUrl does not belong to a pending sign-in (it expired or was already used); please start again',
  redirectMismatch: 'callbackUrl is not the address the sign-in was started for',
  unknownProvider: (provider: string) => `provider "${provider}" is not configured`,
  refused: 'The sign-in provider did not confirm the login. Please try again.',
  unavailable: 'The sign-in provider is unavailable. Please try again shortly.',
  noEmail: 'The sign-in provider did not share an email address, which an account needs.',
  unverifiedEmail:
    'An account with this email address already exists. Log in with your password: the sign-in provider has not verified this address.',
} as const;

/** Users created by an external login have no password until they set one with "forgot password". */
export const UNUSABLE_PASSWORD_HASH = '!external';

/**
 * The user an external identity signs in as: the one already linked to (provider, subject); else the account
 * with the same email when the provider verified that address (linked from now on); else a new normal user.
 */
export async function userForIdentity(db: Database, provider: string, identity: OidcIdentity): Promise<number> {
  return db.transaction(async (tx) => {
    const linkedUser = async () => {
      const [link] = await tx
        .select({ userId: externalLogins.userId })
        .from(externalLogins)
        .where(and(eq(externalLogins.provider, provider), eq(externalLogins.subject, identity.subject)))
        .limit(1);
      return link?.userId;
    };
    const linked = await linkedUser();
    if (linked !== undefined) return linked;
    if (!identity.email) throw new HttpError(401, EXTERNAL_LOGIN_TEXTS.noEmail);

    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, identity.email))
      .limit(1);
    let userId: number;
    if (existing) {
      if (!identity.emailVerified) throw new HttpError(401, EXTERNAL_LOGIN_TEXTS.unverifiedEmail);
      userId = existing.id;
      // The provider has just proved control of the address.
      await tx.update(users).set({ emailConfirmed: true }).where(eq(users.id, userId));
    } else {
      const [created] = await tx
        .insert(users)
        .values({
          email: identity.email,
          passwordHash: UNUSABLE_PASSWORD_HASH,
          firstName: identity.firstName ?? identity.email.split('@')[0] ?? '',
          lastName: identity.lastName ?? '',
          emailConfirmed: identity.emailVerified,
        })
        .returning({ id: users.id });
      userId = created!.id;
    }
    const inserted = await tx
      .insert(externalLogins)
      .values({ provider, subject: identity.subject, userId })
      .onConflictDoNothing()
      .returning({ userId: externalLogins.userId });
    // Two first logins of the same subject raced: the other one linked it.
    return inserted[0]?.userId ?? (await linkedUser()) ?? userId;
  });
}
