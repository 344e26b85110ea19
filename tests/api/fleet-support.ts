import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import type { SeededLogin } from '../support/seeded-users';
import type { TestServer } from './support';

/** One login per role of the seed (the fleet tests check each against the shared access table). */
export const ROLE_LOGINS: SeededLogin[] = [
  'administrator', 'management', 'staff', 'company.admin', 'company.operator', 'store.admin', 'partner', 'driver', 'customer',
];

/** The status a role should get from the access table: 200 (or `ok`) when allowed, 403 otherwise. */
export async function expectedStatus(server: TestServer, login: SeededLogin, operation: keyof typeof OPERATION_ACCESS, ok = 200): Promise<number> {
  const { permissions } = await verifyAccessTokenClaims(server.keys, await server.as(login).token());
  return decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? ok : 403;
}
