import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { createContext, useContext } from 'react';
import { apiKeyMachine } from '../../machines/auth/api-key.machine';
import { changeEmailMachine } from '../../machines/auth/change-email.machine';
import { changePasswordMachine } from '../../machines/auth/change-password.machine';
import { outboxMachine } from '../../machines/auth/outbox.machine';
import { passkeysMachine } from '../../machines/auth/passkeys.machine';
import { passwordResetMachine } from '../../machines/auth/password-reset.machine';
import { profilePictureMachine } from '../../machines/auth/profile-picture.machine';
import { profileMachine } from '../../machines/auth/profile.machine';
import { verificationMachine } from '../../machines/auth/verification.machine';

/**
 * The machines behind the account screens (password reset, email and phone confirmation, the profile's
 * sections). The screens run them as local actors in the root system (useScreenActor); tests provide
 * controlled ones.
 */
export interface AccountLogic {
  passwordReset: typeof passwordResetMachine;
  verification: typeof verificationMachine;
  profile: typeof profileMachine;
  profilePicture: typeof profilePictureMachine;
  apiKey: typeof apiKeyMachine;
  changeEmail: typeof changeEmailMachine;
  changePassword: typeof changePasswordMachine;
  passkeys: typeof passkeysMachine;
  outbox: typeof outboxMachine;
  /** Whether this browser can create passkeys (WebAuthn). */
  webAuthnSupported: () => boolean;
}

export const defaultAccountLogic: AccountLogic = {
  passwordReset: passwordResetMachine,
  verification: verificationMachine,
  profile: profileMachine,
  profilePicture: profilePictureMachine,
  apiKey: apiKeyMachine,
  changeEmail: changeEmailMachine,
  changePassword: changePasswordMachine,
  passkeys: passkeysMachine,
  outbox: outboxMachine,
  webAuthnSupported: browserSupportsWebAuthn,
};

export const AccountLogicContext = createContext<AccountLogic>(defaultAccountLogic);

export function useAccountLogic(): AccountLogic {
  return useContext(AccountLogicContext);
}
