import type { operations } from '../../src/api/generated/identity';
import { HttpError } from '../http/errors';
import type { AppContext } from './context';
import type { Handlers } from './handler-types';

type ExternalOperations = 'externalProviders' | 'externalAuthorize' | 'externalLogin';

/** External login over OpenID Connect. */
export function externalLoginHandlers(_context: AppContext): Pick<Handlers<operations>, ExternalOperations> {
  const pending = async (): Promise<never> => { throw new HttpError(501, 'External login is not available yet'); };
  return { externalProviders: pending, externalAuthorize: pending, externalLogin: pending };
}
