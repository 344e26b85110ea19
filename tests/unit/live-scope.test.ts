import { describe, expect, it } from 'vitest';
import { visibleTo } from '../../server/realtime/scope';
import { roleFlagsOf, type Permissions, type StoredRole } from '../../src/lib/roles';

const user = (id: number, roles: StoredRole[], companyId: number | null = null): Permissions => ({
  ...roleFlagsOf(id, roles), id, companyId, storeId: null, email: `u${id}@example.test`, emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
});

// A live message about a driver under a partner company (messaging, issue 20): the driver, the partner of that
// company and staff receive it; another partner, and a company user of the same company id, do not.
describe('live scope of a partner\'s driver', () => {
  const scope = { driverId: 7, partnerCompanyId: 40 };
  it.each([
    ['the driver', user(7, ['Driver']), true],
    ['the partner of that company', user(3, ['Partner'], 40), true],
    ['staff', user(1, ['StaffOperator']), true],
    ['another partner', user(4, ['Partner'], 41), false],
    ['a partner without a company', user(5, ['Partner']), false],
    ['another driver', user(8, ['Driver']), false],
    ['a company administrator of the same company id', user(9, ['CompanyAdministrator'], 40), false],
  ])('%s: %s', (_name, permissions, visible) => {
    expect(visibleTo(scope, permissions)).toBe(visible);
  });
});
