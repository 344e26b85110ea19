import { describe, expect, it } from 'vitest';
import { homeOf } from '../../src/lib/menus';
import { roleFlagsOf, type Permissions, type StoredRole } from '../../src/lib/roles';
import { SEEDED_USERS, type SeededLogin } from '../support/seeded-users';

function permissionsOf(roles: readonly StoredRole[], overrides: Partial<Permissions> = {}): Permissions {
  return {
    id: 7, companyId: null, storeId: null, email: 'someone@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
    ...roleFlagsOf(7, roles), ...overrides,
  };
}

/** Where every seeded login lands after signing in (the issue "What a new user trips over", item 13). */
const EXPECTED_HOME: Partial<Record<SeededLogin, string>> = {
  administrator: '/dashboard',
  management: '/dashboard',
  staff: '/dashboard',
  'company.admin': '/deliveries',
  'company.operator': '/deliveries',
  'company.user': '/deliveries',
  'store.admin': '/deliveries',
  'store.operator': '/deliveries',
  'store.user': '/deliveries',
  partner: '/jobs',
  driver: '/jobs',
  superhero: '/dashboard',
  // The deliveries route is not the assistants' (the menu names them, the route table does not): their jobs.
  assistant: '/jobs',
  api: '/dashboard',
  customer: '/dashboard',
  // Customers whose email is unconfirmed still reach My deliveries (the access table lets plain normal users in).
  unconfirmed: '/dashboard',
  twofactor: '/dashboard',
};

describe('homeOf: each role lands where its work is, from the access table', () => {
  it.each(SEEDED_USERS.map((user) => [user.login, user] as const))('%s', (login, user) => {
    const seededUnconfirmed = login === 'unconfirmed';
    const permissions = permissionsOf(user.roles, { emailConfirmed: !seededUnconfirmed });
    // The operations seed's extra drivers (driver2, driver3 ...) land where the demo driver does.
    const expected = EXPECTED_HOME[login] ?? (user.roles.join() === 'Driver' ? '/jobs' : 'no expectation written for this login');
    expect(homeOf(permissions)).toBe(expected);
  });

  it('sends visitors to the public home', () => {
    expect(homeOf(null)).toBe('/');
  });

  it('sends staff whose email is unconfirmed to the public home, not to a page that refuses them', () => {
    expect(homeOf(permissionsOf(['Administrator'], { emailConfirmed: false }))).toBe('/');
  });
});
