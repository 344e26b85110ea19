import type { CodePurpose } from '../auth/codes';
import type { Channel } from './outbox';

/** A code message's wording: per purpose, plus the invitation of a user created in the back office. */
export type CodeTemplate = CodePurpose | 'accountInvitation';

/** The text of every code message. The code is the only 6-digit number in the body (tests read it so). */
export function codeMessage(template: CodeTemplate, code: string, ttlSeconds: number): { subject: string; body: string; channel: Channel } {
  const minutes = Math.max(1, Math.round(ttlSeconds / 60));
  const expiry = `It expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  const ignore = 'If you did not ask for it, you can ignore this message.';
  switch (template) {
    case 'twoFactorLogin':
      return { channel: 'email', subject: 'Your sign-in code', body: `Your sign-in code is ${code}. ${expiry} ${ignore}` };
    case 'twoFactorToggle':
      return {
        channel: 'email',
        subject: 'Your two-factor authentication code',
        body: `Use the code ${code} to change your two-factor authentication setting. ${expiry} ${ignore}`,
      };
    case 'emailVerification':
      return { channel: 'email', subject: 'Confirm your email address', body: `Your email confirmation code is ${code}. ${expiry}` };
    case 'phoneVerification':
      return { channel: 'sms', subject: 'Phone number confirmation', body: `Your phone confirmation code is ${code}. ${expiry}` };
    case 'passwordReset':
      return {
        channel: 'email',
        subject: 'Reset your password',
        body: `Your password reset code is ${code}. Enter it with your new password on the reset password page. ${expiry} ${ignore}`,
      };
    case 'accountInvitation':
      return {
        channel: 'email',
        subject: 'Your new account',
        body: `An account was created for you. To choose your password, open the forgot password page and enter the code ${code} with your new password. ${expiry} When it has expired, ask for a new code on the same page.`,
      };
  }
}
