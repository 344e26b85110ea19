import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { callAs, type TestServer } from './support';

/** One login per role of the seed (the fleet tests check each against the shared access table). */
export const ROLE_USERS = [
  'administrator@demo.test', 'management@demo.test', 'staff@demo.test', 'company.admin@demo.test', 'company.operator@demo.test',
  'store.admin@demo.test', 'partner@demo.test', 'driver@demo.test', 'customer@demo.test',
];

export function caller(server: () => TestServer) {
  return (email: string, method: string, path: string, body?: unknown) => callAs(server(), email, method, path, body);
}

/** The status a role should get from the access table: 200 (or `ok`) when allowed, 403 otherwise. */
export async function expectedStatus(server: TestServer, email: string, operation: keyof typeof OPERATION_ACCESS, ok = 200): Promise<number> {
  const { permissions } = await verifyAccessTokenClaims(server.keys, await server.tokenFor(email));
  return decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? ok : 403;
}
