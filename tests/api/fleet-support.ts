import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { emailOf, type SeededLogin } from '../support/seeded-users';
import { callAs, type TestServer } from './support';

/** One login per role of the seed (the fleet tests check each against the shared access table). */
export const ROLE_LOGINS: SeededLogin[] = [
  'administrator', 'management', 'staff', 'company.admin', 'company.operator', 'store.admin', 'partner', 'driver', 'customer',
];
/** The same users by email, for the tests still on the untyped helper. */
export const ROLE_USERS: string[] = ROLE_LOGINS.map(emailOf);

export function caller(server: () => TestServer) {
  return (email: string, method: string, path: string, body?: unknown) => callAs(server(), email, method, path, body);
}

/** The status a role should get from the access table: 200 (or `ok`) when allowed, 403 otherwise. */
export async function expectedStatus(server: TestServer, user: string, operation: keyof typeof OPERATION_ACCESS, ok = 200): Promise<number> {
  // A seeded login ('staff') or an email.
  const token = user.includes('@') ? await server.tokenFor(user) : await server.as(user as SeededLogin).token();
  const { permissions } = await verifyAccessTokenClaims(server.keys, token);
  return decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? ok : 403;
}
