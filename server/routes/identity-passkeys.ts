import type { operations } from '../../src/api/generated/identity';
import { HttpError } from '../http/errors';
import type { AppContext } from './context';
import type { Handlers } from './handler-types';

type PasskeyOperations = 'listPasskeys' | 'deletePasskey' | 'passkeyRegistrationOptions' | 'passkeyRegistrationVerify'
  | 'passkeyLoginOptions' | 'passkeyLogin';

/** Biometric login with WebAuthn passkeys. */
export function passkeyHandlers(_context: AppContext): Pick<Handlers<operations>, PasskeyOperations> {
  const pending = async (): Promise<never> => { throw new HttpError(501, 'Passkeys are not available yet'); };
  return {
    listPasskeys: pending, deletePasskey: pending, passkeyRegistrationOptions: pending, passkeyRegistrationVerify: pending,
    passkeyLoginOptions: pending, passkeyLogin: pending,
  };
}
